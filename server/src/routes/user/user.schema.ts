import type { ColumnMap } from "../../lib/listQuery.js";
// The user request schemas and filter fields are its contract: shared/src/contract/user.ts.
// Here: the SQL columns of the filter fields.
export const userColumns: ColumnMap = {
  id: "users.id",
  email: "users.email",
  firstname: "users.firstname",
  lastname: "users.lastname",
  type: "users.type",
  createdAt: "users.created_at",
  updatedAt: "users.updated_at",
  projectId: { through: "project_users", owner: "user_id", column: "project_id" },
};
