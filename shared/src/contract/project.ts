/**
 * The project contract (spec 000 section 3, projects): request schemas, parameters and the list's filter
 * fields. The Project entity is in ../entities.ts.
 */
import { z } from "zod";
import { LIST_LIMIT, TEXT_MAX_LENGTH, VERSION_NAME_MAX_LENGTH } from "../constants.js";
import { COUNTING_MODES, type Project, type Version } from "../entities.js";
import { defineListResource } from "../filters.js";
import { id, isoInstant, nullableText, numeric, plainString, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { RealtimeEventName } from "../realtime.js";
import { ACCESS_ENDED } from "../realtime.js";

export const projectFields = {
  name: requiredText(),
  floorArea: numeric.pipe(z.number().min(0).max(1e12)),
  projectOwner: nullableText(TEXT_MAX_LENGTH),
  projectManager: nullableText(TEXT_MAX_LENGTH),
  opcCoordinator: nullableText(TEXT_MAX_LENGTH),
  typology: nullableText(TEXT_MAX_LENGTH),
  description: nullableText(5000),
  expectedStartDate: isoInstant.nullable(),
  expectedEndDate: isoInstant.nullable(),
  countingMode: z.enum(COUNTING_MODES),
};
export const projectCreateBody = z.object({
  ...projectFields,
  floorArea: projectFields.floorArea.default(0),
  projectOwner: projectFields.projectOwner.optional(),
  projectManager: projectFields.projectManager.optional(),
  opcCoordinator: projectFields.opcCoordinator.optional(),
  typology: projectFields.typology.optional(),
  description: projectFields.description.optional(),
  expectedStartDate: projectFields.expectedStartDate.optional(),
  expectedEndDate: projectFields.expectedEndDate.optional(),
  countingMode: projectFields.countingMode.default("percentage"),
  isPublic: z.boolean().default(false),
  /** The name of the first version. */
  versionName: requiredText(VERSION_NAME_MAX_LENGTH).default("Version 1"),
});
/** PATCH /project/{id}: changed fields only; archive is {isArchived: true}; sign is {id, signedVersionId}. */
export const projectUpdateBody = z.object({
  id: id.optional(),
  name: projectFields.name.optional(),
  floorArea: projectFields.floorArea.optional(),
  projectOwner: projectFields.projectOwner.optional(),
  projectManager: projectFields.projectManager.optional(),
  opcCoordinator: projectFields.opcCoordinator.optional(),
  typology: projectFields.typology.optional(),
  description: projectFields.description.optional(),
  expectedStartDate: projectFields.expectedStartDate.optional(),
  expectedEndDate: projectFields.expectedEndDate.optional(),
  countingMode: projectFields.countingMode.optional(),
  isPublic: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  signedVersionId: projectRef.optional(),
});
export const projectUserBody = z.object({ projectId: projectRef, userId: id });
export const projectCloneBody = z.object({
  versionIds: z.array(id).min(1, "errors.clone_without_version").max(1000),
  name: requiredText().optional(),
});
export const projectCloseBody = z.object({ name: requiredText(VERSION_NAME_MAX_LENGTH).optional() });

export const projectParams = z.object({ id: projectRef });
export const pictureParams = z.object({ key: plainString().regex(/^[A-Za-z0-9_-]{10,64}$/) });

/** GET /project: filter triples; by name by default. */
export const projectListResource = defineListResource({
  fields: {
    id: "number",
    name: "string",
    isArchived: "boolean",
    isPublic: "boolean",
    typology: "string",
    projectOwner: "string",
    projectManager: "string",
    opcCoordinator: "string",
    createdAt: "datetime",
    updatedAt: "datetime",
    expectedStartDate: "datetime",
    expectedEndDate: "datetime",
  },
  joins: ["signedVersion", "currentVersion"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** Error keys a project call answers with (besides the generic ones). */
export const PROJECT_ERRORS = [
  "errors.not_found",
  "errors.missing_file",
  "errors.image_too_large",
  "errors.invalid_image_type",
  "errors.xlsx_required",
  "errors.project_already_signed",
  "errors.version_not_in_project",
  "user_not_found",
  "user_not_assigned",
  "users_already_assigned",
] as const satisfies readonly ErrorCode[];

/** A clone is announced at its start and its end; removing a member or archiving ends access. */
export const PROJECT_REALTIME = {
  cloneStart: "project:startClone",
  cloneEnd: "project:endClone",
  accessEnded: ACCESS_ENDED,
} as const satisfies Record<string, RealtimeEventName | typeof ACCESS_ENDED>;

/** PATCH /project/{id}/close: the project and the new current version (the frozen one is archived). */
export interface ProjectCloseAnswer {
  project: Project;
  version: Version;
}

/** PATCH /project/assign-user and /project/remove-user: the membership written. */
export interface ProjectUserAnswer {
  projectId: number;
  userId: number;
}

/** PUT /project/{id}/start-student-project (multipart, the body stays on the server): users linked and created. */
export interface UserImportAnswer {
  count: number;
  created: number;
}
