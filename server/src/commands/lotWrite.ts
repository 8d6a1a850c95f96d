import { AppError } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import type { Emits } from "../http/route.js";
import { assertInVersion, referencedIds, replaceLinks } from "./referenceLinks.js";

/**
 * Project lots (participant-group-pro, spec 001 sections 3, 5, 8): a name unique in the version
 * (participant_group_name_exists), a colour (#FFFFFF by default), tags, specialities edited inside the lot
 * and the participants (companies) of the lot. A lot, or a speciality of it, that tasks or macro-tasks use
 * cannot be deleted: 400 ImplementationError with the ids.
 */

export const LOT_DEFAULT_COLOR = "#FFFFFF";
export const LOT_REFERENCED_MESSAGE =
  "Certains lots ne peuvent pas être supprimés car des tâches ou des macro-tâches les utilisent.";
export const SPECIALITY_REFERENCED_MESSAGE =
  "Certaines spécialités ne peuvent pas être supprimées car des tâches les utilisent.";

export interface LotSpecialityInput {
  id?: number;
  name: string;
  tagIds?: number[];
  tags?: number[];
}

export interface LotInput {
  name: string;
  color?: string;
  tagIds?: number[];
  specialities?: LotSpecialityInput[];
  participantIds?: number[];
}

export async function assertLotNameFree(db: Db, versionId: number, name: string, exceptId?: number): Promise<void> {
  const q = db("participant_group_pros").where({ version_id: versionId }).whereRaw("lower(name) = lower(?)", [name]);
  if (exceptId !== undefined) q.whereNot({ id: exceptId });
  if (await q.first("id")) throw new AppError("participant_group_name_exists", { details: { field: "name" } });
}

async function saveSpecialities(
  db: Db,
  lot: { id: number; project_id: number; version_id: number },
  list: LotSpecialityInput[],
): Promise<void> {
  const existing = (await db("specialities").where({ participant_group_pro_id: lot.id }).pluck("id")) as number[];
  const kept = list.filter((s) => s.id !== undefined).map((s) => s.id as number);
  const foreign = kept.filter((id) => !existing.includes(id));
  if (foreign.length > 0)
    throw new AppError("errors.validation", {
      message: "Cette spécialité n'appartient pas au lot.",
      details: { field: "specialities", ids: foreign },
    });
  const removed = existing.filter((id) => !kept.includes(id));
  const used = await referencedIds(db, "events", "speciality_id", removed);
  if (used.length > 0)
    throw new AppError("ImplementationError", { message: SPECIALITY_REFERENCED_MESSAGE, details: { ids: used } });
  if (removed.length > 0) await db("specialities").whereIn("id", removed).delete();
  for (const s of list) {
    const tagIds = s.tagIds ?? s.tags;
    if (tagIds) await assertInVersion(db, "tags", tagIds, lot.version_id, "specialities.tagIds");
    let id = s.id;
    if (id === undefined) {
      const [row] = await db("specialities")
        .insert({
          project_id: lot.project_id,
          version_id: lot.version_id,
          name: s.name,
          participant_group_pro_id: lot.id,
        })
        .returning("id");
      id = row.id as number;
    } else {
      await db("specialities").where({ id }).update({ name: s.name, updated_at: db.fn.now() });
    }
    if (tagIds) await replaceLinks(db, "speciality_tags", "speciality_id", id, "tag_id", tagIds, lot.version_id);
  }
}

async function saveLinks(db: Db, lot: { id: number; version_id: number }, input: Partial<LotInput>): Promise<void> {
  if (input.tagIds !== undefined) {
    await assertInVersion(db, "tags", input.tagIds, lot.version_id, "tagIds");
    await replaceLinks(
      db,
      "participant_group_pro_tags",
      "participant_group_pro_id",
      lot.id,
      "tag_id",
      input.tagIds,
      lot.version_id,
    );
  }
  if (input.participantIds !== undefined) {
    await assertInVersion(db, "participants", input.participantIds, lot.version_id, "participantIds");
    await replaceLinks(
      db,
      "participant_group_pro_participants",
      "participant_group_pro_id",
      lot.id,
      "participant_id",
      input.participantIds,
      lot.version_id,
    );
  }
}

export async function createLot(
  db: Db,
  scope: { projectId: number; versionId: number },
  input: LotInput,
  participantGroupId: number | null = null,
): Promise<number> {
  await assertLotNameFree(db, scope.versionId, input.name);
  const [row] = await db("participant_group_pros")
    .insert({
      project_id: scope.projectId,
      version_id: scope.versionId,
      name: input.name,
      color: input.color ?? LOT_DEFAULT_COLOR,
      participant_group_id: participantGroupId,
    })
    .returning(["id", "project_id", "version_id"]);
  await saveLinks(db, row, input);
  if (input.specialities) await saveSpecialities(db, row, input.specialities);
  return row.id as number;
}

export async function updateLot(
  db: Db,
  lot: { id: number; project_id: number; version_id: number },
  input: Partial<LotInput>,
): Promise<void> {
  const update: Record<string, unknown> = {};
  if (input.name !== undefined) {
    await assertLotNameFree(db, lot.version_id, input.name, lot.id);
    update.name = input.name;
  }
  if (input.color !== undefined) update.color = input.color;
  await db("participant_group_pros")
    .where({ id: lot.id })
    .update({ ...update, updated_at: db.fn.now() });
  await saveLinks(db, lot, input);
  if (input.specialities !== undefined) await saveSpecialities(db, lot, input.specialities);
}

export async function deleteLots(db: Db, ids: readonly number[]): Promise<void> {
  const specialities = (await db("specialities")
    .whereIn("participant_group_pro_id", ids as number[])
    .select("id", "participant_group_pro_id")) as { id: number; participant_group_pro_id: number }[];
  const usedSpecs = await referencedIds(
    db,
    "events",
    "speciality_id",
    specialities.map((s) => s.id),
  );
  const used = new Set<number>([
    ...(await referencedIds(db, "events", "participant_group_pro_id", ids, "participant_group_pros")),
    ...(await referencedIds(db, "macro_tasks", "participant_group_pro_id", ids)),
    ...specialities.filter((s) => usedSpecs.includes(s.id)).map((s) => s.participant_group_pro_id),
  ]);
  if (used.size > 0)
    throw new AppError("ImplementationError", {
      message: LOT_REFERENCED_MESSAGE,
      details: { ids: [...used].sort((a, b) => a - b) },
    });
  await db("participant_group_pros")
    .whereIn("id", ids as number[])
    .delete();
}

/** Copies library lots into the version; a lot whose name the version already has is left as it is. */
export async function importLibraryLots(
  db: Db,
  scope: { projectId: number; versionId: number },
  libraryIds: readonly number[],
): Promise<number[]> {
  const library = (await db("participant_groups")
    .whereIn("id", libraryIds as number[])
    .orderBy("name")
    .select("id", "name", "color")) as { id: number; name: string; color: string }[];
  const missing = [...new Set(libraryIds)].filter((id) => !library.some((l) => l.id === id));
  if (missing.length > 0) throw new AppError("errors.not_found", { details: { ids: missing } });
  const ids: number[] = [];
  for (const l of library) {
    const same = await db("participant_group_pros")
      .where({ version_id: scope.versionId })
      .whereRaw("lower(name) = lower(?)", [l.name])
      .first("id");
    if (same) continue;
    ids.push(await createLot(db, scope, { name: l.name, color: l.color }, l.id));
  }
  return ids;
}

export function emitReference(
  emits: Emits,
  resource: string,
  scope: { projectId: number; versionId: number },
  initiatorId: number,
  ids: number[],
): void {
  emits.add({
    event: "reference:update",
    projectId: scope.projectId,
    versionId: scope.versionId,
    initiatorId,
    ids,
    data: { resource },
  });
}
