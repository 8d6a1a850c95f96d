import { AppError, eqFilterValue, type ListQuery } from "@jalon/shared";
import { readableProject, readableVersion, writableProject, type ProjectRow } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";

/**
 * Where a reference-data request applies (tags, categories, phases, holidays, macro-tasks): the version a
 * list reads, the version a write changes, the row a write addresses. A user only reaches projects they
 * belong to (access/projects.ts); a frozen version or an archived project cannot change.
 */

export interface VersionScope {
  projectId: number;
  versionId: number;
  project: ProjectRow;
}

/** The version a read addresses: versionId (which must belong to projectId when both are given) or the project's current one. */
export async function readScope(
  db: Db,
  user: AuthUser,
  projectId: number | undefined,
  versionId: number | undefined,
): Promise<VersionScope> {
  if (versionId !== undefined) {
    const { version, project } = await readableVersion(db, user, versionId);
    if (projectId !== undefined && version.project_id !== projectId)
      throw new AppError("errors.version_not_in_project");
    return { projectId: project.id, versionId: version.id, project };
  }
  if (projectId !== undefined) {
    const project = await readableProject(db, user, projectId);
    if (!project.current_version_id) throw new AppError("errors.version_not_found");
    return { projectId: project.id, versionId: project.current_version_id, project };
  }
  throw new AppError("errors.no_project");
}

/** The version a list reads: its versionId / projectId eq filters, as readScope takes them. */
export async function listScope(db: Db, user: AuthUser, query: ListQuery): Promise<VersionScope> {
  const v = eqFilterValue(query, "versionId");
  const p = eqFilterValue(query, "projectId");
  return readScope(db, user, typeof p === "number" ? p : undefined, typeof v === "number" ? v : undefined);
}

async function assertVersionWritable(db: Db, projectId: number, versionId: number): Promise<void> {
  const version = await db("versions").where({ id: versionId }).first("project_id", "is_archived", "is_being_updated");
  if (!version) throw new AppError("errors.version_not_found");
  if (version.project_id !== projectId) throw new AppError("errors.version_not_in_project");
  if (version.is_archived) throw new AppError("errors.version_frozen");
  if (version.is_being_updated) throw new AppError("errors.project_being_updated");
}

/** The version a create changes: the one sent, or the project's current version. */
export async function writeScope(
  db: Db,
  user: AuthUser,
  projectId: number,
  versionId: number | undefined,
): Promise<VersionScope> {
  const project = await writableProject(db, user, projectId);
  const vid = versionId ?? project.current_version_id;
  if (!vid) throw new AppError("errors.no_project");
  await assertVersionWritable(db, projectId, vid);
  return { projectId, versionId: vid, project };
}

type ScopedRow = { id: number; project_id: number; version_id: number };

/** The row `id` of `table` with its project and version (404 errors.not_found without one). */
async function scopedRow(db: Db, table: string, id: number): Promise<ScopedRow> {
  const row = await db(table).where({ id }).first("id", "project_id", "version_id");
  if (!row) throw new AppError("errors.not_found");
  return row;
}

/** A row a write addresses by id, in a version the user may change (404 with `notFound` otherwise). */
export async function writableRow(db: Db, user: AuthUser, table: string, id: number): Promise<ScopedRow> {
  const row = await scopedRow(db, table, id);
  await writableProject(db, user, row.project_id);
  await assertVersionWritable(db, row.project_id, row.version_id);
  return row;
}

/** A row a read addresses by id, in a project the user may read. */
export async function readableRow(db: Db, user: AuthUser, table: string, id: number): Promise<ScopedRow> {
  const row = await scopedRow(db, table, id);
  await readableProject(db, user, row.project_id);
  return row;
}

/** Rows of a bulk write: every id must exist in one version the user may change. */
export async function writableRows(db: Db, user: AuthUser, table: string, ids: number[]): Promise<VersionScope> {
  const unique = [...new Set(ids)];
  const rows = await db(table).whereIn("id", unique).select("id", "project_id", "version_id");
  if (rows.length !== unique.length)
    throw new AppError("errors.not_found", { details: { ids: unique.filter((i) => !rows.some((r) => r.id === i)) } });
  const versions = new Set(rows.map((r) => r.version_id as number));
  if (versions.size !== 1)
    throw new AppError("errors.validation", { message: "Les lignes doivent appartenir à une seule version." });
  const { project_id: projectId, version_id: versionId } = rows[0];
  const project = await writableProject(db, user, projectId);
  await assertVersionWritable(db, projectId, versionId);
  return { projectId, versionId, project };
}
