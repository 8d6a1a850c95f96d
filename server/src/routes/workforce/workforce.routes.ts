import type Router from "@koa/router";
import {
  AppError,
  PERMISSIONS,
  WORKFORCE_DAYS_MAX,
  WORKFORCE_VERSIONS_MAX,
  workforceCountingBody,
  workforceCountingQuery,
  workforceParams,
  workforceQuery,
  type WorkforceAnswer,
  type WorkforceCountingQuery,
  type WorkforceQuery,
  type WorkforceRow,
  WORKFORCE_REALTIME,
} from "@jalon/shared";
import { formatDay, parseDay, plannedPeopleOfPlan, round2 } from "@jalon/engine";
import { formatInTimeZone } from "date-fns-tz";
import type { AppDeps, AuthUser } from "../../context.js";
import { readScope, writeScope, type VersionScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import { participantCountingsXlsx, workforceXlsx } from "../../exports/workforce.js";
import { exportFileName, sendFile, XLSX_MIME } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route, type Ctx } from "../../http/route.js";
import { versionGraph } from "../../planning/versionGraph.js";
import { lockWritableVersion } from "../../planning/writeLock.js";
import { countingSelect, presentCounting, type CountingDbRow } from "./workforce.presenter.js";
import { countingRows, filteredTasks } from "./workforce.schema.js";

/**
 * Workforce (spec 001, issue 17): participant countings (estimated and real numbers of people per participant or
 * lot and day) and the monitoring that sets their daily sums against the planned people of up to four versions.
 * Planned people are the engine's `plannedPeople` (one pass, difference arrays) over each version's tasks, which
 * SQL selects with the filters; the countings' sums are one GROUP BY. Managers of the project only.
 */

async function listCountings(db: Db, user: AuthUser, q: WorkforceCountingQuery) {
  const scope = await readScope(db, user, q.projectId, q.versionId);
  const rows = (await countingRows(db, scope.versionId, q)
    .select(countingSelect)
    .orderBy([
      { column: "w.date" },
      { column: "participant_name" },
      { column: "lot_name" },
      { column: "w.id" },
    ])) as CountingDbRow[];
  return { scope, data: rows.map(presentCounting) };
}

/** The versions of the chart: the requested one first, then the compared ones of the same project (4 at most). */
async function chartVersions(db: Db, scope: VersionScope, ids: number[] = []): Promise<{ id: number; name: string }[]> {
  const wanted = [scope.versionId, ...ids.filter((v, k) => v !== scope.versionId && ids.indexOf(v) === k)];
  if (wanted.length > WORKFORCE_VERSIONS_MAX) throw new AppError("errors.compare_max_versions");
  const rows = (await db("versions").whereIn("id", wanted).select("id", "name", "project_id")) as {
    id: number;
    name: string;
    project_id: number;
  }[];
  return wanted.map((v) => {
    const row = rows.find((r) => r.id === v);
    if (!row) throw new AppError("errors.version_not_found");
    if (row.project_id !== scope.projectId) throw new AppError("errors.version_not_in_project");
    return { id: row.id, name: row.name };
  });
}

async function computeWorkforce(db: Db, user: AuthUser, projectId: number, q: WorkforceQuery) {
  const scope = await readScope(db, user, projectId, q.versionId);
  const versionList = await chartVersions(db, scope, q.versionIds);
  const lots = [...(q.participantGroupIds ?? []), ...(q.participantGroupProIds ?? [])];
  const filters = { ...q, participantGroupIds: lots.length > 0 ? lots : undefined };
  const graphs = await Promise.all(versionList.map((v) => versionGraph(db, v.id)));
  const countings = (await countingRows(db, scope.versionId, filters)
    .groupBy("w.date")
    .select(
      "w.date",
      db.raw("coalesce(sum(w.estimated_number_of_people), 0) as estimated"),
      db.raw("coalesce(sum(w.real_number_of_people), 0) as real"),
    )) as { date: string; estimated: string | number; real: string | number }[];
  const counted = new Map(countings.map((c) => [parseDay(String(c.date).slice(0, 10)), c]));

  // The range: the one asked, else from the first planned or counted day to the last.
  let from = q.startDate ? parseDay(q.startDate) : Number.POSITIVE_INFINITY;
  let to = q.endDate ? parseDay(q.endDate) : Number.NEGATIVE_INFINITY;
  if (!q.startDate || !q.endDate) {
    const known: number[] = [...counted.keys()];
    for (const g of graphs) if (g.plan.size > 0) known.push(g.schedule.projectStartDay, g.schedule.projectEndDay);
    const today = parseDay(formatInTimeZone(new Date(), "Europe/Paris", "yyyy-MM-dd"));
    if (!q.startDate) from = known.length > 0 ? Math.min(...known) : Math.min(today, to);
    if (!q.endDate) to = known.length > 0 ? Math.max(from, ...known) : Math.max(today, from);
    if (to - from + 1 > WORKFORCE_DAYS_MAX) {
      if (q.endDate) from = to - WORKFORCE_DAYS_MAX + 1;
      else to = from + WORKFORCE_DAYS_MAX - 1;
    }
  }

  const series = await Promise.all(
    graphs.map(async (g) => {
      const { plan, schedule } = g;
      const include = new Uint8Array(plan.size);
      const people = new Float64Array(plan.size);
      for (const t of await filteredTasks(db, g.versionId, scope.versionId, filters)) {
        const i = plan.index.get(t.id);
        if (i === undefined) continue;
        include[i] = 1;
        people[i] = t.people;
      }
      return plannedPeopleOfPlan(plan, schedule, people, include, from, to).people;
    }),
  );

  // Rows on the requested version's working days, and on any day with a counting.
  const calendar = graphs[0].plan.calendars[0];
  const rows: WorkforceRow[] = [];
  for (let k = 0; k <= to - from; k++) {
    const day = from + k;
    const c = counted.get(day);
    if (!c && !calendar.isWorking(day)) continue;
    const versions: Record<string, number> = {};
    versionList.forEach((v, n) => (versions[String(v.id)] = series[n][k]));
    rows.push({
      date: formatDay(day),
      estimatedNumberOfPeople: c ? round2(Number(c.estimated)) : 0,
      realNumberOfPeople: c ? round2(Number(c.real)) : 0,
      versions,
    });
  }
  const answer: WorkforceAnswer = {
    projectId: scope.projectId,
    versionId: scope.versionId,
    versionList,
    startDate: formatDay(from),
    endDate: formatDay(to),
    rows,
  };
  return { scope, answer };
}

function sendXlsx(ctx: Ctx, file: Buffer, prefix: string, projectName: string): void {
  sendFile(ctx, file, exportFileName(prefix, projectName, "xlsx"), XLSX_MIME);
}

export function workforceRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /workforce/counting: the version's participant countings in a range, by lots, participants, tags. */
  route(router, deps, {
    method: "get",
    path: "/workforce/counting",
    roles: PERMISSIONS.manager,
    query: workforceCountingQuery,
    handler: async ({ db, user, query }) => {
      const { data } = await listCountings(db, user, query);
      return { data, count: data.length, total: data.length };
    },
  });

  /**
   * POST /workforce/counting {data, projectId, versionId}: upserts one row per participant (or lot) and day in
   * one statement; a field left out keeps its value, null clears it. Participants and lots must belong to the
   * version (errors.not_found otherwise, nothing written).
   */
  route(router, deps, {
    method: "post",
    path: "/workforce/counting",
    roles: PERMISSIONS.manager,
    body: workforceCountingBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      await lockWritableVersion(db, scope.projectId, scope.versionId);
      // The last line wins when one participant and day appear twice.
      const byKey = new Map<string, (typeof body.data)[number]>();
      for (const r of body.data) byKey.set(`${r.participantId ?? ""}/${r.participantGroupProId ?? ""}/${r.date}`, r);
      const lines = [...byKey.values()];
      const participantIds = [...new Set(lines.flatMap((r) => (r.participantId ? [r.participantId] : [])))];
      const lotIds = [...new Set(lines.flatMap((r) => (r.participantGroupProId ? [r.participantGroupProId] : [])))];
      for (const [table, ids] of [
        ["participants", participantIds],
        ["participant_group_pros", lotIds],
      ] as const) {
        if (ids.length === 0) continue;
        const found = await db(table).where("version_id", scope.versionId).whereIn("id", ids).count({ n: "*" });
        if (Number(found[0].n) !== ids.length) throw new AppError("errors.not_found");
      }
      const json = JSON.stringify(
        lines.map((r) => ({
          p: r.participantId ?? null,
          l: r.participantGroupProId ?? null,
          d: r.date,
          e: r.estimatedNumberOfPeople ?? null,
          r: r.realNumberOfPeople ?? null,
          he: r.estimatedNumberOfPeople !== undefined,
          hr: r.realNumberOfPeople !== undefined,
        })),
      );
      const v = scope.versionId;
      const same = `w.version_id = ${Number(v)} and w.date = v.d and w.participant_id is not distinct from v.p
                    and w.participant_group_pro_id is not distinct from v.l`;
      const res = await db.raw<{ rows: { id: number }[] }>(
        `with v as materialized (
           select * from json_to_recordset(?::json) as v(p int, l int, d date, e numeric, r numeric, he boolean, hr boolean)
         ), u as (
           update workforce_countings w
              set estimated_number_of_people = case when v.he then v.e else w.estimated_number_of_people end,
                  real_number_of_people = case when v.hr then v.r else w.real_number_of_people end,
                  updated_at = now()
             from v where ${same}
           returning w.id
         ), i as (
           insert into workforce_countings
             (project_id, version_id, date, participant_id, participant_group_pro_id, estimated_number_of_people, real_number_of_people)
           select ?, ?, v.d, v.p, v.l, v.e, v.r from v
            where not exists (select 1 from workforce_countings w where ${same})
           returning id
         )
         select id from u union all select id from i`,
        [json, scope.projectId, v],
      );
      const ids = res.rows.map((r) => r.id);
      const rows = (await countingRows(db, v, {})
        .whereIn("w.id", ids)
        .select(countingSelect)
        .orderBy("w.date")) as CountingDbRow[];
      const data = rows.map(presentCounting);
      // Sent after commit only: other viewers refetch their countings and chart.
      emits.add({
        event: WORKFORCE_REALTIME.event,
        projectId: scope.projectId,
        versionId: v,
        initiatorId: user.id,
        ids,
        data: { resource: WORKFORCE_REALTIME.resource, dates: [...new Set(lines.map((r) => r.date))].sort() },
      });
      return { data, count: data.length };
    },
  });

  /** GET /workforce/participant/export: the countings GET /workforce/counting answers, as .xlsx. */
  route(router, deps, {
    method: "get",
    path: "/workforce/participant/export",
    roles: PERMISSIONS.manager,
    query: workforceCountingQuery,
    handler: async ({ db, user, query, ctx }) => {
      const { scope, data } = await listCountings(db, user, query);
      sendXlsx(ctx, await participantCountingsXlsx(data), "Effectifs_intervenants", scope.project.name);
    },
  });

  /** GET /workforce/export/{projectId}: the monitoring's rows as .xlsx, one column per version. */
  route(router, deps, {
    method: "get",
    path: "/workforce/export/:projectId",
    roles: PERMISSIONS.manager,
    params: workforceParams,
    query: workforceQuery,
    handler: async ({ db, user, params, query, ctx }) => {
      const { scope, answer } = await computeWorkforce(db, user, params.projectId, query);
      sendXlsx(ctx, await workforceXlsx(answer), "Suivi_effectifs", scope.project.name);
    },
  });

  /** GET /workforce/{projectId}: one row per working day (and counted day): countings against planned people. */
  route(router, deps, {
    method: "get",
    path: "/workforce/:projectId",
    roles: PERMISSIONS.manager,
    params: workforceParams,
    query: workforceQuery,
    handler: async ({ db, user, params, query }) => (await computeWorkforce(db, user, params.projectId, query)).answer,
  });
}
