/**
 * The planning contract (spec 000 section 7, Planning): GET /planning/data, GET /planning/public/{token} and
 * POST /planning/export. One query type, `PlanningQuery`, for the three: the web's planning and print screens
 * send it, the server validates it with these schemas and reads it in planning/planningData.ts; the export
 * carries the same filter fields under `filters`. The answers are the planning wire format
 * (shared/src/planning/wire.ts): the version's graph in columns plus what the Gantt draws in the months asked.
 */
import { z } from "zod";
import type { ErrorCode } from "../errors.js";
import type { PlanningDataWire } from "../planning/index.js";
import type { RealtimeEventName } from "../realtime.js";
import { MONTHS_PER_PAGE_MAX, PAGE_FORMATS, PAGE_ORIENTATIONS, type PageFormat } from "../gantt/print.js";
import type { Grouping } from "../gantt/layout.js";
import { id, idsParam, isoDay, plainString, projectRef, text } from "../schemas.js";

export type { PlanningData, PlanningDataWire, PlanningSliceWire } from "../planning/index.js";

/** The planning's filters, as the data query and the export apply them. */
export interface PlanningFilterFields {
  zoneIds?: number[];
  participantGroupProIds?: number[];
  participantIds?: number[];
  tagIds?: number[];
  macroTaskIds?: number[];
  sequenceIds?: number[];
  specialityIds?: number[];
  /** Order-line families (tasks with order lines of those families, or of a macro-task with such lines). */
  familyIds?: number[];
  eventNames?: string[];
  /** Day range filter (start of day / end of day), ISO days. */
  fromDate?: string;
  toDate?: string;
}

/** The names of the filter fields, in the order the screens list them. */
export const PLANNING_FILTER_FIELDS = [
  "zoneIds",
  "participantGroupProIds",
  "participantIds",
  "tagIds",
  "macroTaskIds",
  "sequenceIds",
  "specialityIds",
  "eventNames",
  "fromDate",
  "toDate",
] as const satisfies readonly (keyof PlanningFilterFields)[];

/** GET /planning/data (and, without projectId and versionId, the public planning): the one planning query. */
export interface PlanningQuery extends PlanningFilterFields {
  projectId: number;
  versionId: number;
  /** yyyy-MM, inclusive: the displayed months. */
  startDate?: string;
  endDate?: string;
  /** Versions drawn as baselines (4 at most). */
  compareVersionIds?: readonly number[];
  /** Only the range's display attributes: the client already holds the graph. */
  eventsOnly?: boolean;
}

/** At most this many versions are compared on the planning. */
export const PLANNING_COMPARED_MAX = 4;

/*
 * The displayed range (startDate/endDate, spec 000: year-months) and the date filter (fromDate/toDate, days).
 * A month or a day: a day is read as its month, as the printed range does. Refusals carry the catalogue's date
 * codes, not errors.validation: the planning shows "La date de début est invalide." for 2026-13 or 2026-02-30.
 * Years outside 1900-2999 are refused: Date.UTC reads 0-99 as 1900-1999, and no construction plan needs them.
 */
const MONTH = /^(19\d\d|2\d\d\d)-(0[1-9]|1[0-2])$/;
const DAY = /^(19\d\d|2\d\d\d)-(0[1-9]|1[0-2])-\d\d$/;

function validDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

type DateCode = "errors.startDate_invalid" | "errors.endDate_invalid";
const monthParam = (code: DateCode) =>
  plainString()
    .trim()
    .refine((s) => MONTH.test(s) || validDay(s), code)
    .transform((s) => s.slice(0, 7));
const dayParam = (code: DateCode) => plainString().trim().refine(validDay, code);

const namesParam = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : [v]).filter((s) => s !== ""));
/** A flag in a query string: only these spellings, so a typo is a 400 rather than a silent false. */
const flagParam = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const planningFilters = {
  startDate: monthParam("errors.startDate_invalid").optional(),
  endDate: monthParam("errors.endDate_invalid").optional(),
  zoneIds: idsParam.optional(),
  participantGroupProIds: idsParam.optional(),
  participantIds: idsParam.optional(),
  tagIds: idsParam.optional(),
  macroTaskIds: idsParam.optional(),
  sequenceIds: idsParam.optional(),
  specialityIds: idsParam.optional(),
  /** Order-line families: tasks with an order-line task of those families, or of a macro-task with such lines. */
  familyIds: idsParam.optional(),
  eventNames: namesParam.optional(),
  fromDate: dayParam("errors.startDate_invalid").optional(),
  toDate: dayParam("errors.endDate_invalid").optional(),
  aggregation: plainString().optional(),
  /**
   * Only the display attributes of the range's events (no graph, calendars or lists): what a client that already
   * holds the version's graph asks for when it extends its range by a few months.
   */
  eventsOnly: flagParam.optional(),
};

type Range = { startDate?: string; endDate?: string; fromDate?: string; toDate?: string };
/** An end before its start is refused (same codes as the export and holidays), never answered empty. */
const ordered = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: "errors.endDate_invalid",
      path: ["endDate"],
    })
    .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
      message: "errors.endDate_invalid",
      path: ["toDate"],
    });

/** GET /planning/data: the query string of a `PlanningQuery`. */
export const planningDataQuery = ordered(
  z
    .object({
      projectId: projectRef,
      versionId: projectRef,
      ...planningFilters,
      compareVersionIds: idsParam.optional(),
    })
    .refine((q) => (q.compareVersionIds?.length ?? 0) <= PLANNING_COMPARED_MAX, {
      message: "errors.compare_max_versions",
      path: ["compareVersionIds"],
    }),
) satisfies z.ZodType<PlanningQuery>;

/** GET /planning/public/{token}: the same filters, on the public project's current version. */
export const publicPlanningQuery = ordered(z.object(planningFilters)) satisfies z.ZodType<
  Omit<PlanningQuery, "projectId" | "versionId">
>;
export const publicPlanningParams = z.object({ token: plainString().trim().min(20).max(128) });
/** Its answer: the planning's, with the project's name, which the public page shows (its only way to know it). */
export type PublicPlanningDataWire = PlanningDataWire & { projectName: string };

/**
 * yyyy-MM or yyyy-MM-dd: the printed range is widened to whole months either way. Years 1900-2999, as on the
 * planning (the engine's days refuse years 0-99, which answered 500).
 */
const monthOrDay = (code: DateCode) =>
  z
    .union([
      plainString()
        .trim()
        .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mois invalide (yyyy-MM)"),
      isoDay,
    ])
    .refine((s) => /^(19\d\d|2\d\d\d)-/.test(s), code);
const ids = z.array(id).max(10_000);
const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);

/** The longest printed range, in months. */
export const PRINT_MONTHS_MAX = 600;

function monthIndex(monthOrDay: string): number {
  return Number(monthOrDay.slice(0, 4)) * 12 + Number(monthOrDay.slice(5, 7)) - 1;
}

/** How the rows of a print are grouped, as on screen. */
export const PLANNING_GROUPINGS = ["zone", "lot", "sequence", "none"] as const satisfies readonly Grouping[];

/** POST /planning/export: the planning as a multi-sheet vector PDF. */
export const planningExportBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef,
    /** The planning's filters, as GET /planning/data takes them. */
    filters: z
      .object({
        zoneIds: ids.optional(),
        participantGroupProIds: ids.optional(),
        participantIds: ids.optional(),
        tagIds: ids.optional(),
        macroTaskIds: ids.optional(),
        sequenceIds: ids.optional(),
        specialityIds: ids.optional(),
        eventNames: z.array(text()).max(10_000).optional(),
        fromDate: isoDay.optional(),
        toDate: isoDay.optional(),
      })
      .strict()
      .default({}) satisfies z.ZodType<PlanningFilterFields>,
    /** Zones (when rows are grouped by zone) whose events print merged on one row. */
    aggregatedZoneIds: ids.default([]),
    /** How rows are grouped, as on screen. */
    aggregation: z.enum(PLANNING_GROUPINGS).default("zone"),
    startDate: monthOrDay("errors.startDate_invalid").optional(),
    endDate: monthOrDay("errors.endDate_invalid").optional(),
    monthsPerPage: z.number().int().min(1).max(MONTHS_PER_PAGE_MAX).default(3),
    pageFormat: z.preprocess(upper, z.enum(PAGE_FORMATS as [PageFormat, ...PageFormat[]])).default("A3"),
    orientation: z.enum(PAGE_ORIENTATIONS).default("landscape"),
    printingName: text().default(""),
    showLegend: z.boolean().default(true),
  })
  .strict()
  .refine((b) => !b.startDate || !b.endDate || b.startDate.slice(0, 7) <= b.endDate.slice(0, 7), {
    message: "errors.endDate_invalid",
    path: ["endDate"],
  })
  // A print of centuries (1900-2999 is 13,200 months) held the server for tens of seconds: 50 years is beyond any site (longer prints also meet the page cap).
  .refine((b) => !b.startDate || !b.endDate || monthIndex(b.endDate) - monthIndex(b.startDate) < PRINT_MONTHS_MAX, {
    message: "errors.endDate_invalid",
    path: ["endDate"],
  });

/** The export's request as the server reads it (defaults applied). */
export type PlanningExportRequest = z.output<typeof planningExportBody>;
/** The export's body as the web sends it. */
export type PlanningExportBody = z.input<typeof planningExportBody>;

/** Error keys the planning calls answer with (besides the generic ones). */
export const PLANNING_ERRORS = [
  "errors.startDate_invalid",
  "errors.endDate_invalid",
  "errors.compare_max_versions",
  "errors.project_not_public",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
] as const satisfies readonly ErrorCode[];

/**
 * The planning calls only read and send no live event. These writes change what they answer: a viewer's
 * planning reloads its data when one of them arrives for its version.
 */
export const PLANNING_REALTIME = {
  changedBy: [
    "event:create",
    "event:update",
    "event:bulk_update",
    "event:update_progress",
    "sequence:create",
    "sequence:endUpdate",
    "sequence:bulk_update",
    "holiday:endCreate",
    "holiday:endUpdate",
    "holiday:endDelete",
    "reference:update",
  ],
} as const satisfies { changedBy: readonly RealtimeEventName[] };
