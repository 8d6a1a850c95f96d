/**
 * The shift history contract (spec 000 section 7, /history/shift): the recalibrations of a version. Its entity,
 * request schemas and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, isoInstant, plainString, requiredText, text } from "../schemas.js";
import type { ErrorCode } from "../errors.js";

/** One file of a recalibration: its name, where it is stored, when it was added (older rows may carry more keys). */
export interface ShiftFile {
  name: string;
  url?: string;
  createdAt?: string;
  [key: string]: unknown;
}

/** The JSON of a shift history (a recalibration): its event, files and author. */
export interface ShiftHistory {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  name: string;
  eventId: number | null;
  event: { id: number; name: string; type: string; startDate: string | null; endDate: string | null } | null;
  files: ShiftFile[];
  user: { id: number; firstname: string; lastname: string } | null;
  createdAt: string;
  updatedAt: string;
}

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

/** One file entry of a recalibration: its name, where it is stored, when it was added. */
export const shiftHistoryFile = z
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
    files: z.array(shiftHistoryFile).max(1000),
  })
  .partial()
  .strict();

/** Error keys a shift history call answers with (besides the generic ones). */
export const SHIFT_HISTORY_ERRORS = [
  "errors.shift_history_not_found",
  "errors.shift_history_file_not_found",
  "errors.event_not_found",
  "errors.no_project",
  "errors.version_not_found",
  "errors.version_not_in_project",
] as const satisfies readonly ErrorCode[];

/** Shift history writes send no live event: the recalibration list is read when it opens. */
export const SHIFT_HISTORY_REALTIME = null;
