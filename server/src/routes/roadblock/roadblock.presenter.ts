import type { Roadblock } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { loadGraph } from "../../models/base.js";
import { RoadblockModel } from "../../models/roadblock.js";
import { rowTimestamps, versionRowFields } from "../rowFields.js";

export type RoadblockDbRow = Record<string, unknown> & { id: number };

/** Roadblocks `rb` with their task `e`, whose name the lists filter and sort on (roadblock.schema.ts). */
export function roadblockSelect(db: Db) {
  return db("roadblocks as rb").leftJoin("events as e", "e.id", "rb.event_id").select("rb.*");
}

/** What the JSON shows of a roadblock's relations, loaded through RoadblockModel. */
const ROADBLOCK_GRAPH = "[event, participant, lot, zone, author]";

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function presentRoadblock(r: RoadblockModel): Roadblock {
  const { event, participant, lot, zone, author } = r;
  return {
    ...versionRowFields(r),
    validate: r.validate === true,
    createdBy: author ? { id: author.id, firstname: s(author.firstname), lastname: s(author.lastname) } : null,
    eventId: r.event_id ?? null,
    event: event
      ? { id: event.id, name: event.name, type: event.type, startDate: s(event.start_date), endDate: s(event.end_date) }
      : null,
    participantId: r.participant_id ?? null,
    participant: participant ? { id: participant.id, name: participant.name } : null,
    participantGroupProId: r.participant_group_pro_id ?? null,
    participantGroupPro: lot ? { id: lot.id, name: lot.name, color: lot.color } : null,
    zoneId: r.zone_id ?? null,
    zone: zone ? { id: zone.id, name: zone.name, fullName: s(zone.full_name) } : null,
    ...rowTimestamps(r),
  };
}

export async function presentRoadblocks(db: Db, rows: RoadblockDbRow[]): Promise<Roadblock[]> {
  return (await loadGraph<RoadblockModel>(RoadblockModel, rows, ROADBLOCK_GRAPH, db)).map(presentRoadblock);
}
