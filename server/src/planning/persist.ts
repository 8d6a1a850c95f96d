import type { Knex } from "knex";
import { formatDay, NO_DAY, type Plan, type Schedule } from "@jalon/engine";
import type { GraphColumns } from "@jalon/shared/planning";
import type { UndoLabel } from "@jalon/shared";
import type { VersionGraph } from "./versionGraph.js";
import { noteWriteSummary } from "../realtime/writeSummary.js";
import { rederiveQualityDueDates } from "../commands/qualityControlDueDates.js";

/**
 * Persists what a planning write changed, set-based (one statement per table, rows passed as one JSON
 * document so PGlite and pg bind it the same way), with its history rows and its undo step, in the caller's
 * transaction. Returns the version graph to cache once the transaction commits.
 */
export interface ScheduleWrite {
  action: string;
  userId: number | null;
  projectId: number;
  versionId: number;
  before: VersionGraph;
  plan: Plan;
  schedule: Schedule;
  /** Event indices whose dates (or duration) may have changed; stale rows of `before` are added. */
  touched: ArrayLike<number>;
  /** Link indices whose delay changed. */
  delayedLinks?: ArrayLike<number>;
  /** Event indices whose other fields changed (history given by the caller). */
  extraHistory?: { eventId: number; field: string; previous: string | null; next: string | null }[];
  /** Extra undo data recorded with the step (created or deleted rows). */
  extraUndo?: Record<string, unknown>;
  /** What the undo history shows for the step (names and values: the payload holds ids). */
  label?: UndoLabel;
  /** Whether this write is undoable (an undo itself is not). */
  undoable?: boolean;
  /** Told when each statement of the write is done, for a progress report (bulk moves). */
  onStage?: (stage: PersistStage) => void;
  /**
   * When the write changed the graph's structure (events or links added or removed): the new graph columns
   * and link row ids, indices of `plan`. Rows are then matched to `before` by id.
   */
  structure?: { graph: GraphColumns; linkIds: Int32Array; lotOf: Int32Array };
  /**
   * Quality controls to re-derive besides those the re-dated rows reach (qualityControlDueDates.ts): events
   * whose dates were written before the call (an undo), sequences and macro-tasks that lost a task.
   */
  quality?: { eventIds?: number[]; sequenceIds?: (number | null)[]; macroTaskIds?: (number | null)[] };
}

/** The statements of a write, in order. */
export type PersistStage = "events" | "links" | "history" | "undo";

export interface ScheduleWriteResult {
  graph: VersionGraph;
  /** Event ids whose row changed, with their new dates and revisions. */
  ids: number[];
  startDates: string[];
  endDates: string[];
  revisions: number[];
  projectedStartDate: string | null;
  projectedEndDate: string | null;
  undoRemaining: number;
}

const isoDay = (d: number) => (d === NO_DAY ? null : formatDay(d));

/** One changed event row as the write statement reads it (json_to_recordset). */
interface EventRowWrite {
  id: number;
  /** New dates (ISO days) and stored number of days. */
  s: string | null;
  e: string | null;
  n: number;
  /** Present when the row existed before the write: its history and undo values follow. */
  h?: true;
  s0?: string | null;
  e0?: string | null;
  /** The engine's duration before and after (the history's numberOfDays). */
  d0?: number;
  d1?: number;
}

/**
 * The events UPDATE and the history rows of its date changes in one statement: the history is an INSERT ...
 * SELECT over the UPDATE's RETURNING (a data-modifying CTE), so the rows' tracking ids come from the update
 * itself and no history row travels as JSON. Field order per event is that of the VALUES list.
 */
const UPDATE_EVENTS_WITH_HISTORY = `
  with v as materialized (
    select * from json_to_recordset(?::json) as v(id int, s text, e text, n int, h boolean, s0 text, e0 text, d0 int, d1 int)
  ), u as (
    update events set start_date = v.s::date, end_date = v.e::date, number_of_days = v.n, revision = events.revision + 1, updated_at = now()
      from v where events.id = v.id
    returning events.id, events.tracking_id, events.revision
  ), h as (
    insert into event_histories (project_id, version_id, event_id, event_tracking_id, field_name, previous_value, new_value, user_id)
    select ?, ?, u.id, u.tracking_id, f.field, f.prev, f.next, ?::int
      from u join v on v.id = u.id
     cross join lateral (values ('startDate', v.s0, v.s), ('endDate', v.e0, v.e), ('numberOfDays', v.d0::text, v.d1::text)) as f(field, prev, next)
     where v.h and f.prev is distinct from f.next
  )
  select id, revision from u`;

/** The version's write counter, the project's projected dates and the undo count, in one round trip. */
const CLOSE_WRITE = `
  with c as (update versions set write_counter = write_counter + 1 where id = ? returning write_counter),
  p as (update projects set projected_start_date = ?::date, projected_end_date = ?::date where id = ? and current_version_id = ?)
  select (select write_counter from c) as counter, (select count(*) from undo_steps where version_id = ?) as remaining`;

export async function persistScheduleWrite(trx: Knex.Transaction, w: ScheduleWrite): Promise<ScheduleWriteResult> {
  const { before, plan, schedule } = w;
  const bg = before.graph;
  // A 10k-event move formats 40k dates over a few thousand distinct days.
  const days = new Map<number, string | null>();
  const iso = (d: number) => {
    let out = days.get(d);
    if (out === undefined) days.set(d, (out = isoDay(d)));
    return out;
  };
  const rows: EventRowWrite[] = [];
  const history: { event_id: number; field: string; prev: string | null; next: string | null }[] = [];
  const undoEvents: [number, string | null, string | null, number][] = [];
  const stale = new Set(before.stale);
  const seen = new Set<number>();
  const consider = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    const id = plan.ids[i];
    // Same structure: same indices. Otherwise match the row of `before` by id (absent for a new event).
    const b = w.structure ? before.plan.index.get(id) : i;
    const s0 = b === undefined ? NO_DAY : bg.startDay[b];
    const e0 = b === undefined ? NO_DAY : bg.endDay[b];
    const n0 = b === undefined ? -1 : bg.duration[b];
    const s1 = schedule.startDay[i];
    const e1 = schedule.endDay[i];
    const n1 = plan.duration[i];
    const staleRow = b !== undefined && stale.has(b);
    if (s0 === s1 && e0 === e1 && n0 === n1 && !staleRow) return;
    const row: EventRowWrite = { id, s: iso(s1), e: iso(e1), n: plan.kind[i] === 1 ? 0 : n1 };
    rows.push(row);
    if (b === undefined) return;
    row.h = true;
    row.s0 = iso(s0);
    row.e0 = iso(e0);
    row.d0 = n0;
    row.d1 = n1;
    undoEvents.push([id, row.s0, row.e0, n0]);
  };
  for (let k = 0; k < w.touched.length; k++) consider(w.touched[k]);
  for (let k = 0; k < before.stale.length; k++) {
    const i = w.structure ? plan.index.get(before.plan.ids[before.stale[k]]) : before.stale[k];
    if (i !== undefined) consider(i);
  }

  // By the link's key (its version, parent and child); the undo step keeps the link id.
  const linkRows: { p: number; c: number; d: number }[] = [];
  const undoLinks: [number, number][] = [];
  const linkIds = w.structure?.linkIds ?? before.linkIds;
  const beforeLink = w.structure ? new Map(Array.from(before.linkIds, (id, k) => [id, k])) : null;
  for (let k = 0; k < (w.delayedLinks?.length ?? 0); k++) {
    const l = w.delayedLinks![k];
    const b = beforeLink ? beforeLink.get(linkIds[l]) : l;
    if (b === undefined) continue;
    const d0 = bg.linkDelay[b];
    const d1 = plan.linkDelay[l];
    if (d0 === d1) continue;
    linkRows.push({ p: plan.ids[plan.linkParent[l]], c: plan.ids[plan.linkChild[l]], d: d1 });
    undoLinks.push([linkIds[l], d0]);
    history.push({
      event_id: plan.ids[plan.linkChild[l]],
      field: "delay",
      prev: `${plan.ids[plan.linkParent[l]]}:${d0}`,
      next: `${plan.ids[plan.linkParent[l]]}:${d1}`,
    });
  }
  for (const h of w.extraHistory ?? [])
    history.push({ event_id: h.eventId, field: h.field, prev: h.previous, next: h.next });

  const revisionOf = new Map<number, number>();
  if (rows.length > 0) {
    const updated = await trx.raw<{ rows: { id: number; revision: number }[] }>(UPDATE_EVENTS_WITH_HISTORY, [
      JSON.stringify(rows),
      w.projectId,
      w.versionId,
      w.userId,
    ]);
    for (const r of updated.rows) revisionOf.set(r.id, r.revision);
  }
  // Quality controls of re-dated tasks (and of tasks whose fields changed: their delays), of their sequences and
  // of their macro-tasks follow them.
  const qualityEventIds = [
    ...rows.map((r) => r.id),
    ...(w.extraHistory ?? []).map((h) => h.eventId),
    ...(w.quality?.eventIds ?? []),
  ];
  const sequenceIds = w.quality?.sequenceIds?.filter((x): x is number => x !== null) ?? [];
  const macroTaskIds = w.quality?.macroTaskIds?.filter((x): x is number => x !== null) ?? [];
  if (qualityEventIds.length + sequenceIds.length + macroTaskIds.length > 0)
    await rederiveQualityDueDates(trx, {
      versionId: w.versionId,
      projectId: w.projectId,
      userId: w.userId,
      eventIds: qualityEventIds,
      sequenceIds,
      macroTaskIds,
      plan,
    });
  w.onStage?.("events");
  if (linkRows.length > 0) {
    await trx.raw(
      `update event_links set delay = v.d, updated_at = now() from json_to_recordset(?::json) as v(p int, c int, d int)
        where event_links.version_id = ? and event_links.parent_id = v.p and event_links.child_id = v.c`,
      [JSON.stringify(linkRows), w.versionId],
    );
  }
  w.onStage?.("links");
  // The delays' and the caller's history rows (the dates' were written with the events).
  if (history.length > 0) {
    await trx.raw(
      `insert into event_histories (project_id, version_id, event_id, event_tracking_id, field_name, previous_value, new_value, user_id)
       select ?, ?, v.event_id, e.tracking_id, v.field, v.prev, v.next, ?
         from json_to_recordset(?::json) as v(event_id int, field text, prev text, next text) join events e on e.id = v.event_id`,
      [w.projectId, w.versionId, w.userId, JSON.stringify(history)],
    );
  }
  w.onStage?.("history");
  const undoable = w.undoable !== false;
  if (undoable && (undoEvents.length > 0 || undoLinks.length > 0 || w.extraUndo)) {
    await trx("undo_steps").insert({
      project_id: w.projectId,
      version_id: w.versionId,
      user_id: w.userId,
      action: w.action,
      payload: JSON.stringify({ events: undoEvents, links: undoLinks, ...(w.extraUndo ?? {}) }),
      label: w.label ? JSON.stringify(w.label) : null,
    });
  }
  w.onStage?.("undo");
  const projectedStartDate = isoDay(schedule.projectStartDay);
  const projectedEndDate = isoDay(schedule.projectEndDay);
  const closed = await trx.raw<{ rows: { counter: unknown; remaining: unknown }[] }>(CLOSE_WRITE, [
    w.versionId,
    projectedStartDate,
    projectedEndDate,
    w.projectId,
    w.versionId,
    w.versionId,
  ]);
  const counter = Number(closed.rows[0].counter);
  const undoRemaining = Number(closed.rows[0].remaining);
  noteWriteSummary(trx, { versionId: w.versionId, projectedEndDate, undoRemaining });

  // The graph the next write on this version starts from.
  const base = w.structure?.graph ?? bg;
  const graph: GraphColumns = {
    ...base,
    startDay: Array.from(schedule.startDay),
    endDay: Array.from(schedule.endDay),
    duration: Array.from(plan.duration),
    linkDelay: Array.from(plan.linkDelay),
    requestedStart: Array.from(plan.requestedStart),
    locked: Array.from(plan.locked),
    revision: base.revision.slice(),
  };
  for (let i = 0; i < plan.size; i++) {
    const r = revisionOf.get(plan.ids[i]);
    if (r !== undefined) graph.revision[i] = r;
  }
  // A root's stored start is its scheduled start: keep requestedStart in step so the cache equals a fresh read.
  for (const row of rows) {
    const i = plan.index.get(row.id)!;
    graph.requestedStart[i] = schedule.startDay[i];
  }
  const next: VersionGraph = {
    ...before,
    writeCounter: counter,
    graph,
    plan,
    schedule,
    stale: new Int32Array(0),
    ...(w.structure ? { linkIds: w.structure.linkIds, lotOf: w.structure.lotOf } : {}),
  };
  return {
    graph: next,
    ids: rows.map((r) => r.id),
    startDates: rows.map((r) => r.s ?? ""),
    endDates: rows.map((r) => r.e ?? ""),
    revisions: rows.map((r) => revisionOf.get(r.id) ?? 0),
    projectedStartDate,
    projectedEndDate,
    undoRemaining,
  };
}
