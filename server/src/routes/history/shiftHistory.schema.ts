import { z } from "zod";
import { defineListResource, id, isoInstant, LIST_LIMIT, plainString, requiredText, text } from "@jalon/shared";

export const shiftHistoryParams = z.object({ id });
export const shiftHistoryFileParams = z.object({
  id,
  fileIndex: plainString().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(0).max(100_000)),
});

/** GET /history/shift: filter triples; 10,000 rows and name ASC by default (spec 000 section 7). */
export const shiftHistoryListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    eventId: "number",
    userId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "eventId", "createdAt", "updatedAt"],
  joins: ["event", "user"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const shiftHistoryColumns: Record<string, string> = {
  id: "sh.id",
  projectId: "sh.project_id",
  versionId: "sh.version_id",
  trackingId: "sh.tracking_id",
  name: "sh.name",
  eventId: "sh.event_id",
  userId: "sh.user_id",
  createdAt: "sh.created_at",
  updatedAt: "sh.updated_at",
};

/** One file entry of a recalibration: its name, where it is stored, when it was added. */
export const shiftFile = z
  .object({
    name: requiredText(),
    url: text(2000).optional(),
    createdAt: isoInstant.optional(),
  })
  .strict();

/** PATCH /history/shift/{id}: changed fields only; `files` replaces the list. */
export const shiftHistoryUpdateBody = z
  .object({
    name: requiredText(),
    eventId: z.union([id, z.null()]),
    files: z.array(shiftFile).max(1000),
  })
  .partial()
  .strict();
