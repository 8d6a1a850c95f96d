import type { Db } from "../../db/knex.js";
import { frenchKeySql } from "../../lib/listQuery.js";
import { isoRequired } from "../../lib/dates.js";

export type HolidayDbRow = Record<string, unknown> & { id: number };

export interface HolidayOut {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  name: string;
  type: "holiday" | "vacation";
  startDate: string;
  endDate: string;
  /** Holiday only: the lots whose tasks skip it (empty: every lot). */
  participantsGroupPro: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}

/** Holidays with their lots aggregated, as the derived table `h` that list filters address. */
export function holidaySelect(db: Db) {
  return db("holidays as h").select(
    "h.*",
    db.raw(`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by ${frenchKeySql("g.name")})
               from holiday_lots hl join participant_group_pros g on g.id = hl.participant_group_pro_id
              where hl.holiday_id = h.id), '[]'::json) as lots`),
  );
}

export function presentHoliday(r: HolidayDbRow): HolidayOut {
  const lots = typeof r.lots === "string" ? JSON.parse(r.lots) : r.lots;
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    name: r.name as string,
    type: r.type as "holiday" | "vacation",
    startDate: r.start_date as string,
    endDate: r.end_date as string,
    participantsGroupPro: Array.isArray(lots) ? lots : [],
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}
