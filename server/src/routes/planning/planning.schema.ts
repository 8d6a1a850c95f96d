import { z } from "zod";
import { plainString, projectRef, text } from "@jalon/shared";

/**
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

const monthParam = (code: "errors.startDate_invalid" | "errors.endDate_invalid") =>
  plainString()
    .trim()
    .refine((s) => MONTH.test(s) || validDay(s), code)
    .transform((s) => s.slice(0, 7));
const dayParam = (code: "errors.startDate_invalid" | "errors.endDate_invalid") =>
  plainString().trim().refine(validDay, code);

/** Id lists in a query string: repeated (?zoneIds=1&zoneIds=2) or comma-separated (?zoneIds=1,2). */
const idsParam = z
  .union([plainString(), z.array(plainString())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  )
  .pipe(
    z
      .array(
        plainString()
          .regex(/^[1-9]\d{0,9}$/, "Identifiant invalide")
          .transform(Number),
      )
      .max(10_000),
  );
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

export const planningDataQuery = ordered(
  z
    .object({
      projectId: projectRef,
      versionId: projectRef,
      ...planningFilters,
      compareVersionIds: idsParam.optional(),
    })
    .refine((q) => (q.compareVersionIds?.length ?? 0) <= 4, {
      message: "errors.compare_max_versions",
      path: ["compareVersionIds"],
    }),
);

export const publicPlanningQuery = ordered(z.object(planningFilters));
export const publicPlanningParams = z.object({ token: plainString().trim().min(20).max(128) });
