import type { ShiftFile, ShiftHistory } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { rowTimestamps, versionRowFields } from "../rowFields.js";

export type ShiftHistoryDbRow = Record<string, unknown> & { id: number };

/** Shift histories with their event and author, as the derived table `sh` that list filters address. */
export function shiftHistorySelect(db: Db) {
  return db("shift_histories as sh")
    .leftJoin("events as se", "se.id", "sh.event_id")
    .leftJoin("users as su", "su.id", "sh.user_id")
    .select(
      "sh.*",
      "se.name as event_name",
      "se.type as event_type",
      "se.start_date as event_start_date",
      "se.end_date as event_end_date",
      "su.firstname as user_firstname",
      "su.lastname as user_lastname",
    );
}

function filesOf(v: unknown): ShiftFile[] {
  const list = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  if (!Array.isArray(list)) return [];
  return list.map((f) => (f && typeof f === "object" ? (f as ShiftFile) : { name: String(f) }));
}

export function presentShiftHistory(r: ShiftHistoryDbRow): ShiftHistory {
  const eventId = (r.event_id as number | null) ?? null;
  const userId = (r.user_id as number | null) ?? null;
  return {
    ...versionRowFields(r),
    eventId,
    event:
      eventId && r.event_name !== null && r.event_name !== undefined
        ? {
            id: eventId,
            name: r.event_name as string,
            type: r.event_type as string,
            startDate: (r.event_start_date as string | null) ?? null,
            endDate: (r.event_end_date as string | null) ?? null,
          }
        : null,
    files: filesOf(r.files),
    user:
      userId && r.user_firstname !== undefined && r.user_firstname !== null
        ? { id: userId, firstname: r.user_firstname as string, lastname: r.user_lastname as string }
        : null,
    ...rowTimestamps(r),
  };
}
