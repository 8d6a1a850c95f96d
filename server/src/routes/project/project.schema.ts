import { z } from "zod";
import { defineListResource, id, LIST_LIMIT, plainString, projectRef } from "@jalon/shared";
export {
  projectCreateBody,
  projectUpdateBody,
  projectUserBody,
  projectCloneBody,
  projectCloseBody,
} from "@jalon/shared";

export const projectParams = z.object({ id: projectRef });
export const pictureParams = z.object({ key: plainString().regex(/^[A-Za-z0-9_-]{10,64}$/) });

/** POST /project/upload-picture: multipart {file, projectId}, or JSON {projectId, file: data URL or base64, fileName?, mimeType?}. */
export const uploadPictureBody = z.object({
  projectId: projectRef,
  file: z.union([z.instanceof(File), plainString().min(1).max(8_000_000)], { message: "errors.missing_file" }),
  fileName: plainString().trim().max(200).optional(),
  mimeType: plainString().trim().max(60).optional(),
});

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

export const projectColumns = {
  id: "projects.id",
  name: "projects.name",
  isArchived: "projects.is_archived",
  isPublic: "projects.is_public",
  typology: "projects.typology",
  projectOwner: "projects.project_owner",
  projectManager: "projects.project_manager",
  opcCoordinator: "projects.opc_coordinator",
  createdAt: "projects.created_at",
  updatedAt: "projects.updated_at",
  expectedStartDate: "projects.expected_start_date",
  expectedEndDate: "projects.expected_end_date",
};

export const idOnly = z.object({ id });
