import type { Roadblock } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoRequired } from "../../lib/dates.js";

export type RoadblockDbRow = Record<string, unknown> & { id: number };

/** Roadblocks with what the lists show of their task, lot, participant, zone and author (one query). */
export function roadblockSelect(db: Db) {
  return db("roadblocks as rb")
    .leftJoin("events as e", "e.id", "rb.event_id")
    .leftJoin("participants as pa", "pa.id", "rb.participant_id")
    .leftJoin("participant_group_pros as lot", "lot.id", "rb.participant_group_pro_id")
    .leftJoin("zones as z", "z.id", "rb.zone_id")
    .leftJoin("users as u", "u.id", "rb.created_by")
    .select(
      "rb.*",
      "e.name as event_name",
      "e.type as event_type",
      "e.start_date as event_start_date",
      "e.end_date as event_end_date",
      "pa.name as participant_name",
      "lot.name as lot_name",
      "lot.color as lot_color",
      "z.name as zone_name",
      "z.full_name as zone_full_name",
      "u.id as user_id",
      "u.firstname as user_firstname",
      "u.lastname as user_lastname",
    );
}

const n = (v: unknown) => (v === null || v === undefined ? null : (v as number));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function presentRoadblock(r: RoadblockDbRow): Roadblock {
  const eventId = n(r.event_id);
  const participantId = n(r.participant_id);
  const lotId = n(r.participant_group_pro_id);
  const zoneId = n(r.zone_id);
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    name: r.name as string,
    validate: r.validate === true,
    createdBy:
      r.user_id === null || r.user_id === undefined
        ? null
        : { id: r.user_id as number, firstname: s(r.user_firstname), lastname: s(r.user_lastname) },
    eventId,
    event:
      eventId === null
        ? null
        : {
            id: eventId,
            name: String(r.event_name),
            type: String(r.event_type),
            startDate: s(r.event_start_date),
            endDate: s(r.event_end_date),
          },
    participantId,
    participant: participantId === null ? null : { id: participantId, name: String(r.participant_name) },
    participantGroupProId: lotId,
    participantGroupPro: lotId === null ? null : { id: lotId, name: String(r.lot_name), color: String(r.lot_color) },
    zoneId,
    zone: zoneId === null ? null : { id: zoneId, name: String(r.zone_name), fullName: s(r.zone_full_name) },
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}

export async function presentRoadblocks(_db: Db, rows: RoadblockDbRow[]): Promise<Roadblock[]> {
  return rows.map(presentRoadblock);
}
