import { AppError, PERMISSIONS } from "@jalon/shared";
import { readableProject } from "../../access/projects.js";
import type { AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";

/**
 * Quality-control templates are a library screen of the project's managers (spec 001 section 2: manager
 * level): every call needs a manager (or an admin) of the project; external users and guests get 403 from the
 * role check, a manager of another project 403 errors.forbidden.
 */
export const QUALITY_CONTROL_TEMPLATE_ROLES = { read: PERMISSIONS.manager, write: PERMISSIONS.manager } as const;

/** The template `id` of a project the user belongs to (404 without it). */
export async function readableTemplate(db: Db, user: AuthUser, templateId: number): Promise<void> {
  const row = await db("quality_control_templates").where({ id: templateId }).first("project_id");
  if (!row) throw new AppError("errors.not_found");
  await readableProject(db, user, row.project_id as number);
}
