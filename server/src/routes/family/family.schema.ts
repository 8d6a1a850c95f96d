import type { ColumnMap } from "../../lib/listQuery.js";

// The family filter fields are its contract: shared/src/contract/family.ts. Here: their SQL columns; projectId
// and versionId go through the order lines that use the family.
export const familyColumns: ColumnMap = {
  id: "f.id",
  name: "f.name",
  projectId: { through: "order_lines", owner: "family_id", column: "project_id" },
  versionId: { through: "order_lines", owner: "family_id", column: "version_id" },
};
