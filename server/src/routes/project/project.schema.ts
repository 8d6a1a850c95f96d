// The project request schemas, parameters and filter fields are its contract: shared/src/contract/project.ts.
// Here: the SQL columns of the filter fields, and the picture upload's body (it takes a File, a server-side type).
import { z } from "zod";
import { plainString, projectRef } from "@jalon/shared";

/** POST /project/upload-picture: multipart {file, projectId}, or JSON {projectId, file: data URL or base64, fileName?, mimeType?}. */
export const uploadPictureBody = z.object({
  projectId: projectRef,
  file: z.union([z.instanceof(File), plainString().min(1).max(8_000_000)], { message: "errors.missing_file" }),
  fileName: plainString().trim().max(200).optional(),
  mimeType: plainString().trim().max(60).optional(),
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
