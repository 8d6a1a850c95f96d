/**
 * The contract of the event routes around the planning (spec 000 section 7 "Events", "Milestones", exports):
 * GET /event/distinct, GET /event/tracked-milestones, GET /event/export and /event/export/milestones,
 * GET /event/check-countings/{id}, GET /event/{id}/history, POST and DELETE /event/milestone/{id},
 * GET /project/task-list-csv and GET /project/{projectId}/event-history-list-csv. The server validates with
 * these schemas (server/src/routes/event/eventExtras.routes.ts) and the web's calls are typed by these answers.
 */
import { z } from "zod";
import { DISTINCT_EVENTS_LIMIT, LIST_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import type { RealtimeEventName } from "../realtime.js";
import { id, isoInstant, plainString, projectRef, text } from "../schemas.js";
import { eventListResource, PLANNED_EVENT_TYPES } from "./event.js";

/** One row of GET /event/distinct: a name and how many events of the version carry it. */
export interface EventDistinctName {
  name: string;
  occurrences: number;
}

/** A milestone of GET /event/tracked-milestones, with its dates in the baselines and its shift in days. */
export interface TrackedMilestone {
  id: number;
  trackingId: number;
  name: string;
  type: "milestone";
  startDate: string | null;
  endDate: string | null;
  color: string | null;
  isTracked: boolean;
  isContractual: boolean;
  sequenceId: number | null;
  revision: number;
  /** Its start in the signed version, and in the referent version (matched by trackingId). */
  signedStartDate: string | null;
  referentStartDate: string | null;
  /** The signed start, else the referent one. */
  baselineStartDate: string | null;
  /** Calendar days from the baseline to its start (positive: late). */
  shiftDays: number | null;
}

/** GET /event/tracked-milestones: the list and the baselines it was compared with. */
export interface TrackedMilestonesAnswer {
  data: TrackedMilestone[];
  count: number;
  total: number;
  signedVersionId: number | null;
  referentVersionId: number | null;
}

/** GET /event/check-countings/{id}. */
export interface EventCountingsCheck {
  id: number;
  hasCountings: boolean;
  count: number;
}

/** One changed field in GET /event/{id}/history, newest first; it outlives the event and the user it names. */
export interface EventHistoryRow {
  id: number;
  createdAt: string;
  fieldName: string;
  previousValue: string | null;
  newValue: string | null;
  eventId: number | null;
  versionId: number;
  versionName: string | null;
  user: { id: number; firstname: string; lastname: string } | null;
}

/** GET /event/{id}/history. */
export interface EventHistoryAnswer {
  eventsHistory: EventHistoryRow[];
  count: number;
  total: number;
}

/** POST / DELETE /event/milestone/{id}: the milestone's follow-up flag and its new revision. */
export interface MilestoneTracking {
  id: number;
  isTracked: boolean;
  revision: number;
}

const limit = (fallback: number, max = LIST_LIMIT) =>
  plainString()
    .trim()
    .regex(/^\d+$/, "errors.invalid_pagination")
    .transform(Number)
    .pipe(z.number().int().min(0).max(max))
    .default(fallback);
const offset = plainString()
  .trim()
  .regex(/^\d+$/, "errors.invalid_pagination")
  .transform(Number)
  .pipe(z.number().int().min(0))
  .default(0);

/** GET /project/{projectId}/event-history-list-csv. */
export const eventExtrasProjectParams = z.object({ projectId: projectRef });

/** GET /event/distinct: the version's distinct event names (name contains, type), 10 by default. */
export const eventDistinctQuery = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: text().optional(),
  type: z.enum(PLANNED_EVENT_TYPES).optional(),
  limit: limit(DISTINCT_EVENTS_LIMIT),
  offset,
});

/** GET /event/{id}/history?limit=10000. */
export const eventHistoryQuery = z.object({ limit: limit(LIST_LIMIT), offset });

/** GET /event/tracked-milestones: tracked milestones only, or every visible milestone with its flag (all=true). */
export const trackedMilestonesQuery = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  all: z
    .enum(["true", "false"])
    .transform((s) => s === "true")
    .optional(),
});

/** Exports read the list's filter triples; without a limit they take every matching row (up to 100,000). */
export const EXPORT_MAX_ROWS = 100_000;
/** GET /event/export: the event list's filter fields, every matching row. */
export const eventExportResource = { ...eventListResource, defaultLimit: EXPORT_MAX_ROWS, maxLimit: EXPORT_MAX_ROWS };
/** GET /event/export/milestones: the same, by name. */
export const milestoneExportResource = {
  ...eventExportResource,
  defaultSort: [{ field: "name", order: "ASC" as const }],
};

/** Comma-separated ids or a repeated key (zoneIds=1,2 or zoneIds=1&zoneIds=2). */
const idListParam = z
  .preprocess(
    (v) =>
      typeof v === "string" || Array.isArray(v)
        ? (Array.isArray(v) ? v : [v])
            .flatMap((s) => String(s).split(","))
            .map((s) => s.trim())
            .filter((s) => s !== "")
        : v,
    z.array(id).max(10_000),
  )
  .optional();

/** GET /project/task-list-csv (spec 000 section 7). Days may be sent as instants: their Paris day is used. */
export const taskListCsvQuery = z.object({
  versionId: projectRef,
  zoneIds: idListParam,
  participantIds: idListParam,
  startDate: isoInstant.optional(),
  endDate: isoInstant.optional(),
});

/** GET /project/{projectId}/event-history-list-csv. */
export const eventHistoryCsvQuery = z.object({ versionId: projectRef.optional() });

/** Error keys these calls answer with (besides the generic ones). */
export const EVENT_EXTRAS_ERRORS = [
  "errors.event_not_found",
  "errors.no_project",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.invalid_pagination",
] as const satisfies readonly ErrorCode[];

/** Putting a milestone in or out of the follow-up is an event update: viewers get event:update. */
export const EVENT_EXTRAS_REALTIME = { milestoneTracking: "event:update" } as const satisfies Record<
  string,
  RealtimeEventName
>;
