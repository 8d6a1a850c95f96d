/**
 * The grid's rows to render for a scroll position, read from the rows' columns (y and height, RowColumns): the
 * rows on screen, `overscan` more on each side, and the row holding the keyboard focus wherever it is (its element
 * must exist to keep the focus). The same rows as @tanstack/react-virtual gave, without its list of one
 * measurement object per row: 110,400 objects at 100k events, made at the first paint and again on each model
 * (bench/web); the canvas beside the grid already draws from the same columns.
 */
export interface RowWindow {
  /** First and last rows (inclusive) on screen or in the overscan; last < first when there are no rows. */
  first: number;
  last: number;
  /** The grid's full height. */
  total: number;
}

export function rowWindow(
  y: ArrayLike<number>,
  height: ArrayLike<number>,
  top: number,
  viewHeight: number,
  overscan: number,
): RowWindow {
  const n = y.length;
  if (n === 0) return { first: 0, last: -1, total: 0 };
  // The last row starting at or above the top of the screen (rows are laid out in order, without gaps).
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (y[mid] <= top) lo = mid;
    else hi = mid - 1;
  }
  let last = lo;
  const bottom = top + viewHeight;
  while (last < n - 1 && y[last] + height[last] < bottom) last++;
  return {
    first: Math.max(0, lo - overscan),
    last: Math.min(n - 1, last + overscan),
    total: y[n - 1] + height[n - 1],
  };
}

/** The indices to render: the window's rows, and the focused row (`active`, -1 for none) before or after them. */
export function windowRows(w: RowWindow, active: number): number[] {
  const out: number[] = [];
  if (active >= 0 && active < w.first) out.push(active);
  for (let i = w.first; i <= w.last; i++) out.push(i);
  if (active > w.last) out.push(active);
  return out;
}
