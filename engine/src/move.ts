import { InvalidDateError } from "./errors.js";
import { withChanges, type Plan, type PlanChanges } from "./plan.js";
import { extent, isAnchored, placeEvent, violationsOf, type Schedule, type Violation } from "./schedule.js";

/** What changed, as typed arrays: this is what crosses the Web Worker boundary (transferable). */
export interface Delta {
  readonly index: Int32Array;
  readonly ids: Float64Array;
  readonly startDay: Int32Array;
  readonly endDay: Int32Array;
}

export interface Propagation {
  readonly schedule: Schedule;
  readonly delta: Delta;
}

/**
 * Re-positions `seeds` under `plan` and everything their change reaches, in topological order, starting from
 * `base` (the schedule of the plan before the change, same events). Only events whose dates change, and their
 * children, are visited: moving a task with 100 successors in a 100,000-task plan visits about 100 events.
 * `base` is not written: the result holds new arrays.
 */
export function propagate(plan: Plan, base: Schedule, seeds: ArrayLike<number>): Propagation {
  const n = plan.size;
  const start = base.start.slice();
  const startDay = base.startDay.slice();
  const endDay = base.endDay.slice();
  const { position, order, outOffsets, outLinks } = plan.graph;
  const queued = new Uint8Array(n);
  const heap = new MinHeap();
  for (let s = 0; s < seeds.length; s++) {
    const i = seeds[s];
    if (queued[i] === 0) {
      queued[i] = 1;
      heap.push(position[i]);
    }
  }
  const changed: number[] = [];
  const relocked: number[] = [];
  while (heap.size > 0) {
    const i = order[heap.pop()];
    const s0 = start[i];
    const e0 = endDay[i];
    placeEvent(plan, i, start, startDay, endDay);
    if (plan.locked[i] === 1) relocked.push(i);
    if (start[i] === s0 && endDay[i] === e0 && startDay[i] === base.startDay[i]) continue;
    changed.push(i);
    for (let e = outOffsets[i], end = outOffsets[i + 1]; e < end; e++) {
      const c = plan.linkChild[outLinks[e]];
      if (queued[c] === 0) {
        queued[c] = 1;
        heap.push(position[c]);
      }
    }
  }
  // Locked children keep their dates but their links may now be broken (or mended).
  for (const i of changed) {
    for (let e = outOffsets[i], end = outOffsets[i + 1]; e < end; e++) {
      const c = plan.linkChild[outLinks[e]];
      if (plan.locked[c] === 1) relocked.push(c);
    }
  }
  let violations: readonly Violation[] = base.violations;
  if (relocked.length > 0) {
    const redo = new Set(relocked);
    const next = base.violations.filter((v) => !redo.has(v.child));
    for (const c of redo) violationsOf(plan, c, start, startDay, endDay, next);
    violations = next;
  }
  const m = changed.length;
  const delta: Delta = {
    index: Int32Array.from(changed),
    ids: new Float64Array(m),
    startDay: new Int32Array(m),
    endDay: new Int32Array(m),
  };
  for (let k = 0; k < m; k++) {
    const i = changed[k];
    delta.ids[k] = plan.ids[i];
    delta.startDay[k] = startDay[i];
    delta.endDay[k] = endDay[i];
  }
  const span =
    m === 0
      ? { projectStartDay: base.projectStartDay, projectEndDay: base.projectEndDay }
      : extentAfter(base, changed, startDay, endDay);
  return { schedule: { start, startDay, endDay, ...span, violations }, delta };
}

/**
 * The project's first and last day after some events changed: a rescan of the whole plan only when an event
 * that held the old extreme moved inward.
 */
function extentAfter(
  base: Schedule,
  changed: readonly number[],
  startDay: Int32Array,
  endDay: Int32Array,
): { projectStartDay: number; projectEndDay: number } {
  let lo = base.projectStartDay;
  let hi = base.projectEndDay;
  for (const i of changed) {
    if ((base.startDay[i] === lo && startDay[i] > lo) || (base.endDay[i] === hi && endDay[i] < hi))
      return extent(startDay, endDay);
  }
  for (const i of changed) {
    if (startDay[i] < lo) lo = startDay[i];
    if (endDay[i] > hi) hi = endDay[i];
  }
  return { projectStartDay: lo, projectEndDay: hi };
}

export interface MoveResult extends Propagation {
  /** The plan after the move: entering links' delays and anchored events' start days changed. */
  readonly plan: Plan;
  /** [link index, new delay] for each link entering the selection. */
  readonly delays: readonly (readonly [number, number])[];
  /** [event index, new start day] for each anchored (root or locked) event of the selection. */
  readonly starts: readonly (readonly [number, number])[];
}

/**
 * Moves a selection by k working days (each event in its own calendar). Roots and locked events get a new
 * start day; every other selected event keeps deriving its dates from its links, whose delays grow by k for
 * the links entering the selection (links inside it keep theirs), so a later move of a parent still carries
 * it along. Then every successor is re-propagated.
 */
export function moveSelection(plan: Plan, base: Schedule, selection: ArrayLike<number>, k: number): MoveResult {
  const inSelection = new Uint8Array(plan.size);
  for (let s = 0; s < selection.length; s++) inSelection[selection[s]] = 1;
  const delays: [number, number][] = [];
  const starts: [number, number][] = [];
  const { inOffsets, inLinks } = plan.graph;
  for (let s = 0; s < selection.length; s++) {
    const i = selection[s];
    if (isAnchored(plan, i)) {
      const cal = plan.calendars[plan.calendarOf[i]];
      starts.push([i, cal.dayAt(base.start[i] + k)]);
      continue;
    }
    for (let e = inOffsets[i], end = inOffsets[i + 1]; e < end; e++) {
      const link = inLinks[e];
      if (inSelection[plan.linkParent[link]] === 0) delays.push([link, plan.linkDelay[link] + k]);
    }
  }
  const changes: PlanChanges = { delays, starts };
  const next = k === 0 ? plan : withChanges(plan, changes);
  const result = propagate(next, base, selection);
  return { ...result, plan: next, delays: k === 0 ? [] : delays, starts: k === 0 ? [] : starts };
}

/**
 * Moves a selection so that `anchor` starts on `day`. A day that is not a working day of the anchor's
 * calendar is refused with 'Date invalide': a drop always lands on a working day.
 */
export function moveSelectionTo(
  plan: Plan,
  base: Schedule,
  selection: ArrayLike<number>,
  anchor: number,
  day: number,
): MoveResult {
  const cal = plan.calendars[plan.calendarOf[anchor]];
  if (!Number.isInteger(day)) throw new InvalidDateError(day, "unparsable", plan.ids[anchor]);
  if (!cal.isWorking(day)) throw new InvalidDateError(day, "non_working_day", plan.ids[anchor]);
  return moveSelection(plan, base, selection, cal.rank(day) - base.start[anchor]);
}

/** The schedule with a delta written over it (new arrays; `base` untouched). */
export function applyDelta(plan: Plan, base: Schedule, delta: Delta): Schedule {
  const start = base.start.slice();
  const startDay = base.startDay.slice();
  const endDay = base.endDay.slice();
  for (let k = 0; k < delta.index.length; k++) {
    const i = delta.index[k];
    startDay[i] = delta.startDay[k];
    endDay[i] = delta.endDay[k];
    start[i] = plan.calendars[plan.calendarOf[i]].rank(delta.startDay[k]);
  }
  return { ...base, start, startDay, endDay, ...extent(startDay, endDay) };
}

/** A binary min-heap of non-negative integers (topological positions). */
class MinHeap {
  private data: number[] = [];
  get size(): number {
    return this.data.length;
  }
  push(v: number): void {
    const a = this.data;
    let i = a.length;
    a.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p] <= v) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = v;
  }
  pop(): number {
    const a = this.data;
    const top = a[0];
    const last = a.pop() as number;
    const n = a.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && a[r] < a[l] ? r : l;
        if (a[c] >= last) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}
