// The 100k-event version of the server benchmark, generated set-based in SQL (generate_series), never row by
// row: the shape of bench/engine/generate.ts (buildings x levels x flats zones, ten trades chained in every
// zone, crews moving from zone to zone, three milestones per building, French holidays and the summer closure),
// with durations, link types and delays drawn from hashint4 so that PostgreSQL and PGlite build the same plan.
// Dates are then computed once by the engine (the server's own readVersionGraph) and written in one UPDATE.
import { formatDay, parseDay } from "@jalon/engine";
import { frenchHolidays, summerClosure, TRADES } from "../engine/generate.js";
import type { Db } from "../../server/src/db/knex.js";
import { readVersionGraph } from "../../server/src/planning/versionGraph.js";

export interface BenchShape {
  buildings: number;
  levels: number;
  flats: number;
}

/** 50 x 20 x 10 zones x 10 trades = 100,000 tasks, plus 150 milestones and 199,600 links (as the engine's 100k). */
export const SHAPE_100K: BenchShape = { buildings: 50, levels: 20, flats: 10 };

export interface BenchVersion {
  userId: number;
  projectId: number;
  versionId: number;
  /** Event ids: tasks are firstTaskId + ((building * levels * flats + zone) * 10 + trade), then 3 milestones per building. */
  firstTaskId: number;
  tasks: number;
  milestones: number;
  links: number;
  zones: number;
  holidays: number;
  projectedEndDate: string | null;
  generateMs: number;
  scheduleMs: number;
}

const PROJECT_START = "2026-01-05";

export async function generateVersion(db: Db, shape: BenchShape, label: string): Promise<BenchVersion> {
  const t0 = performance.now();
  const T = TRADES.length;
  const zonesPerBuilding = shape.levels * shape.flats;
  const zones = shape.buildings * zonesPerBuilding;
  const tasks = zones * T;
  const out = await db.transaction(async (trx) => {
    const [user] = await trx("users")
      .insert({ email: `banc-${label}@jalon.bench`, firstname: "Banc", lastname: "Serveur", type: "admin" })
      .returning("id");
    const [project] = await trx("projects")
      .insert({ name: `Banc serveur ${label}`, created_by: user.id })
      .returning("id");
    await trx("project_users").insert({ project_id: project.id, user_id: user.id });
    const [version] = await trx("versions")
      .insert({ project_id: project.id, name: "Banc 100k", is_active_version: true, created_by: user.id })
      .returning("id");
    await trx("projects").where({ id: project.id }).update({ current_version_id: version.id });
    const b = {
      p: project.id as number,
      v: version.id as number,
      zpb: zonesPerBuilding,
      flats: shape.flats,
      zones,
      tasks,
      T,
    };

    // Lots: one per trade, position = trade index.
    await trx.raw(
      `insert into participant_group_pros (project_id, version_id, name, color, position)
       select :p::int, :v::int, t.name, '#' || lpad(to_hex(abs(hashint4(t.k::int)) % 16777216), 6, '0'), t.k - 1
         from json_array_elements_text(:names::json) with ordinality as t(name, k)`,
      { ...b, names: JSON.stringify(TRADES.map((t) => t.name)) },
    );
    // Zones: position = zone index (building-major).
    await trx.raw(
      `insert into zones (project_id, version_id, name, full_name, position, level)
       select :p::int, :v::int, 'Logement ' || (n % :flats::int + 1),
              'Bâtiment ' || (n / :zpb::int + 1) || ' > Niveau R+' || ((n % :zpb::int) / :flats::int) || ' > Logement ' || (n % :flats::int + 1),
              n, 2
         from generate_series(0, :zones::int - 1) n`,
      b,
    );
    // Tasks, in index order so that their ids are contiguous (checked below).
    // Array literals of numbers written into the SQL: knex would expand an array binding into a list.
    const mins = `'{${TRADES.map((t) => t.min).join(",")}}'::int[]`;
    const spans = `'{${TRADES.map((t) => t.max - t.min + 1).join(",")}}'::int[]`;
    await trx.raw(
      `insert into events (project_id, version_id, name, type, number_of_days, zone_id, participant_group_pro_id, reference_type)
       select :p::int, :v::int,
              l.name || ' B' || (i / (:zpb::int * :T::int) + 1) || ' N' || (((i / :T::int) % :zpb::int) / :flats::int) || ' L' || ((i / :T::int) % :flats::int + 1),
              'task', (${mins})[i % :T::int + 1] + abs(hashint4(i)) % (${spans})[i % :T::int + 1],
              z.id, l.id, case when i % :T::int = 0 and (i / :T::int) % :zpb::int = 0 then 'milestoneReference' else 'taskReference' end
         from generate_series(0, :tasks::int - 1) i
         join zones z on z.version_id = :v::int and z.position = i / :T::int
         join participant_group_pros l on l.version_id = :v::int and l.position = i % :T::int
        order by i`,
      b,
    );
    // Milestones: OS (dated root), Hors d'eau, Réception of each building; buildings start 14 to 42 days apart.
    await trx.raw(
      `insert into events (project_id, version_id, name, type, number_of_days, start_date, reference_type, is_tracked)
       select :p::int, :v::int, (array['OS', 'Hors d''eau', 'Réception'])[m % 3 + 1] || ' B' || (m / 3 + 1), 'milestone', 0,
              case when m % 3 = 0 then :start::date + (select coalesce(sum(14 + abs(hashint4(-k)) % 29), 0) from generate_series(1, m / 3) k)::int end,
              case when m % 3 = 0 then 'dateReference' else 'taskReference' end, m % 3 = 2
         from generate_series(0, :ms::int - 1) m order by m`,
      { ...b, ms: shape.buildings * 3, start: PROJECT_START },
    );
    const span = (await trx("events")
      .where({ version_id: b.v })
      .min({ lo: "id" })
      .max({ hi: "id" })
      .count({ n: "*" })
      .first()) as { lo: number; hi: number; n: unknown };
    const count = Number(span.n);
    if (Number(span.hi) - Number(span.lo) + 1 !== count || count !== tasks + shape.buildings * 3)
      throw new Error(`bench: event ids are not contiguous (${JSON.stringify(span)})`);
    const e0 = Number(span.lo);
    const m0 = e0 + tasks;
    const lb = { ...b, e0, m0 };

    // Links inside a zone (trade t-1 -> t), the mix of bench/engine/generate.ts.
    await trx.raw(
      `insert into event_links (project_id, version_id, parent_id, child_id, type, delay)
       select :p::int, :v::int, :e0::int + i - 1, :e0::int + i,
              case when r < 83 then 'end-begin' when r < 86 then 'end-begin' when r < 96 then 'begin-begin' when r < 99 then 'end-end' else 'begin-end' end,
              case when r < 75 then 0 when r < 83 then 1 + h % 5 when r < 86 then -1 when r < 96 then 1 + h % 4 when r < 99 then h % 3 else 2 + h % 5 end
         from (select i, abs(hashint4(i * 7 + 1)) % 100 as r, abs(hashint4(i * 11 + 3)) as h from generate_series(0, :tasks::int - 1) i where i % :T::int > 0) x`,
      lb,
    );
    // A crew moving on: the same trade in the previous zone of the building.
    await trx.raw(
      `insert into event_links (project_id, version_id, parent_id, child_id, type, delay)
       select :p::int, :v::int, :e0::int + i - :T::int, :e0::int + i, 'end-begin', case when abs(hashint4(i * 13 + 5)) % 10 = 0 then 1 else 0 end
         from generate_series(0, :tasks::int - 1) i where (i / :T::int) % :zpb::int > 0`,
      lb,
    );
    // Milestones: OS -> first task; last gros œuvre -> Hors d'eau; last trade of every zone -> Réception.
    await trx.raw(
      `insert into event_links (project_id, version_id, parent_id, child_id, type, delay)
       select :p::int, :v::int, :m0::int + 3 * k, :e0::int + k * :zpb::int * :T::int, 'end-begin', 0 from generate_series(0, :buildings::int - 1) k
       union all
       select :p::int, :v::int, :e0::int + (k * :zpb::int + :zpb::int - 1) * :T::int, :m0::int + 3 * k + 1, 'end-begin', 0 from generate_series(0, :buildings::int - 1) k
       union all
       select :p::int, :v::int, :e0::int + z * :T::int + :T::int - 1, :m0::int + 3 * (z / :zpb::int) + 2, 'end-begin', 0 from generate_series(0, :zones::int - 1) z`,
      { ...lb, buildings: shape.buildings },
    );
    // Calendar: French public holidays and the summer closure, 2026 to 2050.
    const days: { name: string; type: string; start_date: string; end_date: string }[] = [];
    for (let y = 2026; y <= 2050; y++) {
      for (const d of frenchHolidays(y)) days.push({ name: "Jour férié", type: "holiday", start_date: d, end_date: d });
      const [a, z] = summerClosure(y);
      days.push({ name: "Congés d'été du BTP", type: "vacation", start_date: formatDay(a), end_date: formatDay(z) });
    }
    await trx("holidays").insert(days.map((d) => ({ ...d, project_id: b.p, version_id: b.v })));
    const links = Number(
      ((await trx("event_links").where({ version_id: b.v }).count({ n: "*" }).first()) as { n: unknown }).n,
    );
    return { userId: user.id as number, projectId: b.p, versionId: b.v, firstTaskId: e0, links, holidays: days.length };
  });
  const generateMs = performance.now() - t0;

  // Dates: the engine's schedule of the stored graph, written in one statement.
  const t1 = performance.now();
  const vg = await readVersionGraph(db, out.versionId, 0);
  const rows = Array.from(vg.stale, (i) => ({
    id: vg.plan.ids[i],
    s: formatDay(vg.schedule.startDay[i]),
    e: formatDay(vg.schedule.endDay[i]),
  }));
  const projectedEndDate = formatDay(vg.schedule.projectEndDay);
  await db.transaction(async (trx) => {
    await trx.raw(
      `update events set start_date = v.s, end_date = v.e from json_to_recordset(?::json) as v(id int, s date, e date) where events.id = v.id`,
      [JSON.stringify(rows)],
    );
    await trx("projects")
      .where({ id: out.projectId })
      .update({ projected_start_date: formatDay(vg.schedule.projectStartDay), projected_end_date: projectedEndDate });
  });
  await db.raw("vacuum analyze");
  const scheduleMs = performance.now() - t1;
  if (parseDay(projectedEndDate) > parseDay("2050-12-31")) throw new Error("bench: the plan runs past its calendar");
  return { ...out, tasks, milestones: shape.buildings * 3, zones, projectedEndDate, generateMs, scheduleMs };
}
