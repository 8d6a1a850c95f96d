import type { CostFilters } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { analyticParts, canRunAtOnce } from "../../db/analytic.js";
import { readAll } from "../../db/readAll.js";

/**
 * The SQL of the cost monitoring (rules in shared/src/contract/costs.ts): set-based aggregates, one statement
 * per answer part, never a query per week, task or line. Filter ids name rows of the requested version; they are
 * turned into tracking ids once, so the same statement filters every compared version (each owns its copies).
 */

/** Filters as tracking-id lists (null: no filter; an empty selection matches nothing). */
export interface TrackedFilters {
  macro: number[] | null;
  zone: number[] | null;
  tag: number[] | null;
  type: string | null;
}

const NOTHING = [0];

const list = (ids: number[]) => ids.map(() => "?").join(",");

async function trackingIds(db: Db, table: string, versionId: number, ids: number[] | undefined) {
  if (!ids?.length) return null;
  const rows = (await db(table).where("version_id", versionId).whereIn("id", ids).select("tracking_id")) as {
    tracking_id: number;
  }[];
  return rows.length > 0 ? rows.map((r) => r.tracking_id) : NOTHING;
}

/** The zones asked for and every zone under them, as tracking ids. */
async function zoneTrackingIds(db: Db, versionId: number, ids: number[] | undefined) {
  if (!ids?.length) return null;
  const res = await db.raw<{ rows: { tracking_id: number }[] }>(
    `with recursive z as (
       select id, tracking_id from zones where version_id = ? and id in (${list(ids)})
       union
       select c.id, c.tracking_id from zones c join z on c.parent_id = z.id
     ) select distinct tracking_id from z`,
    [versionId, ...ids],
  );
  return res.rows.length > 0 ? res.rows.map((r) => r.tracking_id) : NOTHING;
}

export async function resolveFilters(db: Db, versionId: number, f: CostFilters): Promise<TrackedFilters> {
  const [macro, zone, tag] = await readAll(db, [
    () => trackingIds(db, "macro_tasks", versionId, f.macroTaskIds),
    () => zoneTrackingIds(db, versionId, f.zoneIds),
    () => trackingIds(db, "tags", versionId, f.tagIds),
  ]);
  return { macro, zone, tag, type: f.orderLineType ?? null };
}

type Binding = string | number;
type Where = { sql: string; bindings: Binding[] };

/**
 * Conditions on order-line tasks (aliases olt, ol, e its task, m its macro-task, z its zone), or on tasks (no ol
 * nor olt: `task` true).
 */
function where(f: TrackedFilters, task: boolean, typeColumn = "ol.type"): Where {
  const parts: string[] = [];
  const bindings: Binding[] = [];
  if (f.type && !task) {
    parts.push(`${typeColumn} = ?`);
    bindings.push(f.type);
  }
  if (f.macro) {
    parts.push(`m.tracking_id in (${list(f.macro)})`);
    bindings.push(...f.macro);
  }
  if (f.zone) {
    parts.push(`z.tracking_id in (${list(f.zone)})`);
    bindings.push(...f.zone);
  }
  if (f.tag) {
    const event = task ? "e.id" : "olt.event_id";
    parts.push(
      `(exists (select 1 from macro_task_tags x join tags g on g.id = x.tag_id
                 where x.macro_task_id = m.id and g.tracking_id in (${list(f.tag)}))
        or exists (select 1 from event_tags x join tags g on g.id = x.tag_id
                    where x.event_id = ${event} and g.tracking_id in (${list(f.tag)})))`,
    );
    bindings.push(...f.tag, ...f.tag);
  }
  return { sql: parts.map((p) => ` and ${p}`).join(""), bindings };
}

/** The order-line tasks of some versions with their amount, task, macro-task and zone (FROM ... WHERE). */
function lineTasks(versionIds: number[], f: TrackedFilters): Where {
  const w = where(f, false);
  return {
    sql: `from order_line_tasks olt
          join order_lines ol on ol.id = olt.order_line_id
          left join events e on e.id = olt.event_id
          left join macro_tasks m on m.id = coalesce(ol.macro_task_id, e.macro_task_id)
          left join zones z on z.id = coalesce(olt.zone_id, e.zone_id)
         where olt.version_id in (${list(versionIds)})${w.sql}`,
    bindings: [...versionIds, ...w.bindings],
  };
}

const AMOUNT = "coalesce(olt.price, ol.price, 0) * coalesce(olt.quantity, 0)";

/**
 * The order-line tasks of some versions with a value, their unit, macro-task m and zone z (FROM ... WHERE), for
 * aggregates by macro-task and zone. A line task takes its macro-task from its line and its zone from itself, or
 * both from its task: only the tasks of those lacking one are read (joining every task of the versions, 200k
 * rows, to find them cost a fifth of the productivity statement).
 */
function lineTaskKeys(versionIds: number[], f: TrackedFilters, value: string): Where {
  const w = where(f, false, "olt.type");
  const columns = `olt.version_id, olt.event_id, ol.type, ol.unit, ${value} x`;
  const source = `from order_line_tasks olt join order_lines ol on ol.id = olt.order_line_id`;
  return {
    sql: `from (select ${columns}, ol.macro_task_id mid, olt.zone_id zid ${source}
                 where olt.version_id in (${list(versionIds)}) and ol.macro_task_id is not null
                   and olt.zone_id is not null
                union all
                select ${columns}, coalesce(ol.macro_task_id, e.macro_task_id), coalesce(olt.zone_id, e.zone_id)
                  ${source} left join events e on e.id = olt.event_id
                 where olt.version_id in (${list(versionIds)}) and (ol.macro_task_id is null or olt.zone_id is null)
               ) olt
          join macro_tasks m on m.id = olt.mid
          left join zones z on z.id = olt.zid
         where true${w.sql}`,
    bindings: [...versionIds, ...versionIds, ...w.bindings],
  };
}

/**
 * The Monday of a date column (ISO weeks; no time zone involved: the columns are calendar days), in integer day
 * arithmetic from a known Monday: extract() answers a numeric, a cost felt on 100k tasks.
 */
const monday = (col: string) => `(${col} - (((${col} - date '2000-01-03') % 7 + 7) % 7))`;
/** Day numbers count from this Monday: week k starts on day 7k, working day 5k + j is day 7k + j (j < 5). */
const ORIGIN = "date '2000-01-03'";
const mod7 = (n: string) => `(((${n}) % 7 + 7) % 7)`;
/** The week of day number n (floor division: days before the origin too). */
const weekOf = (n: string) => `(((${n}) - ${mod7(n)}) / 7)`;
/** Working days (Monday to Friday) from the origin up to day number n excluded. */
const workdaysBefore = (n: string) => `(5 * ${weekOf(n)} + least(${mod7(n)}, 5))`;

type FinanceDbRow = { version_id: number | null; week: string; planned: number | null; realized: number | null };

/**
 * One statement of the finance series: the planned weeks of `planned` versions and, when `countingVersionId` is
 * given, the realized weeks of `requestedId` (a null version_id).
 */
async function financeStatement(
  db: Db,
  planned: number[],
  requestedId: number,
  countingVersionId: number | null,
  f: TrackedFilters,
): Promise<FinanceDbRow[]> {
  const realized = countingVersionId !== null;
  const tVersions = realized && !planned.includes(requestedId) ? [...planned, requestedId] : planned;
  const from = lineTasks(tVersions, f);
  const plannedSql = `, k as materialized (
       select v, amount::float8 amount, ${weekOf("s")} sw, ${weekOf("n - 1")} fw, ${workdaysBefore("s")} ws,
              ${workdaysBefore("n")} we
         from t where s is not null and v in (${list(planned)})
     ), pt as (
       -- A task with no working day (a week-end) puts its amount in its first week.
       select v, sw wk, sum(amount) pv from k where fw >= sw and we <= ws group by 1, 2
     ), dl as (
       select v, x, sum(dv) dv
         from (select v, ws x, amount / (we - ws) dv from k where fw >= sw and we > ws
               union all
               select v, we, -amount / (we - ws) from k where fw >= sw and we > ws) d
        group by 1, 2
     ), span as (
       select v, min(sw) lo, max(fw) hi from k where fw >= sw group by v
     ), days as (
       select span.v, wk, 5 * wk + j x
         from span cross join lateral generate_series(span.lo, span.hi) wk cross join generate_series(0, 4) j
     ), rate as (
       select days.v, days.wk, sum(coalesce(dl.dv, 0)) over (partition by days.v order by days.x) r
         from days left join dl on dl.v = days.v and dl.x = days.x
     ), w as (
       select v, wk, sum(r) pv from rate group by 1, 2
     )`;
  const countingsSql = `, c as (
       select ce.tracking_id tr, c.counting_date,
              c.percentage - coalesce(lag(c.percentage) over (partition by c.event_id order by c.counting_date, c.id), 0) inc
         from countings c join events ce on ce.id = c.event_id and ce.version_id = c.version_id
        where c.version_id = ?
     )`;
  const selectPlanned = `select w.v version_id, (${ORIGIN} + 7 * w.wk)::text week,
            (w.pv + coalesce(pt.pv, 0))::float8 planned, null::float8 realized
       from w left join pt on pt.v = w.v and pt.wk = w.wk`;
  const selectRealized = `select null::int version_id, ${monday("c.counting_date")}::text week, null::float8 planned,
            sum(t.amount * c.inc / 100)::float8 realized
       from c join t on t.v = ? and t.tr = c.tr
      group by 2`;
  const res = await db.raw<{ rows: FinanceDbRow[] }>(
    `with t as materialized (
       select olt.version_id v, e.tracking_id tr, e.start_date - ${ORIGIN} s,
              coalesce(e.end_date, e.start_date) - ${ORIGIN} + 1 n, ${AMOUNT} amount
       ${from.sql} and olt.event_id is not null
     )${planned.length ? plannedSql : ""}${realized ? countingsSql : ""}
     ${[planned.length ? selectPlanned : "", realized ? selectRealized : ""].filter(Boolean).join(" union all ")}`,
    [...from.bindings, ...(planned.length ? planned : []), ...(realized ? [countingVersionId, requestedId] : [])],
  );
  return res.rows;
}

/**
 * The finance series: planned amounts per version and week, and realized amounts per week of the requested
 * version (first of `versionIds`), read from a join of the versions' order-line tasks to their tasks.
 *
 * Planned: each task's order-line amount spread over its working days (Monday to Friday) in each week it spans;
 * a task entirely on a week-end puts it all in its first week. The spreading is linear, so every order-line task
 * spreads its own amount (no aggregate per task, 100k groups cost most of a second) as a daily rate on the axis of
 * working days: the rate is added at its first working day and removed after its last. A running sum over each
 * version's working days (5 per week, a few thousand) gives the daily rates, summed per week. Tasks spanning
 * weeks in reverse order are left out, as a plan never holds them.
 *
 * Realized: every counting of `countingVersionId` adds the order-line amounts of its task in the requested version
 * (matched by tracking id) times its increase over the task's previous counting. Each order-line task is joined
 * to the countings as it is (no sum per task first: 50k numeric groups; the numeric products add up the same).
 *
 * On a PostgreSQL pool the work is cut in two statements run at once on one snapshot (analyticParts): the planned
 * and realized weeks of the requested version (with every other compared one), and the planned weeks of the rest;
 * a single version's planned weeks, and its realized weeks. On one connection, one
 * statement does it all (the join of order-line tasks to their tasks, the largest part, is then made once).
 */
export async function financeSeries(
  db: Db,
  versionIds: number[],
  countingVersionId: number,
  f: TrackedFilters,
): Promise<{
  planned: { version_id: number; week: string; planned: number }[];
  realized: { week: string; realized: number }[];
}> {
  const [requested] = versionIds;
  const even = versionIds.filter((_, k) => k % 2 === 0);
  const odd = versionIds.filter((_, k) => k % 2 === 1);
  // The realized weeks go with the requested version's planned ones (one join of its order-line tasks for both);
  // a single version splits its planned weeks from its realized ones instead.
  const parts = !canRunAtOnce(db)
    ? [(trx: Db) => financeStatement(trx, versionIds, requested, countingVersionId, f)]
    : odd.length > 0
      ? [
          (trx: Db) => financeStatement(trx, even, requested, countingVersionId, f),
          (trx: Db) => financeStatement(trx, odd, requested, null, f),
        ]
      : [
          (trx: Db) => financeStatement(trx, versionIds, requested, null, f),
          (trx: Db) => financeStatement(trx, [], requested, countingVersionId, f),
        ];
  const rows = (await analyticParts(db, parts)).flat();
  const planned: { version_id: number; week: string; planned: number }[] = [];
  const realized: { week: string; realized: number }[] = [];
  for (const r of rows)
    if (r.version_id === null) realized.push({ week: r.week, realized: r.realized ?? 0 });
    else planned.push({ version_id: r.version_id, week: r.week, planned: r.planned ?? 0 });
  return { planned, realized };
}

/**
 * Sums of numerics over 100k groups cost most of the productivity statement; sums of float8 are several times
 * cheaper. A task's person-days in hundredths and an order-line task's quantity in thousandths or amount in
 * hundred-thousandths (its columns' scales: people 2 decimals, quantity 3, price 2) are integers, summed exactly
 * in float8 below 2^53; scaled back by one correctly rounded division, a sum is the float8 nearest to the exact
 * numeric sum, which is what the numeric sum cast to float8 answered (hours: the sum times the whole hours a day,
 * then divided). Each factor goes to float8 through int8 (exact: at most 10^14), as numeric to float8 goes
 * through text; the float8 product of two exact integers is the float8 nearest to the exact one, as the cast of
 * the numeric product was, and it never overflows.
 */
const PERSON_DAYS_X100 = "(e.number_of_people * 100)::int8::float8 * e.number_of_days";
const QUANTITY_X1000 = "(coalesce(olt.quantity, 0) * 1000)::int8::float8";
const AMOUNT_X100000 =
  "(coalesce(olt.price, ol.price, 0) * 100)::int8::float8 * (coalesce(olt.quantity, 0) * 1000)::int8::float8";

export interface ProductivityDbRow {
  /** Tracking ids of the macro-task and zone (0: no zone). */
  mt: number;
  zt: number;
  unit: string | null;
  current_hours: number | null;
  referent_hours: number | null;
  current_value: number | null;
  referent_value: number | null;
}

/** A macro-task or zone of a productivity row: the current version's, else the referent's. */
export interface ProductivityNamed {
  id: number;
  name: string;
}

/** The productivity rows and their macro-tasks and zones by tracking id. */
export interface ProductivityDbTable {
  rows: ProductivityDbRow[];
  macros: Map<number, ProductivityNamed>;
  zones: Map<number, ProductivityNamed>;
}

/** What a productivity table is asked for: by quantity or by price, the versions compared, the filters. */
export interface ProductivityAsk {
  byQuantity: boolean;
  currentId: number;
  referentId: number | null;
  f: TrackedFilters;
  hoursPerDay: number;
}

/** The versions a productivity table reads: the current one, and its referent when another. */
export function productivityVersions(currentId: number, referentId: number | null): number[] {
  return referentId === null || referentId === currentId ? [currentId] : [currentId, referentId];
}

/**
 * A part of the productivity rows, by macro-task (tracking ids; null: every row), for statements run at once on the
 * pool. A row's key holds its macro-task, so both versions' rows of a key fall in the same part; a macro-task
 * list is what the planner estimates well (a condition on a computed key would be taken for a few rows).
 */
type Part = number[] | null;

/**
 * The productivity table's statement: task hours (days x people x hours a day) and order-line values (quantities
 * per unit, or amounts) per version, macro-task and zone (tracking ids), the current and referent versions side by
 * side. By quantity, a macro-task and zone's hours go to each of its units' rows (usually one); without any line,
 * to a row with no unit. A CTE `j` of the rows, for the page to order and cut.
 */
function productivityStatement(ask: ProductivityAsk, part: Part = null): Where {
  const { byQuantity, currentId, referentId, f, hoursPerDay } = ask;
  const versionIds = productivityVersions(currentId, referentId);
  const ref = referentId ?? 0;
  const w = where(f, true);
  const inPart = part ? ` and m.tracking_id in (${part.map((t) => Math.trunc(t)).join(",")})` : "";
  const unit = byQuantity ? "olt.unit" : "null::text";
  const [value, scale] = byQuantity ? [QUANTITY_X1000, 1000] : [AMOUNT_X100000, 100000];
  const from = lineTaskKeys(versionIds, f, value);
  return {
    sql: `with h as (
       select m.tracking_id mt, coalesce(z.tracking_id, 0) zt,
              sum(${PERSON_DAYS_X100}) filter (where e.version_id = ?) * ?::float8 / 100 cur,
              sum(${PERSON_DAYS_X100}) filter (where e.version_id = ?) * ?::float8 / 100 ref
         from events e
         join macro_tasks m on m.id = e.macro_task_id
         left join zones z on z.id = e.zone_id
        where e.version_id in (${list(versionIds)}) and e.type = 'task'${w.sql}${inPart}
        group by 1, 2
     ), val as (
       select m.tracking_id mt, coalesce(z.tracking_id, 0) zt, ${unit} unit,
              sum(olt.x) filter (where olt.version_id = ?) / ${scale} cur,
              sum(olt.x) filter (where olt.version_id = ?) / ${scale} ref
       ${from.sql}${inPart}
        group by 1, 2, 3
     ), j as (
       select coalesce(val.mt, h.mt) mt, coalesce(val.zt, h.zt) zt, val.unit,
              h.cur current_hours, h.ref referent_hours, val.cur current_value, val.ref referent_value
         from h full join val on val.mt = h.mt and val.zt = h.zt
     )`,
    bindings: [
      currentId,
      hoursPerDay,
      ref,
      hoursPerDay,
      ...versionIds,
      ...w.bindings,
      currentId,
      ref,
      ...from.bindings,
    ],
  };
}

/**
 * The macro-tasks and zones of the versions once per tracking id, not once per row (100k rows of names cost more
 * to send than their numbers, and four joins by tracking id a fifth of the statement): a row answers the current
 * version's macro-task and zone, else the referent's; a zone by its full name (flats of different buildings share
 * a name).
 */
export async function productivityNames(
  db: Db,
  currentId: number,
  referentId: number | null,
): Promise<Pick<ProductivityDbTable, "macros" | "zones">> {
  const versionIds = productivityVersions(currentId, referentId);
  const byTracking = async (sql: string) => {
    const found = await db.raw<{ rows: { id: number; version_id: number; tracking_id: number; name: string }[] }>(
      sql,
      versionIds,
    );
    const named = new Map<number, ProductivityNamed>();
    for (const r of found.rows)
      if (r.version_id === currentId || !named.has(r.tracking_id)) named.set(r.tracking_id, { id: r.id, name: r.name });
    return named;
  };
  const columns = "id, version_id, tracking_id";
  const [macros, zones] = await readAll(db, [
    () => byTracking(`select ${columns}, name from macro_tasks where version_id in (${list(versionIds)})`),
    () =>
      byTracking(
        `select ${columns}, coalesce(nullif(full_name, ''), name) as name from zones
          where version_id in (${list(versionIds)})`,
      ),
  ]);
  return { macros, zones };
}

/** The units of the versions' order lines (those a productivity row by quantity may hold). */
export async function productivityUnits(
  db: Db,
  currentId: number,
  referentId: number | null,
): Promise<(string | null)[]> {
  const rows = (await db("order_lines")
    .whereIn("version_id", productivityVersions(currentId, referentId))
    .distinct("unit")) as { unit: string | null }[];
  return rows.map((r) => r.unit);
}

/** The productivity table in one statement (productivityStatement), with its macro-tasks and zones. */
export async function productivityTable(db: Db, ask: ProductivityAsk): Promise<ProductivityDbTable> {
  const table = productivityStatement(ask);
  const res = await db.raw<{ rows: ProductivityDbRow[] }>(`${table.sql} select * from j`, table.bindings);
  return { rows: res.rows, ...(await productivityNames(db, ask.currentId, ask.referentId)) };
}

/** French ranks of the default order's keys (the presenter's productivityRanks); units by `unit ?? ""`. */
export interface ProductivityRanks {
  macro: Map<number, number>;
  zone: Map<number, number>;
  unit: Map<string, number>;
}

/**
 * A page of the productivity table in its default order (macro-task, zone, unit: the French ranks computed from
 * the names, then tracking ids and no unit first, as productivityRows orders; DESC the reverse) and the table's
 * row count, cut by PostgreSQL: the 100k rows are neither sent nor built in Node.
 */
export async function productivityPage(
  db: Db,
  ask: ProductivityAsk,
  ranks: ProductivityRanks,
  page: { descending: boolean; offset: number; limit: number },
): Promise<{ rows: ProductivityDbRow[]; total: number }> {
  // On a pool, two statements at once each take every other macro-task and cut their first offset + limit rows;
  // the page is cut from their merge. Far pages would send too many rows: one statement cuts them.
  const macros = [...ranks.macro].sort((a, b) => a[1] - b[1]).map(([t]) => t);
  const parted = canRunAtOnce(db) && macros.length > 1 && page.offset + page.limit <= PARTED_PAGE_MAX;
  const parts: Part[] = parted ? [macros.filter((_, k) => k % 2 === 0), macros.filter((_, k) => k % 2 === 1)] : [null];
  const cut = parted ? { limit: page.offset + page.limit, offset: 0 } : page;
  const answers = await analyticParts(
    db,
    parts.map((part) => (trx: Db) => productivityPart(trx, ask, ranks, page.descending, cut, part)),
  );
  const total = answers.reduce((n, a) => n + a.total, 0);
  if (!parted) return answers[0];
  const key = (r: ProductivityDbRow) => [
    ranks.macro.get(r.mt) ?? 0,
    ranks.zone.get(r.zt) ?? 0,
    ranks.unit.get(r.unit ?? "") ?? 0,
    r.mt,
    r.zt,
    r.unit === null ? 0 : 1,
  ];
  const sign = page.descending ? -1 : 1;
  const order = (a: ProductivityDbRow, b: ProductivityDbRow) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return sign * (x[i] - y[i]);
    return 0;
  };
  const rows = answers
    .flatMap((a) => a.rows)
    .sort(order)
    .slice(page.offset, page.offset + page.limit);
  return { rows, total };
}

/** Pages ending past this row are cut by one statement (productivityPage). */
const PARTED_PAGE_MAX = 2000;

/** One statement of productivityPage: a part's rows in the default order, cut, and the part's row count. */
async function productivityPart(
  db: Db,
  ask: ProductivityAsk,
  ranks: ProductivityRanks,
  descending: boolean,
  cut: { offset: number; limit: number },
  part: Part,
): Promise<{ rows: ProductivityDbRow[]; total: number }> {
  const table = productivityStatement(ask, part);
  const dir = descending ? "desc" : "asc";
  // Macro-task and zone ranks as int arrays (their text form: knex would spread an array binding into a list of
  // values), the units' as JSON pairs (a unit may hold any character).
  const ints = (xs: Iterable<number>) => `{${[...xs].map((x) => Math.trunc(x)).join(",")}}`;
  // The page's rows lie in the first macro-task ranks holding offset + limit rows (a rank: every macro-task of
  // that name); only theirs are ranked by zone and sorted, not the 100k rows (their ranking was a third of a part).
  const res = await db.raw<{ rows: (Omit<ProductivityDbRow, "mt"> & { mt: number | null; total: number })[] }>(
    `${table.sql}, mr as materialized (select * from unnest(?::int[], ?::int[]) x(mt, r)),
       zr as materialized (select * from unnest(?::int[], ?::int[]) x(zt, r)),
       ur as materialized (select x->>0 unit, (x->>1)::int r from json_array_elements(?::json) x),
       jr as materialized (select j.*, coalesce(mr.r, 0) mrank from j left join mr on mr.mt = j.mt),
       per as (select mrank, count(*) n from jr group by mrank),
       cum as (select mrank, sum(n) over (order by mrank ${dir}) - n before from per)
     select n.total, p.* from (select coalesce(sum(n), 0)::int total from per) n
       left join lateral (
         select jr.mt, jr.zt, jr.unit, jr.current_hours, jr.referent_hours, jr.current_value, jr.referent_value
           from jr
           join cum on cum.mrank = jr.mrank and cum.before < ?
           left join zr on zr.zt = jr.zt
           left join ur on ur.unit = coalesce(jr.unit, '')
          order by jr.mrank ${dir}, coalesce(zr.r, 0) ${dir}, coalesce(ur.r, 0) ${dir}, jr.mt ${dir}, jr.zt ${dir},
                   jr.unit is not null ${dir}
          limit ? offset ?
       ) p on true`,
    [
      ...table.bindings,
      ints(ranks.macro.keys()),
      ints(ranks.macro.values()),
      ints(ranks.zone.keys()),
      ints(ranks.zone.values()),
      JSON.stringify([...ranks.unit]),
      cut.offset + cut.limit,
      cut.limit,
      cut.offset,
    ],
  );
  const rows: ProductivityDbRow[] = [];
  for (const { total: _, mt, ...r } of res.rows) if (mt !== null) rows.push({ ...r, mt });
  return { rows, total: res.rows[0]?.total ?? 0 };
}

export interface SupplyDbRow {
  id: number;
  order_line_id: number;
  label: string;
  unit: string | null;
  family: string | null;
  macro_id: number | null;
  macro_name: string | null;
  zone_id: number | null;
  zone_name: string | null;
  event_id: number | null;
  event_name: string | null;
  quantity: number | null;
  amount: number;
  price_supply: number | null;
  is_ordered: boolean;
  start_date: string | null;
}

/**
 * The supply order-line tasks of a version. Start date: the linked task's start, else the first start of the
 * macro-task's tasks in the line's zone (any zone when it has none), else the line's own date.
 */
export async function supplyRows(db: Db, versionId: number): Promise<SupplyDbRow[]> {
  const res = await db.raw<{ rows: SupplyDbRow[] }>(
    `select olt.id, ol.id order_line_id, ol.label, ol.unit, fa.name family, m.id macro_id, m.name macro_name,
            z.id zone_id, z.name zone_name, e.id event_id, e.name event_name,
            olt.quantity::float8 quantity, (${AMOUNT})::float8 amount, olt.price_supply::float8 price_supply,
            olt.is_ordered, coalesce(e.start_date, first.s, olt.start_date)::text start_date
       from order_line_tasks olt
       join order_lines ol on ol.id = olt.order_line_id
       left join families fa on fa.id = ol.family_id
       left join events e on e.id = olt.event_id
       left join macro_tasks m on m.id = coalesce(ol.macro_task_id, e.macro_task_id)
       left join zones z on z.id = coalesce(olt.zone_id, e.zone_id)
       left join lateral (
         select min(x.start_date) s from events x
          where olt.event_id is null and x.macro_task_id = m.id and x.type = 'task'
            and (olt.zone_id is null or x.zone_id = olt.zone_id)
       ) first on true
      where olt.version_id = ? and ol.type = 'supply'
      order by 16 nulls last, ol.label, olt.id`,
    [versionId],
  );
  return res.rows;
}
