import { moveSelectionTo, propagate } from "./move.js";
import { withChanges, type Plan } from "./plan.js";
import { schedulePlan, type Schedule } from "./schedule.js";

/** A task's last counting: its event index, percentage (0..100) and counting day. */
export interface CountedTask {
  readonly index: number;
  readonly percentage: number;
  readonly countingDay: number;
}

/**
 * The end rank (exclusive, in the task's own calendar) of a counted task's remaining work: (100 - p)% of its
 * working days, rounded up, from the working day after its counting day. A task counted 100% ends on its
 * counting day. Never before its first day.
 */
function forecastEndRank(plan: Plan, schedule: Schedule, c: CountedTask): number {
  const i = c.index;
  const n = plan.duration[i];
  const cal = plan.calendars[plan.calendarOf[i]];
  const done = Math.max(cal.rank(c.countingDay + 1), schedule.start[i] + 1);
  const p = Math.min(100, Math.max(0, c.percentage));
  const remaining = p >= 100 ? 0 : Math.ceil((n * (100 - p)) / 100 - 1e-9);
  return done + remaining;
}

/**
 * The projected plan with progress (issue 17's forecast): each counted task keeps its start (it has begun: it
 * is held there) and ends after its remaining work (forecastEndRank); the engine re-plans everything it
 * reaches. Milestones and tasks never counted keep their rules. Incremental (only what the counted tasks reach
 * is visited) when few tasks are counted, one forward pass otherwise.
 */
export function forecastSchedule(plan: Plan, schedule: Schedule, counted: readonly CountedTask[]): Schedule {
  const durations: [number, number][] = [];
  const starts: [number, number][] = [];
  const locks: [number, boolean][] = [];
  const seeds: number[] = [];
  for (const c of counted) {
    const i = c.index;
    if (plan.duration[i] === 0) continue;
    durations.push([i, forecastEndRank(plan, schedule, c) - schedule.start[i]]);
    starts.push([i, schedule.startDay[i]]);
    locks.push([i, true]);
    seeds.push(i);
  }
  if (seeds.length === 0) return schedule;
  const next = withChanges(plan, { durations, starts, locks });
  // Many seeds reach most of the plan: one forward pass then costs less than the incremental walk's heap.
  if (seeds.length * 16 > plan.size) return schedulePlan(next);
  return propagate(next, schedule, seeds).schedule;
}

/**
 * The start day a recalibration gives a counted task: the one that makes it end on its forecast end while
 * keeping its working days; null when that is not later than its start (nothing to re-date).
 */
export function recalibratedStartDay(plan: Plan, schedule: Schedule, c: CountedTask): number | null {
  const i = c.index;
  const n = plan.duration[i];
  if (n === 0) return null;
  const s = forecastEndRank(plan, schedule, c) - n;
  if (s <= schedule.start[i]) return null;
  return plan.calendars[plan.calendarOf[i]].dayAt(s);
}

export interface Recalibration {
  readonly plan: Plan;
  readonly schedule: Schedule;
  /** Indices of every event whose dates changed (the re-dated tasks and their successors). */
  readonly touched: Int32Array;
  /** Link indices whose delay changed (links entering re-dated tasks that have parents). */
  readonly delayedLinks: readonly number[];
  /** The re-dated tasks, in topological order, with their start day before and after. */
  readonly moved: readonly { index: number; fromDay: number; toDay: number }[];
}

/**
 * Re-dates tasks to the given start days, each as the planning's move does (moveSelectionTo: a root or locked
 * task gets a new start, a linked one longer entering delays; successors re-planned), in topological order so
 * that a task pushed by a re-dated parent moves only by what it still lacks. Tasks already at or after their
 * target are left.
 */
export function recalibrate(
  plan: Plan,
  schedule: Schedule,
  targets: readonly { index: number; startDay: number }[],
): Recalibration {
  const ordered = [...targets].sort((a, b) => plan.graph.position[a.index] - plan.graph.position[b.index]);
  let p = plan;
  let s = schedule;
  const touched = new Set<number>();
  const delayed = new Set<number>();
  const moved: { index: number; fromDay: number; toDay: number }[] = [];
  for (const t of ordered) {
    const i = t.index;
    const cal = p.calendars[p.calendarOf[i]];
    if (cal.rank(t.startDay) <= s.start[i]) continue;
    const fromDay = schedule.startDay[i];
    const r = moveSelectionTo(p, s, [i], i, cal.nextWorking(t.startDay));
    p = r.plan;
    s = r.schedule;
    for (const k of r.delta.index) touched.add(k);
    for (const [l] of r.delays) delayed.add(l);
    moved.push({ index: i, fromDay, toDay: s.startDay[i] });
  }
  return {
    plan: p,
    schedule: s,
    touched: Int32Array.from([...touched].sort((a, b) => a - b)),
    delayedLinks: [...delayed].sort((a, b) => a - b),
    moved,
  };
}
