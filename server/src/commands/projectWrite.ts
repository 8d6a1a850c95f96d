import type { Knex } from "knex";
import type { z } from "zod";
import { AppError, SHARE_TOKEN_BYTES, type projectUpdateBody } from "@jalon/shared";
import type { ProjectRow } from "../access/projects.js";
import { randomToken } from "../auth/tokens.js";
import type { AccessChange } from "../context.js";

const FIELD_COLUMNS: Record<string, string> = {
  name: "name",
  floorArea: "floor_area",
  projectOwner: "project_owner",
  projectManager: "project_manager",
  opcCoordinator: "opc_coordinator",
  typology: "typology",
  description: "description",
  expectedStartDate: "expected_start_date",
  expectedEndDate: "expected_end_date",
  countingMode: "counting_mode",
};

/**
 * PATCH /project/{id}'s write: changed fields, archiving, the share link (a long random token made once) and
 * signing (only when the project has no signed version, with a version of its own). Answers the access the
 * change ended (archived: its external members and link; made private: its link), for route() to apply
 * after commit, or null.
 */
export async function updateProject(
  trx: Knex.Transaction,
  project: ProjectRow,
  body: z.output<typeof projectUpdateBody>,
): Promise<AccessChange | null> {
  const patch: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_COLUMNS)) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined) patch[column] = value;
  }
  if (body.isArchived !== undefined) patch.is_archived = body.isArchived;
  if (body.isPublic !== undefined) {
    patch.is_public = body.isPublic;
    if (body.isPublic && !project.share_token) patch.share_token = randomToken(SHARE_TOKEN_BYTES);
  }
  if (body.signedVersionId !== undefined) {
    if (project.signed_version_id) throw new AppError("errors.project_already_signed");
    const version = await trx("versions").where({ id: body.signedVersionId }).first("project_id");
    if (!version) throw new AppError("errors.version_not_found");
    if (version.project_id !== project.id) throw new AppError("errors.version_not_in_project");
    patch.signed_version_id = body.signedVersionId;
  }
  if (Object.keys(patch).length > 0) {
    patch.updated_at = trx.fn.now();
    await trx("projects").where({ id: project.id }).update(patch);
  }
  // Archiving closes the project to its external members and its share link; going private, to its link.
  const archived = body.isArchived === true && !project.is_archived;
  const linkClosed = project.is_public && (archived || body.isPublic === false);
  if (archived || linkClosed) {
    const userIds: number[] = archived
      ? await trx("project_users").where({ project_id: project.id }).pluck("user_id")
      : [];
    return { projectId: project.id, userIds, publicViewers: linkClosed };
  }
  return null;
}

/** Sets a project's picture (one per project, under a new random key) and touches the project. */
export async function setProjectPicture(
  trx: Knex.Transaction,
  projectId: number,
  picture: { data: Buffer; mime: string; name: string | null },
): Promise<void> {
  const row = {
    key: randomToken(24),
    mime: picture.mime,
    data: picture.data,
    file_name: picture.name,
    updated_at: trx.fn.now(),
  };
  await trx("project_pictures")
    .insert({ project_id: projectId, ...row })
    .onConflict("project_id")
    .merge();
  await trx("projects").where({ id: projectId }).update({ updated_at: trx.fn.now() });
}
