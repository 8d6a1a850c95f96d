import type { Knex } from "knex";
import { moveSelectionTo, NO_DAY, parseDay, schedulePlan, type Plan, type Schedule } from "@jalon/engine";
import { AppError, LINK_TYPES, type LinkType } from "@jalon/shared";
import { planOf } from "@jalon/shared/planning";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { engine } from "../planning/engineErrors.js";
import { editGraph, type EventColumns, type GraphEdit, type LinkColumns } from "../planning/graphEdit.js";
import { persistScheduleWrite, type ScheduleWriteResult } from "../planning/persist.js";
import { versionGraph, type VersionGraph } from "../planning/versionGraph.js";
import { bumpWriteCounter, lockWritableVersion } from "../planning/writeLock.js";
import { updateLabel } from "./undoLabels.js";
import { EVENT_COLUMNS, EVENT_REFERENCES, type EventField, type EventInput, type LinkInput } from "./eventFields.js";

export interface EventWriteResult extends Omit<ScheduleWriteResult, "graph"> {
  graph: VersionGraph;
  id: number;
  emit: RealtimePayload[];
}

async function checkReferences(trx: Knex.Transaction, versionId: number, input: EventInput): Promise<void> {
  for (const [field, table] of Object.entries(EVENT_REFERENCES) as [EventField, string][]) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const row = await trx(table)
      .where({ id: value as number, version_id: versionId })
      .first("id");
    if (!row)
      throw new AppError("errors.validation", {
        message: `${field} ne désigne aucune ligne de cette version.`,
        details: { field },
      });
  }
  if (input.tags?.length) {
    const found = await trx("tags").whereIn("id", input.tags).where({ version_id: versionId }).count("* as count");
    if (Number((found[0] as { count: unknown }).count) !== new Set(input.tags).size)
      throw new AppError("errors.validation", {
        message: "Étiquette inconnue dans cette version.",
        details: { field: "tags" },
      });
  }
}

function columnsOf(input: EventInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(EVENT_COLUMNS))
    if (input[field] !== undefined) out[column] = input[field];
  return out;
}

function assertLinksKnown(vg: VersionGraph, links: LinkInput[] | undefined, selfId: number | null): void {
  for (const l of links ?? []) {
    if (l.id === selfId) throw new AppError("errors.cycle", { details: { ids: [selfId] } });
    if (!vg.plan.index.has(l.id)) throw new AppError("errors.event_not_found", { details: { id: l.id } });
  }
}

async function insertLinks(
  trx: Knex.Transaction,
  projectId: number,
  versionId: number,
  rows: { parentId: number; childId: number; type: string; delay: number }[],
): Promise<LinkColumns[]> {
  if (rows.length === 0) return [];
  const inserted = await trx("event_links")
    .insert(
      rows.map((r) => ({
        project_id: projectId,
        version_id: versionId,
        parent_id: r.parentId,
        child_id: r.childId,
        type: r.type,
        delay: r.delay,
      })),
    )
    .returning(["id", "parent_id", "child_id", "type", "delay"]);
  return inserted.map((r: { id: number; parent_id: number; child_id: number; type: string; delay: number }) => ({
    id: r.id,
    parentId: r.parent_id,
    childId: r.child_id,
    type: LINK_TYPES.indexOf(r.type as LinkType),
    delay: r.delay,
  }));
}

function scheduleOf(
  vg: VersionGraph,
  edit: GraphEdit,
): { plan: Plan; schedule: Schedule; structure: ReturnType<typeof editGraph> } {
  const structure = editGraph(vg, edit);
  const plan = engine(() => planOf(structure.graph, vg.calendars));
  const schedule = engine(() => schedulePlan(plan));
  return { plan, schedule, structure };
}

function assertWorkingStart(plan: Plan, i: number, day: number): void {
  if (!plan.calendars[plan.calendarOf[i]].isWorking(day)) throw new AppError("errors.invalid_date");
}

/** POST /event: a task or milestone, its links given on the child (parentsEvents) or the parent (childrenEvents). */
export async function createEvent(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  input: EventInput,
): Promise<EventWriteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  const vg = await versionGraph(trx, versionId);
  await checkReferences(trx, versionId, input);
  assertLinksKnown(vg, input.parentsEvents, null);
  assertLinksKnown(vg, input.childrenEvents, null);
  const milestone = input.type === "milestone";
  const anchored = !input.parentsEvents?.length || input.locked === true;
  let startDay = NO_DAY;
  if (input.startDate) startDay = engine(() => parseDay(input.startDate));
  if (anchored && startDay === NO_DAY) throw new AppError("errors.startDate_invalid");
  const row = {
    ...columnsOf(input),
    project_id: projectId,
    version_id: versionId,
    name: input.name,
    type: milestone ? "milestone" : "task",
    number_of_days: milestone ? 0 : (input.numberOfDays ?? 1),
    color: input.color ?? (milestone ? "#FFFFFF" : null),
    start_date: startDay === NO_DAY ? null : input.startDate,
    end_date: null,
    reference_type: input.parentsEvents?.length ? (input.referenceType ?? "taskReference") : "dateReference",
    created_by: userId,
  };
  const [created] = await trx("events").insert(row).returning(["id", "revision"]);
  const id = created.id as number;
  if (input.tags?.length)
    await trx("event_tags").insert(input.tags.map((tagId) => ({ version_id: versionId, event_id: id, tag_id: tagId })));
  const links = await insertLinks(trx, projectId, versionId, [
    ...(input.parentsEvents ?? []).map((l) => ({ parentId: l.id, childId: id, type: l.type, delay: l.delay })),
    ...(input.childrenEvents ?? []).map((l) => ({ parentId: id, childId: l.id, type: l.type, delay: l.delay })),
  ]);
  const event: EventColumns = {
    id,
    kind: milestone ? 1 : 0,
    duration: milestone ? 0 : (input.numberOfDays ?? 1),
    requestedStart: startDay,
    locked: input.locked === true,
    lotId: (input.participantGroupProId as number | undefined) ?? null,
    revision: created.revision,
  };
  const { plan, schedule, structure } = scheduleOf(vg, { addEvents: [event], addLinks: links });
  if (anchored) assertWorkingStart(plan, plan.index.get(id)!, startDay);
  const touched = Array.from({ length: plan.size }, (_, i) => i);
  const result = await persistScheduleWrite(trx, {
    action: "create",
    label: { k: "create", name: input.name ?? "" },
    userId,
    projectId,
    versionId,
    before: vg,
    plan,
    schedule,
    touched,
    structure,
    extraUndo: { created: { events: [id], links: links.map((l) => l.id) } },
  });
  return { ...result, id, emit: [{ event: "event:create", projectId, versionId, initiatorId: userId, ids: [id] }] };
}

/** PATCH /event/{id}: only the fields sent change; dates are re-derived by the engine inside the transaction. */
export async function updateEvent(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  id: number,
  input: EventInput,
): Promise<EventWriteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  const vg = await versionGraph(trx, versionId);
  const i0 = vg.plan.index.get(id);
  const current = await trx("events").where({ id, version_id: versionId }).first();
  if (i0 === undefined || !current) throw new AppError("errors.event_not_found");
  if (input.revision !== undefined && input.revision !== current.revision)
    throw new AppError("errors.conflict", { details: { ids: [id] } });
  await checkReferences(trx, versionId, input);
  assertLinksKnown(vg, input.parentsEvents, id);
  assertLinksKnown(vg, input.childrenEvents, id);

  // Plain columns, with a history row and an undo value for each that really changes.
  const columns = columnsOf(input);
  if (input.name !== undefined) columns.name = input.name;
  const history: { eventId: number; field: string; previous: string | null; next: string | null }[] = [];
  const fields: [number, string, unknown][] = [];
  for (const [field, column] of Object.entries(EVENT_COLUMNS)) {
    if (!(column in columns)) continue;
    const before = current[column];
    const after = columns[column];
    if (String(before ?? "") === String(after ?? "")) {
      delete columns[column];
      continue;
    }
    history.push({
      eventId: id,
      field,
      previous: before === null || before === undefined ? null : String(before),
      next: after === null || after === undefined ? null : String(after),
    });
    fields.push([id, column, before]);
  }
  if (input.type !== undefined && input.type !== current.type) {
    columns.type = input.type;
    fields.push([id, "type", current.type]);
    history.push({ eventId: id, field: "type", previous: current.type, next: input.type });
  }
  if (Object.keys(columns).length > 0)
    await trx("events")
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() });
  if (input.tags !== undefined) {
    await trx("event_tags").where({ event_id: id }).delete();
    if (input.tags.length)
      await trx("event_tags").insert(
        input.tags.map((tagId) => ({ version_id: versionId, event_id: id, tag_id: tagId })),
      );
  }

  // Links: the lists sent replace the event's parents (or children).
  const removeLinkIds = new Set<number>();
  const removeLinks: [number, number][] = [];
  const deletedLinks: Record<string, unknown>[] = [];
  const replace = async (side: "child_id" | "parent_id", wanted: LinkInput[] | undefined) => {
    if (wanted === undefined) return [] as { parentId: number; childId: number; type: string; delay: number }[];
    const existing = await trx("event_links").where({ version_id: versionId, [side]: id });
    const key = (other: number) => (side === "child_id" ? `${other}>${id}` : `${id}>${other}`);
    const keep = new Map(wanted.map((l) => [key(l.id), l]));
    for (const row of existing) {
      const other = side === "child_id" ? row.parent_id : row.child_id;
      const w = keep.get(key(other));
      if (w && w.type === row.type && w.delay === row.delay) {
        keep.delete(key(other));
        continue;
      }
      removeLinkIds.add(row.id);
      removeLinks.push([row.parent_id, row.child_id]);
      deletedLinks.push(row);
    }
    return [...keep.values()].map((l) =>
      side === "child_id"
        ? { parentId: l.id, childId: id, type: l.type, delay: l.delay }
        : { parentId: id, childId: l.id, type: l.type, delay: l.delay },
    );
  };
  const toInsert = [
    ...(await replace("child_id", input.parentsEvents)),
    ...(await replace("parent_id", input.childrenEvents)),
  ];
  if (removeLinks.length)
    await trx("event_links").where({ version_id: versionId }).whereIn(["parent_id", "child_id"], removeLinks).delete();
  const added = await insertLinks(trx, projectId, versionId, toInsert);

  // The engine's view of the event after the change.
  const milestone = (input.type ?? current.type) === "milestone";
  const duration = milestone ? 0 : (input.numberOfDays ?? current.number_of_days);
  if (input.numberOfDays !== undefined || input.type !== undefined)
    await trx("events").where({ id }).update({ number_of_days: duration });
  const locked = input.locked ?? current.locked;
  const patch: Partial<EventColumns> = {
    kind: milestone ? 1 : 0,
    duration,
    locked,
    lotId: (input.participantGroupProId !== undefined
      ? input.participantGroupProId
      : current.participant_group_pro_id) as number | null,
    // Locking keeps the dates it has: its anchor is its current start.
    requestedStart: locked && !current.locked ? vg.schedule.startDay[i0] : vg.graph.requestedStart[i0],
  };
  const edit: GraphEdit = { patchEvents: new Map([[id, patch]]), removeLinkIds, addLinks: added };
  let { plan, schedule, structure } = scheduleOf(vg, edit);
  let delayedLinks: number[] = [];
  if (input.startDate !== undefined && input.startDate !== null) {
    const day = engine(() => parseDay(input.startDate));
    const i = plan.index.get(id)!;
    assertWorkingStart(plan, i, day);
    const anchored = plan.locked[i] === 1 || plan.graph.inOffsets[i] === plan.graph.inOffsets[i + 1];
    if (anchored) {
      ({ plan, schedule, structure } = scheduleOf(vg, {
        ...edit,
        patchEvents: new Map([[id, { ...patch, requestedStart: day }]]),
      }));
    } else if (day !== schedule.startDay[i]) {
      // A derived event moved by hand: its incoming delays absorb the shift (DESIGN "Engine semantics").
      const moved = engine(() => moveSelectionTo(plan, schedule, [i], i, day));
      plan = moved.plan;
      schedule = moved.schedule;
      delayedLinks = moved.delays.map(([l]) => l);
      structure = { ...structure, graph: { ...structure.graph, linkDelay: Array.from(plan.linkDelay) } };
    }
  }
  const touched = Array.from({ length: plan.size }, (_, k) => k);
  const label = updateLabel({
    name: current.name,
    fields: history.map((h) => h.field),
    duration:
      input.numberOfDays !== undefined && !milestone ? { from: current.number_of_days, to: input.numberOfDays } : null,
    newName: input.name ?? null,
    startSent: input.startDate !== undefined && input.startDate !== null,
    links: { added: added.length, removed: deletedLinks.length },
  });
  const result = await persistScheduleWrite(trx, {
    action: "update",
    label,
    userId,
    projectId,
    versionId,
    before: vg,
    plan,
    schedule,
    touched,
    delayedLinks,
    structure,
    extraHistory: history,
    extraUndo: { fields, created: { links: added.map((l) => l.id) }, deleted: { links: deletedLinks } },
    // A task moved out of its sequence or macro-task changes that one's dates too.
    quality: { sequenceIds: [current.sequence_id], macroTaskIds: [current.macro_task_id] },
  });
  return {
    ...result,
    id,
    emit: [
      {
        event: "event:update",
        projectId,
        versionId,
        initiatorId: userId,
        ids: [...new Set([id, ...result.ids])],
        dates: {
          ids: result.ids,
          startDates: result.startDates,
          endDates: result.endDates,
          revisions: result.revisions,
        },
      },
    ],
  };
}

/** DELETE /event/bulk-delete: refused for counted tasks and for tasks other tasks depend on. */
export async function deleteEvents(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  ids: number[],
): Promise<{ deleted: number[]; emit: RealtimePayload[]; undoRemaining: number }> {
  await lockWritableVersion(trx, projectId, versionId);
  const vg = await versionGraph(trx, versionId);
  const unique = [...new Set(ids)];
  const found = await trx("events").whereIn("id", unique).where({ version_id: versionId });
  if (found.length !== unique.length)
    throw new AppError("errors.event_not_found", {
      details: { ids: unique.filter((x) => !found.some((f: { id: number }) => f.id === x)) },
    });
  const counted = await trx("countings").whereIn("event_id", unique).distinct("event_id");
  if (counted.length)
    throw new AppError("errors.event_has_countings", {
      details: { ids: counted.map((c: { event_id: number }) => c.event_id) },
    });
  const set = new Set(unique);
  const referenced = await trx("event_links")
    .where({ version_id: versionId })
    .whereIn("parent_id", unique)
    .whereNotIn("child_id", unique)
    .distinct("parent_id");
  if (referenced.length)
    throw new AppError("ImplementationError", {
      details: { ids: referenced.map((r: { parent_id: number }) => r.parent_id) },
    });
  const ofEvents = (q: Knex.QueryBuilder) =>
    q.where({ version_id: versionId }).where((w) => w.whereIn("parent_id", unique).orWhereIn("child_id", unique));
  const links = await ofEvents(trx("event_links"));
  const tags = await trx("event_tags").whereIn("event_id", unique);
  await ofEvents(trx("event_links")).delete();
  await trx("event_tags").whereIn("event_id", unique).delete();
  await trx("events").whereIn("id", unique).delete();
  const { plan, schedule, structure } = scheduleOf(vg, { removeEventIds: set });
  const result = await persistScheduleWrite(trx, {
    action: "delete",
    label:
      found.length === 1
        ? { k: "delete", count: 1, name: (found[0] as { name: string }).name }
        : { k: "delete", count: found.length },
    userId,
    projectId,
    versionId,
    before: vg,
    plan,
    schedule,
    touched: Array.from({ length: plan.size }, (_, k) => k),
    structure,
    extraUndo: { deleted: { events: found, links, eventTags: tags } },
    quality: {
      sequenceIds: found.map((f: { sequence_id: number | null }) => f.sequence_id),
      macroTaskIds: found.map((f: { macro_task_id: number | null }) => f.macro_task_id),
    },
  });
  return {
    deleted: unique,
    undoRemaining: result.undoRemaining,
    emit: [{ event: "event:bulk_update", projectId, versionId, initiatorId: userId, ids: unique }],
  };
}

/**
 * Puts a milestone in the follow-up or takes it out (isTracked), idempotently: the event's new revision, its
 * history row and a new write counter (the cached schedule graph holds revisions) in the caller's transaction.
 */
export async function setMilestoneTracked(
  trx: Knex.Transaction,
  userId: number,
  event: { id: number; project_id: number; version_id: number; tracking_id: number; type: string },
  tracked: boolean,
): Promise<{ revision: number; emit: RealtimePayload | null }> {
  await lockWritableVersion(trx, event.project_id, event.version_id);
  if (event.type !== "milestone") throw new AppError("errors.not_a_milestone");
  const current = await trx("events").where({ id: event.id }).first("is_tracked", "revision");
  if (Boolean(current.is_tracked) === tracked) return { revision: current.revision as number, emit: null };
  const [row] = await trx("events")
    .where({ id: event.id })
    .update({ is_tracked: tracked, revision: trx.raw("revision + 1"), updated_at: trx.fn.now() })
    .returning(["revision"]);
  await trx("event_histories").insert({
    project_id: event.project_id,
    version_id: event.version_id,
    event_id: event.id,
    event_tracking_id: event.tracking_id,
    field_name: "isTracked",
    previous_value: String(!tracked),
    new_value: String(tracked),
    user_id: userId,
  });
  await bumpWriteCounter(trx, event.version_id);
  return {
    revision: row.revision as number,
    emit: {
      event: "event:update",
      projectId: event.project_id,
      versionId: event.version_id,
      initiatorId: userId,
      ids: [event.id],
    },
  };
}
