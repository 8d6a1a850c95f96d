/**
 * The version contract (spec 000 section 3, versions): request schemas and the list's filter fields. The
 * Version entity is in ../entities.ts.
 */
import { z } from "zod";
import { LIST_LIMIT, MAX_COMPARED_VERSIONS, VERSION_NAME_MAX_LENGTH } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { RealtimeEventName } from "../realtime.js";

export const versionCreateBody = z.object({
  name: requiredText(VERSION_NAME_MAX_LENGTH),
  projectId: projectRef,
  isManualVersion: z.boolean().default(true),
});
export const versionUpdateBody = z.object({
  name: requiredText(VERSION_NAME_MAX_LENGTH).optional(),
  inConstruction: z.boolean().optional(),
  isReferentVersion: z.boolean().optional(),
});
export const compareVersionIds = z.array(id).max(MAX_COMPARED_VERSIONS, "errors.compare_max_versions");

export const versionParams = z.object({ id: projectRef });

/** GET /version: filter triples; 1,000 rows, newest first, by default. */
export const versionListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    name: "string",
    isManualVersion: "boolean",
    isActiveVersion: "boolean",
    isReferentVersion: "boolean",
    inConstruction: "boolean",
    isArchived: "boolean",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  defaultSort: [{ field: "createdAt", order: "DESC" }],
  defaultLimit: 1000,
  maxLimit: LIST_LIMIT,
});

/** Error keys a version call answers with (besides the generic ones). */
export const VERSION_ERRORS = [
  "errors.version_not_found",
  "errors.version_frozen",
  "errors.version_not_in_project",
  "errors.project_being_updated",
  "errors.error_close_project",
  "errors.compare_max_versions",
] as const satisfies readonly ErrorCode[];

/** Creating a version (a copy of the project's rows) is announced at its start and its end. */
export const VERSION_REALTIME = {
  start: "version:startCreate",
  end: "version:endCreate",
} as const satisfies Record<string, RealtimeEventName>;
