import { AppError } from "@jalon/shared";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";
import type { ProjectRow, VersionRow } from "../access/projects.js";
import { copyVersionRows } from "../db/versionCopy.js";
import { cloneProjectTemplates } from "./templateCopy.js";

/**
 * PUT /project/{id}/clone: a new project with copies of the selected versions (at least one), its
 * templates, and the cloner as a member. One transaction. The copy of the source's current version is the
 * clone's current version (else the latest copied); a signed version stays signed if it was copied.
 */
export async function cloneProject(
  trx: Db,
  user: AuthUser,
  source: ProjectRow,
  versionIds: number[],
  name: string | undefined,
  pool?: Db,
): Promise<number> {
  const versions = (await trx("versions")
    .where({ project_id: source.id })
    .whereIn("id", versionIds)
    .orderBy("id")) as VersionRow[];
  if (versions.length !== new Set(versionIds).size) throw new AppError("errors.version_not_in_project");
  const columns = (await trx("projects").where({ id: source.id }).first()) as Record<string, unknown>;
  const {
    id: _id,
    share_token: _token,
    pusher_channel_id: _channel,
    created_at: _c,
    updated_at: _u,
    ...rest
  } = columns;
  const [project] = await trx("projects")
    .insert({
      ...rest,
      name: name ?? `${source.name} (copie)`,
      current_version_id: null,
      signed_version_id: null,
      is_public: false,
      is_archived: false,
      is_being_updated: false,
      created_by: user.id,
      cloned_from_project_id: source.id,
    })
    .returning("id");
  await trx("project_users").insert({ project_id: project.id, user_id: user.id });
  const picture = await trx("project_pictures").where({ project_id: source.id }).first();
  if (picture) {
    await trx("project_pictures").insert({
      ...picture,
      project_id: project.id,
      key: `${picture.key.slice(0, 40)}${project.id}c${Date.now().toString(36)}`.slice(0, 64),
    });
  }
  await cloneProjectTemplates(trx, source.id, project.id);
  const mapped = new Map<number, number>();
  for (const v of versions) {
    const {
      id: oldId,
      project_id: _p,
      created_at: _ca,
      updated_at: _ua,
      ...vrest
    } = v as VersionRow & Record<string, unknown>;
    const [nv] = await trx("versions")
      .insert({
        ...vrest,
        project_id: project.id,
        is_active_version: false,
        is_being_updated: false,
        copied_from_version_id: null,
        created_by: user.id,
      })
      .returning("id");
    await copyVersionRows(trx, {
      fromVersionId: oldId,
      toVersionId: nv.id,
      fromProjectId: source.id,
      toProjectId: project.id,
      pool,
    });
    mapped.set(oldId, nv.id);
  }
  const current =
    (source.current_version_id && mapped.get(source.current_version_id)) ||
    mapped.get(versions[versions.length - 1].id)!;
  await trx("versions").where({ id: current }).update({ is_active_version: true });
  await trx("projects")
    .where({ id: project.id })
    .update({
      current_version_id: current,
      signed_version_id: (source.signed_version_id && mapped.get(source.signed_version_id)) || null,
    });
  return project.id as number;
}
