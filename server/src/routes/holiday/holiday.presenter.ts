import type { Holiday } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { HolidayModel } from "../../models/holiday.js";
import { isoRequired } from "../../lib/dates.js";

export type HolidayDbRow = Record<string, unknown> & { id: number };

export function holidaySelect(db: Db) {
  return db("holidays as h").select("h.*");
}

/** Holidays with their lots in French order. */
export async function presentHolidays(db: Db, rows: HolidayDbRow[]): Promise<Holiday[]> {
  const holidays = await HolidayModel.fetchGraph(rows, "lots(ref, frenchOrder)", { transaction: db });
  return holidays.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    versionId: r.version_id,
    trackingId: r.tracking_id,
    name: r.name,
    type: r.type,
    startDate: r.start_date,
    endDate: r.end_date,
    participantsGroupPro: (r.lots ?? []).map((l) => ({ id: l.id, name: l.name, color: l.color })),
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  }));
}
