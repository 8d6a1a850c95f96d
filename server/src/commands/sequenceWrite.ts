import type { Knex } from "knex";
import { AppError } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { bumpWriteCounter, lockWritableVersion } from "../planning/writeLock.js";
import type { VersionGraph } from "../planning/versionGraph.js";
import { deleteEvents } from "./eventWrite.js";
import { moveEvents } from "./moveEvents.js";

/**
 * Sequence writes (spec 000 section 7 "Sequences"). Each runs in the caller's transaction under the version's
 * write lock (frozen versions and archived projects are refused there) and bumps the version's write counter.
 *
 * Emits (after commit, by the caller): sequence:create, sequence:endUpdate (the route sends
 * sequence:startUpdate before a move of the sequence's events), sequence:bulk_update for bulk updates and
 * deletions, plus the event payloads of the events moved or deleted.
 *
 * Deleting a sequence deletes its events (and those of its subsequences) like deleting a summary task in a
 * planning tool: they are the sequence's instance. Counted events refuse the deletion
 * (errors.event_has_countings) and so do events that tasks outside the sequence depend on (ImplementationError),
 * exactly as DELETE /event/bulk-delete does. With keepEvents the events stay in the planning, detached.
 */

export interface SequenceInput {
  name?: string;
  color?: string | null;
  zoneId?: number | null;
  parentSequenceId?: number | null;
  tags?: number[];
  eventIds?: number[];
  revision?: number;
  startDate?: string;
}

const COLUMNS: Record<string, string> = {
  name: "name",
  color: "color",
  zoneId: "zone_id",
  parentSequenceId: "parent_sequence_id",
};

interface SequenceRow {
  id: number;
  project_id: number;
  version_id: number;
  name: string;
  revision: number;
  [key: string]: unknown;
}

/** A sequence row of the version, or errors.sequence_not_found. */
export async function sequenceOfVersion(
  trx: Knex | Knex.Transaction,
  id: number,
  versionId?: number,
): Promise<SequenceRow> {
  const q = trx("sequences").where({ id });
  if (versionId !== undefined) q.where({ version_id: versionId });
  const row = (await q.first()) as SequenceRow | undefined;
  if (!row) throw new AppError("errors.sequence_not_found", { details: { id } });
  return row;
}

/** The sequence and every subsequence below it (ids). */
async function withDescendants(trx: Knex.Transaction, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const res = await trx.raw<{ rows: { id: number }[] }>(
    `with recursive tree(id) as (
       select id from sequences where id in (select jsonb_array_elements_text(?::jsonb)::int)
       union
       select s.id from sequences s join tree t on s.parent_sequence_id = t.id
     ) select id from tree`,
    [JSON.stringify(ids)],
  );
  return res.rows.map((r) => r.id);
}

async function checkReferences(
  trx: Knex.Transaction,
  versionId: number,
  input: SequenceInput,
  selfId: number | null,
): Promise<void> {
  if (input.zoneId) {
    const zone = await trx("zones").where({ id: input.zoneId, version_id: versionId }).first("id");
    if (!zone)
      throw new AppError("errors.validation", {
        message: "zoneId ne désigne aucune zone de cette version.",
        details: { field: "zoneId" },
      });
  }
  if (input.parentSequenceId) {
    const parent = await trx("sequences").where({ id: input.parentSequenceId, version_id: versionId }).first("id");
    if (!parent)
      throw new AppError("errors.validation", {
        message: "parentSequenceId ne désigne aucune séquence de cette version.",
        details: { field: "parentSequenceId" },
      });
    if (selfId !== null && (await withDescendants(trx, [selfId])).includes(input.parentSequenceId)) {
      throw new AppError("errors.sequence_parent_cycle", {
        details: { id: selfId, parentSequenceId: input.parentSequenceId },
      });
    }
  }
  if (input.tags?.length) {
    const found = await trx("tags").whereIn("id", input.tags).where({ version_id: versionId }).count("* as count");
    if (Number((found[0] as { count: unknown }).count) !== new Set(input.tags).size)
      throw new AppError("errors.validation", {
        message: "Étiquette inconnue dans cette version.",
        details: { field: "tags" },
      });
  }
  if (input.eventIds?.length) {
    const unique = [...new Set(input.eventIds)];
    const found = await trx("events").whereIn("id", unique).where({ version_id: versionId }).pluck("id");
    if (found.length !== unique.length) {
      const known = new Set(found as number[]);
      throw new AppError("errors.event_not_found", {
        details: { field: "eventIds", ids: unique.filter((x) => !known.has(x)) },
      });
    }
  }
}

/** Sets events.sequence_id, with one history row per event that really changes and a new revision. */
async function setEventsSequence(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  eventIds: number[],
  sequenceId: number | null,
): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const changed = await trx.raw<{ rows: { id: number; prev: number | null; tracking_id: number }[] }>(
    `update events e set sequence_id = ?, revision = e.revision + 1, updated_at = now()
       from (select id, sequence_id as prev from events where id in (select jsonb_array_elements_text(?::jsonb)::int) and version_id = ?) old
      where e.id = old.id and e.sequence_id is distinct from ?
      returning e.id, old.prev, e.tracking_id`,
    [sequenceId, JSON.stringify(eventIds), versionId, sequenceId],
  );
  if (changed.rows.length > 0) {
    await trx("event_histories").insert(
      changed.rows.map((r) => ({
        project_id: projectId,
        version_id: versionId,
        event_id: r.id,
        event_tracking_id: r.tracking_id,
        field_name: "sequenceId",
        previous_value: r.prev === null ? null : String(r.prev),
        new_value: sequenceId === null ? null : String(sequenceId),
        user_id: userId,
      })),
    );
  }
  return changed.rows.map((r) => r.id);
}

async function replaceEvents(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  sequenceId: number,
  eventIds: number[],
): Promise<number[]> {
  const wanted = new Set(eventIds);
  const current = (await trx("events").where({ sequence_id: sequenceId }).pluck("id")) as number[];
  const detached = await setEventsSequence(
    trx,
    userId,
    projectId,
    versionId,
    current.filter((x) => !wanted.has(x)),
    null,
  );
  const attached = await setEventsSequence(trx, userId, projectId, versionId, [...wanted], sequenceId);
  return [...detached, ...attached];
}

async function replaceTags(
  trx: Knex.Transaction,
  versionId: number,
  sequenceId: number,
  tags: number[],
): Promise<void> {
  await trx("sequence_tags").where({ sequence_id: sequenceId }).delete();
  const unique = [...new Set(tags)];
  if (unique.length)
    await trx("sequence_tags").insert(
      unique.map((tagId) => ({ version_id: versionId, sequence_id: sequenceId, tag_id: tagId })),
    );
}

function columnsOf(input: SequenceInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const v = input[field as keyof SequenceInput];
    if (v !== undefined) out[column] = v;
  }
  return out;
}

/** Stores the rolled-up dates of the given sequences and their ancestors (kept in step for readers of the table). */
async function storeRollup(trx: Knex.Transaction, versionId: number): Promise<void> {
  await trx.raw(
    `with recursive tree(root_id, id) as (
       select id, id from sequences where version_id = ?
       union all
       select t.root_id, s.id from sequences s join tree t on s.parent_sequence_id = t.id
     ), agg as (
       select t.root_id, min(e.start_date) as s, max(e.end_date) as e from tree t join events e on e.sequence_id = t.id group by t.root_id
     )
     update sequences set start_date = agg.s, end_date = agg.e from agg
      where sequences.id = agg.root_id and (sequences.start_date is distinct from agg.s or sequences.end_date is distinct from agg.e)`,
    [versionId],
  );
}

export interface SequenceWriteResult {
  id: number;
  emit: RealtimePayload[];
  /** The version graph produced by a move, to cache after commit. */
  graph?: VersionGraph;
  undoRemaining?: number;
}

/** POST /sequence. */
export async function createSequence(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  input: SequenceInput & { name: string },
): Promise<SequenceWriteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  await checkReferences(trx, versionId, input, null);
  const [row] = await trx("sequences")
    .insert({ ...columnsOf(input), project_id: projectId, version_id: versionId, name: input.name })
    .returning(["id"]);
  const id = row.id as number;
  if (input.tags) await replaceTags(trx, versionId, id, input.tags);
  const moved = input.eventIds ? await replaceEvents(trx, userId, projectId, versionId, id, input.eventIds) : [];
  await storeRollup(trx, versionId);
  await bumpWriteCounter(trx, versionId);
  const emit: RealtimePayload[] = [{ event: "sequence:create", projectId, versionId, initiatorId: userId, ids: [id] }];
  if (moved.length) emit.push({ event: "event:bulk_update", projectId, versionId, initiatorId: userId, ids: moved });
  return { id, emit };
}

/**
 * PATCH /sequence/{id}: the fields sent change; `eventIds` replaces its events; `startDate` moves all its events
 * (and its subsequences') as one selection so that the earliest starts on that day: links inside keep their
 * delays, links entering the sequence absorb the shift, successors are re-planned; one undo step.
 */
export async function updateSequence(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  id: number,
  input: SequenceInput,
): Promise<SequenceWriteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  const current = await sequenceOfVersion(trx, id, versionId);
  if (input.revision !== undefined && input.revision !== current.revision)
    throw new AppError("errors.conflict", { details: { ids: [id] } });
  await checkReferences(trx, versionId, input, id);
  const columns = columnsOf(input);
  await trx("sequences")
    .where({ id })
    .update({ ...columns, revision: trx.raw("revision + 1"), updated_at: trx.fn.now() });
  if (input.tags) await replaceTags(trx, versionId, id, input.tags);
  const emit: RealtimePayload[] = [];
  const changedEvents = input.eventIds
    ? await replaceEvents(trx, userId, projectId, versionId, id, input.eventIds)
    : [];
  if (changedEvents.length)
    emit.push({ event: "event:bulk_update", projectId, versionId, initiatorId: userId, ids: changedEvents });
  await bumpWriteCounter(trx, versionId);
  let graph: VersionGraph | undefined;
  let undoRemaining: number | undefined;
  if (input.startDate !== undefined) {
    const all = await withDescendants(trx, [id]);
    const events = (await trx("events")
      .whereIn("sequence_id", all)
      .orderBy([
        { column: "start_date", order: "asc" },
        { column: "id", order: "asc" },
      ])
      .select("id")) as { id: number }[];
    if (events.length === 0)
      throw new AppError("errors.validation", {
        message: "Une séquence sans tâche ne peut pas être déplacée.",
        details: { field: "startDate" },
      });
    const out = await moveEvents(trx, userId, {
      projectId,
      versionId,
      events: events.map((e) => ({ id: e.id })),
      anchorId: events[0].id,
      startDate: input.startDate,
    });
    emit.push(...out.emit);
    graph = out.graph;
    undoRemaining = out.undoRemaining;
  }
  await storeRollup(trx, versionId);
  emit.push({ event: "sequence:endUpdate", projectId, versionId, initiatorId: userId, ids: [id] });
  return { id, emit, graph, undoRemaining };
}

/** PATCH /sequence/bulk-update: field changes of many sequences of one version. */
export async function bulkUpdateSequences(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  items: (SequenceInput & { id: number })[],
): Promise<{ ids: number[]; emit: RealtimePayload[] }> {
  await lockWritableVersion(trx, projectId, versionId);
  const ids = [...new Set(items.map((s) => s.id))];
  const rows = (await trx("sequences")
    .whereIn("id", ids)
    .where({ version_id: versionId })
    .select("id", "revision")) as { id: number; revision: number }[];
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.id));
    throw new AppError("errors.sequence_not_found", { details: { ids: ids.filter((x) => !known.has(x)) } });
  }
  const revisionOf = new Map(rows.map((r) => [r.id, r.revision]));
  const stale = items.filter((s) => s.revision !== undefined && s.revision !== revisionOf.get(s.id)).map((s) => s.id);
  if (stale.length) throw new AppError("errors.conflict", { details: { ids: stale } });
  for (const item of items) {
    await checkReferences(trx, versionId, item, item.id);
    const columns = columnsOf(item);
    await trx("sequences")
      .where({ id: item.id })
      .update({ ...columns, revision: trx.raw("revision + 1"), updated_at: trx.fn.now() });
    if (item.tags) await replaceTags(trx, versionId, item.id, item.tags);
  }
  await bumpWriteCounter(trx, versionId);
  return { ids, emit: [{ event: "sequence:bulk_update", projectId, versionId, initiatorId: userId, ids }] };
}

export interface SequenceDeleteResult {
  ids: number[];
  deletedEventIds: number[];
  detachedEventIds: number[];
  undoRemaining: number | null;
  emit: RealtimePayload[];
}

/** DELETE /sequence/{id} and /sequence/bulk-delete: see the header for what happens to the events. */
export async function deleteSequences(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  ids: number[],
  keepEvents: boolean,
): Promise<SequenceDeleteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  const unique = [...new Set(ids)];
  const found = (await trx("sequences").whereIn("id", unique).where({ version_id: versionId }).pluck("id")) as number[];
  if (found.length !== unique.length)
    throw new AppError("errors.sequence_not_found", { details: { ids: unique.filter((x) => !found.includes(x)) } });
  const all = await withDescendants(trx, unique);
  const eventIds = (await trx("events").whereIn("sequence_id", all).orderBy("id").pluck("id")) as number[];
  const emit: RealtimePayload[] = [];
  let deletedEventIds: number[] = [];
  let detachedEventIds: number[] = [];
  let undoRemaining: number | null = null;
  if (eventIds.length > 0 && !keepEvents) {
    const counted = await trx("countings").whereIn("event_id", eventIds).distinct("event_id");
    if (counted.length)
      throw new AppError("errors.event_has_countings", {
        details: { ids: counted.map((c: { event_id: number }) => c.event_id) },
      });
    // Detached first: the undo step then restores the events without pointing at the deleted sequence.
    await trx("events").whereIn("id", eventIds).update({ sequence_id: null });
    const out = await deleteEvents(trx, userId, projectId, versionId, eventIds);
    deletedEventIds = out.deleted;
    undoRemaining = out.undoRemaining;
    emit.push(...out.emit);
  } else if (eventIds.length > 0) {
    detachedEventIds = await setEventsSequence(trx, userId, projectId, versionId, eventIds, null);
    emit.push({ event: "event:bulk_update", projectId, versionId, initiatorId: userId, ids: detachedEventIds });
  }
  await trx("sequences").whereIn("id", all).delete();
  await bumpWriteCounter(trx, versionId);
  emit.push({ event: "sequence:bulk_update", projectId, versionId, initiatorId: userId, ids: all });
  return { ids: all, deletedEventIds, detachedEventIds, undoRemaining, emit };
}
