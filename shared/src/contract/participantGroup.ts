/**
 * The library lot contract (spec 001 section 7, /participant-group): the global library of lots that projects
 * copy. Its entity, request schemas and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import { colour, id, idList, requiredText } from "../schemas.js";
import type { FieldsOf } from "./common.js";
import type { ErrorCode } from "../errors.js";

/** The JSON of a library lot: a name and a colour; `projects` counts the projects that copied it. */
export interface LibraryLot {
  id: number;
  name: string;
  color: string;
  projects: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export const libraryLotParams = z.object({ id });

/** POST /participant-group {name, color?}: a lot of the global library. */
export const libraryLotCreateBody = z.object({ name: requiredText(), color: colour.optional() }).strict();
/** PATCH /participant-group/{id}: changed fields only. */
export const libraryLotUpdateBody = z.object({ name: requiredText(), color: colour }).partial().strict();
export const libraryLotBulkDeleteBody = z.object({ ids: idList }).strict();

/** The fields the library lot screen writes. */
export type LibraryLotFields = FieldsOf<typeof libraryLotCreateBody>;

/** GET /participant-group: paged, name filter, name ASC, 10,000 by default. */
export const libraryLotListResource = defineListResource({
  fields: { id: "number", name: "string", color: "string", createdAt: "datetime", updatedAt: "datetime" },
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** Error keys a library lot call answers with (besides the generic ones). */
export const LIBRARY_LOT_ERRORS = [
  "errors.not_found",
  "participant_group_name_exists",
  "ImplementationError",
] as const satisfies readonly ErrorCode[];

/** The library is global (no project): its writes send no live event. */
export const LIBRARY_LOT_REALTIME = null;
