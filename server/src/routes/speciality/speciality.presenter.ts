import type { Db } from "../../db/knex.js";
import { isoTime, tagsOf, type TagOut } from "../../commands/referenceLinks.js";

export interface SpecialityDbRow {
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  name: string;
  participant_group_pro_id: number | null;
  lot_name: string | null;
  lot_color: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The JSON contract of a speciality (spec 001 section 3: id, name, tags), with its lot. */
export interface SpecialityOut {
  id: number;
  name: string;
  tags: TagOut[];
  participantGroupProId: number | null;
  participantGroupPro: { id: number; name: string; color: string } | null;
  trackingId: number;
  projectId: number;
  versionId: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export function specialitySelect(db: Db) {
  return db("specialities as s")
    .leftJoin("participant_group_pros as l", "l.id", "s.participant_group_pro_id")
    .select("s.*", "l.name as lot_name", "l.color as lot_color");
}

export async function presentSpecialities(db: Db, rows: SpecialityDbRow[]): Promise<SpecialityOut[]> {
  const tags = await tagsOf(
    db,
    "speciality_tags",
    "speciality_id",
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tags: tags.get(r.id) ?? [],
    participantGroupProId: r.participant_group_pro_id,
    participantGroupPro:
      r.participant_group_pro_id !== null
        ? { id: r.participant_group_pro_id, name: r.lot_name ?? "", color: r.lot_color ?? "#FFFFFF" }
        : null,
    trackingId: r.tracking_id,
    projectId: r.project_id,
    versionId: r.version_id,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  }));
}
