/**
 * The workforce contract (spec 001: participant countings and workforce monitoring; issue 17):
 * - POST /workforce/counting {data, projectId, versionId}: estimated and real numbers of people per participant
 *   (or per lot) and date, upserted (one row per participant or lot and date) in one transaction;
 * - GET /workforce/counting: those countings in a date range, filtered by lots, participants and tags;
 * - GET /workforce/{projectId}: one row per day: the countings' sums against the planned people of up to four
 *   versions (the engine's `plannedPeople` over each version's filtered tasks);
 * - GET /workforce/participant/export and GET /workforce/export/{projectId}: the same as .xlsx files.
 *
 * Dates are calendar days (yyyy-MM-dd); an instant is read as its Europe/Paris day. A range starts at its first
 * day's 00:00:00.000 and ends at its last day's 23:59:59.999 (spec 001), so both days are included.
 */
import { formatInTimeZone } from "date-fns-tz";
import { z } from "zod";
import { TIME_ZONE } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { id, idsParam, numeric, plainString, projectRef } from "../schemas.js";

/** At most this many versions on one workforce chart (spec 001 section 9). */
export const WORKFORCE_VERSIONS_MAX = 4;
/** The longest range one workforce call answers, in days (about 30 years of a plan). */
export const WORKFORCE_DAYS_MAX = 11_000;
/** The most people one counting may state (a typo guard, far above any site). */
export const WORKFORCE_PEOPLE_MAX = 100_000;

type DateCode = "errors.startDate_invalid" | "errors.endDate_invalid";
const DAY = /^(19\d\d|2\d\d\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The Europe/Paris calendar day of a day or an instant; null when it is neither. */
export function workforceDay(v: string): string | null {
  const s = v.trim();
  if (DAY.test(s)) {
    const d = new Date(`${s}T00:00:00Z`);
    return d.toISOString().slice(0, 10) === s ? s : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return null;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return null;
  const day = formatInTimeZone(d, TIME_ZONE, "yyyy-MM-dd");
  return DAY.test(day) ? day : null;
}

/** A day (or an instant read as its Paris day), refused with the catalogue's date code. */
const dayParam = (code: DateCode) =>
  plainString()
    .max(40)
    .transform((v, ctx) => {
      const day = workforceDay(v);
      if (day === null) {
        ctx.addIssue({ code: "custom", message: code });
        return z.NEVER;
      }
      return day;
    });

const people = numeric.pipe(z.number().min(0).max(WORKFORCE_PEOPLE_MAX));

/** One counting of POST /workforce/counting: a participant or a lot (exactly one), a day and the numbers. */
export const workforceCountingInput = z
  .object({
    participantId: id.nullish(),
    participantGroupProId: id.nullish(),
    date: dayParam("errors.startDate_invalid"),
    /** Absent: unchanged; null: cleared. */
    estimatedNumberOfPeople: people.nullish(),
    realNumberOfPeople: people.nullish(),
  })
  .strict()
  .refine((r) => (r.participantId == null) !== (r.participantGroupProId == null), {
    message: "Un intervenant ou un lot, exactement",
    path: ["participantId"],
  });
export type WorkforceCountingInput = z.output<typeof workforceCountingInput>;

/** POST /workforce/counting. */
export const workforceCountingBody = z
  .object({
    data: z.array(workforceCountingInput).min(1).max(10_000),
    projectId: projectRef,
    versionId: projectRef.optional(),
  })
  .strict();

type Range = { startDate?: string; endDate?: string };
const ordered = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: "errors.endDate_invalid",
      path: ["endDate"],
    })
    .refine(
      (q) =>
        !q.startDate ||
        !q.endDate ||
        (Date.parse(`${q.endDate}T00:00:00Z`) - Date.parse(`${q.startDate}T00:00:00Z`)) / 86_400_000 <
          WORKFORCE_DAYS_MAX,
      { message: "errors.endDate_invalid", path: ["endDate"] },
    );

const countingFilters = {
  startDate: dayParam("errors.startDate_invalid").optional(),
  endDate: dayParam("errors.endDate_invalid").optional(),
  versionId: projectRef.optional(),
  participantGroupIds: idsParam.optional(),
  participantIds: idsParam.optional(),
  tagIds: idsParam.optional(),
};

/** GET /workforce/counting and GET /workforce/participant/export. */
export const workforceCountingQuery = ordered(z.object({ projectId: projectRef, ...countingFilters }));
export type WorkforceCountingQuery = z.output<typeof workforceCountingQuery>;

export const workforceParams = z.object({ projectId: projectRef });

/** GET /workforce/{projectId} and GET /workforce/export/{projectId}. */
export const workforceQuery = ordered(
  z
    .object({
      ...countingFilters,
      /** The export's spelling of the lot filter (spec 001 section 7). */
      participantGroupProIds: idsParam.optional(),
      versionIds: idsParam.optional(),
      macroTaskIds: idsParam.optional(),
      zoneIds: idsParam.optional(),
    })
    .refine((q) => (q.versionIds?.length ?? 0) <= WORKFORCE_VERSIONS_MAX, {
      message: "errors.compare_max_versions",
      path: ["versionIds"],
    }),
);
export type WorkforceQuery = z.output<typeof workforceQuery>;

/** A participant counting as GET /workforce/counting answers it. */
export interface WorkforceCounting {
  id: number;
  projectId: number;
  versionId: number;
  date: string;
  participantId: number | null;
  participantGroupProId: number | null;
  /** The participant's or the lot's name and colour. */
  name: string;
  color: string;
  estimatedNumberOfPeople: number | null;
  realNumberOfPeople: number | null;
}

/** One day of GET /workforce/{projectId}. */
export interface WorkforceRow {
  date: string;
  /** Sums of the day's countings (0 when none). */
  estimatedNumberOfPeople: number;
  realNumberOfPeople: number;
  /** Planned people per version id: always the requested version, plus each compared one. */
  versions: Record<string, number>;
}

export interface WorkforceAnswer {
  projectId: number;
  versionId: number;
  /** The versions of `versions`, requested one first, with their names. */
  versionList: { id: number; name: string }[];
  startDate: string;
  endDate: string;
  rows: WorkforceRow[];
}

/**
 * A participant counting write announces itself after commit as `reference:update` with `data.resource`
 * "workforce-counting", the rows' ids in `ids` and `data.dates` (the days written): other viewers of the project
 * refetch their participant countings and workforce chart (spec 000 section 7, as countings send
 * event:update_progress).
 */
export const WORKFORCE_REALTIME = { event: "reference:update", resource: "workforce-counting" } as const;

/** Error keys a workforce call answers with (besides the generic ones). */
export const WORKFORCE_ERRORS = [
  "errors.no_project",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.version_frozen",
  "errors.project_archived",
  "errors.startDate_invalid",
  "errors.endDate_invalid",
  "errors.compare_max_versions",
  "errors.not_found",
  "errors.forbidden",
] as const satisfies readonly ErrorCode[];
