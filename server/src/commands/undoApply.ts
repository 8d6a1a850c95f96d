import type { Knex } from "knex";
import { formatDay } from "@jalon/engine";
import { AppError, type UndoLabel } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { forget, readVersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion, bumpWriteCounter } from "../planning/writeLock.js";
import { persistScheduleWrite } from "../planning/persist.js";
import { restoreHolidays, type HolidayUndo } from "./holidayWrite.js";

/**
 * An undo step holds the previous values of every row its action changed:
 *   events: [id, startDate, endDate, numberOfDays][]; links: [id, delay][];
 *   fields: [eventId, column, previous][] (other event columns);
 *   created: {events: id[], links: id[]} rows to delete; deleted: {events: row[], links: row[], eventTags: row[]}
 *   rows to put back as they were (same ids).
 */
export interface UndoPayload {
  events?: [number, string | null, string | null, number][];
  links?: [number, number][];
  fields?: [number, string, unknown][];
  created?: { events?: number[]; links?: number[] };
  deleted?: {
    events?: Record<string, unknown>[];
    links?: Record<string, unknown>[];
    eventTags?: Record<string, unknown>[];
  };
  /** Holiday and vacation rows (commands/holidayWrite.ts): the calendar is restored before the re-plan. */
  holidays?: HolidayUndo;
}

/** Columns an undo may restore on events: the ones the planning writes change. */
const RESTORABLE = new Set([
  "name",
  "comments",
  "description",
  "trigram",
  "color",
  "zone_id",
  "macro_task_id",
  "participant_group_pro_id",
  "participant_id",
  "speciality_id",
  "sequence_id",
  "number_of_people",
  "is_tracked",
  "is_contractual",
  "milestone_to_hide",
  "locked",
  "prerequisites_delay",
  "finishes_delay",
  "prerequisites_document_name",
  "finishes_document_name",
  "reference_type",
  "type",
]);

/** The sequences and macro-tasks the step's created tasks and restored attachments are taken out of. */
async function attachmentsLeft(
  trx: Knex.Transaction,
  payload: UndoPayload,
): Promise<{ sequenceIds: (number | null)[]; macroTaskIds: (number | null)[] }> {
  const ids = [
    ...(payload.created?.events ?? []),
    ...(payload.fields ?? []).filter(([, c]) => c === "sequence_id" || c === "macro_task_id").map(([id]) => id),
  ];
  if (ids.length === 0) return { sequenceIds: [], macroTaskIds: [] };
  const rows = (await trx("events").whereIn("id", ids).select("sequence_id", "macro_task_id")) as {
    sequence_id: number | null;
    macro_task_id: number | null;
  }[];
  return { sequenceIds: rows.map((r) => r.sequence_id), macroTaskIds: rows.map((r) => r.macro_task_id) };
}

export async function undoApply(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
): Promise<{ remaining: number; emit: RealtimePayload[]; action: string; label: UndoLabel | null }> {
  await lockWritableVersion(trx, projectId, versionId);
  const step = await trx("undo_steps").where({ version_id: versionId }).orderBy("id", "desc").first();
  if (!step) throw new AppError("errors.undo_nothing");
  const payload = (typeof step.payload === "string" ? JSON.parse(step.payload) : step.payload) as UndoPayload;
  const created = payload.created ?? {};
  // The sequences and macro-tasks that lose a task (a created one going, one put back elsewhere): their quality
  // controls' due dates follow (persistScheduleWrite below); the tasks whose dates this writes are passed too,
  // since the re-plan then finds them where they already are.
  const left = await attachmentsLeft(trx, payload);
  if (created.links?.length)
    await trx("event_links").where({ version_id: versionId }).whereIn("id", created.links).delete();
  if (created.events?.length) {
    await trx("event_links")
      .where({ version_id: versionId })
      .where((w) => w.whereIn("parent_id", created.events!).orWhereIn("child_id", created.events!))
      .delete();
    await trx("events").whereIn("id", created.events).delete();
  }
  const deleted = payload.deleted ?? {};
  if (deleted.events?.length)
    await trx.raw("insert into events select * from json_populate_recordset(null::events, ?::json)", [
      JSON.stringify(deleted.events),
    ]);
  if (deleted.links?.length)
    await trx.raw("insert into event_links select * from json_populate_recordset(null::event_links, ?::json)", [
      JSON.stringify(deleted.links),
    ]);
  if (deleted.eventTags?.length)
    await trx.raw("insert into event_tags select * from json_populate_recordset(null::event_tags, ?::json)", [
      JSON.stringify(deleted.eventTags),
    ]);
  if (payload.links?.length) {
    await trx.raw(
      "update event_links set delay = v.d from json_to_recordset(?::json) as v(id int, d int) where event_links.version_id = ? and event_links.id = v.id",
      [JSON.stringify(payload.links.map(([id, d]) => ({ id, d }))), versionId],
    );
  }
  if (payload.events?.length) {
    await trx.raw(
      "update events set start_date = v.s, end_date = v.e, number_of_days = v.n, revision = events.revision + 1, updated_at = now() from json_to_recordset(?::json) as v(id int, s date, e date, n int) where events.id = v.id",
      [JSON.stringify(payload.events.map(([id, s, e, n]) => ({ id, s, e, n })))],
    );
  }
  for (const [id, column, previous] of payload.fields ?? []) {
    if (!RESTORABLE.has(column)) continue;
    await trx("events")
      .where({ id })
      .update({ [column]: previous, revision: trx.raw("revision + 1") });
  }
  if (payload.holidays) await restoreHolidays(trx, payload.holidays);
  // The history keeps the undo (its label, who undid it); the step itself goes, so the count is what is left.
  await trx("undone_steps").insert({
    project_id: projectId,
    version_id: versionId,
    user_id: userId,
    action: step.action,
    label: step.label === null || step.label === undefined ? null : JSON.stringify(step.label),
    step_created_at: step.created_at,
  });
  await trx("undo_steps").where({ id: step.id }).delete();
  // Restored anchors and delays: the engine re-derives every date so the version stays consistent.
  forget(versionId);
  const counter = await bumpWriteCounter(trx, versionId);
  const fresh = await readVersionGraph(trx, versionId, counter);
  const result = await persistScheduleWrite(trx, {
    action: "undo",
    userId,
    projectId,
    versionId,
    before: fresh,
    plan: fresh.plan,
    schedule: fresh.schedule,
    touched: [],
    undoable: false,
    quality: {
      eventIds: [
        ...(payload.events ?? []).map((e) => e[0]),
        ...(payload.fields ?? []).map((f) => f[0]),
        ...(deleted.events ?? []).map((e) => e.id as number),
      ],
      ...left,
    },
  });
  const restoredIds = [...new Set([...(payload.events ?? []).map((e) => e[0]), ...result.ids])];
  // No initiator: the undo button confirms the undo itself; an initiator here made it confirm twice.
  const bulk: RealtimePayload = {
    event: "event:bulk_update",
    projectId,
    versionId,
    initiatorId: null,
    ids: restoredIds,
  };
  // Only dates and delays came back: viewers apply the dates delta as for a move, which spares every open planning
  // a refetch of the whole version. Rows added, removed or renamed need their refetch.
  const structural = Boolean(
    created.events?.length ||
    created.links?.length ||
    deleted.events?.length ||
    deleted.links?.length ||
    payload.fields?.length,
  );
  if (!structural) {
    const ids = restoredIds.filter((id) => fresh.plan.index.has(id));
    const day = (id: number, col: "startDay" | "endDay") => formatDay(fresh.schedule[col][fresh.plan.index.get(id)!]);
    const revisionOf = new Map(result.ids.map((id, k) => [id, result.revisions[k]]));
    bulk.dates = {
      ids,
      startDates: ids.map((id) => day(id, "startDay")),
      endDates: ids.map((id) => day(id, "endDay")),
      revisions: ids.map((id) => revisionOf.get(id) ?? 0),
    };
  }
  // A restored calendar: viewers refetch the planning data for its shading (no initiator: the undo confirms).
  const emit: RealtimePayload[] = payload.holidays
    ? [{ event: "holiday:endUpdate", projectId, versionId, initiatorId: null, ids: [] }, bulk]
    : [bulk];
  const label = (typeof step.label === "string" ? JSON.parse(step.label) : (step.label ?? null)) as UndoLabel | null;
  return { remaining: result.undoRemaining, emit, action: step.action as string, label };
}
