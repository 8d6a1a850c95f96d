import { AppError } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { assertInVersion, referencedIds, replaceLinks } from "./referenceLinks.js";

/**
 * Participants (companies and contacts, spec 001 sections 3, 5, 8): a name (E_INVALID_NEW_RECORD without
 * one, which the web shows as errors.empty_field), colour #FFFFFF by default, the lots the participant works
 * in, its specialities (each one of those lots: speciality_participant_or_group_dont_match otherwise), its
 * zones and tags. A participant that tasks use cannot be deleted (400 ImplementationError).
 */

export const PARTICIPANT_REFERENCED_MESSAGE =
  "Certains participants ne peuvent pas être supprimés car des tâches les utilisent.";

export interface ParticipantInput {
  name?: string;
  companyName?: string | null;
  color?: string;
  projectManagerEmail?: string | null;
  projectManagerFirstName?: string | null;
  projectManagerLastName?: string | null;
  projectManagerPhoneNumber?: string | null;
  lotIds?: number[];
  specialityIds?: number[];
  zoneIds?: number[];
  tagIds?: number[];
}

/** The body's aliases (the spec's participantsGroupPro, or participantGroupProIds...) to one input. */
export function participantInput(body: Record<string, unknown>): ParticipantInput {
  const pick = (...keys: string[]) => keys.map((k) => body[k]).find((v) => v !== undefined) as number[] | undefined;
  const {
    participantsGroupPro: _a,
    participantGroupProIds: _b,
    specialityIds: _c,
    specialities: _d,
    zoneIds: _e,
    zones: _f,
    tagIds: _g,
    tags: _h,
    projectId: _i,
    versionId: _j,
    ...rest
  } = body;
  return {
    ...(rest as ParticipantInput),
    lotIds: pick("participantsGroupPro", "participantGroupProIds"),
    specialityIds: pick("specialityIds", "specialities"),
    zoneIds: pick("zoneIds", "zones"),
    tagIds: pick("tagIds", "tags"),
  };
}

const COLUMNS: Record<string, string> = {
  name: "name",
  companyName: "company_name",
  color: "color",
  projectManagerEmail: "project_manager_email",
  projectManagerFirstName: "project_manager_first_name",
  projectManagerLastName: "project_manager_last_name",
  projectManagerPhoneNumber: "project_manager_phone_number",
};

async function saveLinks(
  db: Db,
  participant: { id: number; version_id: number },
  input: ParticipantInput,
): Promise<void> {
  const v = participant.version_id;
  if (input.lotIds !== undefined)
    await assertInVersion(db, "participant_group_pros", input.lotIds, v, "participantsGroupPro");
  if (input.specialityIds !== undefined)
    await assertInVersion(db, "specialities", input.specialityIds, v, "specialityIds");
  if (input.zoneIds !== undefined) await assertInVersion(db, "zones", input.zoneIds, v, "zoneIds");
  if (input.tagIds !== undefined) await assertInVersion(db, "tags", input.tagIds, v, "tagIds");
  if (input.lotIds !== undefined)
    await replaceLinks(
      db,
      "participant_group_pro_participants",
      "participant_id",
      participant.id,
      "participant_group_pro_id",
      input.lotIds,
      v,
    );
  if (input.specialityIds !== undefined)
    await replaceLinks(
      db,
      "participant_specialities",
      "participant_id",
      participant.id,
      "speciality_id",
      input.specialityIds,
      v,
    );
  if (input.zoneIds !== undefined)
    await replaceLinks(db, "participant_zones", "participant_id", participant.id, "zone_id", input.zoneIds, v);
  if (input.tagIds !== undefined)
    await replaceLinks(db, "participant_tags", "participant_id", participant.id, "tag_id", input.tagIds, v);
  // Checked on the saved state, so that changing only the lots also checks the specialities already chosen.
  const lots = (await db("participant_group_pro_participants")
    .where({ participant_id: participant.id })
    .pluck("participant_group_pro_id")) as number[];
  const specs = await db("participant_specialities as j")
    .join("specialities as s", "s.id", "j.speciality_id")
    .where("j.participant_id", participant.id)
    .select("s.id", "s.participant_group_pro_id");
  const wrong = specs
    .filter((s) => s.participant_group_pro_id !== null && !lots.includes(s.participant_group_pro_id))
    .map((s) => s.id as number);
  if (wrong.length > 0)
    throw new AppError("speciality_participant_or_group_dont_match", { details: { specialityIds: wrong } });
}

export async function createParticipant(
  db: Db,
  scope: { projectId: number; versionId: number },
  input: ParticipantInput,
): Promise<number> {
  if (!input.name) throw new AppError("E_INVALID_NEW_RECORD", { details: { field: "name" } });
  const row: Record<string, unknown> = { project_id: scope.projectId, version_id: scope.versionId, color: "#FFFFFF" };
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = input[key as keyof ParticipantInput];
    if (value !== undefined) row[column] = value;
  }
  const [created] = await db("participants").insert(row).returning(["id", "version_id"]);
  await saveLinks(db, created, input);
  return created.id as number;
}

export async function updateParticipant(
  db: Db,
  participant: { id: number; version_id: number },
  input: ParticipantInput,
): Promise<void> {
  if (input.name !== undefined && input.name === "")
    throw new AppError("E_INVALID_NEW_RECORD", { details: { field: "name" } });
  const update: Record<string, unknown> = { updated_at: db.fn.now() };
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = input[key as keyof ParticipantInput];
    if (value !== undefined) update[column] = value;
  }
  await db("participants").where({ id: participant.id }).update(update);
  await saveLinks(db, participant, input);
}

export async function deleteParticipants(db: Db, ids: readonly number[]): Promise<void> {
  const used = await referencedIds(db, "events", "participant_id", ids);
  if (used.length > 0)
    throw new AppError("ImplementationError", {
      message: PARTICIPANT_REFERENCED_MESSAGE,
      details: { ids: used.sort((a, b) => a - b) },
    });
  await db("participants")
    .whereIn("id", ids as number[])
    .delete();
}
