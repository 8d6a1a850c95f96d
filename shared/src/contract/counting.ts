/**
 * The countings contract (spec 001 sections 3-5, 7, 9; spec 000 section 4; issue 17): progress percentages
 * recorded on tasks of the project's signed version.
 * - POST /counting {eventId, percentage, countingDate, zoneId?, clientKey?}: one counting; `clientKey` (or the
 *   `Idempotency-Key` header) is a client-generated uuid: a counting sent twice is stored once and the second
 *   call answers the first's result (the web's offline queue relies on it);
 * - GET /counting: filter triples and paging (`countingListResource`);
 * - GET /counting/all: every counting of a version (or of some events), by date;
 * - PATCH /counting/bulk {countings: [{id, percentage?, countingDate?}]}: corrections, same rules;
 * - PATCH /macro-task/counting {macroTaskId, countingDate, countings: [{eventId, percentage, zoneId?, clientKey?}]}:
 *   several tasks of one macro-task counted at once; each line may carry its own key (the offline queue sends a
 *   batch again after a lost answer): a batch whose keys are all stored answers their countings;
 * - GET /event/check-countings/{id} (contract/eventExtras.ts: EventCountingsCheck).
 *
 * Rules (all refused with nothing written): a percentage is a JSON number > 0 and <= 100
 * (counting_out_of_range, 400); a counting dated before its task's start is refused (counting_unstarted_task,
 * 400), one dated after its end is accepted; only the project's signed version is counted
 * (counting_unsigned_version, 409: also a project with no signed version, and an event copy in a newer unsigned
 * version); the number of days is mandatory (spec 001 section 5): only an event with working days, a task, is
 * counted (counting_missing_days, 400: a milestone has none).
 */
import { z } from "zod";
import { COUNTING_MAX, LIST_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, idsParam, isoDay, plainString, projectRef } from "../schemas.js";
import type { IsoDay } from "../entities.js";

/** The header that may carry the idempotency key instead of the body's `clientKey`. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** A percentage: a JSON number, > 0 and <= 100 (else counting_out_of_range, never the database's check). */
export const countingPercentage = z
  .number()
  .finite()
  .refine((v) => v > 0 && v <= COUNTING_MAX, { message: "counting_out_of_range" satisfies ErrorCode })
  // Two decimals are stored: 33.333 is kept as 33.33.
  .transform((v) => Math.round(v * 100) / 100)
  .refine((v) => v > 0, { message: "counting_out_of_range" satisfies ErrorCode });

/** A client-generated idempotency key (a uuid; any 8-64 character token of letters, digits, `-`, `_`). */
export const countingClientKey = plainString()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

/** POST /counting. */
export const countingCreateBody = z
  .object({
    eventId: id,
    percentage: countingPercentage,
    countingDate: isoDay,
    zoneId: id.nullish(),
    clientKey: countingClientKey.optional(),
  })
  .strict();
export type CountingCreate = z.input<typeof countingCreateBody>;

/** One line of PATCH /counting/bulk: what is sent changes. */
export const countingBulkLine = z
  .object({
    id,
    percentage: countingPercentage.optional(),
    countingDate: isoDay.optional(),
  })
  .strict();

/** PATCH /counting/bulk. */
export const countingBulkBody = z.object({ countings: z.array(countingBulkLine).min(1).max(10_000) }).strict();
export type CountingBulkUpdate = z.input<typeof countingBulkBody>;

/** PATCH /macro-task/counting: tasks of one macro-task counted on one date, all or nothing. */
export const macroTaskCountingBody = z
  .object({
    macroTaskId: id,
    countingDate: isoDay,
    countings: z
      .array(
        z
          .object({
            eventId: id,
            percentage: countingPercentage,
            zoneId: id.nullish(),
            clientKey: countingClientKey.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(10_000)
      .refine(
        (lines) => {
          const keys = lines.flatMap((l) => (l.clientKey ? [l.clientKey] : []));
          return new Set(keys).size === keys.length;
        },
        { message: "Une clé de comptage apparaît deux fois." },
      ),
  })
  .strict();
export type MacroTaskCounting = z.input<typeof macroTaskCountingBody>;

/** GET /counting/all: a version's countings (the project's signed one by default), optionally of some events. */
export const countingAllQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    eventIds: idsParam.optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
  })
  .strict();
export type CountingAllQuery = z.output<typeof countingAllQuery>;

/** GET /counting: filter triples and paging; newest counting first by default. */
export const countingListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    eventId: "number",
    zoneId: "number",
    percentage: "number",
    countingDate: "date",
    userId: "number",
    eventName: "string",
    participantGroupProId: "number",
    participantId: "number",
    macroTaskId: "number",
    tagId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "percentage", "countingDate", "eventName", "createdAt", "updatedAt"],
  defaultSort: [
    { field: "countingDate", order: "DESC" },
    { field: "id", order: "DESC" },
  ],
  defaultLimit: 100,
  maxLimit: LIST_LIMIT,
});

/** The JSON of a counting. */
export interface Counting {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  eventId: number;
  zoneId: number | null;
  /** A JSON number, > 0 and <= 100, two decimals. */
  percentage: number;
  countingDate: IsoDay;
  clientKey: string | null;
  /** The counted task, as the lists show it. */
  event: {
    id: number;
    name: string;
    type: string;
    startDate: IsoDay | null;
    endDate: IsoDay | null;
    zoneId: number | null;
    participantGroupProId: number | null;
    participantId: number | null;
    macroTaskId: number | null;
  };
  /** Who counted (first and last name); null when that user was deleted. */
  user: { id: number; firstName: string | null; lastName: string | null } | null;
  createdAt: string;
  updatedAt: string;
}

/** Error keys a counting call answers with (besides the generic ones). */
export const COUNTING_ERRORS = [
  "counting_out_of_range",
  "counting_unstarted_task",
  "counting_unsigned_version",
  "counting_missing_days",
  "errors.event_not_found",
  "errors.not_found",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.project_archived",
  "errors.forbidden",
  "errors.validation",
] as const satisfies readonly ErrorCode[];
export type CountingErrorCode = (typeof COUNTING_ERRORS)[number];

/**
 * Counting writes send `event:update_progress` (spec 000 section 7) with `data: {eventIds}`: viewers refetch the
 * progress of those events (planning overlay, dashboard, countings list).
 */
export const COUNTING_REALTIME = { event: "event:update_progress" } as const;

/** GET /event/{id}?date=: the day of its theoreticalProgress (default today, Europe/Paris). */
export const eventProgressQuery = z.object({ date: isoDay.optional() });

/**
 * GET /counting/progress?projectId&versionId&sequenceIds&macroTaskIds&date: the progress of tasks with
 * sub-events (spec 001 section 4: a sequence, with its instances' tasks, or a macro-task): numbers of days and
 * people summed over its tasks, real and theoretical progress weighted by people × days.
 */
export const groupProgressQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    sequenceIds: idsParam.optional(),
    macroTaskIds: idsParam.optional(),
    date: isoDay.optional(),
  })
  .strict();
export type GroupProgressQuery = z.output<typeof groupProgressQuery>;

/** One group of GET /counting/progress. */
export interface GroupProgressRow {
  type: "sequence" | "macroTask";
  id: number;
  name: string;
  /** Sums over its tasks (milestones excluded). */
  numberOfDays: number;
  numberOfPeople: number;
  tasks: number;
  countedTasks: number;
  /** Weighted last countings, 0..100 (a task never counted counts 0 %). */
  progress: number;
  /** Weighted theoretical progress at the date, 0..100. */
  theoreticalProgress: number;
  /** Every task of some weight counted 100 %. */
  finished: boolean;
}
