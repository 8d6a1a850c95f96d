import type Router from "@koa/router";
import { formatInTimeZone } from "date-fns-tz";
import { EventKind, forecastSchedule, formatDay, NO_DAY, parseDay, weightedProgress } from "@jalon/engine";
import {
  DELAYED_EVENTS_LIMIT,
  PERMISSIONS,
  TIME_ZONE,
  dashboardParams,
  dashboardQuery,
  recalibrationBody,
  recalibrationQuery,
  trackedEventsQuery,
  type Dashboard,
  type RecalibrationAnswer,
  type TrackedEventList,
  type TrackedEventsQuery,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import {
  readTracking,
  recalibrateVersion,
  recalibrationPlan,
  TaskStatus,
  trackedEvent,
  trackingDay,
  type EventRow,
  type Tracking,
} from "../../commands/recalibration.js";
import { readScope, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { remember } from "../../planning/versionGraph.js";
import { productionWeeks } from "./productionWeeks.js";
import { readAll } from "../../db/readAll.js";

/**
 * Execution tracking (issue 17; rules in shared/src/contract/dashboard.ts): the project dashboard, the late and
 * on-time task lists and recalibration, all computed over the engine's schedule of the version (the same one as
 * GET /planning/data) and the last countings. Managers of the project only (spec 001: manager screens).
 * Registered before the project routes: /project/delayed-events would otherwise be read as /project/{id}.
 */

const sumWeights = (t: Tracking, value: Float64Array): number => {
  const { plan } = t.vg;
  function* items() {
    for (let i = 0; i < plan.size; i++)
      if (plan.kind[i] === EventKind.Task)
        yield { numberOfPeople: t.people[i], numberOfDays: plan.duration[i], percentage: value[i] };
  }
  return weightedProgress(items());
};

const day = (d: number): string | null => (d === NO_DAY ? null : formatDay(d));

/** The dashboard of a version at a day (exported for bench/server/dashboard.ts). */
export async function computeDashboard(db: Db, projectId: number, versionId: number, date: string): Promise<Dashboard> {
  const [t, milestones, roadblocks, project] = await readAll(db, [
    () => readTracking(db, versionId, date),
    () =>
      db("events")
        .where({ version_id: versionId, type: "milestone", is_tracked: true })
        .orderBy([{ column: "name" }, { column: "id" }])
        .select("id", "name") as Promise<{ id: number; name: string }[]>,
    () =>
      db("roadblocks")
        .where({ version_id: versionId })
        .first(db.raw("count(*) as total"), db.raw("count(*) filter (where not validate) as open")) as Promise<{
        total: unknown;
        open: unknown;
      }>,
    () => db("projects").where({ id: projectId }).first("expected_end_date"),
  ]);
  const { plan, schedule } = t.vg;
  const forecast = forecastSchedule(plan, schedule, t.counted);
  const calendar = plan.calendars[0];
  const expected = project?.expected_end_date
    ? formatInTimeZone(new Date(project.expected_end_date as string), TIME_ZONE, "yyyy-MM-dd")
    : null;
  const forecastEnd = plan.size === 0 ? NO_DAY : forecast.projectEndDay;
  const production = { tasksFinished: 0, tasksOnTime: 0, tasksLate: 0, tasksToPoint: 0 };
  for (let i = 0; i < plan.size; i++) {
    if (t.status[i] === TaskStatus.Finished) production.tasksFinished++;
    else if (t.status[i] === TaskStatus.OnTime) production.tasksOnTime++;
    else if (t.status[i] === TaskStatus.Late) production.tasksLate++;
    production.tasksToPoint += t.toPoint[i];
  }
  return {
    projectId,
    versionId,
    date,
    progress: sumWeights(t, t.progress),
    theoreticalProgress: sumWeights(t, t.theoretical),
    projectedEndDate: day(schedule.projectEndDay),
    forecastEndDate: day(forecastEnd),
    expectedEndDate: expected,
    marginForHazards:
      expected === null || forecastEnd === NO_DAY
        ? null
        : calendar.rank(parseDay(expected) + 1) - calendar.rank(forecastEnd + 1),
    milestones: milestones.map((m) => {
      const i = plan.index.get(m.id)!;
      const cal = plan.calendars[plan.calendarOf[i]];
      return {
        id: m.id,
        name: m.name,
        plannedDate: day(schedule.startDay[i]),
        projectedDate: day(forecast.startDay[i]),
        deltaDays: cal.rank(forecast.startDay[i]) - cal.rank(schedule.startDay[i]),
      };
    }),
    production,
    productionWeeks: await productionWeeks(db, t, date),
    roadblocks: { total: Number(roadblocks?.total ?? 0), open: Number(roadblocks?.open ?? 0) },
  };
}

/** The tasks of one status after the lot and zone filters: late by largest gap first, on time by end date. */
async function trackedList(
  db: Db,
  user: AuthUser,
  q: TrackedEventsQuery,
  status: (typeof TaskStatus)["Late" | "OnTime"],
): Promise<TrackedEventList> {
  const scope = await readScope(db, user, q.projectId, q.versionId);
  const date = trackingDay(q.date);
  const t = await readTracking(db, scope.versionId, date);
  const rows = db("events")
    .where({ version_id: scope.versionId, type: "task" })
    .select("id", "name", "number_of_days", "zone_id", "participant_group_pro_id");
  if (q.zoneIds?.length) rows.whereIn("zone_id", q.zoneIds);
  if (q.participantGroupProIds?.length) rows.whereIn("participant_group_pro_id", q.participantGroupProIds);
  const { plan, schedule } = t.vg;
  const matching = ((await rows) as EventRow[])
    .map((r) => ({ r, i: plan.index.get(r.id) }))
    .filter((x): x is { r: EventRow; i: number } => x.i !== undefined && t.status[x.i] === status);
  if (status === TaskStatus.Late)
    matching.sort(
      (a, b) => t.theoretical[b.i] - t.progress[b.i] - (t.theoretical[a.i] - t.progress[a.i]) || a.r.id - b.r.id,
    );
  else matching.sort((a, b) => schedule.endDay[a.i] - schedule.endDay[b.i] || a.r.id - b.r.id);
  const data = matching.slice(0, q.limit ?? DELAYED_EVENTS_LIMIT).map((x) => trackedEvent(t, x.r));
  return { date, data, count: data.length, total: matching.length };
}

export function dashboardRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /project/delayed-events: the late tasks at the date (limit 100 by default, lot and zone filters). */
  route(router, deps, {
    method: "get",
    path: "/project/delayed-events",
    roles: PERMISSIONS.manager,
    query: trackedEventsQuery,
    handler: ({ db, user, query }) => trackedList(db, user, query, TaskStatus.Late),
  });

  /** GET /project/on-time: the started, unfinished tasks on time at the date. */
  route(router, deps, {
    method: "get",
    path: "/project/on-time",
    roles: PERMISSIONS.manager,
    query: trackedEventsQuery,
    handler: ({ db, user, query }) => trackedList(db, user, query, TaskStatus.OnTime),
  });

  /** GET /project/{id}/dashboard?versionId&date. */
  route(router, deps, {
    method: "get",
    path: "/project/:id/dashboard",
    roles: PERMISSIONS.manager,
    params: dashboardParams,
    query: dashboardQuery,
    handler: async ({ db, user, params, query }) => {
      const scope = await readScope(db, user, params.id, query.versionId);
      return computeDashboard(db, scope.projectId, scope.versionId, trackingDay(query.date));
    },
  });

  /** GET /project/{id}/recalibration?versionId&date: the late tasks a recalibration would re-date (nothing written). */
  route(router, deps, {
    method: "get",
    path: "/project/:id/recalibration",
    roles: PERMISSIONS.manager,
    params: dashboardParams,
    query: recalibrationQuery,
    handler: async ({ db, user, params, query }): Promise<RecalibrationAnswer> => {
      const scope = await readScope(db, user, params.id, query.versionId);
      const date = trackingDay(query.date);
      const { tasks } = await recalibrationPlan(db, await readTracking(db, scope.versionId, date));
      return { projectId: scope.projectId, versionId: scope.versionId, date, tasks };
    },
  });

  /** POST /project/{id}/recalibration {versionId?, date?, eventIds?, name?}: re-dates the late counted tasks. */
  route(router, deps, {
    method: "post",
    path: "/project/:id/recalibration",
    roles: PERMISSIONS.manager,
    params: dashboardParams,
    body: recalibrationBody,
    write: true,
    handler: async ({ db, user, params, body, emits, onCommit }): Promise<RecalibrationAnswer> => {
      const scope = await writeScope(db, user, params.id, body.versionId);
      emits.expect("event:bulk_update", {
        projectId: scope.projectId,
        versionId: scope.versionId,
        initiatorId: user.id,
      });
      const date = trackingDay(body.date);
      const out = await recalibrateVersion(db, user.id, { ...scope, ...body, date });
      for (const p of out.emit) emits.add(p);
      onCommit(() => remember(out.graph));
      return {
        projectId: scope.projectId,
        versionId: scope.versionId,
        date,
        tasks: out.tasks,
        projectedEndDate: out.projectedEndDate,
        shiftHistoryIds: out.shiftHistoryIds,
      };
    },
  });
}
