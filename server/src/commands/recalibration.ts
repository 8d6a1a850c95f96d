import type { Knex } from "knex";
import { formatInTimeZone } from "date-fns-tz";
import {
  EventKind,
  formatDay,
  NO_DAY,
  parseDay,
  recalibrate,
  recalibratedStartDay,
  theoreticalProgress,
  type CountedTask,
} from "@jalon/engine";
import { AppError, TIME_ZONE, type RecalibrationTask, type TrackedEvent } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { Db } from "../db/knex.js";
import { persistScheduleWrite } from "../planning/persist.js";
import { versionGraph, type VersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion } from "../planning/writeLock.js";
import { readAll } from "../db/readAll.js";

/**
 * Execution tracking of a version at a day (issue 17, shared/src/contract/dashboard.ts states the rules): each
 * task's last counting on or before the day, its theoretical progress and its status, over the engine's
 * schedule of the version. Two set queries (last countings with DISTINCT ON, task people) and one pass.
 * Recalibration re-dates the late counted tasks with the engine's move and records them in the shift history.
 */

export const TaskStatus = { None: 0, Finished: 1, OnTime: 2, Late: 3 } as const;

export interface Tracking {
  vg: VersionGraph;
  day: number;
  /** Per event index: last counting (0 without), its day (NO_DAY without), theoretical progress, people. */
  progress: Float64Array;
  countingDay: Int32Array;
  theoretical: Float64Array;
  people: Float64Array;
  status: Uint8Array;
  /** Planned to have started, not finished, never counted. */
  toPoint: Uint8Array;
  /** The counted tasks, for the forecast. */
  counted: CountedTask[];
}

/** A task's status from its progress and its theoretical progress at a day (the contract's rules). */
export function taskStatus(progress: number, theoretical: number): number {
  if (progress >= 100) return TaskStatus.Finished;
  if (progress < theoretical) return TaskStatus.Late;
  if (theoretical > 0 || progress > 0) return TaskStatus.OnTime;
  return TaskStatus.None;
}

/** To point: planned to have started, not finished and never counted (1) or not (0). */
export function isToPoint(progress: number, theoretical: number, counted: boolean): 0 | 1 {
  return theoretical > 0 && progress < 100 && !counted ? 1 : 0;
}

/** Today's Europe/Paris day, or the one asked. */
export function trackingDay(date: string | undefined): string {
  return date ?? formatInTimeZone(new Date(), TIME_ZONE, "yyyy-MM-dd");
}

export async function readTracking(db: Db | Knex.Transaction, versionId: number, date: string): Promise<Tracking> {
  const day = parseDay(date);
  const [vg, countings, tasks] = await readAll(db, [
    () => versionGraph(db, versionId),
    // Columns as arrays (one row each): a 100k-task version parses two arrays, not 100k row objects.
    () =>
      db.raw<{ rows: { ids: number[] | null; percentages: number[] | null; days: string[] | null }[] }>(
        `select array_agg(event_id) as ids, array_agg(percentage::float8) as percentages, array_agg(counting_date::text) as days
         from (select distinct on (c.event_id) c.event_id, c.percentage, c.counting_date
                 from countings c where c.version_id = ? and c.counting_date <= ?::date
                order by c.event_id, c.counting_date desc, c.id desc) last`,
        [versionId, date],
      ),
    () =>
      db.raw<{ rows: { ids: number[] | null; people: number[] | null }[] }>(
        "select array_agg(id) as ids, array_agg(number_of_people::float8) as people from events where version_id = ? and type = 'task'",
        [versionId],
      ),
  ]);
  const { plan, schedule } = vg;
  const n = plan.size;
  const progress = new Float64Array(n);
  const countingDay = new Int32Array(n).fill(NO_DAY);
  const theoretical = new Float64Array(n);
  const people = new Float64Array(n);
  const status = new Uint8Array(n);
  const toPoint = new Uint8Array(n);
  const counted: CountedTask[] = [];
  const t = tasks.rows[0];
  for (let k = 0; k < (t?.ids?.length ?? 0); k++) {
    const i = plan.index.get(t.ids![k]);
    if (i !== undefined) people[i] = Number(t.people![k]);
  }
  const c = countings.rows[0];
  for (let k = 0; k < (c?.ids?.length ?? 0); k++) {
    const i = plan.index.get(c.ids![k]);
    if (i === undefined || plan.kind[i] !== EventKind.Task) continue;
    progress[i] = Number(c.percentages![k]);
    countingDay[i] = parseDay(String(c.days![k]).slice(0, 10));
    counted.push({ index: i, percentage: progress[i], countingDay: countingDay[i] });
  }
  for (let i = 0; i < n; i++) {
    if (plan.kind[i] !== EventKind.Task || plan.duration[i] === 0) continue;
    const theo = theoreticalProgress(plan, schedule, i, day);
    theoretical[i] = theo;
    status[i] = taskStatus(progress[i], theo);
    toPoint[i] = isToPoint(progress[i], theo, countingDay[i] !== NO_DAY);
  }
  return { vg, day, progress, countingDay, theoretical, people, status, toPoint, counted };
}

export interface EventRow {
  id: number;
  name: string;
  number_of_days: number;
  zone_id: number | null;
  participant_group_pro_id: number | null;
}

/** A task of the lists, its dates from the engine's schedule. */
export function trackedEvent(t: Tracking, row: EventRow): TrackedEvent {
  const i = t.vg.plan.index.get(row.id)!;
  const s = t.vg.schedule;
  return {
    id: row.id,
    name: row.name,
    startDate: s.startDay[i] === NO_DAY ? null : formatDay(s.startDay[i]),
    endDate: s.endDay[i] === NO_DAY ? null : formatDay(s.endDay[i]),
    numberOfDays: t.vg.plan.duration[i],
    numberOfPeople: t.people[i],
    zoneId: row.zone_id,
    participantGroupProId: row.participant_group_pro_id,
    progress: t.progress[i],
    lastCountingDate: t.countingDay[i] === NO_DAY ? null : formatDay(t.countingDay[i]),
    theoreticalProgress: t.theoretical[i],
  };
}

const TASK_COLUMNS = ["id", "name", "number_of_days", "zone_id", "participant_group_pro_id"] as const;

/** The late counted tasks a recalibration re-dates (among `eventIds` when given), with their target start. */
export async function recalibrationPlan(
  db: Db | Knex.Transaction,
  t: Tracking,
  eventIds?: number[],
): Promise<{ tasks: RecalibrationTask[]; targets: { index: number; startDay: number }[] }> {
  const { plan, schedule } = t.vg;
  if (eventIds) {
    const missing = eventIds.filter((id) => !plan.index.has(id));
    if (missing.length > 0) throw new AppError("errors.event_not_found", { details: { ids: missing } });
  }
  const wanted = eventIds ? new Set(eventIds) : null;
  const targets: { index: number; startDay: number }[] = [];
  for (const c of t.counted) {
    if (t.status[c.index] !== TaskStatus.Late) continue;
    if (wanted && !wanted.has(plan.ids[c.index])) continue;
    const startDay = recalibratedStartDay(plan, schedule, c);
    if (startDay !== null) targets.push({ index: c.index, startDay });
  }
  targets.sort((a, b) => plan.graph.position[a.index] - plan.graph.position[b.index]);
  const ids = targets.map((x) => plan.ids[x.index]);
  const rows = (await db("events")
    .whereIn("id", ids)
    .select(...TASK_COLUMNS)) as EventRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const tasks = targets.map(({ index, startDay }) => {
    const n = plan.duration[index];
    const cal = plan.calendars[plan.calendarOf[index]];
    return {
      ...trackedEvent(t, byId.get(plan.ids[index])!),
      newStartDate: formatDay(startDay),
      newEndDate: formatDay(cal.dayAt(cal.rank(startDay) + n - 1)),
    };
  });
  return { tasks, targets };
}

export interface RecalibrationInput {
  projectId: number;
  versionId: number;
  date: string;
  eventIds?: number[];
  name?: string;
}

export interface RecalibrationOutput {
  graph: VersionGraph;
  tasks: RecalibrationTask[];
  projectedEndDate: string | null;
  shiftHistoryIds: number[];
  emit: RealtimePayload[];
}

/**
 * POST /project/{id}/recalibration: in the caller's transaction, after the version's write lock, re-dates the
 * late counted tasks (engine recalibrate: the planning's move per task), persists the dates, their event
 * history and one undo step set-based (persistScheduleWrite), and writes one shift history row per re-dated
 * task, named after the recalibration, whose one file entry records the counting and the dates before and
 * after. Emits event:bulk_update after commit (the caller flushes `emit`).
 */
export async function recalibrateVersion(
  trx: Knex.Transaction,
  userId: number,
  input: RecalibrationInput,
): Promise<RecalibrationOutput> {
  await lockWritableVersion(trx, input.projectId, input.versionId);
  const tracking = await readTracking(trx, input.versionId, input.date);
  const before = tracking.vg;
  const { tasks, targets } = await recalibrationPlan(trx, tracking, input.eventIds);
  const r = recalibrate(before.plan, before.schedule, targets);
  const result = await persistScheduleWrite(trx, {
    action: "recalibration",
    userId,
    projectId: input.projectId,
    versionId: input.versionId,
    before,
    plan: r.plan,
    schedule: r.schedule,
    touched: r.touched,
    delayedLinks: r.delayedLinks,
  });
  // The answer's new dates are those the engine gave (a task pushed further by a re-dated parent shows it).
  const done: RecalibrationTask[] = [];
  for (const m of r.moved) {
    const task = tasks.find((x) => x.id === before.plan.ids[m.index])!;
    done.push({
      ...task,
      newStartDate: formatDay(r.schedule.startDay[m.index]),
      newEndDate: formatDay(r.schedule.endDay[m.index]),
    });
  }
  const label = input.name ?? `Recalage du ${input.date.split("-").reverse().join("/")}`;
  const createdAt = new Date().toISOString();
  const rows = done.map((x) => ({
    project_id: input.projectId,
    version_id: input.versionId,
    name: label,
    event_id: x.id,
    user_id: userId,
    files: JSON.stringify([
      {
        name: `${label} - ${x.name}`.slice(0, 200),
        createdAt,
        date: input.date,
        countingDate: x.lastCountingDate,
        percentage: x.progress,
        theoreticalProgress: x.theoreticalProgress,
        previousStartDate: x.startDate,
        previousEndDate: x.endDate,
        newStartDate: x.newStartDate,
        newEndDate: x.newEndDate,
      },
    ]),
  }));
  const inserted =
    rows.length > 0 ? ((await trx("shift_histories").insert(rows).returning("id")) as { id: number }[]) : [];
  const emit: RealtimePayload[] =
    result.ids.length === 0
      ? []
      : [
          {
            event: "event:bulk_update",
            projectId: input.projectId,
            versionId: input.versionId,
            initiatorId: userId,
            ids: result.ids,
            dates: {
              ids: result.ids,
              startDates: result.startDates,
              endDates: result.endDates,
              revisions: result.revisions,
            },
          },
        ];
  return {
    graph: result.graph,
    tasks: done,
    projectedEndDate: result.projectedEndDate,
    shiftHistoryIds: inserted.map((x) => x.id),
    emit,
  };
}
