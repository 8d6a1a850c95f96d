import { PERMISSIONS } from "@jalon/shared";
import type { AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { readableRow, readScope, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";

/**
 * Who may do what with order lines, their tasks and their imports. They carry prices: reading and writing are
 * for the project's managers (spec 001 section 2: /dashboard/order-lines is a manager screen), writing on a
 * version that is not frozen of a project that is not archived. A user outside the project gets 403
 * errors.forbidden, an external user or a guest 403 from the role check.
 */
export const ORDER_LINE_ROLES = { read: PERMISSIONS.manager, write: PERMISSIONS.manager } as const;

/** The version a create or an import writes to: the one sent (of that project) or the project's current one. */
export const orderLineWriteScope = (db: Db, user: AuthUser, projectId: number, versionId: number | undefined) =>
  writeScope(db, user, projectId, versionId);

/** The version a read addresses (the project's current one without versionId). */
export const orderLineReadScope = (db: Db, user: AuthUser, projectId: number, versionId: number | undefined) =>
  readScope(db, user, projectId, versionId);

export const readableOrderLine = (db: Db, user: AuthUser, id: number) => readableRow(db, user, "order_lines", id);
export const writableOrderLine = (db: Db, user: AuthUser, id: number) => writableRow(db, user, "order_lines", id);
/** Every id must exist, in one version the user may change. */
export const writableOrderLines = (db: Db, user: AuthUser, ids: number[]) => writableRows(db, user, "order_lines", ids);
export const writableOrderLineTasks = (db: Db, user: AuthUser, ids: number[]) =>
  writableRows(db, user, "order_line_tasks", ids);
export const readableImport = (db: Db, user: AuthUser, id: number) => readableRow(db, user, "order_line_imports", id);
export const writableImport = (db: Db, user: AuthUser, id: number) => writableRow(db, user, "order_line_imports", id);
