import type { Knex } from "knex";
import { formatDay, NO_DAY, parseDay, schedulePlan, type Plan, type Schedule } from "@jalon/engine";
import { LINK_TYPES, type LinkType } from "@jalon/shared";
import { planOf, type CalendarColumns, type GraphColumns } from "@jalon/shared/planning";
import { readAll } from "../db/readAll.js";

/**
 * A version's schedule graph as the engine needs it, read from PostgreSQL in four set queries. The engine's
 * schedule is the truth for dates: rows whose stored dates disagree (an import, a manual SQL edit) are
 * reported in `stale` so that the next write corrects them in its transaction.
 */
export interface VersionGraph {
  readonly versionId: number;
  readonly writeCounter: number;
  readonly graph: GraphColumns;
  readonly calendars: CalendarColumns;
  readonly plan: Plan;
  readonly schedule: Schedule;
  /** Link row id of each engine link index. */
  readonly linkIds: Int32Array;
  /** Lot of each event (for realtime payloads and filters). */
  readonly lotOf: Int32Array;
  /** Event indices whose stored dates differ from the schedule. */
  readonly stale: Int32Array;
}

interface EventRow {
  id: number;
  type: string;
  number_of_days: number;
  start_date: string | null;
  end_date: string | null;
  locked: boolean;
  participant_group_pro_id: number | null;
  revision: number;
}

export async function readVersionGraph(
  db: Knex | Knex.Transaction,
  versionId: number,
  writeCounter: number,
): Promise<VersionGraph> {
  const [events, links, holidays] = await readAll(db, [
    () =>
      db.raw<{ rows: EventRow[] }>(
        "select id, type, number_of_days, start_date, end_date, locked, participant_group_pro_id, revision from events where version_id = ? order by id",
        [versionId],
      ),
    () =>
      db.raw<{ rows: { id: number; parent_id: number; child_id: number; type: string; delay: number }[] }>(
        "select id, parent_id, child_id, type, delay from event_links where version_id = ? order by id",
        [versionId],
      ),
    () =>
      db.raw<{ rows: { type: string; start_date: string; end_date: string; lots: number[] | null }[] }>(
        `select h.type, h.start_date, h.end_date,
              array_remove(array_agg(hl.participant_group_pro_id), null) as lots
         from holidays h left join holiday_lots hl on hl.holiday_id = h.id
        where h.version_id = ? group by h.id order by h.start_date`,
        [versionId],
      ),
  ]);
  const calendars: CalendarColumns = { holidays: [], vacations: [], lots: [] };
  const lotHolidays = new Map<number, string[]>();
  for (const h of holidays.rows) {
    const lots = h.lots ?? [];
    if (h.type === "vacation") calendars.vacations.push({ startDate: h.start_date, endDate: h.end_date });
    else if (lots.length === 0) calendars.holidays.push(h.start_date);
    else for (const lot of lots) lotHolidays.set(lot, [...(lotHolidays.get(lot) ?? []), h.start_date]);
  }
  const lotCalendar = new Map<number, number>();
  for (const [lotId, days] of [...lotHolidays.entries()].sort((a, b) => a[0] - b[0])) {
    calendars.lots.push({ lotId, holidays: days });
    lotCalendar.set(lotId, calendars.lots.length);
  }
  const rows = events.rows;
  const n = rows.length;
  const graph: GraphColumns = {
    ids: new Array(n),
    kind: new Array(n),
    duration: new Array(n),
    requestedStart: new Array(n),
    locked: new Array(n),
    calendarOf: new Array(n),
    startDay: new Array(n),
    endDay: new Array(n),
    revision: new Array(n),
    linkIds: links.rows.map((l) => l.id),
    linkParentId: links.rows.map((l) => l.parent_id),
    linkChildId: links.rows.map((l) => l.child_id),
    linkType: links.rows.map((l) => LINK_TYPES.indexOf(l.type as LinkType)),
    linkDelay: links.rows.map((l) => l.delay),
  };
  const lotOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const milestone = r.type === "milestone";
    graph.ids[i] = r.id;
    graph.kind[i] = milestone ? 1 : 0;
    graph.duration[i] = milestone ? 0 : r.number_of_days;
    graph.requestedStart[i] = r.start_date ? parseDay(r.start_date) : NO_DAY;
    graph.locked[i] = r.locked ? 1 : 0;
    graph.calendarOf[i] = r.participant_group_pro_id === null ? 0 : (lotCalendar.get(r.participant_group_pro_id) ?? 0);
    graph.revision[i] = r.revision;
    lotOf[i] = r.participant_group_pro_id ?? 0;
  }
  const plan = planOf(graph, calendars);
  const schedule = schedulePlan(plan);
  const stale: number[] = [];
  for (let i = 0; i < n; i++) {
    graph.startDay[i] = schedule.startDay[i];
    graph.endDay[i] = schedule.endDay[i];
    const r = rows[i];
    if (r.start_date !== formatDay(schedule.startDay[i]) || r.end_date !== formatDay(schedule.endDay[i])) stale.push(i);
  }
  return {
    versionId,
    writeCounter,
    graph,
    calendars,
    plan,
    schedule,
    linkIds: Int32Array.from(graph.linkIds),
    lotOf,
    stale: Int32Array.from(stale),
  };
}

/**
 * The server keeps no state that is not in PostgreSQL: this cache only saves re-reading a version whose
 * write counter, read inside the writer's transaction, has not moved since.
 */
const cache = new Map<number, VersionGraph>();
const MAX_CACHED = 16;

export async function versionGraph(db: Knex | Knex.Transaction, versionId: number): Promise<VersionGraph> {
  const row = await db("versions").where({ id: versionId }).first("write_counter");
  const counter = Number(row?.write_counter ?? 0);
  const hit = cache.get(versionId);
  if (hit && hit.writeCounter === counter) return hit;
  const fresh = await readVersionGraph(db, versionId, counter);
  remember(fresh);
  return fresh;
}

/** Called after commit with the state the write produced (its counter already bumped). */
export function remember(graph: VersionGraph): void {
  cache.delete(graph.versionId);
  cache.set(graph.versionId, graph);
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as number);
}

export function forget(versionId: number): void {
  cache.delete(versionId);
}
