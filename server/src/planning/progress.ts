import { parseDay, theoreticalProgress, weightedProgress } from "@jalon/engine";
import { TIME_ZONE } from "@jalon/shared";
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
  const g = await versionGraph(db, event.version_id);
  const i = g.plan.index.get(event.id);
  if (i === undefined) return null;
  return theoreticalProgress(g.plan, g.schedule, i, parseDay(date ?? todayInParis()));
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
    .select(
      "e.macro_task_id",
      "e.type",
      "e.number_of_people",
      "e.number_of_days",
      db.raw(`${lastPercentageSql("e")} as percentage`),
    )) as {
    macro_task_id: number;
    type: string;
    number_of_people: unknown;
    number_of_days: unknown;
    percentage: unknown;
  }[];
  const groups = new Map<number, typeof rows>();
  for (const r of rows) (groups.get(r.macro_task_id) ?? groups.set(r.macro_task_id, []).get(r.macro_task_id)!).push(r);
  for (const [id, list] of groups) {
    const items = list.map((r) => ({
      numberOfPeople: toNumber(r.number_of_people),
      numberOfDays: toNumber(r.number_of_days),
      percentage: r.percentage === null || r.percentage === undefined ? null : toNumber(r.percentage),
      milestone: r.type !== "task",
    }));
    const weighted = items.filter((t) => !t.milestone && t.numberOfPeople * t.numberOfDays > 0);
    out.set(id, {
      progress: weightedProgress(items),
      counted: items.some((t) => t.percentage !== null),
      finished: weighted.length > 0 && weighted.every((t) => (t.percentage ?? 0) >= 100),
    });
  }
  return out;
}
