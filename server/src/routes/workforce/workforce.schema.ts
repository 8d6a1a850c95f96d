import type { Knex } from "knex";
import type { Db } from "../../db/knex.js";

/**
 * The SQL of the workforce routes: the filtered participant countings of a version and the filtered tasks of a
 * version (set-based, one statement each). Filter ids name rows of the requested version; on a compared version
 * they are carried over by tracking id (each version owns its copy of lots, participants, tags, macro-tasks and
 * zones), so "lot Électricité" filters the same lot in every version.
 */

export interface CountingFilters {
  startDate?: string;
  endDate?: string;
  participantGroupIds?: number[];
  participantIds?: number[];
  tagIds?: number[];
}

export interface TaskFilters {
  participantGroupIds?: number[];
  participantIds?: number[];
  tagIds?: number[];
  macroTaskIds?: number[];
  zoneIds?: number[];
}

/** The ids of `table`'s rows in `versionId` that share a tracking id with `ids` (a set, as a subquery). */
function carried(db: Db, table: string, ids: number[], versionId: number): Knex.QueryBuilder {
  return db(`${table} as b`)
    .join(`${table} as a`, "a.tracking_id", "b.tracking_id")
    .where("b.version_id", versionId)
    .whereIn("a.id", ids)
    .select("b.id");
}

/** Countings of the version under the filters (alias w), ordered by day then name. */
export function countingRows(db: Db, versionId: number, f: CountingFilters): Knex.QueryBuilder {
  const q = db("workforce_countings as w")
    .leftJoin("participants as p", "p.id", "w.participant_id")
    .leftJoin("participant_group_pros as l", "l.id", "w.participant_group_pro_id")
    .where("w.version_id", versionId);
  if (f.startDate) q.where("w.date", ">=", f.startDate);
  if (f.endDate) q.where("w.date", "<=", f.endDate);
  const lots = f.participantGroupIds;
  if (lots?.length)
    q.where((w) =>
      w
        .whereIn("w.participant_group_pro_id", lots)
        .orWhereIn(
          "w.participant_id",
          db("participant_group_pro_participants").whereIn("participant_group_pro_id", lots).select("participant_id"),
        ),
    );
  if (f.participantIds?.length) q.whereIn("w.participant_id", f.participantIds);
  const tags = f.tagIds;
  if (tags?.length)
    q.where((w) =>
      w
        .whereExists(
          db("participant_tags as pt").whereRaw("pt.participant_id = w.participant_id").whereIn("pt.tag_id", tags),
        )
        .orWhereExists(
          db("participant_group_pro_tags as lt")
            .whereRaw("lt.participant_group_pro_id = w.participant_group_pro_id")
            .whereIn("lt.tag_id", tags),
        ),
    );
  return q;
}

/**
 * The tasks of `versionId` kept by the filters, with their people: milestones weigh nothing and are left out.
 * `requested` is the version the filter ids belong to.
 */
export async function filteredTasks(
  db: Db,
  versionId: number,
  requested: number,
  f: TaskFilters,
): Promise<{ id: number; people: number }[]> {
  const same = versionId === requested;
  const ids = (table: string, list: number[]) => (same ? list : carried(db, table, list, versionId));
  const q = db("events as e").where({ "e.version_id": versionId, "e.type": "task" });
  if (f.participantGroupIds?.length)
    q.whereIn("e.participant_group_pro_id", ids("participant_group_pros", f.participantGroupIds));
  if (f.participantIds?.length) q.whereIn("e.participant_id", ids("participants", f.participantIds));
  if (f.macroTaskIds?.length) q.whereIn("e.macro_task_id", ids("macro_tasks", f.macroTaskIds));
  if (f.zoneIds?.length) q.whereIn("e.zone_id", ids("zones", f.zoneIds));
  if (f.tagIds?.length)
    q.whereExists(db("event_tags as et").whereRaw("et.event_id = e.id").whereIn("et.tag_id", ids("tags", f.tagIds)));
  const rows = (await q.select("e.id", "e.number_of_people")) as { id: number; number_of_people: string | number }[];
  return rows.map((r) => ({ id: r.id, people: Number(r.number_of_people) }));
}
