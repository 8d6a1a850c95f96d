import { AppError } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { refreshSequenceTemplates, TEMPLATE_TAGS } from "./templateWrite.js";
import { PRO_TABLES, scoped, type TemplateScope } from "./templateScope.js";

/**
 * Copies of templates with their networks: a duplicate (same scope), an import from the library into a project,
 * the import of task templates into a sequence template, and a project's clone. Ids are drawn first and every
 * table is written with one insert; links, first and last tasks follow the new ids.
 */

type Row = Record<string, unknown> & { id: number };

/** Columns copied as they are from a library or project row to a row of the other kind. */
const EVENT_COMMON = [
  "name",
  "trigram",
  "number_of_days",
  "number_of_people",
  "rate",
  "typology",
  "comments",
  "prerequisites_delay",
  "finishes_delay",
  "prerequisites_document_name",
  "finishes_document_name",
] as const;
const PRO_EVENT_EXTRA = [
  "event_template_id",
  "participant_group_pro_tracking_id",
  "macro_task_tracking_id",
  "speciality_tracking_id",
  "participant_tracking_id",
] as const;
const SEQUENCE_COMMON = [
  "name",
  "category",
  "color",
  "duration",
  "number_of_days",
  "is_generic",
  "typologies",
] as const;

/** New ids for `n` rows of `table`, drawn from its id sequence in order. */
async function drawIds(db: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await db.raw(
    `SELECT nextval(pg_get_serial_sequence(?, 'id'))::int AS id FROM generate_series(1, ?) g ORDER BY g`,
    [table, n],
  );
  return (res.rows as { id: number }[]).map((r) => Number(r.id));
}

const json = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v ?? []));

/** Library lot id -> tracking id of the lot copied from it in the project's current version. */
async function lotTrackingIds(db: Db, projectId: number): Promise<Map<number, number>> {
  const project = await db("projects").where({ id: projectId }).first("current_version_id");
  if (!project?.current_version_id) return new Map();
  const rows = (await db("participant_group_pros")
    .where({ version_id: project.current_version_id })
    .whereNotNull("participant_group_id")
    .orderBy("id")
    .select("participant_group_id", "tracking_id")) as { participant_group_id: number; tracking_id: number }[];
  const map = new Map<number, number>();
  for (const r of rows) if (!map.has(r.participant_group_id)) map.set(r.participant_group_id, r.tracking_id);
  return map;
}

/** Copies the tags of project templates to their copies (project to project: the tags' tracking ids stay). */
async function copyTags(db: Db, kind: keyof typeof TEMPLATE_TAGS, map: Map<number, number>): Promise<void> {
  if (map.size === 0) return;
  const { table, column } = TEMPLATE_TAGS[kind];
  const rows = (await db(table).whereIn(column, [...map.keys()])) as Record<string, number>[];
  if (rows.length > 0)
    await db(table).insert(rows.map((r) => ({ [column]: map.get(r[column]), tag_tracking_id: r.tag_tracking_id })));
}

interface CopyTarget {
  scope: TemplateScope;
  /** The new sequence template of each copied task (null: none). */
  sequenceOf: (row: Row) => number | null;
}

/** Copies task templates (their links among themselves too) into `to`; returns old id -> new id. */
export async function copyEventTemplates(
  db: Db,
  from: TemplateScope,
  rows: readonly Row[],
  to: CopyTarget,
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (rows.length === 0) return map;
  const target = to.scope;
  const lots =
    from.t.kind === "library" && target.projectId !== null
      ? await lotTrackingIds(db, target.projectId)
      : new Map<number, number>();
  const ids = await drawIds(db, target.t.events, rows.length);
  const inserts = rows.map((r, i) => {
    map.set(r.id, ids[i]);
    const out: Record<string, unknown> = { id: ids[i], [target.t.eventSequence]: to.sequenceOf(r) };
    for (const c of EVENT_COMMON) out[c] = c === "typology" ? json(r[c]) : r[c];
    if (target.projectId !== null) out.project_id = target.projectId;
    if (from.t.kind === "library" && target.t.kind === "library") out.participant_group_id = r.participant_group_id;
    if (from.t.kind === "library" && target.t.kind === "pro") {
      out.event_template_id = r.id;
      out.participant_group_pro_tracking_id = lots.get(r.participant_group_id as number) ?? null;
    }
    if (from.t.kind === "pro" && target.t.kind === "pro") for (const c of PRO_EVENT_EXTRA) out[c] = r[c];
    return out;
  });
  await db(target.t.events).insert(inserts);
  if (from.t.kind === "pro" && target.t.kind === "pro") await copyTags(db, "event", map);
  const oldIds = rows.map((r) => r.id);
  const links = (await db(from.t.links).whereIn("parent_id", oldIds).whereIn("child_id", oldIds)) as Row[];
  if (links.length > 0)
    await db(target.t.links).insert(
      links.map((l) => ({
        ...(target.projectId !== null ? { project_id: target.projectId } : {}),
        parent_id: map.get(l.parent_id as number),
        child_id: map.get(l.child_id as number),
        type: l.type,
        delay: l.delay,
      })),
    );
  return map;
}

export interface SequenceCopyOptions {
  /** The copy's name from the source's ("<name> (copie)" for a duplicate). */
  rename?: (name: string) => string;
}

/**
 * Copies sequence templates with their task templates, links, first and last tasks; returns old id -> new id.
 * Library -> project: the copy is marked imported and remembers its library template.
 */
export async function copySequenceTemplates(
  db: Db,
  from: TemplateScope,
  sequenceIds: readonly number[],
  to: TemplateScope,
  options: SequenceCopyOptions = {},
): Promise<Map<number, number>> {
  const sources = (await scoped(db, from.t.sequences, from).whereIn("id", sequenceIds).orderBy("id")) as Row[];
  const unique = [...new Set(sequenceIds)];
  if (sources.length !== unique.length)
    throw new AppError("errors.not_found", {
      details: { ids: unique.filter((i) => !sources.some((s) => s.id === i)) },
    });
  const ids = await drawIds(db, to.t.sequences, sources.length);
  const map = new Map<number, number>();
  const inserts = sources.map((s, i) => {
    map.set(s.id, ids[i]);
    const out: Record<string, unknown> = { id: ids[i] };
    for (const c of SEQUENCE_COMMON) out[c] = c === "typologies" ? json(s[c]) : s[c];
    if (options.rename) out.name = options.rename(String(s.name)).slice(0, 200);
    if (to.projectId !== null) out.project_id = to.projectId;
    if (from.t.kind === "library" && to.t.kind === "pro") {
      out.is_imported = true;
      out.sequence_template_id = s.id;
    }
    return out;
  });
  if (inserts.length > 0) await db(to.t.sequences).insert(inserts);
  if (from.t.kind === "pro" && to.t.kind === "pro") await copyTags(db, "sequence", map);
  const events = (await db(from.t.events).whereIn(from.t.eventSequence, unique).orderBy("id")) as Row[];
  const eventMap = await copyEventTemplates(db, from, events, {
    scope: to,
    sequenceOf: (r) => map.get(r[from.t.eventSequence] as number) ?? null,
  });
  for (const s of sources) {
    const first = s[from.t.first] as number | null;
    const last = s[from.t.last] as number | null;
    if (first === null && last === null) continue;
    await db(to.t.sequences)
      .where({ id: map.get(s.id) })
      .update({
        [to.t.first]: first !== null ? (eventMap.get(first) ?? null) : null,
        [to.t.last]: last !== null ? (eventMap.get(last) ?? null) : null,
      });
  }
  return map;
}

/**
 * Adds copies of task templates to a sequence template (import-event-template): links between the copied ones
 * are kept, links to templates left behind are not. Returns the new ids.
 */
export async function importEventTemplatesInto(
  db: Db,
  from: TemplateScope,
  eventIds: readonly number[],
  to: TemplateScope,
  sequenceId: number,
): Promise<number[]> {
  const unique = [...new Set(eventIds)];
  const rows = (await scoped(db, from.t.events, from).whereIn("id", unique).orderBy("id")) as Row[];
  if (rows.length !== unique.length)
    throw new AppError("errors.not_found", { details: { ids: unique.filter((i) => !rows.some((r) => r.id === i)) } });
  const map = await copyEventTemplates(db, from, rows, { scope: to, sequenceOf: () => sequenceId });
  await refreshSequenceTemplates(db, to, [sequenceId]);
  return [...map.values()];
}

/**
 * A project's clone (PUT /project/{id}/clone): every template of the source project, with the same tracking ids
 * (the cloned versions' sequences, configurations and events find their templates by tracking id, and the
 * templates' lots, macro-tasks, specialities and participants are tracking ids that the cloned versions keep),
 * their links, first and last tasks on the new ids. Runs before the versions are copied.
 */
export async function cloneProjectTemplates(db: Db, fromProjectId: number, toProjectId: number): Promise<void> {
  const t = PRO_TABLES;
  const sequences = (await db(t.sequences).where({ project_id: fromProjectId }).orderBy("id")) as Row[];
  const seqIds = await drawIds(db, t.sequences, sequences.length);
  const seqMap = new Map(sequences.map((s, i) => [s.id, seqIds[i]]));
  if (sequences.length > 0)
    await db(t.sequences).insert(
      sequences.map((s) => ({
        ...s,
        id: seqMap.get(s.id),
        project_id: toProjectId,
        typologies: json(s.typologies),
        [t.first]: null,
        [t.last]: null,
      })),
    );
  const events = (await db(t.events).where({ project_id: fromProjectId }).orderBy("id")) as Row[];
  const eventIds = await drawIds(db, t.events, events.length);
  const eventMap = new Map(events.map((e, i) => [e.id, eventIds[i]]));
  if (events.length > 0)
    await db(t.events).insert(
      events.map((e) => ({
        ...e,
        id: eventMap.get(e.id),
        project_id: toProjectId,
        typology: json(e.typology),
        [t.eventSequence]: e[t.eventSequence] === null ? null : seqMap.get(e[t.eventSequence] as number),
      })),
    );
  await copyTags(db, "sequence", seqMap);
  await copyTags(db, "event", eventMap);
  const links = (await db(t.links).where({ project_id: fromProjectId })) as Row[];
  if (links.length > 0)
    await db(t.links).insert(
      links.map((l) => ({
        ...l,
        project_id: toProjectId,
        parent_id: eventMap.get(l.parent_id as number),
        child_id: eventMap.get(l.child_id as number),
      })),
    );
  for (const s of sequences) {
    const first = s[t.first] as number | null;
    const last = s[t.last] as number | null;
    if (first === null && last === null) continue;
    await db(t.sequences)
      .where({ id: seqMap.get(s.id) })
      .update({
        [t.first]: first === null ? null : eventMap.get(first),
        [t.last]: last === null ? null : eventMap.get(last),
      });
  }
}
