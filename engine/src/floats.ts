import type { Calendar } from "./calendar.js";
import { type Plan } from "./plan.js";
import { linkRequirement, type Schedule } from "./schedule.js";

/**
 * Backward pass: the latest start of every event that keeps the projected end, total float (latest minus
 * earliest start, in working days of the event's calendar), free float (how far it can slip before moving any
 * successor), and the critical events (total float <= 0: a locked event can make it negative).
 */
export interface Floats {
  readonly lateStart: Int32Array;
  readonly totalFloat: Int32Array;
  readonly freeFloat: Int32Array;
  readonly critical: Uint8Array;
}

export function computeFloats(plan: Plan, schedule: Schedule): Floats {
  const n = plan.size;
  const lateStart = new Int32Array(n);
  const totalFloat = new Int32Array(n);
  const freeFloat = new Int32Array(n);
  const critical = new Uint8Array(n);
  if (n === 0) return { lateStart, totalFloat, freeFloat, critical };
  const { start, startDay, endDay } = schedule;

  // The project ends at the latest end instant, seen as "the beginning of day endInstantDay".
  let endInstantDay = -2147483648;
  for (let i = 0; i < n; i++) {
    const x = plan.duration[i] > 0 ? endDay[i] + 1 : startDay[i];
    if (x > endInstantDay) endInstantDay = x;
  }
  const endInstant = plan.calendars.map((c) => c.rank(endInstantDay));

  const { order, outOffsets, outLinks } = plan.graph;
  for (let o = n - 1; o >= 0; o--) {
    const i = order[o];
    const ci = plan.calendarOf[i];
    const ni = plan.duration[i];
    let ls = endInstant[ci] - ni;
    let ff = endInstant[ci] - (start[i] + ni);
    for (let e = outOffsets[i], end = outOffsets[i + 1]; e < end; e++) {
      const k = outLinks[e];
      const c = plan.linkChild[k];
      const bound = latestStartFor(plan, k, i, c, lateStart[c]);
      if (bound < ls) ls = bound;
      const slack = start[c] - linkRequirement(plan, k, start, startDay, endDay);
      if (slack < ff) ff = slack;
    }
    lateStart[i] = ls;
    totalFloat[i] = ls - start[i];
    freeFloat[i] = ff;
    critical[i] = totalFloat[i] <= 0 ? 1 : 0;
  }
  return { lateStart, totalFloat, freeFloat, critical };
}

/** The latest start of link k's parent p (in p's calendar) that lets child c start at lsc. */
function latestStartFor(plan: Plan, k: number, p: number, c: number, lsc: number): number {
  const d = plan.linkDelay[k];
  const np = plan.duration[p];
  const nc = plan.duration[c];
  const type = plan.linkType[k];
  if (plan.singleCalendar || plan.calendarOf[p] === plan.calendarOf[c]) {
    switch (type) {
      case 0:
        return lsc - d - np;
      case 1:
        return lsc - d;
      case 2:
        return lsc + nc - d - np;
      default:
        return lsc + nc - d - 1;
    }
  }
  // Across calendars: the limit is an instant of c's calendar, carried as the beginning of a day.
  const cc = plan.calendars[plan.calendarOf[c]];
  const cp = plan.calendars[plan.calendarOf[p]];
  switch (type) {
    case 0:
      return cp.rank(cc.dayAt(lsc - d)) - np;
    case 1:
      return lastStartOnOrBefore(cp, cc.dayAt(lsc - d));
    case 2:
      return cp.rank(cc.dayAt(lsc + nc - d)) - np;
    default:
      return lastStartOnOrBefore(cp, cc.dayAt(lsc + nc - d - 1));
  }
}

function lastStartOnOrBefore(cal: Calendar, day: number): number {
  return cal.rank(day + 1) - 1;
}
