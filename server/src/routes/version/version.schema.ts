import { z } from "zod";
import { defineListResource, LIST_LIMIT, projectRef } from "@jalon/shared";
export { versionCreateBody, versionUpdateBody } from "@jalon/shared";

export const versionParams = z.object({ id: projectRef });

export const versionListResource = defineListResource({
  fields: {
    id: "number", projectId: "number", name: "string", isManualVersion: "boolean", isActiveVersion: "boolean",
    isReferentVersion: "boolean", inConstruction: "boolean", isArchived: "boolean", createdAt: "datetime", updatedAt: "datetime",
  },
  defaultSort: [{ field: "createdAt", order: "DESC" }],
  defaultLimit: 1000,
  maxLimit: LIST_LIMIT,
});

export const versionColumns = {
  id: "versions.id", projectId: "versions.project_id", name: "versions.name", isManualVersion: "versions.is_manual_version",
  isActiveVersion: "versions.is_active_version", isReferentVersion: "versions.is_referent_version",
  inConstruction: "versions.in_construction", isArchived: "versions.is_archived", createdAt: "versions.created_at", updatedAt: "versions.updated_at",
};
