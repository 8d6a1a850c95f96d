import { AppError, type EventTemplateParent, type LinkType } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { networkSchedule, topologicalOrder, type NetworkLink } from "./templateNetwork.js";
import { scoped, type TemplateScope } from "./templateScope.js";

/**
 * Writes of task and sequence templates (spec 001 sections 3, 5, 7, 8), for the library and the project copies
 * alike (templateScope.ts): create and update with the parents' checks (a parent outside the task's sequence
 * template, itself, or a cycle: errors.parent_task_assignation), the deletions' refusals, and the sequence
 * template's computed length. Each is given the route's transaction: a refusal writes nothing.
 */

/** A parsed parent: a bare id is end-begin with delay 0. */
export interface ParentLink {
  id: number;
  type: LinkType;
  delay: number;
}

export function parentLinks(input: readonly (EventTemplateParent | ParentLink)[]): ParentLink[] {
  return input.map((p) =>
    typeof p === "number" ? { id: p, type: "end-begin", delay: 0 } : { id: p.id, type: p.type, delay: p.delay },
  );
}

/** The fields a task template write may carry (the contract's bodies, parsed). */
export interface EventTemplateInput {
  name?: string;
  trigram?: string | null;
  numberOfDays?: number;
  numberOfPeople?: number;
  rate?: number | null;
  typology?: string[];
  comments?: string | null;
  prerequisitesDelay?: number;
  finishesDelay?: number;
  prerequisitesDocumentName?: string | null;
  finishesDocumentName?: string | null;
  sequenceTemplateId?: number | null;
  parentsET?: readonly (EventTemplateParent | ParentLink)[];
  /** Library only. */
  participantGroupId?: number | null;
  /** Project only: rows of the project's versions, kept by tracking id. */
  participantGroupProId?: number | null;
  macroTaskId?: number | null;
  specialityId?: number | null;
  participantId?: number | null;
  /** Project only: tags of the project's versions, kept by tracking id. */
  tagIds?: number[];
}

const EVENT_COLUMNS = {
  name: "name",
  trigram: "trigram",
  numberOfDays: "number_of_days",
  numberOfPeople: "number_of_people",
  rate: "rate",
  comments: "comments",
  prerequisitesDelay: "prerequisites_delay",
  finishesDelay: "finishes_delay",
  prerequisitesDocumentName: "prerequisites_document_name",
  finishesDocumentName: "finishes_document_name",
} as const;

/** Project references: API field, version-owned table, tracking-id column of the project template. */
export const PRO_REFERENCES = [
  { field: "participantGroupProId", table: "participant_group_pros", column: "participant_group_pro_tracking_id" },
  { field: "macroTaskId", table: "macro_tasks", column: "macro_task_tracking_id" },
  { field: "specialityId", table: "specialities", column: "speciality_tracking_id" },
  { field: "participantId", table: "participants", column: "participant_tracking_id" },
] as const;

const nowOf = (db: Db) => db.fn.now();

function inScopeError(field: string, ids: number[]): AppError {
  return new AppError("errors.validation", {
    message: `Référence inconnue (${field}).`,
    details: { field, ids },
  });
}

/** The database values of the plain fields and references of an input. */
async function eventValues(db: Db, scope: TemplateScope, input: EventTemplateInput): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(EVENT_COLUMNS)) {
    const v = input[field as keyof typeof EVENT_COLUMNS];
    if (v !== undefined) values[column] = v;
  }
  if (input.typology !== undefined) values.typology = JSON.stringify([...new Set(input.typology)]);
  if (scope.t.kind === "library") {
    if (input.participantGroupId !== undefined) {
      if (input.participantGroupId !== null) {
        const found = await db("participant_groups").where({ id: input.participantGroupId }).first("id");
        if (!found) throw inScopeError("participantGroupId", [input.participantGroupId]);
      }
      values.participant_group_id = input.participantGroupId;
    }
    return values;
  }
  for (const ref of PRO_REFERENCES) {
    const v = input[ref.field];
    if (v === undefined) continue;
    if (v === null) {
      values[ref.column] = null;
      continue;
    }
    const row = await db(ref.table).where({ id: v, project_id: scope.projectId }).first("tracking_id");
    if (!row) throw inScopeError(ref.field, [v]);
    values[ref.column] = row.tracking_id;
  }
  return values;
}

/** The join table of a project template's tags, by kind. */
export const TEMPLATE_TAGS = {
  event: { table: "event_template_pro_tags", column: "event_template_pro_id" },
  sequence: { table: "sequence_template_pro_tags", column: "sequence_template_pro_id" },
} as const;

/** Replaces a project template's tags: tag rows of the project (any version), kept by tracking id. */
async function replaceTags(
  db: Db,
  scope: TemplateScope,
  kind: keyof typeof TEMPLATE_TAGS,
  rowId: number,
  tagIds: readonly number[],
): Promise<void> {
  if (scope.projectId === null) return;
  const unique = [...new Set(tagIds)];
  const rows = (await db("tags")
    .whereIn("id", unique)
    .where({ project_id: scope.projectId })
    .select("id", "tracking_id")) as { id: number; tracking_id: number }[];
  if (rows.length !== unique.length)
    throw inScopeError(
      "tagIds",
      unique.filter((i) => !rows.some((r) => r.id === i)),
    );
  const { table, column } = TEMPLATE_TAGS[kind];
  await db(table).where(column, rowId).delete();
  const tracking = [...new Set(rows.map((r) => r.tracking_id))];
  if (tracking.length > 0) await db(table).insert(tracking.map((t) => ({ [column]: rowId, tag_tracking_id: t })));
}

async function assertSequenceInScope(db: Db, scope: TemplateScope, sequenceId: number): Promise<void> {
  const found = await scoped(db, scope.t.sequences, scope).where("id", sequenceId).first("id");
  if (!found) throw inScopeError("sequenceTemplateId", [sequenceId]);
}

const parentError = (details: unknown) => new AppError("errors.parent_task_assignation", { details });

/** The links among the task templates of one sequence template. */
async function sequenceLinks(db: Db, scope: TemplateScope, sequenceId: number): Promise<NetworkLink[]> {
  const rows = (await db(`${scope.t.links} as l`)
    .join(`${scope.t.events} as c`, "c.id", "l.child_id")
    .where(`c.${scope.t.eventSequence}`, sequenceId)
    .select("l.parent_id", "l.child_id", "l.type", "l.delay")) as {
    parent_id: number;
    child_id: number;
    type: LinkType;
    delay: number;
  }[];
  return rows.map((r) => ({ parentId: r.parent_id, childId: r.child_id, type: r.type, delay: r.delay }));
}

/** Refuses a sequence template whose links loop (errors.parent_task_assignation with the ids on the cycle). */
async function assertAcyclic(db: Db, scope: TemplateScope, sequenceId: number): Promise<void> {
  const ids = (await db(scope.t.events).where(scope.t.eventSequence, sequenceId).pluck("id")) as number[];
  const sorted = topologicalOrder(ids, await sequenceLinks(db, scope, sequenceId));
  if ("cycle" in sorted) throw parentError({ cycle: sorted.cycle });
}

/**
 * Replaces the parents of a task template: each must be another task template of the same sequence template,
 * listed once, and the network must stay without a cycle; otherwise errors.parent_task_assignation.
 */
async function replaceParents(
  db: Db,
  scope: TemplateScope,
  childId: number,
  sequenceId: number | null,
  input: readonly (EventTemplateParent | ParentLink)[],
): Promise<void> {
  const parents = parentLinks(input);
  const ids = parents.map((p) => p.id);
  if (ids.length > 0) {
    if (sequenceId === null) throw parentError({ ids, reason: "no_sequence_template" });
    if (ids.includes(childId)) throw parentError({ ids: [childId], reason: "self" });
    if (new Set(ids).size !== ids.length) throw parentError({ ids, reason: "duplicate" });
    const found = (await db(scope.t.events)
      .whereIn("id", ids)
      .where(scope.t.eventSequence, sequenceId)
      .pluck("id")) as number[];
    const outside = ids.filter((i) => !found.includes(i));
    if (outside.length > 0) throw parentError({ ids: outside, reason: "outside_sequence_template" });
  }
  await db(scope.t.links).where("child_id", childId).delete();
  if (parents.length > 0) {
    await db(scope.t.links).insert(
      parents.map((p) => ({
        ...(scope.projectId !== null ? { project_id: scope.projectId } : {}),
        parent_id: p.id,
        child_id: childId,
        type: p.type,
        delay: p.delay,
      })),
    );
    await assertAcyclic(db, scope, sequenceId as number);
  }
}

/** Keeps `duration` (the network's length in working days) and `number_of_days` (its tasks' days) current. */
export async function refreshSequenceTemplates(
  db: Db,
  scope: TemplateScope,
  sequenceIds: readonly (number | null | undefined)[],
): Promise<void> {
  const ids = [...new Set(sequenceIds.filter((i): i is number => typeof i === "number"))];
  for (const id of ids) {
    const tasks = (
      (await db(scope.t.events).where(scope.t.eventSequence, id).select("id", "number_of_days")) as {
        id: number;
        number_of_days: number;
      }[]
    ).map((r) => ({ id: r.id, days: Number(r.number_of_days) }));
    const { length } = networkSchedule(tasks, await sequenceLinks(db, scope, id));
    await db(scope.t.sequences)
      .where({ id })
      .update({ duration: length, number_of_days: tasks.reduce((s, t) => s + t.days, 0) });
  }
}

/**
 * A project task template's speciality must be of its lot, and its participant one of the lot's companies
 * (speciality_participant_or_group_dont_match), as on a participant or a macro-task; checked in the project's
 * current version.
 */
async function assertLotConsistent(db: Db, scope: TemplateScope, rowId: number): Promise<void> {
  if (scope.projectId === null) return;
  const row = await db("event_template_pros as et")
    .join("projects as p", "p.id", "et.project_id")
    .where("et.id", rowId)
    .first(
      "p.current_version_id as version_id",
      "et.participant_group_pro_tracking_id as lot",
      "et.speciality_tracking_id as speciality",
      "et.participant_tracking_id as participant",
    );
  if (!row || row.lot === null || row.version_id === null) return;
  const lot = await db("participant_group_pros")
    .where({ version_id: row.version_id, tracking_id: row.lot })
    .first("id");
  if (!lot) return;
  if (row.speciality !== null) {
    const speciality = await db("specialities")
      .where({ version_id: row.version_id, tracking_id: row.speciality })
      .first("participant_group_pro_id");
    if (speciality && speciality.participant_group_pro_id !== lot.id)
      throw new AppError("speciality_participant_or_group_dont_match", { details: { field: "specialityId" } });
  }
  if (row.participant !== null) {
    const member = await db("participant_group_pro_participants as m")
      .join("participants as pa", "pa.id", "m.participant_id")
      .where({ "m.participant_group_pro_id": lot.id, "pa.tracking_id": row.participant })
      .first("pa.id");
    if (!member)
      throw new AppError("speciality_participant_or_group_dont_match", { details: { field: "participantId" } });
  }
}

/**
 * Creates (`id` null) or updates a task template. Moving it to another sequence template takes it out of the old
 * network (its links go, and it stops being that template's first or last task); parentsET replaces its parents.
 */
export async function writeEventTemplate(
  db: Db,
  scope: TemplateScope,
  id: number | null,
  input: EventTemplateInput,
): Promise<number> {
  const values = await eventValues(db, scope, input);
  const t = scope.t;
  if (input.sequenceTemplateId !== undefined) {
    if (input.sequenceTemplateId !== null) await assertSequenceInScope(db, scope, input.sequenceTemplateId);
    values[t.eventSequence] = input.sequenceTemplateId;
  }
  let oldSequence: number | null = null;
  let rowId: number;
  if (id === null) {
    const [row] = await db(t.events)
      .insert({ ...values, ...(scope.projectId !== null ? { project_id: scope.projectId } : {}) })
      .returning("id");
    rowId = row.id as number;
  } else {
    const row = await scoped(db, t.events, scope).where("id", id).first("id", t.eventSequence);
    if (!row) throw new AppError("errors.not_found");
    oldSequence = (row[t.eventSequence] as number | null) ?? null;
    rowId = id;
    await db(t.events)
      .where({ id })
      .update({ ...values, updated_at: nowOf(db) });
  }
  const newSequence = input.sequenceTemplateId !== undefined ? input.sequenceTemplateId : oldSequence;
  if (id !== null && newSequence !== oldSequence) {
    await db(t.links)
      .where((q) => q.where("parent_id", rowId).orWhere("child_id", rowId))
      .delete();
    if (oldSequence !== null) {
      await db(t.sequences)
        .where({ id: oldSequence, [t.first]: rowId })
        .update({ [t.first]: null });
      await db(t.sequences)
        .where({ id: oldSequence, [t.last]: rowId })
        .update({ [t.last]: null });
    }
  }
  if (input.parentsET !== undefined) await replaceParents(db, scope, rowId, newSequence, input.parentsET);
  if (input.tagIds !== undefined) await replaceTags(db, scope, "event", rowId, input.tagIds);
  if (
    input.participantGroupProId !== undefined ||
    input.specialityId !== undefined ||
    input.participantId !== undefined
  )
    await assertLotConsistent(db, scope, rowId);
  await refreshSequenceTemplates(db, scope, [oldSequence, newSequence]);
  return rowId;
}

/**
 * Deletes task templates; refused (event_template_in_use, nothing deleted) for one that is the first or last
 * task of a sequence template, or (project) that events were instantiated from.
 */
export async function deleteEventTemplates(db: Db, scope: TemplateScope, ids: readonly number[]): Promise<number[]> {
  const t = scope.t;
  const unique = [...new Set(ids)];
  const rows = (await scoped(db, t.events, scope).whereIn("id", unique).select("id", t.eventSequence)) as Record<
    string,
    number | null
  >[];
  if (rows.length !== unique.length)
    throw new AppError("errors.not_found", { details: { ids: unique.filter((i) => !rows.some((r) => r.id === i)) } });
  const ends = (await db(t.sequences)
    .where((q) => q.whereIn(t.first, unique).orWhereIn(t.last, unique))
    .select(t.first, t.last)) as Record<string, number | null>[];
  const asEnds = unique.filter((i) => ends.some((s) => s[t.first] === i || s[t.last] === i));
  if (asEnds.length > 0)
    throw new AppError("event_template_in_use", { details: { ids: asEnds, reason: "first_or_last" } });
  if (t.kind === "pro") {
    const used = (await db("events")
      .whereIn("event_template_pro_id", unique)
      .distinct("event_template_pro_id")
      .pluck("event_template_pro_id")) as number[];
    if (used.length > 0)
      throw new AppError("event_template_in_use", {
        details: { ids: used.sort((a, b) => a - b), reason: "events" },
      });
  }
  await db(t.events).whereIn("id", unique).delete();
  await refreshSequenceTemplates(
    db,
    scope,
    rows.map((r) => r[t.eventSequence]),
  );
  return unique;
}

/** The fields a sequence template write may carry (the contract's bodies, parsed). */
export interface SequenceTemplateInput {
  name?: string;
  category?: string | null;
  color?: string | null;
  isGeneric?: boolean;
  typology?: string[];
  firstEventTemplateId?: number | null;
  lastEventTemplateId?: number | null;
  /** Project only: tags of the project's versions, kept by tracking id. */
  tagIds?: number[];
}

/**
 * Creates (`id` null) or updates a sequence template. Its first and last tasks must be task templates of its
 * own, and not the same one (first_and_last_eventTemplates_are_the_same).
 */
export async function writeSequenceTemplate(
  db: Db,
  scope: TemplateScope,
  id: number | null,
  input: SequenceTemplateInput,
): Promise<number> {
  const t = scope.t;
  const values: Record<string, unknown> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.category !== undefined) values.category = input.category;
  if (input.color !== undefined) values.color = input.color;
  if (input.isGeneric !== undefined) values.is_generic = input.isGeneric;
  if (input.typology !== undefined) values.typologies = JSON.stringify([...new Set(input.typology)]);
  if (id === null) {
    if (input.firstEventTemplateId || input.lastEventTemplateId)
      throw parentError({ reason: "outside_sequence_template" });
    const [row] = await db(t.sequences)
      .insert({ ...values, ...(scope.projectId !== null ? { project_id: scope.projectId } : {}) })
      .returning("id");
    if (input.tagIds !== undefined) await replaceTags(db, scope, "sequence", row.id as number, input.tagIds);
    return row.id as number;
  }
  const row = await scoped(db, t.sequences, scope).where("id", id).first("id", t.first, t.last);
  if (!row) throw new AppError("errors.not_found");
  const first = input.firstEventTemplateId !== undefined ? input.firstEventTemplateId : row[t.first];
  const last = input.lastEventTemplateId !== undefined ? input.lastEventTemplateId : row[t.last];
  if (first !== null && first === last) throw new AppError("first_and_last_eventTemplates_are_the_same");
  for (const [field, value] of [
    ["firstEventTemplateId", input.firstEventTemplateId],
    ["lastEventTemplateId", input.lastEventTemplateId],
  ] as const) {
    if (value === undefined || value === null) continue;
    const own = await db(t.events)
      .where({ id: value, [t.eventSequence]: id })
      .first("id");
    if (!own)
      throw new AppError("errors.validation", {
        message: "Cette tâche n'appartient pas à ce modèle de séquence.",
        details: { field, ids: [value] },
      });
  }
  if (input.firstEventTemplateId !== undefined) values[t.first] = input.firstEventTemplateId;
  if (input.lastEventTemplateId !== undefined) values[t.last] = input.lastEventTemplateId;
  await db(t.sequences)
    .where({ id })
    .update({ ...values, updated_at: nowOf(db) });
  if (input.tagIds !== undefined) await replaceTags(db, scope, "sequence", id, input.tagIds);
  return id;
}

/**
 * Deletes sequence templates with their task templates. Refused, nothing deleted: a project template with
 * sequences instantiated from it (sequence_template_instantiated), or whose tasks events were instantiated from
 * (sequence_template_referenced); a library template copied into projects (sequence_template_referenced).
 */
export async function deleteSequenceTemplates(db: Db, scope: TemplateScope, ids: readonly number[]): Promise<number[]> {
  const t = scope.t;
  const unique = [...new Set(ids)];
  const found = (await scoped(db, t.sequences, scope).whereIn("id", unique).pluck("id")) as number[];
  const missing = unique.filter((i) => !found.includes(i));
  if (missing.length > 0) throw new AppError("errors.not_found", { details: { ids: missing } });
  const sorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
  if (t.kind === "pro") {
    const instantiated = [
      ...((await db("sequences")
        .whereIn("sequence_template_pro_id", unique)
        .pluck("sequence_template_pro_id")) as number[]),
      ...((await db("instantiation_configs")
        .whereIn("sequence_template_pro_id", unique)
        .pluck("sequence_template_pro_id")) as number[]),
    ];
    if (instantiated.length > 0)
      throw new AppError("sequence_template_instantiated", { details: { ids: sorted(instantiated) } });
    const referenced = (await db("events as e")
      .join("event_template_pros as et", "et.id", "e.event_template_pro_id")
      .whereIn("et.sequence_template_pro_id", unique)
      .pluck("et.sequence_template_pro_id")) as number[];
    if (referenced.length > 0)
      throw new AppError("sequence_template_referenced", { details: { ids: sorted(referenced) } });
  } else {
    const copied = (await db("sequence_template_pros")
      .whereIn("sequence_template_id", unique)
      .pluck("sequence_template_id")) as number[];
    if (copied.length > 0) throw new AppError("sequence_template_referenced", { details: { ids: sorted(copied) } });
  }
  await db(t.sequences)
    .whereIn("id", unique)
    .update({ [t.first]: null, [t.last]: null });
  await db(t.events).whereIn(t.eventSequence, unique).delete();
  await db(t.sequences).whereIn("id", unique).delete();
  return unique;
}
