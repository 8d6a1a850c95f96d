/**
 * The sequence contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import { colour, id, integer, isoDay, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { RealtimeEventName } from "../realtime.js";

export const sequenceParams = z.object({ id });

const nullableId = z.union([id, z.null()]);

/** GET /sequence: filter triples on these fields; 10,000 rows and name ASC by default (spec 000 section 7). */
export const sequenceListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    zoneId: "number",
    parentSequenceId: "number",
    instantiationConfigId: "number",
    sequenceTemplateProId: "number",
    startDate: "date",
    endDate: "date",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "startDate", "endDate", "zoneId", "createdAt", "updatedAt"],
  joins: ["zone", "tags", "events", "instantiationConfig", "subsequences", "qualityControls"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** Columns of the rolled-up derived table `sq` (see sequence.presenter.ts). */

/** The writable fields of a sequence. `eventIds` replaces the set of events directly in the sequence. */
const sequenceFields = {
  name: requiredText(),
  color: colour.nullable(),
  zoneId: nullableId,
  parentSequenceId: nullableId,
  tags: z.array(id).max(1000),
  eventIds: z.array(id).max(100_000),
};

export const sequenceCreateBody = z
  .object({ projectId: projectRef, versionId: projectRef.optional(), ...sequenceFields })
  .partial({ color: true, zoneId: true, parentSequenceId: true, tags: true, eventIds: true })
  .strict();

/**
 * PATCH /sequence/{id}: changed fields only. `startDate` moves the whole sequence so that its earliest event
 * starts on that (working) day, as one selection move of the engine; `revision` is the one the client saw.
 */
export const sequenceUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    revision: integer.optional(),
    startDate: isoDay.optional(),
    ...sequenceFields,
  })
  .partial()
  .strict();

/** PATCH /sequence/bulk-update {projectId, sequences}: field changes of many sequences, one transaction. */
export const sequenceBulkUpdateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    sequences: z
      .array(
        z
          .object({
            id,
            revision: integer.optional(),
            name: sequenceFields.name,
            color: sequenceFields.color,
            zoneId: nullableId,
            parentSequenceId: nullableId,
            tags: sequenceFields.tags,
          })
          .partial({ revision: true, name: true, color: true, zoneId: true, parentSequenceId: true, tags: true })
          .strict(),
      )
      .min(1)
      .max(10_000),
  })
  .strict();

const keepEvents = z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]);

/** DELETE /sequence/{id}?keepEvents=true: by default the sequence's events are deleted with it. */
export const sequenceDeleteQuery = z.object({ keepEvents: keepEvents.optional() });

/** DELETE /sequence/bulk-delete: the sequences that went, their events deleted or kept without a sequence. */
export interface SequenceBulkDeleteAnswer {
  ids: number[];
  deletedEventIds: number[];
  detachedEventIds: number[];
  undoRemaining: number | null;
  count: number;
}

export const sequenceBulkDeleteBody = z
  .object({
    ids: z.array(id).min(1).max(10_000),
    projectId: projectRef,
    versionId: projectRef.optional(),
    keepEvents: z.boolean().optional(),
  })
  .strict();

/** Error keys a sequence call answers with (besides the generic ones). */
export const SEQUENCE_ERRORS = [
  "errors.sequence_not_found",
  "errors.sequence_parent_cycle",
  "errors.event_not_found",
  "errors.event_has_countings",
  "errors.conflict",
  "errors.no_project",
  "errors.version_not_found",
  "errors.version_not_in_project",
] as const satisfies readonly ErrorCode[];

/** Sequence writes: created, updated (start, end), several at once; the events they move follow as event:bulk_update. */
export const SEQUENCE_REALTIME = {
  create: "sequence:create",
  startUpdate: "sequence:startUpdate",
  endUpdate: "sequence:endUpdate",
  bulkUpdate: "sequence:bulk_update",
  moved: "event:bulk_update",
} as const satisfies Record<string, RealtimeEventName>;
