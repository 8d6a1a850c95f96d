import { AppError } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { assertInVersion, referencedIds, replaceLinks } from "./referenceLinks.js";

/**
 * Macro-task writes (spec 001 sections 3, 5, 7): the lot, its specialities (which must belong to that lot
 * when they have one: speciality_participant_or_group_dont_match), tags, the tracked unit and the tracked
 * families per zone, every reference in the macro-task's version. A macro-task its tasks use cannot be
 * deleted (ImplementationError, like the other referenced rows).
 */
export interface MacroTaskInput {
  name?: string;
  participantGroupProId?: number | null;
  specialityIds?: number[];
  tagIds?: number[];
  trackedUnit?: string | null;
  trackedFamilies?: Record<string, number[]>;
  isComplete?: boolean;
}

export const MACRO_TASK_REFERENCED_MESSAGE =
  "Certaines macro-tâches ne peuvent pas être supprimées car des tâches les utilisent.";

async function check(db: Db, versionId: number, input: MacroTaskInput, groupId: number | null): Promise<void> {
  if (input.participantGroupProId !== undefined && input.participantGroupProId !== null) {
    await assertInVersion(
      db,
      "participant_group_pros",
      [input.participantGroupProId],
      versionId,
      "participantGroupProId",
    );
  }
  const specialityIds = input.specialityIds;
  if (specialityIds !== undefined) await assertInVersion(db, "specialities", specialityIds, versionId, "specialityIds");
  // The specialities kept or sent must fit the lot the macro-task ends up with.
  if (groupId !== null && (specialityIds !== undefined || input.participantGroupProId !== undefined)) {
    const ids = specialityIds ?? [];
    const wrong =
      ids.length === 0
        ? []
        : await db("specialities")
            .whereIn("id", ids)
            .whereNotNull("participant_group_pro_id")
            .whereNot("participant_group_pro_id", groupId)
            .pluck("id");
    if (wrong.length > 0) throw new AppError("speciality_participant_or_group_dont_match", { details: { ids: wrong } });
  }
  if (input.tagIds !== undefined) await assertInVersion(db, "tags", input.tagIds, versionId, "tagIds");
  if (input.trackedFamilies !== undefined) {
    await assertInVersion(db, "zones", Object.keys(input.trackedFamilies).map(Number), versionId, "trackedFamilies");
    const families = [...new Set(Object.values(input.trackedFamilies).flat())];
    if (families.length > 0) {
      const found = await db("families").whereIn("id", families).pluck("id");
      const missing = families.filter((f) => !found.includes(f));
      if (missing.length > 0)
        throw new AppError("errors.validation", {
          message: "Famille inconnue (trackedFamilies).",
          details: { field: "trackedFamilies", ids: missing },
        });
    }
  }
}

function columns(input: MacroTaskInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.participantGroupProId !== undefined) out.participant_group_pro_id = input.participantGroupProId;
  if (input.trackedUnit !== undefined) out.tracked_unit = input.trackedUnit;
  if (input.trackedFamilies !== undefined) out.tracked_families = JSON.stringify(input.trackedFamilies);
  if (input.isComplete !== undefined) out.is_complete = input.isComplete;
  return out;
}

async function links(db: Db, id: number, versionId: number, input: MacroTaskInput): Promise<void> {
  if (input.specialityIds !== undefined)
    await replaceLinks(
      db,
      "macro_task_specialities",
      "macro_task_id",
      id,
      "speciality_id",
      input.specialityIds,
      versionId,
    );
  if (input.tagIds !== undefined)
    await replaceLinks(db, "macro_task_tags", "macro_task_id", id, "tag_id", input.tagIds, versionId);
}

export async function createMacroTask(
  db: Db,
  scope: { projectId: number; versionId: number },
  input: MacroTaskInput & { name: string },
): Promise<number> {
  await check(db, scope.versionId, input, input.participantGroupProId ?? null);
  const [row] = await db("macro_tasks")
    .insert({ project_id: scope.projectId, version_id: scope.versionId, ...columns(input) })
    .returning("id");
  await links(db, row.id, scope.versionId, input);
  return row.id as number;
}

export async function updateMacroTask(
  db: Db,
  row: { id: number; version_id: number },
  input: MacroTaskInput,
): Promise<void> {
  const current = await db("macro_tasks").where({ id: row.id }).forUpdate().first("participant_group_pro_id");
  const groupId =
    input.participantGroupProId !== undefined
      ? input.participantGroupProId
      : ((current?.participant_group_pro_id as number | null) ?? null);
  // A change of lot checks the specialities the macro-task keeps.
  const kept =
    input.specialityIds ??
    (input.participantGroupProId !== undefined
      ? await db("macro_task_specialities").where({ macro_task_id: row.id }).pluck("speciality_id")
      : undefined);
  await check(db, row.version_id, { ...input, specialityIds: kept }, groupId);
  const cols = columns(input);
  if (Object.keys(cols).length > 0)
    await db("macro_tasks")
      .where({ id: row.id })
      .update({ ...cols, updated_at: db.fn.now() });
  await links(db, row.id, row.version_id, input);
}

export async function deleteMacroTasks(db: Db, ids: readonly number[]): Promise<void> {
  const used = await referencedIds(db, "events", "macro_task_id", ids);
  if (used.length > 0)
    throw new AppError("ImplementationError", {
      message: MACRO_TASK_REFERENCED_MESSAGE,
      details: { ids: used.sort((a, b) => a - b) },
    });
  await db("macro_tasks")
    .whereIn("id", ids as number[])
    .delete();
}

/** GET /macro-task/{id}/zoning: each zone where it has tasks or is followed, with its tasks' dates and families. */
export async function macroTaskZoning(db: Db, id: number, trackedFamilies: Record<string, number[]>) {
  const byZone = await db("events as e")
    .join("zones as z", "z.id", "e.zone_id")
    .where("e.macro_task_id", id)
    .groupBy("z.id")
    .select(
      "z.id",
      db.raw("count(e.id)::int as events_count"),
      db.raw("min(e.start_date) as start_date"),
      db.raw("max(e.end_date) as end_date"),
    );
  const zoneIds = [
    ...new Set([...byZone.map((z: { id: number }) => z.id), ...Object.keys(trackedFamilies).map(Number)]),
  ];
  const zones =
    zoneIds.length === 0
      ? []
      : await db("zones")
          .whereIn("id", zoneIds)
          .orderBy("position")
          .orderBy("id")
          .select("id", "name", "full_name", "unity", "level");
  const stats = new Map(
    byZone.map((z: { id: number; events_count: number; start_date: string; end_date: string }) => [z.id, z]),
  );
  return zones.map((z) => {
    const s = stats.get(z.id) as { events_count: number; start_date: string; end_date: string } | undefined;
    return {
      zoneId: z.id as number,
      zone: {
        id: z.id as number,
        name: z.name as string,
        fullName: (z.full_name as string | null) ?? null,
        unity: z.unity as string,
        level: z.level as number,
      },
      eventsCount: s ? Number(s.events_count) : 0,
      startDate: s?.start_date ?? null,
      endDate: s?.end_date ?? null,
      familyIds: trackedFamilies[String(z.id)] ?? [],
    };
  });
}
