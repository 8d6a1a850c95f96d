/**
 * The execution-tracking contract (issue 17, spec 000 section 7 and spec 001 sections 4 and 9): the project
 * dashboard, the late and on-time task lists, and recalibration.
 *
 * - GET /project/{id}/dashboard?versionId&date: progress (real and theoretical), the planning's projected end,
 *   the forecast end with progress, the project's expected end, the margin for hazards, the tracked milestones,
 *   production counts and roadblocks.
 * - GET /project/delayed-events and GET /project/on-time?projectId&versionId&date&limit&participantGroupProIds
 *   &zoneIds: the tasks late / on time at the date (limit 100 by default).
 * - GET /project/{id}/recalibration?versionId&date: the late tasks a recalibration would re-date, with their new
 *   dates (nothing written); POST /project/{id}/recalibration {versionId?, date?, eventIds?, name?}: re-dates
 *   them (one transaction, one undo step, successors re-planned) and writes one shift history row per re-dated
 *   task (GET /history/shift, GET /history/shift/export).
 *
 * Rules, at the date (a calendar day, Europe/Paris; today by default), over the version's tasks (milestones
 * weigh nothing and are never late):
 * - a task's progress is its last counting dated on or before the date (0 without one);
 * - its theoretical progress is the share of its working days elapsed, the date itself counted (0 before its
 *   start, 100 after its end);
 * - progress of a set = the progresses weighted by numberOfPeople x numberOfDays (spec 001 section 9);
 * - finished: progress 100; late: not finished and progress below the theoretical progress; on time: not
 *   finished, started (theoretical or real progress above 0) and progress equal or above the theoretical one;
 *   to point: planned to have started (theoretical above 0), not finished and never counted (those are late too).
 *   A task not yet planned to start and never counted is in none of them.
 * - the forecast: each counted task (started) ends after its remaining work, (100 - progress)% of its working
 *   days rounded up, counted from the working day after its counting date (a task counted 100% ends on its
 *   counting date); the engine re-plans the successors; forecastEndDate is that plan's last day.
 * - recalibration re-dates each late counted task so that it ends on its forecast end, keeping its duration
 *   (its start moves later); tasks whose start would not move later are left as they are.
 */
import { z } from "zod";
import type { ErrorCode } from "../errors.js";
import { id, idsParam, integer, isoDay, projectRef, requiredText } from "../schemas.js";

/** Delayed and on-time lists answer 100 tasks by default (spec 001 section 9). */
export const DELAYED_EVENTS_LIMIT = 100;
/** The most tasks one list answers. */
export const DELAYED_EVENTS_MAX_LIMIT = 10_000;

export const dashboardParams = z.object({ id: projectRef });

/** GET /project/{id}/dashboard: the version (the project's current one by default) and the date (today). */
export const dashboardQuery = z.object({
  versionId: projectRef.optional(),
  date: isoDay.optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** One tracked milestone of the dashboard. */
export interface DashboardMilestone {
  id: number;
  name: string;
  /** Its date in the version's planning. */
  plannedDate: string | null;
  /** Its date in the forecast with progress. */
  projectedDate: string | null;
  /** Working days from plannedDate to projectedDate: positive when the milestone slips later. */
  deltaDays: number | null;
}

export interface DashboardProduction {
  tasksFinished: number;
  tasksOnTime: number;
  tasksLate: number;
  tasksToPoint: number;
}

/**
 * One week of the production series: the tasks finished, on time, late and to point at the week's last day (its
 * Sunday; the dashboard's date for the date's own week, so the last week equals `production`).
 */
export interface DashboardProductionWeek extends DashboardProduction {
  /** The week's Monday, yyyy-MM-dd. */
  weekStart: string;
  /** The day the statuses are taken at. */
  date: string;
}

/** The production series holds the latest weeks, at most this many (two years). */
export const PRODUCTION_WEEKS_MAX = 104;

/** GET /project/{id}/dashboard. Percentages are numbers 0..100 with two decimals; dates yyyy-MM-dd. */
export interface Dashboard {
  projectId: number;
  versionId: number;
  /** The day the figures are computed at. */
  date: string;
  progress: number;
  theoreticalProgress: number;
  /** The planning's projected end (the same as GET /planning/data's); null for an empty version. */
  projectedEndDate: string | null;
  /** The projected end with progress (the forecast). */
  forecastEndDate: string | null;
  /** The project's contractual end (expectedEndDate of the project), as its Paris day. */
  expectedEndDate: string | null;
  /** Working days from forecastEndDate to expectedEndDate: positive when early, negative when late. */
  marginForHazards: number | null;
  milestones: DashboardMilestone[];
  production: DashboardProduction;
  /**
   * Production per week, from the week of the version's first task start to the date's week (at most
   * PRODUCTION_WEEKS_MAX, the latest); empty before the first start.
   */
  productionWeeks: DashboardProductionWeek[];
  roadblocks: { total: number; open: number };
}

/** GET /project/delayed-events and GET /project/on-time. */
export const trackedEventsQuery = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  date: isoDay.optional(),
  limit: integer.pipe(z.number().int().min(1).max(DELAYED_EVENTS_MAX_LIMIT)).optional(),
  participantGroupProIds: idsParam.optional(),
  zoneIds: idsParam.optional(),
});
export type TrackedEventsQuery = z.output<typeof trackedEventsQuery>;

/** One task of the late / on-time lists and of the recalibration preview. */
export interface TrackedEvent {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  numberOfDays: number;
  numberOfPeople: number;
  zoneId: number | null;
  participantGroupProId: number | null;
  /** Last counting on or before the date (0 without one). */
  progress: number;
  lastCountingDate: string | null;
  theoreticalProgress: number;
}

/**
 * The lists' answer: late tasks by largest gap (theoretical - progress) first, on-time tasks by end date; `total`
 * counts every matching task, `data` holds `limit` of them.
 */
export interface TrackedEventList {
  date: string;
  data: TrackedEvent[];
  count: number;
  total: number;
}

/** GET /project/{id}/recalibration. */
export const recalibrationQuery = dashboardQuery;
export type RecalibrationQuery = DashboardQuery;

/** POST /project/{id}/recalibration: the late tasks among eventIds (all late tasks without it) are re-dated. */
export const recalibrationBody = z
  .object({
    versionId: projectRef.optional(),
    date: isoDay.optional(),
    eventIds: z.array(id).min(1).max(100_000).optional(),
    /** The shift history rows' name; "Recalage du dd/MM/yyyy" by default. */
    name: requiredText().optional(),
  })
  .strict();
export type RecalibrationBody = z.output<typeof recalibrationBody>;

/** A task a recalibration re-dates (or would). */
export interface RecalibrationTask extends TrackedEvent {
  newStartDate: string;
  newEndDate: string;
}

/** GET answers the preview; POST the same for what it did, plus the shift history rows it wrote. */
export interface RecalibrationAnswer {
  projectId: number;
  versionId: number;
  date: string;
  tasks: RecalibrationTask[];
  /** POST only: the version's projected end after the recalibration. */
  projectedEndDate?: string | null;
  /** POST only: ids of the shift_histories rows written, in the order of `tasks`. */
  shiftHistoryIds?: number[];
}

/** Error keys the dashboard, lists and recalibration answer with (besides the generic ones). */
export const DASHBOARD_ERRORS = [
  "errors.no_project",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.version_frozen",
  "errors.project_archived",
  "errors.event_not_found",
  "errors.forbidden",
] as const satisfies readonly ErrorCode[];
