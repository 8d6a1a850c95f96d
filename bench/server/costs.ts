// Cost monitoring benchmark (issue 19): `npx tsx bench/server/costs.ts` prints one JSON document on stdout,
// progress on stderr. The 100k-task version of the server bench (bench/server/generate.ts) gets one macro-task
// per trade, two order lines per trade (labour and supply) and 50,000 order-line tasks (every other task), and a
// third of its tasks are counted twice; it becomes the signed, referent version and is copied (the product's
// copyVersionRows) into the current version, where a fifth of the tasks get one more person. Then, alternated in
// the same run on the same database:
// - GET /costs/finance's computation (computeFinance: set-based statements for the planned weeks of both
//   versions and the realized weeks, two at once on the pool) against a naive baseline that asks the database
//   once per week;
// - GET /costs/productivity/quantity's and /price's (computeProductivity, first page of 50 rows in the default
//   order: two statements at once, each aggregating every other macro-task, and PostgreSQL cuts the page; checked
//   against the whole table built in Node, the export's path) against a naive baseline that reads every task and
//   order-line task into Node and groups them there;
// - both again on one connection (the parts one after the other, as on PGlite).
// Each run times every call twice: first with the routes' in-memory cache emptied (the first computation of a
// version state: the statements), then again (the kept aggregates under the versions' unchanged stamps).
//   --backend postgres|pglite   (default postgres, PGlite when Debian's PostgreSQL is missing)
//   --runs N                    timed runs of each of ours (default 7, after 1 warm-up); the naive ones run once
//   --naive-weeks N             weeks the naive finance is timed over, then extrapolated (default 60)
import { performance } from "node:perf_hooks";
import type { FinanceAnswer } from "@jalon/shared";
import type { AuthUser } from "../../server/src/context.js";
import { createDb, type Db, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { copyVersionRows } from "../../server/src/db/versionCopy.js";
import { clearCostsCache } from "../../server/src/routes/costs/costs.cache.js";
import { computeFinance, computeProductivity } from "../../server/src/routes/costs/costs.routes.js";
import { generateVersion, SHAPE_100K } from "./generate.js";
import { benchArg, benchLog, runIfMain, runServerBench } from "./serverBench.js";

const log = benchLog("costs");
const arg = benchArg;
const BACKEND = arg("backend", "postgres");
const RUNS = Math.max(1, Number(arg("runs", "7")));
const TARGET_MS = 500;
/** Weeks the naive finance baseline is timed over. */
const NAIVE_WEEKS = Math.max(1, Number(arg("naive-weeks", "60")));

const sumWeeks = (a: FinanceAnswer | null, n: number, key: "planned" | "realized") =>
  (a?.weeks ?? []).slice(0, n).reduce((s, w) => s + w[key], 0);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 10) / 10;
  return { medianMs: at(0.5), minMs: at(0), maxMs: at(1), runs: s.length };
};

const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** The order lines, order-line tasks, countings and the referent copy of the bench's cost data. */
export async function addCosts(db: Db, projectId: number, referentId: number) {
  await db.raw(
    `insert into macro_tasks (project_id, version_id, name)
     select ?::int, ?::int, l.name from participant_group_pros l where l.version_id = ? order by l.position`,
    [projectId, referentId, referentId],
  );
  await db.raw(
    `update events e set macro_task_id = m.id
       from participant_group_pros l join macro_tasks m on m.version_id = l.version_id and m.name = l.name
      where e.version_id = ? and e.participant_group_pro_id = l.id`,
    [referentId],
  );
  await db.raw(
    `insert into order_lines (project_id, version_id, label, type, unit, macro_task_id, price, quantity)
     select m.project_id, m.version_id, t.kind || ' ' || m.name, t.type, t.unit, m.id, t.price, 0
       from macro_tasks m cross join (values ('Main d''œuvre', 'labor', 'm²', 42.5), ('Fourniture', 'supply', 'U', 18.0))
            as t(kind, type, unit, price)
      where m.version_id = ?`,
    [referentId],
  );
  await db.raw(
    `insert into order_line_tasks (project_id, version_id, order_line_id, event_id, zone_id, quantity, price, is_ordered)
     select e.project_id, e.version_id, ol.id, e.id, e.zone_id, 5 + abs(hashint4(e.id)) % 60,
            case when e.id % 7 = 0 then ol.price * 1.1 end, e.id % 3 = 0
       from events e join order_lines ol on ol.macro_task_id = e.macro_task_id
        and ol.type = case when e.id % 4 = 0 then 'supply' else 'labor' end
      where e.version_id = ? and e.type = 'task' and e.id % 2 = 0`,
    [referentId],
  );
  await db.raw(
    `insert into countings (project_id, version_id, event_id, counting_date, percentage)
     select e.project_id, e.version_id, e.id, e.start_date + k, case when k = 0 then 10 else 5 + abs(hashint4(e.id)) % 95 end
       from events e cross join (values (0), (1)) as x(k)
      where e.version_id = ? and e.type = 'task' and e.id % 3 = 0 and e.start_date is not null`,
    [referentId],
  );
  await db("versions").where({ id: referentId }).update({ is_referent_version: true });
  await db("projects").where({ id: projectId }).update({ signed_version_id: referentId });
  const currentId = await db.transaction(async (trx) => {
    const [v] = await trx("versions")
      .insert({ project_id: projectId, name: "Courante", is_active_version: true })
      .returning("id");
    await copyVersionRows(trx, {
      fromVersionId: referentId,
      toVersionId: v.id,
      fromProjectId: projectId,
      toProjectId: projectId,
      pool: db,
    });
    await trx("projects").where({ id: projectId }).update({ current_version_id: v.id });
    return v.id as number;
  });
  await db.raw("update events set number_of_people = number_of_people + 1 where version_id = ? and id % 5 = 0", [
    currentId,
  ]);
  // Statistics and visibility of the new rows, as autovacuum keeps them on a live database (the generator analyzed
  // its own), so that autovacuum's pass over the 100k copied rows does not run during the timed computations.
  await db.raw("vacuum analyze");
  const count = async (table: string, v: number) =>
    Number(((await db(table).where("version_id", v).count({ n: "*" }).first()) as { n: unknown }).n);
  return {
    currentId,
    events: await count("events", currentId),
    orderLineTasks: await count("order_line_tasks", currentId),
    countings: await count("countings", referentId),
  };
}

const AMOUNT = "coalesce(olt.price, ol.price, 0) * coalesce(olt.quantity, 0)";

/**
 * Finance the obvious way: one statement per week for the planned amounts and one for the realized ones, timed
 * over the first `maxWeeks` weeks (the whole plan would take minutes) and extrapolated to every week.
 */
async function naiveFinance(db: Db, versionId: number, countingVersionId: number, maxWeeks: number) {
  const span = (await db("events as e")
    .join("order_line_tasks as olt", "olt.event_id", "e.id")
    .where("olt.version_id", versionId)
    .min({ lo: "e.start_date" })
    .max({ hi: "e.end_date" })
    .first()) as { lo: unknown; hi: unknown };
  const lo = new Date(`${day(span.lo)}T00:00:00Z`);
  lo.setUTCDate(lo.getUTCDate() - ((lo.getUTCDay() + 6) % 7));
  const hi = Date.parse(`${day(span.hi)}T00:00:00Z`);
  let planned = 0;
  let realized = 0;
  let weeks = 0;
  const allWeeks = Math.floor((hi - lo.getTime()) / (7 * 86_400_000)) + 1;
  for (let t = lo.getTime(); t <= hi && weeks < maxWeeks; t += 7 * 86_400_000) {
    const w = new Date(t).toISOString().slice(0, 10);
    const p = await db.raw<{ rows: { v: number | null }[] }>(
      `select sum(a.amount * greatest(0, least(a.f, ?::date + 4) - greatest(a.s, ?::date) + 1)::float8
                  / greatest(1, (select count(*) from generate_series(a.s, a.f, interval '1 day') d where extract(isodow from d) < 6)))::float8 v
         from (select e.start_date s, e.end_date f, sum(${AMOUNT}) amount
                 from order_line_tasks olt join order_lines ol on ol.id = olt.order_line_id join events e on e.id = olt.event_id
                where olt.version_id = ? and e.start_date <= ?::date + 6 and e.end_date >= ?::date
                group by e.id, e.start_date, e.end_date) a`,
      [w, w, versionId, w, w],
    );
    const r = await db.raw<{ rows: { v: number | null }[] }>(
      `select sum(a.amount * (c.percentage - coalesce((select p.percentage from countings p where p.event_id = c.event_id
                    and (p.counting_date, p.id) < (c.counting_date, c.id) order by p.counting_date desc, p.id desc limit 1), 0)) / 100)::float8 v
         from countings c join events ce on ce.id = c.event_id
         join (select e.tracking_id, sum(${AMOUNT}) amount from order_line_tasks olt join order_lines ol on ol.id = olt.order_line_id
                 join events e on e.id = olt.event_id where olt.version_id = ? group by e.tracking_id) a on a.tracking_id = ce.tracking_id
        where c.version_id = ? and c.counting_date between ?::date and ?::date + 6`,
      [versionId, countingVersionId, w, w],
    );
    planned += Number(p.rows[0]?.v ?? 0);
    realized += Number(r.rows[0]?.v ?? 0);
    weeks++;
  }
  return { weeks, allWeeks, planned: Math.round(planned), realized: Math.round(realized) };
}

/** Productivity the obvious way: every task and order-line task of both versions read and grouped in Node. */
async function naiveProductivity(db: Db, versionIds: number[]) {
  const tasks = (await db("events as e")
    .join("macro_tasks as m", "m.id", "e.macro_task_id")
    .leftJoin("zones as z", "z.id", "e.zone_id")
    .whereIn("e.version_id", versionIds)
    .where("e.type", "task")
    .select(
      "e.version_id",
      "m.tracking_id as mt",
      "z.tracking_id as zt",
      "e.number_of_days",
      "e.number_of_people",
    )) as {
    version_id: number;
    mt: number;
    zt: number | null;
    number_of_days: number;
    number_of_people: string;
  }[];
  const lines = (await db("order_line_tasks as olt")
    .join("order_lines as ol", "ol.id", "olt.order_line_id")
    .leftJoin("events as e", "e.id", "olt.event_id")
    .join("macro_tasks as m", "m.id", db.raw("coalesce(ol.macro_task_id, e.macro_task_id)"))
    .leftJoin("zones as z", "z.id", db.raw("coalesce(olt.zone_id, e.zone_id)"))
    .whereIn("olt.version_id", versionIds)
    .select(
      "olt.version_id",
      "m.tracking_id as mt",
      "z.tracking_id as zt",
      "olt.quantity",
      "olt.price",
      "ol.price as line_price",
    )) as {
    version_id: number;
    mt: number;
    zt: number | null;
    quantity: string | null;
    price: string | null;
    line_price: string | null;
  }[];
  const rows = new Map<string, { hours: number; amount: number }>();
  const at = (k: string) => {
    let r = rows.get(k);
    if (!r) rows.set(k, (r = { hours: 0, amount: 0 }));
    return r;
  };
  for (const t of tasks)
    at(`${t.version_id}/${t.mt}/${t.zt}`).hours += t.number_of_days * Number(t.number_of_people) * 7;
  for (const l of lines)
    at(`${l.version_id}/${l.mt}/${l.zt}`).amount += Number(l.price ?? l.line_price ?? 0) * Number(l.quantity ?? 0);
  // The first version's hours and amounts, for the check against ours.
  let hours = 0;
  let amount = 0;
  for (const [k, r] of rows)
    if (k.startsWith(`${versionIds[0]}/`)) {
      hours += r.hours;
      amount += r.amount;
    }
  return { groups: rows.size, hours, amount };
}

async function benchBackend(name: string, target: DbTarget) {
  const db = createDb(target);
  try {
    await migrate(db);
    log(`${name}: generating the 100k version`);
    const v = await generateVersion(db, SHAPE_100K, `costs-${name}`);
    log(`${name}: order lines, countings and the copy into the current version`);
    const data = await addCosts(db, v.projectId, v.versionId);
    const user = (await db("users")
      .where({ id: v.userId })
      .first("id", "email", "firstname", "lastname", "type")) as AuthUser;
    const finance = () => computeFinance(db, user, { projectId: v.projectId, versionId: data.currentId });
    const productivity = (orderBy: "quantity" | "price") =>
      computeProductivity(db, user, orderBy, {
        projectId: v.projectId,
        versionId: data.currentId,
        limit: 50,
        offset: 0,
      });
    // The same computations on one connection (inside a transaction: analyticParts runs the parts one after the
    // other, as on PGlite), the baseline of the parts run at once.
    const oneConnection = <T>(run: (d: Db) => Promise<T>) => db.transaction((trx) => run(trx as unknown as Db));
    const financeOne = () =>
      oneConnection((d) => computeFinance(d, user, { projectId: v.projectId, versionId: data.currentId }));
    const quantityOne = () =>
      oneConnection((d) =>
        computeProductivity(d, user, "quantity", {
          projectId: v.projectId,
          versionId: data.currentId,
          limit: 50,
          offset: 0,
        }),
      );
    const one = { finance: [] as number[], quantity: [] as number[] };
    const times = { finance: [] as number[], quantity: [] as number[], price: [] as number[] };
    const cached = { finance: [] as number[], quantity: [] as number[], price: [] as number[] };
    let answer = null as FinanceAnswer | null;
    let rows = 0;
    let pageRows = 0;
    const timeAll = async () => {
      let t0 = performance.now();
      answer = await finance();
      const f = performance.now() - t0;
      t0 = performance.now();
      const page = await productivity("quantity");
      rows = page.total;
      pageRows = page.count;
      const q = performance.now() - t0;
      t0 = performance.now();
      await productivity("price");
      const p = performance.now() - t0;
      return { f, q, p };
    };
    for (let r = 0; r <= RUNS; r++) {
      clearCostsCache();
      const first = await timeAll();
      const again = await timeAll();
      clearCostsCache();
      let t1 = performance.now();
      await financeOne();
      const of = performance.now() - t1;
      clearCostsCache();
      t1 = performance.now();
      await quantityOne();
      const oq = performance.now() - t1;
      if (r > 0) {
        one.finance.push(of);
        one.quantity.push(oq);
        times.finance.push(first.f);
        times.quantity.push(first.q);
        times.price.push(first.p);
        cached.finance.push(again.f);
        cached.quantity.push(again.q);
        cached.price.push(again.p);
      }
      const ms = (x: number) => Math.round(x);
      log(
        `${name}: first computation: finance ${ms(first.f)} ms, productivity quantity ${ms(first.q)} ms, price ${ms(first.p)} ms; kept: ${ms(again.f)}, ${ms(again.q)}, ${ms(again.p)} ms; on one connection: finance ${ms(of)}, quantity ${ms(oq)} ms${r === 0 ? " (warm-up)" : ""}`,
      );
    }
    // The page cut by PostgreSQL against the whole table built in Node (the export's path), sliced.
    const pages = [] as boolean[];
    let wholePrice = [] as { currentHours: number; currentValue: number }[];
    for (const orderBy of ["quantity", "price"] as const) {
      clearCostsCache();
      const page = await productivity(orderBy);
      clearCostsCache();
      const q = { projectId: v.projectId, versionId: data.currentId, limit: 50, offset: 0 };
      const whole = await computeProductivity(db, user, orderBy, q, true);
      pages.push(
        page.total === whole.total && JSON.stringify(page.data) === JSON.stringify(whole.data.slice(0, page.count)),
      );
      if (orderBy === "price") wholePrice = whole.data;
    }
    log(`${name}: productivity pages equal to the whole tables' first rows: ${pages.join(", ")}`);
    let t0 = performance.now();
    const naive = await naiveFinance(db, data.currentId, v.versionId, NAIVE_WEEKS);
    const naiveTimedMs = Math.round(performance.now() - t0);
    const naiveFinanceMs = Math.round((naiveTimedMs * naive.allWeeks) / naive.weeks);
    log(`${name}: naive finance ${naiveTimedMs} ms for ${naive.weeks} of ${naive.allWeeks} weeks (2 statements each)`);
    t0 = performance.now();
    const naiveTable = await naiveProductivity(db, [data.currentId, v.versionId]);
    const naiveProductivityMs = Math.round(performance.now() - t0);
    log(`${name}: naive productivity ${naiveProductivityMs} ms`);
    const f = stats(times.finance);
    const q = stats(times.quantity);
    const p = stats(times.price);
    const fc = stats(cached.finance);
    const qc = stats(cached.quantity);
    const pc = stats(cached.price);
    const total = answer?.totals ?? { planned: 0, realized: 0 };
    return {
      ...data,
      weeks: answer?.weeks.length ?? 0,
      totals: total,
      productivityRows: rows,
      productivityPageRows: pageRows,
      // First computation of a version state (cache emptied): the statements.
      finance: f,
      productivityQuantity: q,
      productivityPrice: p,
      // The first computations on one connection (the parts one after the other, as on PGlite).
      financeOneConnection: stats(one.finance),
      productivityQuantityOneConnection: stats(one.quantity),
      // The same calls again, the versions unchanged: the kept aggregates (stamps read, page sliced).
      financeKept: fc,
      productivityQuantityKept: qc,
      productivityPriceKept: pc,
      naiveFinance: { timedMs: naiveTimedMs, extrapolatedMs: naiveFinanceMs, ...naive },
      naiveProductivity: { ms: naiveProductivityMs, ...naiveTable },
      naiveFinanceOverOurs: Math.round((naiveFinanceMs / f.medianMs) * 10) / 10,
      naiveProductivityOverOurs: Math.round((naiveProductivityMs / q.medianMs) * 10) / 10,
      // Ours and the naive sums over the weeks the naive one timed (euros, rounding aside).
      agrees:
        Math.abs(Math.round(sumWeeks(answer, naive.weeks, "planned")) - naive.planned) <= naive.weeks &&
        Math.abs(Math.round(sumWeeks(answer, naive.weeks, "realized")) - naive.realized) <= naive.weeks,
      // The productivity pages (cut by PostgreSQL) equal the first rows of the whole tables (built in Node).
      productivityPageAgrees: pages.every(Boolean),
      // Ours (the whole table by price, rows rounded to the cent) and the naive grouping: the current version's
      // hours and amounts, within half a cent per row.
      productivityAgrees:
        Math.abs(wholePrice.reduce((a, r) => a + r.currentHours, 0) - naiveTable.hours) <= wholePrice.length / 200 &&
        Math.abs(wholePrice.reduce((a, r) => a + r.currentValue, 0) - naiveTable.amount) <= wholePrice.length / 200,
      targetMs: TARGET_MS,
      meetsTarget: f.medianMs < TARGET_MS && q.medianMs < TARGET_MS && p.medianMs < TARGET_MS,
      meetsTargetKept: fc.medianMs < TARGET_MS && qc.medianMs < TARGET_MS && pc.medianMs < TARGET_MS,
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
      "computeFinance and computeProductivity (the routes' own computations; productivity's first page of 50 rows) on the current version against its referent copy, alternated in the same run, each first with the routes' cache emptied (finance, productivityQuantity, productivityPrice; on a pool their parts run at once on two connections), then on one connection (*OneConnection: the parts one after the other, as on PGlite), then again with the versions unchanged (the *Kept figures); naive baselines once: finance with two statements per week, productivity with every row grouped in Node",
    measure: benchBackend,
  });
}

runIfMain("costs.ts", main);
