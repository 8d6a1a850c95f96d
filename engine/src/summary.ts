import { NO_DAY } from "./days.js";
import type { Schedule } from "./schedule.js";

/**
 * Summary rows (sequences): start = earliest child start, end = latest child end. groupOf[i] is the summary
 * row of event i, or -1. Groups without events get NO_DAY.
 */
export function summarize(
  groupOf: ArrayLike<number>,
  groupCount: number,
  schedule: Schedule,
): { startDay: Int32Array; endDay: Int32Array } {
  const startDay = new Int32Array(groupCount).fill(NO_DAY);
  const endDay = new Int32Array(groupCount).fill(NO_DAY);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g < 0) continue;
    const s = schedule.startDay[i];
    const e = schedule.endDay[i];
    if (startDay[g] === NO_DAY || s < startDay[g]) startDay[g] = s;
    if (endDay[g] === NO_DAY || e > endDay[g]) endDay[g] = e;
  }
  return { startDay, endDay };
}
