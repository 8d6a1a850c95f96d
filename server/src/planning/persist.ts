import type { Knex } from "knex";
import { formatDay, NO_DAY, type Plan, type Schedule } from "@jalon/engine";
import type { GraphColumns } from "@jalon/shared/planning";
import { bumpWriteCounter } from "./writeLock.js";
import type { VersionGraph } from "./versionGraph.js";

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
  /** Whether this write is undoable (an undo itself is not). */
  undoable?: boolean;
  /** Told when each statement of the write is done, for a progress report (bulk moves). */
  onStage?: (stage: PersistStage) => void;
  /**
   * When the write changed the graph's structure (events or links added or removed): the new graph columns
   * and link row ids, indices of `plan`. Rows are then matched to `before` by id.
   */
  structure?: { graph: GraphColumns; linkIds: Int32Array; lotOf: Int32Array };
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

const iso = (d: number) => (d === NO_DAY ? null : formatDay(d));

export async function persistScheduleWrite(trx: Knex.Transaction, w: ScheduleWrite): Promise<ScheduleWriteResult> {
  const { before, plan, schedule } = w;
  const bg = before.graph;
  const rows: { id: number; s: string | null; e: string | null; n: number }[] = [];
  const history: { event_id: number; field: string; prev: string | null; next: string | null }[] = [];
  const undoEvents: [number, string | null, string | null, number][] = [];
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
    const staleRow = b !== undefined && before.stale.includes(b);
    if (s0 === s1 && e0 === e1 && n0 === n1 && !staleRow) return;
    rows.push({ id, s: iso(s1), e: iso(e1), n: plan.kind[i] === 1 ? 0 : n1 });
    if (b === undefined) return;
    undoEvents.push([id, iso(s0), iso(e0), n0]);
    if (s0 !== s1) history.push({ event_id: id, field: "startDate", prev: iso(s0), next: iso(s1) });
    if (e0 !== e1) history.push({ event_id: id, field: "endDate", prev: iso(e0), next: iso(e1) });
    if (n0 !== n1) history.push({ event_id: id, field: "numberOfDays", prev: String(n0), next: String(n1) });
  };
  for (let k = 0; k < w.touched.length; k++) consider(w.touched[k]);
  for (let k = 0; k < before.stale.length; k++) {
    const i = w.structure ? plan.index.get(before.plan.ids[before.stale[k]]) : before.stale[k];
    if (i !== undefined) consider(i);
  }

  const linkRows: { id: number; d: number }[] = [];
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
    linkRows.push({ id: linkIds[l], d: d1 });
    undoLinks.push([linkIds[l], d0]);
    history.push({ event_id: plan.ids[plan.linkChild[l]], field: "delay", prev: `${plan.ids[plan.linkParent[l]]}:${d0}`, next: `${plan.ids[plan.linkParent[l]]}:${d1}` });
  }
  for (const h of w.extraHistory ?? []) history.push({ event_id: h.eventId, field: h.field, prev: h.previous, next: h.next });

  const revisionOf = new Map<number, number>();
  if (rows.length > 0) {
    const updated = await trx.raw<{ rows: { id: number; revision: number }[] }>(
      `update events set start_date = v.s, end_date = v.e, number_of_days = v.n, revision = events.revision + 1, updated_at = now()
         from json_to_recordset(?::json) as v(id int, s date, e date, n int)
        where events.id = v.id returning events.id, events.revision`,
      [JSON.stringify(rows)],
    );
    for (const r of updated.rows) revisionOf.set(r.id, r.revision);
  }
  w.onStage?.("events");
  if (linkRows.length > 0) {
    await trx.raw(
      `update event_links set delay = v.d, updated_at = now() from json_to_recordset(?::json) as v(id int, d int) where event_links.id = v.id`,
      [JSON.stringify(linkRows)],
    );
  }
  w.onStage?.("links");
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
    });
  }
  w.onStage?.("undo");
  const counter = await bumpWriteCounter(trx, w.versionId);
  const projectedStartDate = iso(schedule.projectStartDay);
  const projectedEndDate = iso(schedule.projectEndDay);
  await trx("projects")
    .where({ id: w.projectId, current_version_id: w.versionId })
    .update({ projected_start_date: projectedStartDate, projected_end_date: projectedEndDate });
  const remaining = await trx("undo_steps").where({ version_id: w.versionId }).count("* as count");
  const undoRemaining = Number((remaining[0] as { count: unknown }).count);

  // The graph the next write on this version starts from.
  const base = w.structure?.graph ?? bg;
  const graph: GraphColumns = { ...base, startDay: Array.from(schedule.startDay), endDay: Array.from(schedule.endDay), duration: Array.from(plan.duration), linkDelay: Array.from(plan.linkDelay), requestedStart: Array.from(plan.requestedStart), locked: Array.from(plan.locked), revision: base.revision.slice() };
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
