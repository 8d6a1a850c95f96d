// Dashboard benchmark (issue 17): `npx tsx bench/server/dashboard.ts` prints one JSON document on stdout,
// progress on stderr. The 100k-task version of the server bench (bench/server/generate.ts) with countings on a
// third of its tasks (two each, the later one counts), the dashboard of GET /project/{id}/dashboard computed by
// the route's own function (computeDashboard: DISTINCT ON last countings, one pass of theoretical progress and
// statuses, the engine's incremental forecast) against a naive baseline measured in the same run on the same
// database: every counting read and reduced in JavaScript, theoretical progress by walking each task's days, and
// the forecast by a full reschedule. Both read the version graph from the server's cache (as requests do after
// the first); the first, uncached computation is reported apart.
//   --backend postgres|pglite   (default postgres, PGlite when Debian's PostgreSQL is missing)
//   --runs N                    timed runs of each (default 7, after 1 warm-up)
import { performance } from "node:perf_hooks";
import {
  EventKind,
  formatDay,
  parseDay,
  schedulePlan,
  weightedProgress,
  withChanges,
  type Plan,
  type Schedule,
} from "@jalon/engine";
import { createDb, type Db, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { forget, versionGraph } from "../../server/src/planning/versionGraph.js";
import { computeDashboard } from "../../server/src/routes/dashboard/dashboard.routes.js";
import { generateVersion, SHAPE_100K } from "./generate.js";
import { benchArg, benchLog, runIfMain, runServerBench } from "./serverBench.js";

const log = benchLog("dashboard");
const arg = benchArg;
const BACKEND = arg("backend", "postgres");
const RUNS = Math.max(1, Number(arg("runs", "7")));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 10) / 10;
  return { medianMs: at(0.5), minMs: at(0), maxMs: at(1), runs: s.length };
};

/** The naive dashboard's core: the same figures, computed the obvious way. */
async function naiveDashboard(db: Db, versionId: number, date: string) {
  const vg = await versionGraph(db, versionId);
  const { plan, schedule } = vg;
  const day = parseDay(date);
  const all = (await db("countings")
    .where("version_id", versionId)
    .andWhere("counting_date", "<=", date)
    .select("event_id", "percentage", "counting_date", "id")) as {
    event_id: number;
    percentage: string;
    counting_date: unknown;
    id: number;
  }[];
  const dayOf = (v: unknown) => parseDay(v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  const last = new Map<number, { p: number; d: number; id: number }>();
  for (const c of all) {
    const d = dayOf(c.counting_date);
    const prev = last.get(c.event_id);
    if (!prev || d > prev.d || (d === prev.d && c.id > prev.id))
      last.set(c.event_id, { p: Number(c.percentage), d, id: c.id });
  }
  const people = new Map<number, number>(
    (
      (await db("events").where({ version_id: versionId, type: "task" }).select("id", "number_of_people")) as {
        id: number;
        number_of_people: string;
      }[]
    ).map((r) => [r.id, Number(r.number_of_people)]),
  );
  const items: { numberOfPeople: number; numberOfDays: number; percentage: number; theo: number }[] = [];
  const durations: [number, number][] = [];
  const starts: [number, number][] = [];
  const locks: [number, boolean][] = [];
  let late = 0;
  for (let i = 0; i < plan.size; i++) {
    if (plan.kind[i] !== EventKind.Task) continue;
    const cal = plan.calendars[plan.calendarOf[i]];
    let done = 0;
    for (let d = schedule.startDay[i]; d <= Math.min(day, schedule.endDay[i]); d++) if (cal.isWorking(d)) done++;
    const theo = Math.round((10000 * done) / plan.duration[i]) / 100;
    const c = last.get(plan.ids[i]);
    const p = c?.p ?? 0;
    if (p < 100 && p < theo) late++;
    items.push({ numberOfPeople: people.get(plan.ids[i]) ?? 1, numberOfDays: plan.duration[i], percentage: p, theo });
    if (c) {
      const end =
        Math.max(cal.rank(c.d + 1), schedule.start[i] + 1) + Math.ceil((plan.duration[i] * (100 - p)) / 100 - 1e-9);
      durations.push([i, end - schedule.start[i]]);
      starts.push([i, schedule.startDay[i]]);
      locks.push([i, true]);
    }
  }
  const forecast: Schedule = schedulePlan(withChanges(plan as Plan, { durations, starts, locks }));
  return {
    progress: weightedProgress(items),
    theoreticalProgress: weightedProgress(items.map((x) => ({ ...x, percentage: x.theo }))),
    forecastEndDate: formatDay(forecast.projectEndDay),
    tasksLate: late,
  };
}

async function benchBackend(name: string, target: DbTarget) {
  const db = createDb(target);
  try {
    await migrate(db);
    log(`${name}: generating the 100k version`);
    const v = await generateVersion(db, SHAPE_100K, `dashboard-${name}`);
    // Countings: a third of the tasks, counted twice (the later counting wins), dated on their start day.
    await db.raw(
      `insert into countings (project_id, version_id, event_id, counting_date, percentage)
       select e.project_id, e.version_id, e.id, e.start_date + k, case when k = 0 then 10 else 5 + abs(hashint4(e.id)) % 95 end
         from events e cross join (values (0), (1)) as x(k)
        where e.version_id = ? and e.type = 'task' and e.id % 3 = 0 and e.start_date is not null`,
      [v.versionId],
    );
    const counted = Number(
      ((await db("countings").where("version_id", v.versionId).count({ n: "*" }).first()) as { n: unknown }).n,
    );
    // The date: the middle of the plan, where most tasks are started, late or on time.
    const span = (await db("events")
      .where("version_id", v.versionId)
      .min({ lo: "start_date" })
      .max({ hi: "end_date" })
      .first()) as {
      lo: unknown;
      hi: unknown;
    };
    const mid = Math.round(
      (parseDay(String(span.lo instanceof Date ? span.lo.toISOString() : span.lo).slice(0, 10)) +
        parseDay(String(span.hi instanceof Date ? span.hi.toISOString() : span.hi).slice(0, 10))) /
        2,
    );
    const date = formatDay(mid);
    forget(v.versionId);
    let t0 = performance.now();
    const first = await computeDashboard(db, v.projectId, v.versionId, date);
    const uncachedMs = Math.round(performance.now() - t0);
    log(`${name}: first dashboard (graph read from the database) ${uncachedMs} ms`);
    const ours: number[] = [];
    const naive: number[] = [];
    let naiveOut: Awaited<ReturnType<typeof naiveDashboard>> | null = null;
    for (let r = 0; r <= RUNS; r++) {
      t0 = performance.now();
      await computeDashboard(db, v.projectId, v.versionId, date);
      const a = performance.now() - t0;
      t0 = performance.now();
      naiveOut = await naiveDashboard(db, v.versionId, date);
      const b = performance.now() - t0;
      if (r > 0) {
        ours.push(a);
        naive.push(b);
      }
      log(`${name}: computeDashboard ${Math.round(a)} ms, naive ${Math.round(b)} ms${r === 0 ? " (warm-up)" : ""}`);
    }
    const agrees =
      naiveOut !== null &&
      naiveOut.progress === first.progress &&
      naiveOut.theoreticalProgress === first.theoreticalProgress &&
      naiveOut.forecastEndDate === first.forecastEndDate &&
      naiveOut.tasksLate === first.production.tasksLate;
    const o = stats(ours);
    const n = stats(naive);
    return {
      tasks: v.tasks,
      milestones: v.milestones,
      links: v.links,
      countings: counted,
      date,
      answer: { ...first, milestones: `${first.milestones.length} tracked milestones` },
      firstUncachedMs: uncachedMs,
      computeDashboard: o,
      naive: n,
      naiveOverOurs: Math.round((n.medianMs / o.medianMs) * 10) / 10,
      agrees,
    };
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  await runServerBench({
    backend: BACKEND,
    log,
    method:
      "computeDashboard (GET /project/{id}/dashboard's computation, version graph cached) against the naive baseline (all countings reduced in JS, per-day theoretical walk, full reschedule for the forecast), alternated in the same run on the same database",
    measure: benchBackend,
  });
}

runIfMain("dashboard.ts", main);
