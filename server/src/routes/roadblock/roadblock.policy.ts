import { PERMISSIONS } from "@jalon/shared";
import type { AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { readableRow, readScope, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";

/**
 * Who may do what with roadblocks. Reading (the lists, one roadblock, the zones) is open to the project's
 * members from the external level up, like the planning whose tasks show their open roadblocks; writing is for
 * the project's managers, on a version that is not frozen of a project that is not archived. A user outside the
 * project gets 403 errors.forbidden, a guest 403 from the role check, an external member 403 on writes.
 */
export const ROADBLOCK_ROLES = { read: PERMISSIONS.external, write: PERMISSIONS.manager } as const;

/** The version a create writes to: the one sent (of that project) or the project's current one. */
export const roadblockCreateScope = (db: Db, user: AuthUser, projectId: number, versionId: number | undefined) =>
  writeScope(db, user, projectId, versionId);

/** The version GET /roadblock/{projectId}/zones reads. */
export const roadblockReadScope = (db: Db, user: AuthUser, projectId: number, versionId: number | undefined) =>
  readScope(db, user, projectId, versionId);

export const readableRoadblock = (db: Db, user: AuthUser, id: number) => readableRow(db, user, "roadblocks", id);
export const writableRoadblock = (db: Db, user: AuthUser, id: number) => writableRow(db, user, "roadblocks", id);
/** Every id must exist, in one version the user may change. */
export const writableRoadblocks = (db: Db, user: AuthUser, ids: number[]) => writableRows(db, user, "roadblocks", ids);
