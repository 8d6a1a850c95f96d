import { AppError } from "@jalon/shared";
import { VERSION_LOCK_SPACE } from "../planning/writeLock.js";
import type { AppDeps, AuthUser } from "../context.js";
import type { Emits } from "../http/route.js";
import { writableProject, type VersionRow } from "../access/projects.js";
import { copyVersionRows } from "../db/versionCopy.js";
import { countOf } from "../db/numbers.js";

export interface CreateVersionInput {
  projectId: number;
  name?: string;
  isManualVersion?: boolean;
  /** Freeze: archive the current version (refused without new changes) and continue on the copy. */
  freeze?: boolean;
}

/**
 * Creates a version from the project's current one (POST /version) or freezes it (PATCH /project/{id}/close).
 * As the design says: a short transaction flags the project isBeingUpdated (version:startCreate), the copy
 * runs in its own transaction with `INSERT ... SELECT` per table and makes the new version current, which
 * clears the flag (version:endCreate); a failure clears the flag, and the route sends the error twins of
 * version:startCreate and version:endCreate (route()'s Emits). A refusal before the start (the project is
 * already being updated...) sends nothing: the room's updating state belongs to the creation in progress.
 */
export async function createVersion(
  deps: AppDeps,
  emits: Emits,
  user: AuthUser,
  input: CreateVersionInput,
): Promise<VersionRow> {
  const { db } = deps;
  const sourceId = await db.transaction(async (trx) => {
    const project = await writableProject(trx, user, input.projectId);
    if (project.is_being_updated) throw new AppError("errors.project_being_updated");
    if (!project.current_version_id) throw new AppError("errors.version_not_found");
    const current = (await trx("versions").where({ id: project.current_version_id }).first()) as VersionRow;
    if (input.freeze) {
      if (current.is_archived) throw new AppError("errors.version_frozen");
      if (current.write_counter === 0) throw new AppError("errors.error_close_project");
    }
    await trx("projects").where({ id: project.id }).update({ is_being_updated: true });
    return current.id;
  });
  const base = { projectId: input.projectId, versionId: sourceId, initiatorId: user.id };
  emits.now({ event: "version:startCreate", ...base, ids: [] });
  emits.expect("version:endCreate", base);

  try {
    const created = await db.transaction(async (trx) => {
      // Wait for writes in flight on the source version, then copy it.
      await trx.raw("SELECT pg_advisory_xact_lock(?, ?)", [VERSION_LOCK_SPACE, sourceId]);
      const count = countOf(await trx("versions").where({ project_id: input.projectId }).count({ count: "*" }));
      const name = input.name ?? `Version ${count + 1}`;
      const [version] = (await trx("versions")
        .insert({
          project_id: input.projectId,
          name,
          is_manual_version: input.isManualVersion ?? !input.freeze,
          is_active_version: false,
          is_being_updated: true,
          copied_from_version_id: sourceId,
          created_by: user.id,
        })
        .returning("*")) as VersionRow[];
      await copyVersionRows(trx, {
        fromVersionId: sourceId,
        toVersionId: version.id,
        fromProjectId: input.projectId,
        toProjectId: input.projectId,
        pool: db,
      });
      if (input.freeze) {
        await trx("versions")
          .where({ id: sourceId })
          .update({ is_archived: true, archived_at: trx.fn.now(), updated_at: trx.fn.now() });
      }
      await trx("versions").where({ project_id: input.projectId }).update({ is_active_version: false });
      const [done] = (await trx("versions")
        .where({ id: version.id })
        .update({ is_active_version: true, is_being_updated: false, updated_at: trx.fn.now() })
        .returning("*")) as VersionRow[];
      await trx("projects")
        .where({ id: input.projectId })
        .update({ current_version_id: version.id, is_being_updated: false, updated_at: trx.fn.now() });
      return done;
    });
    emits.add({
      event: "version:endCreate",
      ...base,
      versionId: created.id,
      ids: [created.id],
      data: { versionId: created.id, frozenVersionId: input.freeze ? sourceId : null },
    });
    return created;
  } catch (e) {
    await db("projects")
      .where({ id: input.projectId })
      .update({ is_being_updated: false })
      .catch(() => undefined);
    throw e;
  }
}
