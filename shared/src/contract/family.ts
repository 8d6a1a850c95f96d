/**
 * The order-line family contract (spec 001 section 7, GET /family): a read-only list shared by every project,
 * which macro-tasks track in their followed zones. Its entity and the list's filter fields.
 */
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import type { Ref } from "./common.js";

/** The JSON of a family: its id and name. */
export type Family = Ref;

/**
 * GET /family: filter name contL; 10,000 rows by name by default. `projectId` / `versionId` keep the families
 * that order lines of that project / version use (the planning's families filter lists those).
 */
export const familyListResource = defineListResource({
  fields: { id: "number", name: "string", projectId: "number", versionId: "number" },
  sortable: ["id", "name"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});
