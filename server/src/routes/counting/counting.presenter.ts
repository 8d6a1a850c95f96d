import type { Counting } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { toNumber } from "../../db/numbers.js";
import { isoRequired } from "../../lib/dates.js";

export type CountingDbRow = Record<string, unknown> & { id: number };

/** Countings `c` with their task `e` and the user who counted `u`: the lists filter and sort on these. */
export function countingSelect(db: Db) {
  return db("countings as c")
    .join("events as e", "e.id", "c.event_id")
    .leftJoin("users as u", "u.id", "c.user_id")
    .select(
      "c.*",
      "e.name as event_name",
      "e.type as event_type",
      "e.start_date as event_start_date",
      "e.end_date as event_end_date",
      "e.zone_id as event_zone_id",
      "e.participant_group_pro_id as event_lot_id",
      "e.participant_id as event_participant_id",
      "e.macro_task_id as event_macro_task_id",
      "u.firstname as user_firstname",
      "u.lastname as user_lastname",
    );
}

const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));
const num = (v: unknown) => (v === null || v === undefined ? null : (v as number));

/** The API's field names of a counting are decided here. */
export function presentCounting(r: CountingDbRow): Counting {
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    eventId: r.event_id as number,
    zoneId: num(r.zone_id),
    percentage: toNumber(r.percentage),
    countingDate: day(r.counting_date)!,
    clientKey: (r.client_key as string | null) ?? null,
    event: {
      id: r.event_id as number,
      name: r.event_name as string,
      type: r.event_type as string,
      startDate: day(r.event_start_date),
      endDate: day(r.event_end_date),
      zoneId: num(r.event_zone_id),
      participantGroupProId: num(r.event_lot_id),
      participantId: num(r.event_participant_id),
      macroTaskId: num(r.event_macro_task_id),
    },
    user:
      r.user_id === null || r.user_id === undefined
        ? null
        : {
            id: r.user_id as number,
            firstName: (r.user_firstname as string | null) ?? null,
            lastName: (r.user_lastname as string | null) ?? null,
          },
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}

/** The countings of some ids, presented in the order of the ids. */
export async function countingsByIds(db: Db, ids: readonly number[]): Promise<Counting[]> {
  if (ids.length === 0) return [];
  const rows = (await countingSelect(db).whereIn("c.id", [...ids])) as CountingDbRow[];
  const byId = new Map(rows.map((r) => [r.id, presentCounting(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
