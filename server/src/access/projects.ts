import { AppError, isManagerRole } from "@jalon/shared";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";

export interface ProjectRow {
  id: number;
  name: string;
  is_archived: boolean;
  is_public: boolean;
  is_being_updated: boolean;
  current_version_id: number | null;
  signed_version_id: number | null;
  [key: string]: unknown;
}

export interface VersionRow {
  id: number;
  project_id: number;
  name: string;
  is_archived: boolean;
  is_active_version: boolean;
  is_being_updated: boolean;
  write_counter: number;
  [key: string]: unknown;
}

export async function isMember(db: Db, projectId: number, userId: number): Promise<boolean> {
  const row = await db("project_users").where({ project_id: projectId, user_id: userId }).first("user_id");
  return row !== undefined;
}

/**
 * A project the user may read: admins see every project, others only those they belong to; an archived
 * project is closed to external users. `forUpdate` locks the row for the rest of the transaction.
 */
export async function readableProject(db: Db, user: AuthUser, projectId: number, opts: { forUpdate?: boolean } = {}): Promise<ProjectRow> {
  const q = db("projects").where({ id: projectId }).first();
  if (opts.forUpdate) q.forUpdate();
  const project = (await q) as ProjectRow | undefined;
  if (!project) throw new AppError("errors.project_not_found");
  if (user.type !== "admin" && !(await isMember(db, projectId, user.id))) throw new AppError("errors.forbidden");
  if (project.is_archived && !isManagerRole(user.type)) throw new AppError("errors.project_archived");
  return project;
}

/** A project a manager may change: readable, and not archived unless the change is the un-archiving. */
export async function writableProject(db: Db, user: AuthUser, projectId: number, opts: { allowArchived?: boolean } = {}): Promise<ProjectRow> {
  const project = await readableProject(db, user, projectId, { forUpdate: true });
  if (!isManagerRole(user.type)) throw new AppError("errors.forbidden");
  if (project.is_archived && !opts.allowArchived) throw new AppError("errors.project_archived");
  return project;
}

export async function readableVersion(db: Db, user: AuthUser, versionId: number): Promise<{ version: VersionRow; project: ProjectRow }> {
  const version = (await db("versions").where({ id: versionId }).first()) as VersionRow | undefined;
  if (!version) throw new AppError("errors.version_not_found");
  const project = await readableProject(db, user, version.project_id);
  return { version, project };
}

