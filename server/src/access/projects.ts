import { AppError, isManagerRole, type Role } from "@jalon/shared";
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
export async function readableProject(
  db: Db,
  user: AuthUser,
  projectId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<ProjectRow> {
  const q = db("projects").where({ id: projectId }).first();
  if (opts.forUpdate) q.forUpdate();
  const project = (await q) as ProjectRow | undefined;
  if (!project) throw new AppError("errors.project_not_found");
  if (user.type !== "admin" && !(await isMember(db, projectId, user.id))) throw new AppError("errors.forbidden");
  if (project.is_archived && !isManagerRole(user.type)) throw new AppError("errors.project_archived");
  return project;
}

/** A project a manager may change: readable, and not archived unless the change is the un-archiving. */
export async function writableProject(
  db: Db,
  user: AuthUser,
  projectId: number,
  opts: { allowArchived?: boolean } = {},
): Promise<ProjectRow> {
  const project = await readableProject(db, user, projectId, { forUpdate: true });
  if (!isManagerRole(user.type)) throw new AppError("errors.forbidden");
  if (project.is_archived && !opts.allowArchived) throw new AppError("errors.project_archived");
  return project;
}

export async function readableVersion(
  db: Db,
  user: AuthUser,
  versionId: number,
): Promise<{ version: VersionRow; project: ProjectRow }> {
  const version = (await db("versions").where({ id: versionId }).first()) as VersionRow | undefined;
  if (!version) throw new AppError("errors.version_not_found");
  const project = await readableProject(db, user, version.project_id);
  return { version, project };
}

/** Who holds a live socket: a signed-in user, or a visitor with a project's share link. */
export type Watcher = { userId: number } | { publicToken: string };

/**
 * Whether each watcher may still receive a project's live updates, in a few queries for any number of checks
 * (the periodic re-check of every socket asks them all at once). The rules are readableProject's: admins
 * watch every project, others the projects they belong to, archived ones only as managers; a share link
 * watches its project while it is public and not archived (GET /planning/public/{token}).
 */
export async function mayWatchAll(db: Db, checks: readonly { who: Watcher; projectId: number }[]): Promise<boolean[]> {
  const projectIds = [...new Set(checks.map((c) => c.projectId))];
  const userIds = [...new Set(checks.flatMap((c) => ("userId" in c.who ? [c.who.userId] : [])))];
  if (projectIds.length === 0) return [];
  const projects = new Map<number, { is_archived: boolean; is_public: boolean; share_token: string | null }>();
  for (const p of await db("projects")
    .whereIn("id", projectIds)
    .select("id", "is_archived", "is_public", "share_token"))
    projects.set(p.id, p);
  const types = new Map<number, string>();
  const members = new Set<string>();
  if (userIds.length > 0) {
    for (const u of await db("users").whereIn("id", userIds).select("id", "type")) types.set(u.id, u.type);
    const rows = await db("project_users")
      .whereIn("user_id", userIds)
      .whereIn("project_id", projectIds)
      .select("user_id", "project_id");
    for (const r of rows) members.add(`${r.user_id}:${r.project_id}`);
  }
  return checks.map(({ who, projectId }) => {
    const project = projects.get(projectId);
    if (!project) return false;
    if ("publicToken" in who)
      return project.is_public && !project.is_archived && project.share_token === who.publicToken;
    const type = types.get(who.userId);
    if (type === undefined) return false;
    if (project.is_archived && !isManagerRole(type as Role)) return false;
    return type === "admin" || members.has(`${who.userId}:${projectId}`);
  });
}

export async function mayWatch(db: Db, who: Watcher, projectId: number): Promise<boolean> {
  const [ok] = await mayWatchAll(db, [{ who, projectId }]);
  return ok ?? false;
}
