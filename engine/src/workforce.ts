import type { Calendar } from "./calendar.js";
import { round2 } from "./aggregate.js";
import type { Plan } from "./plan.js";
import type { Schedule } from "./schedule.js";

/**
 * Planned people of a version per calendar day (issue 17, spec 001 "workforce"): on day d, the sum of
 * numberOfPeople over the tasks at work that day.
 *
 * Rules:
 * - A task is at work on the working days of its own calendar between its first and last day (both included):
 *   a weekend, a project holiday or vacation, and a holiday limited to the task's lot count 0 for it.
 * - Every calendar day of [fromDay, toDay] gets a value, so that real countings entered on any date line up;
 *   a day that is not a working day of a task's calendar counts 0 for that task (so a Saturday is 0 unless
 *   some calendar works on it, which none does).
 * - Milestones (duration 0) weigh nothing; so do tasks with no people, no dates, or a mask value of 0 (the
 *   caller's filters are applied before, through `include`).
 *
 * One pass: one difference array per calendar used over the day numbers (+people at the task's first day in
 * range, -people the day after its last), then one sweep over the days adding each calendar's running sum when
 * the day works for it. O(tasks + days x calendars), never a loop per day per task.
 */
export interface PlannedPeopleInput {
  /** First day of each task (integer day number). */
  readonly startDay: ArrayLike<number>;
  /** Last day of each task, included. */
  readonly endDay: ArrayLike<number>;
  /** Working days of each task; 0 marks a milestone. */
  readonly duration: ArrayLike<number>;
  /** numberOfPeople of each task. */
  readonly people: ArrayLike<number>;
  /** Calendar index of each task in `calendars` (index 0: the project calendar). */
  readonly calendarOf: ArrayLike<number>;
  readonly calendars: readonly Calendar[];
  /** 1 for the tasks kept by the filters; every task when absent. */
  readonly include?: ArrayLike<number>;
}

export interface PlannedPeopleSeries {
  /** Every calendar day of [fromDay, toDay]. */
  readonly days: Int32Array;
  /** Planned people on each day, two decimals. */
  readonly people: Float64Array;
}

export function plannedPeople(input: PlannedPeopleInput, fromDay: number, toDay: number): PlannedPeopleSeries {
  const len = Math.max(0, toDay - fromDay + 1);
  const { startDay, endDay, duration, people, calendarOf, calendars, include } = input;
  const n = startDay.length;
  const diffs: (Float64Array | undefined)[] = new Array(calendars.length);
  for (let i = 0; i < n; i++) {
    if (duration[i] <= 0) continue;
    if (include !== undefined && include[i] === 0) continue;
    const p = people[i];
    if (!(p > 0)) continue;
    const a = startDay[i] < fromDay ? fromDay : startDay[i];
    const b = endDay[i] > toDay ? toDay : endDay[i];
    if (a > b) continue;
    const c = calendarOf[i];
    let diff = diffs[c];
    if (diff === undefined) diffs[c] = diff = new Float64Array(len + 1);
    diff[a - fromDay] += p;
    diff[b - fromDay + 1] -= p;
  }
  const days = new Int32Array(len);
  const out = new Float64Array(len);
  for (let k = 0; k < len; k++) days[k] = fromDay + k;
  for (let c = 0; c < diffs.length; c++) {
    const diff = diffs[c];
    if (diff === undefined) continue;
    const cal = calendars[c];
    let acc = 0;
    // rank(d + 1) - rank(d) is 1 on a working day: one rank lookup per day instead of two.
    let rank = cal.rank(fromDay);
    for (let k = 0; k < len; k++) {
      acc += diff[k];
      const next = cal.rank(fromDay + k + 1);
      if (next !== rank) out[k] += acc;
      rank = next;
    }
  }
  for (let k = 0; k < len; k++) out[k] = round2(out[k]);
  return { days, people: out };
}

/**
 * The naive baseline the bench measures against (and the tests compare with): for each task, each day of its
 * span. Same rules, O(sum of task lengths).
 */
export function plannedPeopleNaive(input: PlannedPeopleInput, fromDay: number, toDay: number): PlannedPeopleSeries {
  const len = Math.max(0, toDay - fromDay + 1);
  const out = new Float64Array(len);
  const days = new Int32Array(len);
  for (let k = 0; k < len; k++) days[k] = fromDay + k;
  for (let i = 0; i < input.startDay.length; i++) {
    if (input.duration[i] <= 0 || !(input.people[i] > 0)) continue;
    if (input.include !== undefined && input.include[i] === 0) continue;
    const cal = input.calendars[input.calendarOf[i]];
    for (let d = input.startDay[i]; d <= input.endDay[i]; d++) {
      if (d < fromDay || d > toDay || !cal.isWorking(d)) continue;
      out[d - fromDay] += input.people[i];
    }
  }
  for (let k = 0; k < len; k++) out[k] = round2(out[k]);
  return { days, people: out };
}

/** plannedPeople over a scheduled plan: its tasks' days, durations and calendars, the caller's people and filter. */
export function plannedPeopleOfPlan(
  plan: Pick<Plan, "duration" | "calendarOf" | "calendars">,
  schedule: Pick<Schedule, "startDay" | "endDay">,
  people: ArrayLike<number>,
  include: ArrayLike<number> | undefined,
  fromDay: number,
  toDay: number,
): PlannedPeopleSeries {
  const { startDay, endDay } = schedule;
  const { duration, calendarOf, calendars } = plan;
  return plannedPeople({ startDay, endDay, duration, people, calendarOf, calendars, include }, fromDay, toDay);
}
