import type { Db } from "../../db/knex.js";
import { isoTime, tagsOf, type TagOut } from "../../commands/referenceLinks.js";
import { frenchKeySql } from "../../lib/listQuery.js";

export interface ParticipantDbRow {
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  name: string;
  color: string;
  company_name: string | null;
  project_manager_email: string | null;
  project_manager_first_name: string | null;
  project_manager_last_name: string | null;
  project_manager_phone_number: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  total?: unknown;
}

interface Ref {
  id: number;
  name: string;
}

/** The JSON contract of a participant (spec 001 section 3). `total` counts its tasks and milestones. */
export interface ParticipantOut {
  id: number;
  name: string;
  color: string;
  companyName: string | null;
  projectManagerEmail: string | null;
  projectManagerFirstName: string | null;
  projectManagerLastName: string | null;
  projectManagerPhoneNumber: string | null;
  tags: TagOut[];
  zones: Ref[];
  specialities: (Ref & { participantGroupProId: number | null })[];
  participantsGroupPro: (Ref & { color: string })[];
  trackingId: number;
  projectId: number;
  versionId: number;
  total: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export function participantSelect(db: Db) {
  return db("participants as pa").select(
    "pa.*",
    db("events as e").whereRaw("e.participant_id = pa.id").count("*").as("total"),
  );
}

async function grouped<T extends { owner: number }>(rows: T[]): Promise<Map<number, Omit<T, "owner">[]>> {
  const out = new Map<number, Omit<T, "owner">[]>();
  for (const { owner, ...rest } of rows) out.set(owner, [...(out.get(owner) ?? []), rest]);
  return out;
}

export async function presentParticipants(db: Db, rows: ParticipantDbRow[]): Promise<ParticipantOut[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const tags = await tagsOf(db, "participant_tags", "participant_id", ids);
  const zones = await grouped(
    await db("participant_zones as j")
      .join("zones as z", "z.id", "j.zone_id")
      .whereIn("j.participant_id", ids)
      .orderBy("z.position")
      .select("j.participant_id as owner", "z.id", "z.name"),
  );
  const specialities = await grouped(
    await db("participant_specialities as j")
      .join("specialities as s", "s.id", "j.speciality_id")
      .whereIn("j.participant_id", ids)
      .orderByRaw(frenchKeySql("s.name"))
      .select("j.participant_id as owner", "s.id", "s.name", "s.participant_group_pro_id as participantGroupProId"),
  );
  const lots = await grouped(
    await db("participant_group_pro_participants as j")
      .join("participant_group_pros as l", "l.id", "j.participant_group_pro_id")
      .whereIn("j.participant_id", ids)
      .orderByRaw(frenchKeySql("l.name"))
      .select("j.participant_id as owner", "l.id", "l.name", "l.color"),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    companyName: r.company_name,
    projectManagerEmail: r.project_manager_email,
    projectManagerFirstName: r.project_manager_first_name,
    projectManagerLastName: r.project_manager_last_name,
    projectManagerPhoneNumber: r.project_manager_phone_number,
    tags: tags.get(r.id) ?? [],
    zones: (zones.get(r.id) ?? []) as Ref[],
    specialities: (specialities.get(r.id) ?? []) as (Ref & { participantGroupProId: number | null })[],
    participantsGroupPro: (lots.get(r.id) ?? []) as (Ref & { color: string })[],
    trackingId: r.tracking_id,
    projectId: r.project_id,
    versionId: r.version_id,
    total: Number(r.total ?? 0),
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  }));
}
