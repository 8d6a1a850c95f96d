import { AppError, PERMISSIONS, QUALITY_CONTROL_EXTERNAL_FIELDS } from "@jalon/shared";
import { readableProject } from "../../access/projects.js";
import type { AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";

/**
 * Who may do what with quality controls (issue 18; spec 001 section 6: the quality pages are external level).
 * Reading (lists, one control, its history, categories, linked, export) is open to the project's members from
 * the external level up; creating, deleting and changing anything is for the project's managers, on a version
 * that is not frozen; an external member may change the status (with its comment and completion date) of the
 * project's controls and nothing else. A user outside the project (an external user of other projects, a
 * manager of another project) gets 403 errors.forbidden; a guest 403 from the role check.
 */
export const QUALITY_CONTROL_ROLES = {
  read: PERMISSIONS.external,
  create: PERMISSIONS.manager,
  /** PATCH one or many: the command narrows external users to QUALITY_CONTROL_EXTERNAL_FIELDS. */
  update: PERMISSIONS.external,
  delete: PERMISSIONS.manager,
} as const;

/** Whether an external member may send these fields (403 errors.forbidden otherwise). */
export function assertExternalMayChange(fields: readonly string[]): void {
  const allowed = QUALITY_CONTROL_EXTERNAL_FIELDS as readonly string[];
  if (fields.some((f) => !allowed.includes(f))) throw new AppError("errors.forbidden");
}

/** The control `id`, in a project the user belongs to (404 without it, 403 outside the project). */
export async function readableControl(db: Db, user: AuthUser, controlId: number): Promise<void> {
  const row = await db("quality_controls").where({ id: controlId }).first("project_id");
  if (!row) throw new AppError("errors.not_found");
  await readableProject(db, user, row.project_id as number);
}
