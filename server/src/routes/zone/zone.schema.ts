import { z } from "zod";
import { projectRef, text } from "@jalon/shared";
import { xlsxFileField } from "../../imports/xlsxImport.js";

// The zone's request schemas, entity and filter fields are its contract: shared/src/contract/zone.ts.
// Here: what only the server knows (the upload field, the SQL columns of the filter fields).

/** POST /zone/import: multipart or JSON {projectId, versionId?, file}. */
export const zoneImportBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  file: xlsxFileField,
  fileName: text(255).optional(),
});

export const zoneColumns: Record<string, string> = {
  id: "z.id",
  projectId: "z.project_id",
  versionId: "z.version_id",
  trackingId: "z.tracking_id",
  name: "z.name",
  fullName: "z.full_name",
  parentId: "z.parent_id",
  position: "z.position",
  typology: "z.typology",
  unity: "z.unity",
  level: "z.level",
  createdAt: "z.created_at",
  updatedAt: "z.updated_at",
};
