/**
 * The smallest and largest of `values` when they are integers (NaN skipped with `skipNaN`) spanning at most 8 slots
 * per value (and 1,024 more): a table over the span can then stand for a Map, as the ids of a version are dense
 * (the server gives a copied version a block of ids). Null otherwise; `{ min: 0, max: -1 }` when there is no value.
 */
export function denseSpan(values: ArrayLike<number>, skipNaN = false): { min: number; max: number } | null {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (skipNaN && v !== v) continue;
    if (!Number.isInteger(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min > max) return { min: 0, max: -1 };
  return max - min < 8 * n + 1024 ? { min, max } : null;
}
