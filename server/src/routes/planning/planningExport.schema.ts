import { z } from "zod";
import { id, isoDay, plainString, projectRef, text } from "@jalon/shared";
import { MONTHS_PER_PAGE_MAX, PAGE_FORMATS, PAGE_ORIENTATIONS } from "@jalon/shared/gantt";

/**
 * yyyy-MM or yyyy-MM-dd: the printed range is widened to whole months either way. Years 1900-2999, as on the
 * planning (the engine's days refuse years 0-99, which answered 500).
 */
const monthOrDay = (code: "errors.startDate_invalid" | "errors.endDate_invalid") =>
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
      .default({}),
    /** Zones (when rows are grouped by zone) whose events print merged on one row. */
    aggregatedZoneIds: ids.default([]),
    /** How rows are grouped, as on screen. */
    aggregation: z.enum(["zone", "lot", "sequence", "none"]).default("zone"),
    startDate: monthOrDay("errors.startDate_invalid").optional(),
    endDate: monthOrDay("errors.endDate_invalid").optional(),
    monthsPerPage: z.number().int().min(1).max(MONTHS_PER_PAGE_MAX).default(3),
    pageFormat: z.preprocess(upper, z.enum(PAGE_FORMATS as [string, ...string[]])).default("A3"),
    orientation: z.enum(PAGE_ORIENTATIONS as [string, ...string[]]).default("landscape"),
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

/** The longest printed range, in months. */
export const PRINT_MONTHS_MAX = 600;

function monthIndex(monthOrDay: string): number {
  return Number(monthOrDay.slice(0, 4)) * 12 + Number(monthOrDay.slice(5, 7)) - 1;
}

export type PlanningExportBody = z.output<typeof planningExportBody>;
