import type { Participant } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import type { VersionRowColumns } from "../../models/base.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { versionScopeFields } from "../rowFields.js";
import { ParticipantModel } from "../../models/trades.js";
import { TAGS, tagRefs } from "../../models/tag.js";

export interface ParticipantDbRow extends VersionRowColumns {
  color: string;
  company_name: string | null;
  project_manager_email: string | null;
  project_manager_first_name: string | null;
  project_manager_last_name: string | null;
  project_manager_phone_number: string | null;
  total?: unknown;
}

export function participantSelect(db: Db) {
  return db("participants as pa").select(
    "pa.*",
    db("events as e").whereRaw("e.participant_id = pa.id").count("*").as("total"),
  );
}

/** Its zones by position, its specialities (with their lot) and lots in French order, its tags. */
const PARTICIPANT_GRAPH = `[zones(ref, byPosition), specialities(withLot, frenchOrder), lots(ref, frenchOrder), ${TAGS}]`;

export async function presentParticipants(db: Db, rows: ParticipantDbRow[]): Promise<Participant[]> {
  if (rows.length === 0) return [];
  const totals = new Map(rows.map((r) => [r.id, Number(r.total ?? 0)]));
  const participants = await ParticipantModel.fetchGraph(rows, PARTICIPANT_GRAPH, { transaction: db });
  return participants.map((r) => ({
    id: r.id,
    name: r.name,
    color: r.color,
    companyName: r.company_name,
    projectManagerEmail: r.project_manager_email,
    projectManagerFirstName: r.project_manager_first_name,
    projectManagerLastName: r.project_manager_last_name,
    projectManagerPhoneNumber: r.project_manager_phone_number,
    tags: tagRefs(r.tags),
    zones: (r.zones ?? []).map((z) => ({ id: z.id, name: z.name })),
    specialities: (r.specialities ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      participantGroupProId: s.participant_group_pro_id,
    })),
    participantsGroupPro: (r.lots ?? []).map((l) => ({ id: l.id, name: l.name, color: l.color })),
    ...versionScopeFields(r),
    total: totals.get(r.id) ?? 0,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  }));
}
