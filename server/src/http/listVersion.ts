import { AppError, eqFilterValue, type ListQuery } from "@jalon/shared";
import { readableProject, readableVersion } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";

/**
 * The version a list of version rows reads (GET /event, GET /sequence): its versionId filter triple, which must
 * belong to the projectId one when both are given, else the projectId's current version; neither is
 * errors.no_project. Access is checked on the way (readable by the user).
 */
export async function listVersionId(db: Db, user: AuthUser, query: ListQuery): Promise<number> {
  const versionFilter = eqFilterValue(query, "versionId");
  const projectFilter = eqFilterValue(query, "projectId");
  if (typeof versionFilter === "number") {
    const { version } = await readableVersion(db, user, versionFilter);
    if (typeof projectFilter === "number" && version.project_id !== projectFilter)
      throw new AppError("errors.version_not_in_project");
    return version.id;
  }
  if (typeof projectFilter === "number") {
    const project = await readableProject(db, user, projectFilter);
    if (!project.current_version_id) throw new AppError("errors.version_not_found");
    return project.current_version_id;
  }
  throw new AppError("errors.no_project");
}
