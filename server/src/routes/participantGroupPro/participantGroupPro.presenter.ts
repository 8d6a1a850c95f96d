import type { Lot } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import type { VersionRowColumns } from "../../models/base.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { versionScopeFields } from "../rowFields.js";
import { LotModel } from "../../models/trades.js";
import { TAGS, tagRefs } from "../../models/tag.js";

export interface LotDbRow extends VersionRowColumns {
  color: string;
  participant_group_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function lotSelect(db: Db) {
  return db("participant_group_pros as l").select("l.*");
}

/** Events per lot, counted in one pass over the lots' versions (the events' lot column has no index: migration 010). */
export async function lotEventCounts(db: Db, rows: LotDbRow[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const counts = (await db("events")
    .whereIn("version_id", [...new Set(rows.map((r) => r.version_id))])
    .whereIn(
      "participant_group_pro_id",
      rows.map((r) => r.id),
    )
    .groupBy("participant_group_pro_id")
    .select("participant_group_pro_id as lot")
    .count({ n: "*" })) as { lot: number; n: unknown }[];
  return new Map(counts.map((c) => [c.lot, Number(c.n)]));
}

/** Its specialities (with their tags) and participants in French order, its tags. */
const LOT_GRAPH = `[specialities(ref, frenchOrderThenId).${TAGS}, participants(ref, frenchOrder), ${TAGS}]`;

export async function presentLots(db: Db, rows: LotDbRow[]): Promise<Lot[]> {
  const totals = await lotEventCounts(db, rows);
  const lots = await LotModel.fetchGraph(rows, LOT_GRAPH, { transaction: db });
  return lots.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    tags: tagRefs(r.tags),
    specialities: (r.specialities ?? []).map((s) => ({ id: s.id, name: s.name, tags: tagRefs(s.tags) })),
    participants: (r.participants ?? []).map((p) => ({ id: p.id, name: p.name, color: p.color })),
    participantGroupId: r.participant_group_id,
    ...versionScopeFields(r),
    total: totals.get(r.id) ?? 0,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  }));
}
