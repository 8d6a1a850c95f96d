import type { LinkType } from "../contract/event.js";

/** A bar's box on the chart (layout.ts computes it; a link is routed between two). */
export interface BarGeometry {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type LinkTypeName = LinkType;

/**
 * Orthogonal link routing that keeps the vertical leg of an arrow off the bars of the rows it passes, as planning
 * tools do: the leg slides to a free column between the two bars when there is one; otherwise the plain route.
 * Pure and allocation-free (the web canvas routes every visible link on each frame): points are written into a
 * caller's buffer and obstacles are read from a flat array of [x0, x1] spans.
 */

/** Rows between the ends of a link looked at for obstacles; a longer link keeps the plain route. */
export const MAX_ROUTED_ROWS = 60;
/** Points of the longest route (6 points): a buffer of this length always suffices. */
export const ROUTE_LENGTH = 12;
/** Clearance kept between a vertical leg and a bar's edge. */
const CLEARANCE = 3;
/** How far past its lead a leg may slide to find a free column when the arrow must go around. */
const DETOUR = 60;

/**
 * The first x in [lo, hi] (searching from `from`, which is lo or hi) that no span covers (with clearance), or NaN.
 * Spans are [x0, x1, x0, x1, ...] in `spans[0 .. 2 * count)`.
 */
export function freeColumn(spans: ArrayLike<number>, count: number, lo: number, hi: number, fromHigh: boolean): number {
  if (lo > hi) return NaN;
  let x = fromHigh ? hi : lo;
  // Each pass moves x past every span covering it; a span is never crossed twice in one direction, so at most
  // count + 1 passes.
  for (let pass = 0; pass <= count; pass++) {
    let moved = false;
    for (let i = 0; i < count; i++) {
      const a = spans[2 * i] - CLEARANCE;
      const b = spans[2 * i + 1] + CLEARANCE;
      if (x >= a && x <= b) {
        x = fromHigh ? a - 0.5 : b + 0.5;
        moved = true;
      }
    }
    if (x < lo || x > hi) return NaN;
    if (!moved) return x;
  }
  return NaN;
}

/**
 * Writes the route of a link into `out` as [x0, y0, x1, y1, ...] ending at the arrow tip and returns how many
 * numbers it wrote (8 or 12). The parent's side named by the type (begin = left edge, end = right edge) to the
 * child's side; `spans` are the bars of the rows strictly between the two (none: the plain route).
 */
export function routeLink(
  out: { [i: number]: number },
  type: LinkTypeName,
  parent: BarGeometry,
  child: BarGeometry,
  lead = 6,
  spans: ArrayLike<number> | null = null,
  count = 0,
): number {
  const fromEnd = type === "end-begin" || type === "end-end";
  const toEnd = type === "end-end" || type === "begin-end";
  const x0 = fromEnd ? parent.x + parent.width : parent.x;
  const y0 = parent.y + parent.height / 2;
  const x3 = toEnd ? child.x + child.width : child.x;
  const y3 = child.y + child.height / 2;
  const outX = fromEnd ? x0 + lead : x0 - lead;
  const into = toEnd ? x3 + lead : x3 - lead;
  const n = spans ? count : 0;
  if (fromEnd === toEnd) {
    // Both ends on the same side: the leg stands outside both, pushed further out past the bars between.
    const mid = toEnd ? Math.max(outX, into) : Math.min(outX, into);
    let x = mid;
    if (n > 0) {
      const free = toEnd
        ? freeColumn(spans!, n, mid, mid + DETOUR, false)
        : freeColumn(spans!, n, mid - DETOUR, mid, true);
      if (!Number.isNaN(free)) x = free;
    }
    return write4(out, x0, y0, x, y3, x3);
  }
  const forward = fromEnd ? outX <= into : outX >= into;
  if (forward) {
    // Out, down (or up), in: the leg anywhere between the two leads, the one nearest the parent first.
    let x = outX;
    if (n > 0) {
      const free = fromEnd ? freeColumn(spans!, n, outX, into, false) : freeColumn(spans!, n, into, outX, true);
      if (!Number.isNaN(free)) x = free;
    }
    return write4(out, x0, y0, x, y3, x3);
  }
  // The child's side is behind the parent's: go around along the top (or bottom) edge of the child's row, with
  // the leg past the parent's lead.
  const yMid = y3 > y0 ? child.y - 2 : child.y + child.height + 2;
  let leg = outX;
  if (n > 0) {
    const free = fromEnd
      ? freeColumn(spans!, n, outX, outX + DETOUR, false)
      : freeColumn(spans!, n, outX - DETOUR, outX, true);
    if (!Number.isNaN(free)) leg = free;
    else {
      // Or along the parent's row edge, with the leg at the child's lead.
      const yAlt = y3 > y0 ? parent.y + parent.height + 2 : parent.y - 2;
      const alt = toEnd
        ? freeColumn(spans!, n, into, into + DETOUR, false)
        : freeColumn(spans!, n, into - DETOUR, into, true);
      if (!Number.isNaN(alt)) return write6(out, x0, y0, outX, yAlt, alt, y3, x3);
    }
  }
  return write6(out, x0, y0, leg, yMid, into, y3, x3);
}

function write4(out: { [i: number]: number }, x0: number, y0: number, x: number, y3: number, x3: number): number {
  out[0] = x0;
  out[1] = y0;
  out[2] = x;
  out[3] = y0;
  out[4] = x;
  out[5] = y3;
  out[6] = x3;
  out[7] = y3;
  return 8;
}

/** Out to `leg`, along `yMid`, to `into`, then to the tip: six points. */
function write6(
  out: { [i: number]: number },
  x0: number,
  y0: number,
  leg: number,
  yMid: number,
  into: number,
  y3: number,
  x3: number,
): number {
  out[0] = x0;
  out[1] = y0;
  out[2] = leg;
  out[3] = y0;
  out[4] = leg;
  out[5] = yMid;
  out[6] = into;
  out[7] = yMid;
  out[8] = into;
  out[9] = y3;
  out[10] = x3;
  out[11] = y3;
  return 12;
}

/**
 * Collects into `spans` the bars of the rows strictly between rows a and b (either order): `span(row, spans, at)`
 * writes a row's bars as [x0, x1] pairs from `at` (within spans.length) and returns how many. Returns the number of spans, or 0
 * when more than MAX_ROUTED_ROWS rows lie between (the link keeps its plain route).
 */
export function collectSpans(
  a: number,
  b: number,
  span: (row: number, spans: Float64Array, at: number) => number,
  spans: Float64Array,
): number {
  const lo = Math.min(a, b) + 1;
  const hi = Math.max(a, b);
  if (hi - lo > MAX_ROUTED_ROWS || hi <= lo) return 0;
  let count = 0;
  for (let r = lo; r < hi && 2 * count + 1 < spans.length; r++) count += span(r, spans, 2 * count);
  return count;
}
