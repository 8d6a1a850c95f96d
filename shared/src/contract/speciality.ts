/**
 * The speciality contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { TagRef, VersionOwned } from "./common.js";

export const specialityParams = z.object({ id });
const tagIds = z.array(id).max(1000);

/** POST /speciality {projectId, versionId?, name, participantGroupProId?, tagIds?}. */
export const specialityCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    participantGroupProId: z.union([id, z.null()]).optional(),
    tagIds: tagIds.optional(),
    tags: tagIds.optional(),
  })
  .strict();

export const specialityUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    participantGroupProId: z.union([id, z.null()]).optional(),
    tagIds: tagIds.optional(),
    tags: tagIds.optional(),
  })
  .strict();

/** GET /speciality: filters projectId, versionId, participantGroupProId, name; 10,000 by name. */
export const specialityListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    participantGroupProId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  joins: ["participantGroupPro", "tags"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** The JSON of a speciality (spec 001 section 3: id, name, tags), with its lot. */
export interface Speciality extends VersionOwned {
  id: number;
  name: string;
  tags: TagRef[];
  participantGroupProId: number | null;
  participantGroupPro: { id: number; name: string; color: string } | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** Error keys a speciality call answers with (besides the generic ones). */
export const SPECIALITY_ERRORS = ["errors.not_found", "ImplementationError"] as const satisfies readonly ErrorCode[];

/** Speciality writes send reference:update with this resource name: viewers refetch their lists. */
export const SPECIALITY_REALTIME = { event: "reference:update", resource: "speciality" } as const;
