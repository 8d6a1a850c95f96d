import { AppError } from "@jalon/shared";
import { VERSION_LOCK_SPACE } from "../planning/writeLock.js";
import { errorEventOf } from "@jalon/shared/realtime";
import type { AppDeps, AuthUser } from "../context.js";
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
 * clears the flag (version:endCreate); a failure clears the flag and emits version:endCreate:error.
 * Emits: version:startCreate, version:endCreate (or its error twin).
 */
export async function createVersion(deps: AppDeps, user: AuthUser, input: CreateVersionInput): Promise<VersionRow> {
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
  deps.emit({ event: "version:startCreate", ...base, ids: [] });

  try {
    const created = await db.transaction(async (trx) => {
      // Wait for writes in flight on the source version, then copy it.
      await trx.raw("SELECT pg_advisory_xact_lock(?, ?)", [VERSION_LOCK_SPACE, sourceId]);
      const count = countOf(await trx("versions").where({ project_id: input.projectId }).count({ count: "*" }));
      const name = input.name ?? `Version ${count + 1}`;
      const [version] = (await trx("versions").insert({
        project_id: input.projectId,
        name,
        is_manual_version: input.isManualVersion ?? !input.freeze,
        is_active_version: false,
        is_being_updated: true,
        copied_from_version_id: sourceId,
        created_by: user.id,
      }).returning("*")) as VersionRow[];
      await copyVersionRows(trx, { fromVersionId: sourceId, toVersionId: version.id, fromProjectId: input.projectId, toProjectId: input.projectId, pool: db });
      if (input.freeze) {
        await trx("versions").where({ id: sourceId }).update({ is_archived: true, archived_at: trx.fn.now(), updated_at: trx.fn.now() });
      }
      await trx("versions").where({ project_id: input.projectId }).update({ is_active_version: false });
      const [done] = (await trx("versions").where({ id: version.id })
        .update({ is_active_version: true, is_being_updated: false, updated_at: trx.fn.now() }).returning("*")) as VersionRow[];
      await trx("projects").where({ id: input.projectId })
        .update({ current_version_id: version.id, is_being_updated: false, updated_at: trx.fn.now() });
      return done;
    });
    deps.emit({ event: "version:endCreate", ...base, versionId: created.id, ids: [created.id], data: { versionId: created.id, frozenVersionId: input.freeze ? sourceId : null } });
    return created;
  } catch (e) {
    await db("projects").where({ id: input.projectId }).update({ is_being_updated: false }).catch(() => undefined);
    deps.emit({ event: errorEventOf("version:endCreate"), ...base, ids: [], code: e instanceof AppError ? e.code : "errors.default" });
    throw e;
  }
}
