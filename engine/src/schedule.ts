import { NO_DAY } from "./days.js";
import { MissingStartError } from "./errors.js";
import { type Plan } from "./plan.js";

/**
 * The start/end invariant (the engine's one written rule, after chronograph): an event's position is its start
 * rank s in its own calendar; a task of N working days occupies the working days of ranks s .. s+N-1, so its
 * start instant is s and its end instant s+N (the beginning of the next working day); a milestone is the
 * instant s, both its start and its end (N = 0). Start and end days are derived from s and N, never stored
 * independently, so they cannot disagree.
 *
 * Link k from p to c with delay d (working days of c's calendar) requires, in instants:
 *   end-begin   start(c) >= end(p) + d
 *   begin-begin start(c) >= start(p) + d
 *   end-end     end(c)   >= end(p) + d
 *   begin-end   end(c)   >= start(p) + d + 1   (the child's last day is at least the parent's first day + d)
 * which are exactly the day rules of docs/ARCHITECTURE.md "Engine semantics", milestones included.
 */
export interface Schedule {
  /** Start rank of each event in its own calendar. */
  readonly start: Int32Array;
  readonly startDay: Int32Array;
  /** Last working day of a task; the milestone's day for a milestone. */
  readonly endDay: Int32Array;
  /** Earliest start day and latest end day over the plan (NO_DAY when empty). */
  readonly projectStartDay: number;
  readonly projectEndDay: number;
  /** Links into locked events that their fixed dates break. */
  readonly violations: readonly Violation[];
}

export interface Violation {
  readonly link: number;
  readonly parent: number;
  readonly child: number;
  /** The earliest start day the link would require. */
  readonly requiredStartDay: number;
}

const NONE = -2147483648;

/** The earliest start rank of link k's child (in the child's calendar) that satisfies link k. */
export function linkRequirement(
  plan: Plan,
  k: number,
  start: Int32Array,
  startDay: Int32Array,
  endDay: Int32Array,
): number {
  const p = plan.linkParent[k];
  const c = plan.linkChild[k];
  const d = plan.linkDelay[k];
  const np = plan.duration[p];
  let ps: number;
  let pe: number;
  if (plan.singleCalendar || plan.calendarOf[p] === plan.calendarOf[c]) {
    ps = start[p];
    pe = ps + np;
  } else {
    // Across calendars, an instant travels as "the beginning of a day".
    const cal = plan.calendars[plan.calendarOf[c]];
    ps = cal.rank(startDay[p]);
    pe = np > 0 ? cal.rank(endDay[p] + 1) : ps;
  }
  switch (plan.linkType[k]) {
    case 0:
      return pe + d;
    case 1:
      return ps + d;
    case 2:
      return pe + d - plan.duration[c];
    default:
      return ps + d + 1 - plan.duration[c];
  }
}

/** The earliest start rank of i that satisfies all its incoming links; NONE when it has none. */
export function requiredStart(
  plan: Plan,
  i: number,
  start: Int32Array,
  startDay: Int32Array,
  endDay: Int32Array,
): number {
  const { inOffsets, inLinks } = plan.graph;
  let req = NONE;
  for (let e = inOffsets[i], end = inOffsets[i + 1]; e < end; e++) {
    const v = linkRequirement(plan, inLinks[e], start, startDay, endDay);
    if (v > req) req = v;
  }
  return req;
}

/** Start rank of a root or locked event: its requested start moved forward to a working day. */
export function anchoredStart(plan: Plan, i: number): number {
  const day = plan.requestedStart[i];
  if (day === NO_DAY) throw new MissingStartError(plan.ids[i]);
  return plan.calendars[plan.calendarOf[i]].rank(day);
}

export function isAnchored(plan: Plan, i: number): boolean {
  return plan.locked[i] === 1 || plan.graph.inOffsets[i] === plan.graph.inOffsets[i + 1];
}

/** Positions event i from its links (or its anchor) and writes s, start day and end day in place. */
export function placeEvent(plan: Plan, i: number, start: Int32Array, startDay: Int32Array, endDay: Int32Array): void {
  const s = isAnchored(plan, i) ? anchoredStart(plan, i) : requiredStart(plan, i, start, startDay, endDay);
  const cal = plan.calendars[plan.calendarOf[i]];
  const n = plan.duration[i];
  start[i] = s;
  const sd = cal.dayAt(s);
  startDay[i] = sd;
  endDay[i] = n > 0 ? (n === 1 ? sd : cal.dayAt(s + n - 1)) : sd;
}

/** Links into locked event i that its dates break. */
export function violationsOf(
  plan: Plan,
  i: number,
  start: Int32Array,
  startDay: Int32Array,
  endDay: Int32Array,
  out: Violation[],
): void {
  const { inOffsets, inLinks } = plan.graph;
  const cal = plan.calendars[plan.calendarOf[i]];
  for (let e = inOffsets[i], end = inOffsets[i + 1]; e < end; e++) {
    const k = inLinks[e];
    const req = linkRequirement(plan, k, start, startDay, endDay);
    if (req > start[i]) out.push({ link: k, parent: plan.linkParent[k], child: i, requiredStartDay: cal.dayAt(req) });
  }
}

/** Forward pass over the whole plan, in topological order. */
export function schedulePlan(plan: Plan): Schedule {
  const n = plan.size;
  const start = new Int32Array(n);
  const startDay = new Int32Array(n);
  const endDay = new Int32Array(n);
  const violations: Violation[] = [];
  const order = plan.graph.order;
  if (plan.singleCalendar) {
    forwardSingleCalendar(plan, start, startDay, endDay, violations);
  } else {
    for (let o = 0; o < n; o++) {
      const i = order[o];
      placeEvent(plan, i, start, startDay, endDay);
      if (plan.locked[i] === 1) violationsOf(plan, i, start, startDay, endDay, violations);
    }
  }
  return { start, startDay, endDay, ...extent(startDay, endDay), violations };
}

/**
 * The same rules as placeEvent when every event shares calendar 0, written as one loop with everything in
 * locals: the common case, and twice as fast at 100,000 events.
 */
function forwardSingleCalendar(
  plan: Plan,
  start: Int32Array,
  startDay: Int32Array,
  endDay: Int32Array,
  violations: Violation[],
): void {
  const n = plan.size;
  const { order, inOffsets, inLinks } = plan.graph;
  const { linkParent, linkType, linkDelay, duration, requestedStart, locked } = plan;
  const cal = plan.calendars[0];
  for (let o = 0; o < n; o++) {
    const i = order[o];
    const a = inOffsets[i];
    const b = inOffsets[i + 1];
    const ni = duration[i];
    let s: number;
    if (a === b || locked[i] === 1) {
      const req = requestedStart[i];
      if (req === NO_DAY) throw new MissingStartError(plan.ids[i]);
      s = cal.rank(req);
    } else {
      s = NONE;
      for (let e = a; e < b; e++) {
        const k = inLinks[e];
        const p = linkParent[k];
        const t = linkType[k];
        const ps = start[p] + linkDelay[k];
        const v = t === 0 ? ps + duration[p] : t === 1 ? ps : t === 2 ? ps + duration[p] - ni : ps + 1 - ni;
        if (v > s) s = v;
      }
    }
    start[i] = s;
    const sd = cal.dayAt(s);
    startDay[i] = sd;
    endDay[i] = ni > 1 ? cal.dayAt(s + ni - 1) : sd;
    if (locked[i] === 1 && a < b) violationsOf(plan, i, start, startDay, endDay, violations);
  }
}

export function extent(startDay: Int32Array, endDay: Int32Array): { projectStartDay: number; projectEndDay: number } {
  const n = startDay.length;
  if (n === 0) return { projectStartDay: NO_DAY, projectEndDay: NO_DAY };
  let lo = startDay[0];
  let hi = endDay[0];
  for (let i = 1; i < n; i++) {
    if (startDay[i] < lo) lo = startDay[i];
    if (endDay[i] > hi) hi = endDay[i];
  }
  return { projectStartDay: lo, projectEndDay: hi };
}
