import { z } from "zod";
import { defineListResource, id, LIST_LIMIT, projectRef, requiredText } from "@jalon/shared";

export const specialityParams = z.object({ id });
const tagIds = z.array(id).max(1000);

/** POST /speciality {projectId, versionId?, name, participantGroupProId?, tagIds?}. */
export const specialityCreateBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  name: requiredText(),
  participantGroupProId: z.union([id, z.null()]).optional(),
  tagIds: tagIds.optional(),
  tags: tagIds.optional(),
}).strict();

export const specialityUpdateBody = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: requiredText().optional(),
  participantGroupProId: z.union([id, z.null()]).optional(),
  tagIds: tagIds.optional(),
  tags: tagIds.optional(),
}).strict();


/** GET /speciality: filters projectId, versionId, participantGroupProId, name; 10,000 by name. */
export const specialityListResource = defineListResource({
  fields: { id: "number", projectId: "number", versionId: "number", trackingId: "number", name: "string", participantGroupProId: "number", createdAt: "datetime", updatedAt: "datetime" },
  joins: ["participantGroupPro", "tags"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const specialityColumns: Record<string, string> = {
  id: "s.id", projectId: "s.project_id", versionId: "s.version_id", trackingId: "s.tracking_id", name: "s.name",
  participantGroupProId: "s.participant_group_pro_id", createdAt: "s.created_at", updatedAt: "s.updated_at",
};
