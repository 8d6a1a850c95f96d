import type { Knex } from "knex";
import {
  AppError,
  isManagerRole,
  QUALITY_CONTROL_DEFAULT_DELAY,
  QUALITY_CONTROL_REALTIME,
  type qualityControlCreateBody,
  type qualityControlUpdateBody,
} from "@jalon/shared";
import type { z } from "zod";
import { readableProject } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Emits } from "../http/route.js";
import { writeScope, type VersionScope } from "./referenceScope.js";
import { rederiveQualityDueDates } from "./qualityControlDueDates.js";
import { assertExternalMayChange } from "../routes/qualityControl/qualityControl.policy.js";

/**
 * Quality-control writes (issue 18): creation (one or many, all or nothing), changes with one history row per
 * changed field, deletion. Refusals come before any write: unknown task, sequence, macro-task or tag of the
 * version (404 errors.not_found), the same task, type and name twice (409 quality_control_already_exists),
 * an external user changing anything but the status (403 errors.forbidden).
 */

export type QualityControlCreateInput = z.output<typeof qualityControlCreateBody>;
export type QualityControlPatch = Omit<z.output<typeof qualityControlUpdateBody>, "projectId" | "versionId">;

type Tx = Knex.Transaction;

/** API field -> column of the plain fields a write sets. */
const COLUMNS = {
  name: "name",
  category: "category",
  status: "status",
  comment: "comment",
  completionDate: "completion_date",
  delay: "delay",
  documentName: "document_name",
  isArchived: "is_archived",
  eventId: "event_id",
  sequenceId: "sequence_id",
  macroTaskId: "macro_task_id",
} as const;
type PlainField = keyof typeof COLUMNS;

const idsJson = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);
const IN_IDS = "in (select value::int from json_array_elements_text(?::json))";

/** Every id must be a row of `table` in the version, else 404 errors.not_found (nothing is written yet). */
async function assertInVersion(db: Tx, table: string, versionId: number, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await db.raw<{ rows: { id: number }[] }>(
    `select id from ${table} where version_id = ? and id ${IN_IDS}`,
    [versionId, idsJson(wanted)],
  );
  if (rows.rows.length !== wanted.length) {
    const found = new Set(rows.rows.map((r) => r.id));
    throw new AppError("errors.not_found", { details: { table, ids: wanted.filter((i) => !found.has(i)) } });
  }
}

interface Target {
  eventId: number | null;
  sequenceId: number | null;
  macroTaskId: number | null;
}
const targetKey = (t: Target, type: string, name: string) =>
  `${t.eventId ?? ""}|${t.sequenceId ?? ""}|${t.macroTaskId ?? ""}|${type}|${name.toLowerCase()}`;

/**
 * 409 quality_control_already_exists when two of `wanted` share task, type and name, or one matches a control
 * of the version other than those in `except`.
 */
async function assertNoDuplicate(
  db: Tx,
  versionId: number,
  wanted: (Target & { type: string; name: string })[],
  except: readonly number[] = [],
): Promise<void> {
  const seen = new Set<string>();
  for (const w of wanted) {
    const key = targetKey(w, w.type, w.name);
    if (seen.has(key)) throw new AppError("quality_control_already_exists", { details: { name: w.name } });
    seen.add(key);
  }
  if (wanted.length === 0) return;
  const rows = wanted.map((w) => ({ e: w.eventId, s: w.sequenceId, m: w.macroTaskId, t: w.type, n: w.name }));
  const clash = await db.raw<{ rows: { name: string }[] }>(
    `select q.name from quality_controls q
       join json_to_recordset(?::json) as v(e int, s int, m int, t text, n text)
         on q.type = v.t and lower(q.name) = lower(v.n)
        and q.event_id is not distinct from v.e and q.sequence_id is not distinct from v.s
        and q.macro_task_id is not distinct from v.m
      where q.version_id = ? and q.id not ${IN_IDS}
      limit 1`,
    [JSON.stringify(rows), versionId, idsJson(except)],
  );
  if (clash.rows.length > 0)
    throw new AppError("quality_control_already_exists", { details: { name: clash.rows[0].name } });
}

function announce(emits: Emits, scope: { projectId: number; versionId: number }, userId: number, ids: number[]) {
  emits.add({
    event: QUALITY_CONTROL_REALTIME.event,
    projectId: scope.projectId,
    versionId: scope.versionId,
    initiatorId: userId,
    ids,
    data: { resource: QUALITY_CONTROL_REALTIME.resource },
  });
}

/** POST /quality-control and /bulk (and POST /event-affix): every body in one project and version. */
export async function createQualityControls(
  trx: Tx,
  user: AuthUser,
  bodies: QualityControlCreateInput[],
  emits: Emits,
): Promise<number[]> {
  const first = bodies[0];
  if (bodies.some((b) => b.projectId !== first.projectId || (b.versionId ?? null) !== (first.versionId ?? null)))
    throw new AppError("errors.validation", { message: "Les contrôles doivent appartenir à une seule version." });
  const scope = await writeScope(trx, user, first.projectId, first.versionId);
  return insertQualityControls(trx, user.id, scope, bodies, emits);
}

/** The inserts of a create, once the scope is known (instantiation creates through it too). */
export async function insertQualityControls(
  trx: Tx,
  userId: number,
  scope: Pick<VersionScope, "projectId" | "versionId">,
  bodies: Omit<QualityControlCreateInput, "projectId" | "versionId">[],
  emits: Emits | null,
): Promise<number[]> {
  const { versionId, projectId } = scope;
  await assertInVersion(
    trx,
    "events",
    versionId,
    bodies.flatMap((b) => (b.eventId ? [b.eventId] : [])),
  );
  await assertInVersion(
    trx,
    "sequences",
    versionId,
    bodies.flatMap((b) => (b.sequenceId ? [b.sequenceId] : [])),
  );
  await assertInVersion(
    trx,
    "macro_tasks",
    versionId,
    bodies.flatMap((b) => (b.macroTaskId ? [b.macroTaskId] : [])),
  );
  const tagsOf = (b: { tagIds?: number[]; tags?: number[] }) => [...new Set([...(b.tagIds ?? []), ...(b.tags ?? [])])];
  await assertInVersion(trx, "tags", versionId, bodies.flatMap(tagsOf));
  const target = (b: Partial<Target>): Target => ({
    eventId: b.eventId ?? null,
    sequenceId: b.sequenceId ?? null,
    macroTaskId: b.macroTaskId ?? null,
  });
  await assertNoDuplicate(
    trx,
    versionId,
    bodies.map((b) => ({ ...target(b), type: b.type, name: b.name })),
  );
  const inserted = (await trx("quality_controls")
    .insert(
      bodies.map((b) => ({
        project_id: projectId,
        version_id: versionId,
        name: b.name,
        type: b.type,
        category: b.category ?? null,
        status: b.status === undefined ? "unrealized" : b.status,
        comment: b.comment ?? null,
        completion_date: b.completionDate ?? null,
        // Omitted: the spec's default 0; null is kept ("no delay value").
        delay: b.delay === undefined ? QUALITY_CONTROL_DEFAULT_DELAY : b.delay,
        document_name: b.documentName ?? null,
        is_archived: b.isArchived ?? false,
        event_id: b.eventId ?? null,
        sequence_id: b.sequenceId ?? null,
        macro_task_id: b.macroTaskId ?? null,
      })),
    )
    .returning("id")) as { id: number }[];
  const ids = inserted.map((r) => r.id);
  const tagRows = bodies.flatMap((b, k) =>
    tagsOf(b).map((tagId) => ({ version_id: versionId, quality_control_id: ids[k], tag_id: tagId })),
  );
  if (tagRows.length > 0) await trx("quality_control_tags").insert(tagRows);
  await rederiveQualityDueDates(trx, { versionId, projectId, userId: null, ids, history: false });
  if (emits) announce(emits, scope, userId, ids);
  return ids;
}

interface ControlRow {
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  name: string;
  type: string;
  category: string | null;
  status: string | null;
  comment: string | null;
  completion_date: string | null;
  delay: number | null;
  document_name: string | null;
  is_archived: boolean;
  event_id: number | null;
  sequence_id: number | null;
  macro_task_id: number | null;
  tag_ids: number[] | null;
}

/**
 * The controls a write addresses, all in one version of a project the user belongs to. Managers change a
 * version that is not frozen; an external user member of the project may change only the fields
 * QUALITY_CONTROL_EXTERNAL_FIELDS lists (403 errors.forbidden otherwise).
 */
async function writableControls(
  trx: Tx,
  user: AuthUser,
  ids: readonly number[],
  fields: readonly string[],
): Promise<{ rows: ControlRow[]; scope: { projectId: number; versionId: number } }> {
  const wanted = [...new Set(ids)];
  const found = await trx.raw<{ rows: ControlRow[] }>(
    `select q.id, q.project_id, q.version_id, q.tracking_id, q.name, q.type, q.category, q.status, q.comment,
            to_char(q.completion_date, 'YYYY-MM-DD') as completion_date, q.delay, q.document_name, q.is_archived,
            q.event_id, q.sequence_id, q.macro_task_id,
            (select array_agg(qt.tag_id order by qt.tag_id) from quality_control_tags qt where qt.quality_control_id = q.id) as tag_ids
       from quality_controls q where q.id ${IN_IDS} order by q.id for update of q`,
    [idsJson(wanted)],
  );
  const rows = found.rows;
  if (rows.length !== wanted.length) {
    const seen = new Set(rows.map((r) => r.id));
    throw new AppError("errors.not_found", { details: { ids: wanted.filter((i) => !seen.has(i)) } });
  }
  const versions = new Set(rows.map((r) => r.version_id));
  if (versions.size !== 1)
    throw new AppError("errors.validation", { message: "Les contrôles doivent appartenir à une seule version." });
  const { project_id: projectId, version_id: versionId } = rows[0];
  if (isManagerRole(user.type)) {
    await writeScope(trx, user, projectId, versionId);
  } else {
    await readableProject(trx, user, projectId);
    if (user.type !== "external") throw new AppError("errors.forbidden");
    assertExternalMayChange(fields);
    const version = await trx("versions").where({ id: versionId }).first("is_archived", "is_being_updated");
    if (version?.is_archived) throw new AppError("errors.version_frozen");
    if (version?.is_being_updated) throw new AppError("errors.project_being_updated");
  }
  return { rows, scope: { projectId, versionId } };
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * PATCH /quality-control/{id}, /multiple and /event-affix/{id}: the same change on every control of `ids`;
 * only fields whose value really changes are written, each with a history row per control.
 */
export async function updateQualityControls(
  trx: Tx,
  user: AuthUser,
  ids: readonly number[],
  patch: QualityControlPatch,
  emits: Emits,
): Promise<number[]> {
  const sent = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
  const { rows, scope } = await writableControls(trx, user, ids, sent);
  const { versionId, projectId } = scope;
  // A new attachment replaces the old one.
  const retarget = patch.eventId != null || patch.sequenceId != null || patch.macroTaskId != null;
  const values: Partial<Record<PlainField, unknown>> = {};
  for (const f of Object.keys(COLUMNS) as PlainField[]) if (patch[f] !== undefined) values[f] = patch[f];
  if (retarget) {
    values.eventId = patch.eventId ?? null;
    values.sequenceId = patch.sequenceId ?? null;
    values.macroTaskId = patch.macroTaskId ?? null;
  }
  if (values.eventId) await assertInVersion(trx, "events", versionId, [values.eventId as number]);
  if (values.sequenceId) await assertInVersion(trx, "sequences", versionId, [values.sequenceId as number]);
  if (values.macroTaskId) await assertInVersion(trx, "macro_tasks", versionId, [values.macroTaskId as number]);
  const tagIds =
    patch.tagIds !== undefined || patch.tags !== undefined
      ? [...new Set([...(patch.tagIds ?? []), ...(patch.tags ?? [])])].sort((a, b) => a - b)
      : undefined;
  if (tagIds) await assertInVersion(trx, "tags", versionId, tagIds);

  const rowValue = (r: ControlRow, f: PlainField): unknown => r[COLUMNS[f] as keyof ControlRow];
  const history: { id: number; t: number; f: string; p: string | null; n: string | null }[] = [];
  const changed = new Set<number>();
  for (const r of rows) {
    for (const [f, v] of Object.entries(values) as [PlainField, unknown][]) {
      const before = str(rowValue(r, f));
      const after = str(v);
      if (before === after) continue;
      history.push({ id: r.id, t: r.tracking_id, f, p: before, n: after });
      changed.add(r.id);
    }
    if (tagIds) {
      const before = (r.tag_ids ?? []).join(",");
      const after = tagIds.join(",");
      if (before !== after) {
        history.push({ id: r.id, t: r.tracking_id, f: "tags", p: before || null, n: after || null });
        changed.add(r.id);
      }
    }
  }
  if (values.name !== undefined || retarget) {
    await assertNoDuplicate(
      trx,
      versionId,
      rows.map((r) => ({
        eventId: retarget ? ((values.eventId as number | null) ?? null) : r.event_id,
        sequenceId: retarget ? ((values.sequenceId as number | null) ?? null) : r.sequence_id,
        macroTaskId: retarget ? ((values.macroTaskId as number | null) ?? null) : r.macro_task_id,
        type: r.type,
        name: (values.name as string | undefined) ?? r.name,
      })),
      rows.map((r) => r.id),
    );
  }
  if (changed.size === 0) return rows.map((r) => r.id);
  const changedIds = [...changed];
  const set: Record<string, unknown> = { updated_at: trx.fn.now() };
  for (const [f, v] of Object.entries(values)) set[COLUMNS[f as PlainField]] = v;
  await trx("quality_controls").whereIn("id", changedIds).update(set);
  if (tagIds) {
    await trx("quality_control_tags").whereIn("quality_control_id", changedIds).delete();
    const tagRows = changedIds.flatMap((id) =>
      tagIds.map((tagId) => ({ version_id: versionId, quality_control_id: id, tag_id: tagId })),
    );
    if (tagRows.length > 0) await trx("quality_control_tags").insert(tagRows);
  }
  await trx.raw(
    `insert into quality_control_histories
       (project_id, version_id, quality_control_id, quality_control_tracking_id, field_name, previous_value, new_value, user_id)
     select ?, ?, v.id, v.t, v.f, v.p, v.n, ? from json_to_recordset(?::json) as v(id int, t int, f text, p text, n text)`,
    [projectId, versionId, user.id, JSON.stringify(history)],
  );
  if (retarget) await rederiveQualityDueDates(trx, { versionId, projectId, userId: user.id, ids: changedIds });
  announce(emits, scope, user.id, changedIds);
  return rows.map((r) => r.id);
}

/** DELETE /quality-control/bulk-delete {ids}: managers of the project; the history rows stay. */
export async function deleteQualityControls(
  trx: Tx,
  user: AuthUser,
  ids: readonly number[],
  emits: Emits,
): Promise<number[]> {
  const { rows, scope } = await writableControls(trx, user, ids, ["delete"]);
  const deleted = rows.map((r) => r.id);
  await trx("quality_controls").whereIn("id", deleted).delete();
  announce(emits, scope, user.id, deleted);
  return deleted;
}
