import type { Calendar } from "./calendar.js";
import { round2 } from "./aggregate.js";
import type { Plan } from "./plan.js";
import type { Schedule } from "./schedule.js";

/**
 * Theoretical progress of event i at the end of `day`, in percent (two decimals): the share of its working
 * days that have passed. A milestone is 0 before its day and 100 from it.
 */
export function theoreticalProgress(plan: Plan, schedule: Schedule, i: number, day: number): number {
  const n = plan.duration[i];
  if (n === 0) return day >= schedule.startDay[i] ? 100 : 0;
  if (day < schedule.startDay[i]) return 0;
  if (day >= schedule.endDay[i]) return 100;
  const cal: Calendar = plan.calendars[plan.calendarOf[i]];
  const done = cal.rank(day + 1) - schedule.start[i];
  return round2((100 * done) / n);
}

/**
 * Workforce curve: people at work on each working day of [fromDay, toDay] of the project calendar, from each
 * task's numberOfPeople (people[i]). A difference array over ranks keeps it O(events + days).
 */
export function workforce(
  plan: Plan,
  schedule: Schedule,
  people: ArrayLike<number>,
  fromDay: number,
  toDay: number,
): { days: Int32Array; people: Float64Array } {
  const cal = plan.calendars[0];
  const r0 = cal.rank(fromDay);
  const r1 = cal.rank(toDay + 1);
  const len = Math.max(0, r1 - r0);
  const diff = new Float64Array(len + 1);
  for (let i = 0; i < plan.size; i++) {
    const n = plan.duration[i];
    if (n === 0) continue;
    const own = plan.calendars[plan.calendarOf[i]];
    if (own === cal) {
      const a = Math.max(schedule.start[i], r0) - r0;
      const b = Math.min(schedule.start[i] + n, r1) - r0;
      if (a < b) {
        diff[a] += people[i];
        diff[b] -= people[i];
      }
      continue;
    }
    // A task on a lot calendar skips its lot's holidays: count it day by day on its own working days.
    for (let r = schedule.start[i]; r < schedule.start[i] + n; r++) {
      const k = cal.rank(own.dayAt(r)) - r0;
      if (k >= 0 && k < len && cal.isWorking(own.dayAt(r))) {
        diff[k] += people[i];
        diff[k + 1] -= people[i];
      }
    }
  }
  const days = new Int32Array(len);
  const out = new Float64Array(len);
  let acc = 0;
  for (let k = 0; k < len; k++) {
    acc += diff[k];
    days[k] = cal.dayAt(r0 + k);
    out[k] = round2(acc);
  }
  return { days, people: out };
}

/** One task of a weighted progress: its people, its working days, its percentage (null: never counted). */
export interface ProgressItem {
  numberOfPeople: number;
  numberOfDays: number;
  /** 0..100; null or undefined counts 0 %. */
  percentage: number | null | undefined;
  /** A milestone weighs nothing. */
  milestone?: boolean;
}

/**
 * Progress of a set of tasks in percent (two decimals), spec 001 section 9: each task's percentage weighted by
 * numberOfPeople × numberOfDays. A task never counted counts 0 %, milestones (and tasks of no weight) weigh
 * nothing, percentages are clamped to 0..100. A set of no weight is 0 %.
 */
export function weightedProgress(items: Iterable<ProgressItem>): number {
  let weight = 0;
  let done = 0;
  for (const t of items) {
    if (t.milestone) continue;
    const w = Math.max(0, t.numberOfPeople) * Math.max(0, t.numberOfDays);
    if (!(w > 0)) continue;
    const p = t.percentage == null || !Number.isFinite(t.percentage) ? 0 : Math.min(100, Math.max(0, t.percentage));
    weight += w;
    done += w * p;
  }
  return weight > 0 ? round2(done / weight) : 0;
}
