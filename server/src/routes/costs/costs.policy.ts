import { AppError, FINANCE_VERSIONS_MAX, PERMISSIONS } from "@jalon/shared";
import type { AuthUser } from "../../context.js";
import { readScope, type VersionScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";

/**
 * Who reads the cost monitoring and which versions it compares: the project's managers (spec 001: manager
 * screens; an external user or a guest is refused by the role, a manager of another project by readScope).
 */
export const COSTS_ROLES = PERMISSIONS.manager;

export async function costsScope(db: Db, user: AuthUser, projectId: number, versionId?: number): Promise<VersionScope> {
  return readScope(db, user, projectId, versionId);
}

/** The project's referent version (the starred one), if any. */
export async function referentVersionId(db: Db, projectId: number): Promise<number | null> {
  const row = await db("versions")
    .where({ project_id: projectId, is_referent_version: true })
    .orderBy("id", "desc")
    .first("id");
  return (row?.id as number | undefined) ?? null;
}

export interface ComparedVersion {
  id: number;
  name: string;
  isReferent: boolean;
}

/**
 * The versions of a finance chart: the requested one first, then the asked ones (the referent one when none is
 * asked), all of the same project, 4 at most.
 */
export async function comparedVersions(db: Db, scope: VersionScope, asked?: number[]): Promise<ComparedVersion[]> {
  const referent = await referentVersionId(db, scope.projectId);
  const others = asked ?? (referent !== null ? [referent] : []);
  const wanted = [scope.versionId, ...others.filter((v, k) => v !== scope.versionId && others.indexOf(v) === k)];
  if (wanted.length > FINANCE_VERSIONS_MAX) throw new AppError("errors.compare_max_versions");
  const rows = (await db("versions")
    .whereIn("id", wanted)
    .select("id", "name", "project_id", "is_referent_version")) as {
    id: number;
    name: string;
    project_id: number;
    is_referent_version: boolean;
  }[];
  return wanted.map((v) => {
    const row = rows.find((r) => r.id === v);
    if (!row) throw new AppError("errors.version_not_found");
    if (row.project_id !== scope.projectId) throw new AppError("errors.version_not_in_project");
    return { id: row.id, name: row.name, isReferent: row.is_referent_version };
  });
}

/** A version given by id must belong to the project (the referent of a productivity table). */
export async function versionOfProject(db: Db, projectId: number, versionId: number): Promise<number> {
  const row = await db("versions").where({ id: versionId }).first("project_id");
  if (!row) throw new AppError("errors.version_not_found");
  if (row.project_id !== projectId) throw new AppError("errors.version_not_in_project");
  return versionId;
}
