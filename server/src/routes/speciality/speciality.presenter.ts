import type { Speciality } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import type { VersionRowColumns } from "../../models/base.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { versionScopeFields } from "../rowFields.js";
import { SpecialityModel } from "../../models/trades.js";
import { TAGS, tagRefs } from "../../models/tag.js";

export interface SpecialityDbRow extends VersionRowColumns {
  participant_group_pro_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function specialitySelect(db: Db) {
  return db("specialities as s").select("s.*");
}

export async function presentSpecialities(db: Db, rows: SpecialityDbRow[]): Promise<Speciality[]> {
  const specialities = await SpecialityModel.fetchGraph(rows, `[lot(ref), ${TAGS}]`, { transaction: db });
  return specialities.map((r) => ({
    id: r.id,
    name: r.name,
    tags: tagRefs(r.tags),
    participantGroupProId: r.participant_group_pro_id,
    participantGroupPro: r.lot ? { id: r.lot.id, name: r.lot.name, color: r.lot.color } : null,
    ...versionScopeFields(r),
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  }));
}
