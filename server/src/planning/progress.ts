import { parseDay, round2, theoreticalProgress, weightedProgress } from "@jalon/engine";
import { AppError, TIME_ZONE, type GroupProgressRow } from "@jalon/shared";
import { formatInTimeZone } from "date-fns-tz";
import type { Db } from "../db/knex.js";
import { toNumber } from "../db/numbers.js";
import { versionGraph } from "./versionGraph.js";

/**
 * Progress on the server (issue 17, spec 001 section 9): a task's theoretical progress from the engine's
 * schedule, and the weighted progress of a set of tasks from their last countings. Countings are made on the
 * project's signed version: a task of another version is followed through its copy in the signed version
 * (same tracking id), so a newer version's list shows the progress counted on site.
 */

/** Today in Europe/Paris, as yyyy-MM-dd. */
export function todayInParis(now: Date = new Date()): string {
  return formatInTimeZone(now, TIME_ZONE, "yyyy-MM-dd");
}

/**
 * Theoretical progress of an event at the end of `date` (default today, Paris): the share of its working days
 * elapsed, the date itself counted (0 before the start, 100 from the end day), by the engine's
 * `theoreticalProgress` over its version's schedule; null for a row the schedule does not hold.
 */
export async function eventTheoreticalProgress(
  db: Db,
  event: { id: number; version_id: number },
  date?: string,
): Promise<number | null> {
  const [progress] = await theoreticalProgressOf(db, event.version_id, [event.id], date);
  return progress;
}

/** The theoretical progress of events of one version at the end of `date` (default today), from one schedule. */
export async function theoreticalProgressOf(
  db: Db,
  versionId: number,
  eventIds: readonly number[],
  date?: string,
): Promise<(number | null)[]> {
  if (eventIds.length === 0) return [];
  const g = await versionGraph(db, versionId);
  const day = parseDay(date ?? todayInParis());
  return eventIds.map((id) => {
    const i = g.plan.index.get(id);
    return i === undefined ? null : theoreticalProgress(g.plan, g.schedule, i, day);
  });
}

/**
 * SQL of the last counted percentage of the event `alias` (null when never counted): its own countings in the
 * signed version, else those of its copy there; the latest counting date wins, then the latest row.
 */
export function lastPercentageSql(alias: string): string {
  return `(select c.percentage from countings c
             join events ce on ce.id = c.event_id
             join projects cp on cp.id = ${alias}.project_id
            where ce.project_id = ${alias}.project_id
              and ce.tracking_id = ${alias}.tracking_id
              and ce.version_id = coalesce(cp.signed_version_id, ${alias}.version_id)
            order by c.counting_date desc, c.id desc
            limit 1)`;
}

export interface GroupProgress {
  /** Weighted progress of the group's tasks, 0..100 (two decimals). */
  progress: number;
  /** Whether any of its tasks was counted. */
  counted: boolean;
  /** Whether it has tasks of some weight, all counted at 100 %. */
  finished: boolean;
}

interface TaskRow {
  id: number;
  group_id: number;
  type: string;
  number_of_people: unknown;
  number_of_days: unknown;
  percentage: unknown;
}

const itemOf = (r: TaskRow) => ({
  numberOfPeople: toNumber(r.number_of_people),
  numberOfDays: toNumber(r.number_of_days),
  percentage: r.percentage === null || r.percentage === undefined ? null : toNumber(r.percentage),
  milestone: r.type !== "task",
});

function groupOf(rows: readonly TaskRow[]): GroupProgress {
  const items = rows.map(itemOf);
  const weighted = items.filter((t) => !t.milestone && t.numberOfPeople * t.numberOfDays > 0);
  return {
    progress: weightedProgress(items),
    counted: items.some((t) => t.percentage !== null),
    finished: weighted.length > 0 && weighted.every((t) => (t.percentage ?? 0) >= 100),
  };
}

function byGroup(rows: readonly TaskRow[]): Map<number, TaskRow[]> {
  const groups = new Map<number, TaskRow[]>();
  for (const r of rows) (groups.get(r.group_id) ?? groups.set(r.group_id, []).get(r.group_id)!).push(r);
  return groups;
}

const taskColumns = (db: Db) => [
  "e.id",
  "e.type",
  "e.number_of_people",
  "e.number_of_days",
  db.raw(`${lastPercentageSql("e")} as percentage`),
];

/**
 * Progress of macro-tasks from their tasks (spec 001 section 9): last countings weighted by numberOfPeople ×
 * numberOfDays, a task never counted at 0 %, milestones weightless (the engine's `weightedProgress`).
 */
export async function macroTaskProgress(db: Db, macroTaskIds: readonly number[]): Promise<Map<number, GroupProgress>> {
  const out = new Map<number, GroupProgress>();
  if (macroTaskIds.length === 0) return out;
  const rows = (await db("events as e")
    .whereIn("e.macro_task_id", [...new Set(macroTaskIds)])
    .whereIn("e.type", ["task", "milestone"])
    .select([...taskColumns(db), "e.macro_task_id as group_id"])) as TaskRow[];
  for (const [id, list] of byGroup(rows)) out.set(id, groupOf(list));
  return out;
}

/**
 * Tasks with sub-events (spec 001 section 4): sequences (with the tasks of their sub-sequences: a train's
 * instances) and macro-tasks of a version, their days and people summed over their tasks, their real and
 * theoretical progress (at `date`, default today) weighted by people × days.
 */
export async function groupProgress(
  db: Db,
  versionId: number,
  q: { sequenceIds?: number[]; macroTaskIds?: number[]; date?: string },
): Promise<GroupProgressRow[]> {
  const out: GroupProgressRow[] = [];
  const g = await versionGraph(db, versionId);
  const day = parseDay(q.date ?? todayInParis());
  const summarize = (type: GroupProgressRow["type"], id: number, name: string, rows: TaskRow[]) => {
    const tasks = rows.filter((r) => r.type === "task");
    const items = tasks.map(itemOf);
    const theoretical = tasks.map((r, k) => {
      const i = g.plan.index.get(r.id);
      return { ...items[k], percentage: i === undefined ? 0 : theoreticalProgress(g.plan, g.schedule, i, day) };
    });
    const { progress, finished } = groupOf(tasks);
    out.push({
      type,
      id,
      name,
      numberOfDays: round2(items.reduce((a, t) => a + t.numberOfDays, 0)),
      numberOfPeople: round2(items.reduce((a, t) => a + t.numberOfPeople, 0)),
      tasks: tasks.length,
      countedTasks: items.filter((t) => t.percentage !== null).length,
      progress,
      theoreticalProgress: weightedProgress(theoretical),
      finished,
    });
  };
  if (q.sequenceIds?.length) {
    const sequences = (await db("sequences")
      .where("version_id", versionId)
      .whereIn("id", q.sequenceIds)
      .select("id", "name")) as { id: number; name: string }[];
    if (sequences.length !== new Set(q.sequenceIds).size) throw new AppError("errors.not_found");
    const rows = (await db
      .withRecursive("tree", (qb) =>
        qb
          .select("id", "id as root")
          .from("sequences")
          .whereIn("id", q.sequenceIds!)
          .unionAll((u) =>
            u.select("s.id", "tree.root").from("sequences as s").join("tree", "s.parent_sequence_id", "tree.id"),
          ),
      )
      .from("events as e")
      .join("tree", "tree.id", "e.sequence_id")
      .where("e.version_id", versionId)
      .select([...taskColumns(db), "tree.root as group_id"])) as TaskRow[];
    const groups = byGroup(rows);
    for (const s of sequences) summarize("sequence", s.id, s.name, groups.get(s.id) ?? []);
  }
  if (q.macroTaskIds?.length) {
    const macroTasks = (await db("macro_tasks")
      .where("version_id", versionId)
      .whereIn("id", q.macroTaskIds)
      .select("id", "name")) as { id: number; name: string }[];
    if (macroTasks.length !== new Set(q.macroTaskIds).size) throw new AppError("errors.not_found");
    const rows = (await db("events as e")
      .whereIn("e.macro_task_id", q.macroTaskIds)
      .select([...taskColumns(db), "e.macro_task_id as group_id"])) as TaskRow[];
    const groups = byGroup(rows);
    for (const m of macroTasks) summarize("macroTask", m.id, m.name, groups.get(m.id) ?? []);
  }
  return out;
}
