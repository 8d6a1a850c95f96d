/**
 * The lot (participant-group-pro) contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import { colour, id, idList, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { Ref, TagRef, VersionOwned } from "./common.js";

const tagIds = z.array(id).max(1000);

/** A speciality inside a lot: an id keeps (and renames) an existing one, no id creates it. */
const lotSpeciality = z
  .object({ id: id.optional(), name: requiredText(), tagIds: tagIds.optional(), tags: tagIds.optional() })
  .strict();

const lotFields = {
  name: requiredText(),
  color: colour,
  tagIds,
  tags: tagIds,
  specialities: z.array(lotSpeciality).max(500),
  participantIds: z.array(id).max(10_000),
};

/** POST /participant-group-pro: colour #FFFFFF by default. */
export const lotCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    ...lotFields,
  })
  .partial({ color: true, tagIds: true, tags: true, specialities: true, participantIds: true })
  .strict();

/** PATCH /participant-group-pro/{id}: changed fields; `specialities` replaces the lot's list. */
export const lotUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    ...lotFields,
  })
  .partial()
  .strict();

/** POST /participant-group-pro/bulk-import {ids, projectId}: library lots copied into the project. */
export const lotBulkImportBody = z
  .object({ ids: idList, projectId: projectRef, versionId: projectRef.optional() })
  .strict();

/** GET /participant-group-pro: filter triples; 10,000 rows and name ASC by default. */
export const lotListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    color: "string",
    participantGroupId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  joins: ["participants", "specialities", "tags"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** A speciality as its lot lists it. */
export interface LotSpeciality {
  id: number;
  name: string;
  tags: TagRef[];
}

/** The JSON of a project lot (spec 001 section 3). `total` counts the lot's tasks and milestones. */
export interface Lot extends VersionOwned {
  id: number;
  name: string;
  color: string;
  tags: TagRef[];
  specialities: LotSpeciality[];
  participants: (Ref & { color: string })[];
  participantGroupId: number | null;
  total: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Error keys a lot call answers with (besides the generic ones). */
export const LOT_ERRORS = [
  "errors.not_found",
  "participant_group_name_exists",
  "ImplementationError",
] as const satisfies readonly ErrorCode[];

/** Lot writes send reference:update with this resource name: viewers refetch their lists. */
export const LOT_REALTIME = { event: "reference:update", resource: "participantGroupPro" } as const;
