/**
 * The holiday contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { formatInTimeZone } from "date-fns-tz";
import { z } from "zod";
import { LIST_LIMIT, TIME_ZONE } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, idList, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { RealtimeEventName } from "../realtime.js";
import type { Ref, VersionOwned } from "./common.js";

/** A holiday is one day (optionally for given lots); a vacation a range for the whole project. */
export const HOLIDAY_TYPES = ["holiday", "vacation"] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

export const holidayParams = z.object({ id });

/**
 * A day as sent by a form: yyyy-MM-dd, or an instant read as its Europe/Paris day. Anything else is passed on
 * as it is so that the command answers errors.startDate_invalid / errors.endDate_invalid (spec 001 section 5)
 * rather than a generic validation error.
 */
const day = z.unknown().transform((v) => {
  if (typeof v !== "string") return "";
  const s = v.trim();
  if (!s.includes("T")) return s;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : formatInTimeZone(d, TIME_ZONE, "yyyy-MM-dd");
});

const lots = z.array(id).max(1000);

/** POST /holiday: a holiday (one day, optionally for given lots) or a vacation (a range for the whole project). */
export const holidayCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    type: z.enum(HOLIDAY_TYPES).default("holiday"),
    startDate: day,
    endDate: day.optional(),
    participantsGroupPro: lots.optional(),
  })
  .strict();

/** PATCH /holiday/{id}: changed fields only. */
export const holidayUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    type: z.enum(HOLIDAY_TYPES).optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    participantsGroupPro: lots.optional(),
  })
  .strict();

export const holidayBulkDeleteBody = z.object({ ids: idList }).passthrough();

/** GET /holiday: filter triples; 10,000 rows and name ASC by default. */
export const holidayListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    type: "string",
    startDate: "date",
    endDate: "date",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "type", "startDate", "endDate", "createdAt", "updatedAt"],
  joins: ["participantsGroupPro"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** The JSON of a holiday or vacation. */
export interface Holiday extends VersionOwned {
  id: number;
  name: string;
  type: HolidayType;
  startDate: string;
  endDate: string;
  /** Holiday only: the lots whose tasks skip it (empty: every lot). */
  participantsGroupPro: (Ref & { color: string })[];
  createdAt: string;
  updatedAt: string;
}

/** The events a holiday write re-planned (a planning open in the same client applies them at once), and the undo count. */
export interface HolidayReplan {
  moved: { ids: number[]; startDates: string[]; endDates: string[] };
  undoRemaining: number;
}

/** POST /holiday and PATCH /holiday/{id}: the row and what its re-plan moved. */
export type HolidayWriteAnswer = Holiday & HolidayReplan;

/** DELETE /holiday/bulk-delete: how many went and what the re-plan moved. */
export type HolidayBulkDeleteAnswer = HolidayReplan & { count: number };

/** Error keys a holiday call answers with (besides the generic ones). */
export const HOLIDAY_ERRORS = [
  "errors.not_found",
  "errors.startDate_invalid",
  "errors.endDate_invalid",
  "errors.undo_import_in_use",
] as const satisfies readonly ErrorCode[];

/**
 * A holiday write re-plans the version: it sends its own event (after the re-plan), then event:bulk_update with
 * the tasks it moved.
 */
export const HOLIDAY_REALTIME = {
  create: "holiday:endCreate",
  update: "holiday:endUpdate",
  delete: "holiday:endDelete",
  moved: "event:bulk_update",
} as const satisfies Record<string, RealtimeEventName>;
