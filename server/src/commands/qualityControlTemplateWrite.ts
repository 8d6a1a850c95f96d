import type { Knex } from "knex";
import {
  AppError,
  QUALITY_CONTROL_DEFAULT_DELAY,
  QUALITY_CONTROL_TEMPLATE_REALTIME,
  type qualityControlTemplateCreateBody,
  type qualityControlTemplateUpdateBody,
} from "@jalon/shared";
import type { z } from "zod";
import { writableProject } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Emits } from "../http/route.js";
import { rederiveQualityDueDates } from "./qualityControlDueDates.js";

/**
 * Quality-control templates (issue 18): a project's models of prerequisites and finishes, with their
 * deliverables, and the controls they give the tasks an instantiation lays. Templates belong to the project:
 * tags and macro-tasks are kept by tracking id (the same row in every version).
 */

type Tx = Knex.Transaction;
type CreateInput = z.output<typeof qualityControlTemplateCreateBody>;
type UpdateInput = z.output<typeof qualityControlTemplateUpdateBody>;
type Deliverable = { kind: "eventTemplate" | "sequenceTemplate" | "macroTask"; id: number };

const IN_IDS = "in (select value::int from json_array_elements_text(?::json))";

/** The version whose tags and macro-tasks a request names: versionId or the project's current one. */
async function versionOf(trx: Tx, projectId: number, versionId: number | undefined): Promise<number> {
  if (versionId !== undefined) {
    const v = await trx("versions").where({ id: versionId }).first("project_id");
    if (!v) throw new AppError("errors.version_not_found");
    if (v.project_id !== projectId) throw new AppError("errors.version_not_in_project");
    return versionId;
  }
  const p = await trx("projects").where({ id: projectId }).first("current_version_id");
  if (!p?.current_version_id) throw new AppError("errors.version_not_found");
  return p.current_version_id as number;
}

/** Tag ids (of the version) -> tracking ids; 404 errors.not_found for one outside it. */
async function tagTrackingIds(trx: Tx, versionId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await trx.raw<{ rows: { tracking_id: number }[] }>(
    `select tracking_id from tags where version_id = ? and id ${IN_IDS}`,
    [versionId, JSON.stringify(wanted)],
  );
  if (rows.rows.length !== wanted.length) throw new AppError("errors.not_found", { details: { tags: wanted } });
  return rows.rows.map((r) => r.tracking_id);
}

/** Deliverables as rows; each must be a task template or sequence template of the project, or a macro-task of the version. */
async function deliverableRows(
  trx: Tx,
  projectId: number,
  versionId: number,
  list: Deliverable[],
): Promise<
  {
    event_template_pro_id: number | null;
    sequence_template_pro_id: number | null;
    macro_task_tracking_id: number | null;
  }[]
> {
  const ids = (kind: Deliverable["kind"]) => [...new Set(list.filter((d) => d.kind === kind).map((d) => d.id))];
  const check = async (table: string, scope: "project" | "version", wanted: number[], column = "id") => {
    if (wanted.length === 0) return new Map<number, number>();
    const rows = await trx.raw<{ rows: { id: number; v: number }[] }>(
      `select id, ${column} as v from ${table} where ${scope}_id = ? and id ${IN_IDS}`,
      [scope === "project" ? projectId : versionId, JSON.stringify(wanted)],
    );
    if (rows.rows.length !== wanted.length)
      throw new AppError("errors.not_found", { details: { deliverables: table } });
    return new Map(rows.rows.map((r) => [r.id, r.v]));
  };
  await check("event_template_pros", "project", ids("eventTemplate"));
  await check("sequence_template_pros", "project", ids("sequenceTemplate"));
  const macroTracking = await check("macro_tasks", "version", ids("macroTask"), "tracking_id");
  const seen = new Set<string>();
  return list.flatMap((d) => {
    const key = `${d.kind}:${d.id}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        event_template_pro_id: d.kind === "eventTemplate" ? d.id : null,
        sequence_template_pro_id: d.kind === "sequenceTemplate" ? d.id : null,
        macro_task_tracking_id: d.kind === "macroTask" ? macroTracking.get(d.id)! : null,
      },
    ];
  });
}

function announce(emits: Emits, projectId: number, versionId: number, userId: number, ids: number[]) {
  emits.add({
    event: QUALITY_CONTROL_TEMPLATE_REALTIME.event,
    projectId,
    versionId,
    initiatorId: userId,
    ids,
    data: { resource: QUALITY_CONTROL_TEMPLATE_REALTIME.resource },
  });
}

/** POST /quality-control-template. */
export async function createQualityControlTemplate(
  trx: Tx,
  user: AuthUser,
  body: CreateInput,
  emits: Emits,
): Promise<number> {
  await writableProject(trx, user, body.projectId);
  const versionId = await versionOf(trx, body.projectId, body.versionId);
  const tags = await tagTrackingIds(trx, versionId, [...(body.tagIds ?? []), ...(body.tags ?? [])]);
  const deliverables = await deliverableRows(trx, body.projectId, versionId, body.deliverables ?? []);
  const [row] = (await trx("quality_control_templates")
    .insert({
      project_id: body.projectId,
      name: body.name,
      type: body.type,
      category: body.category ?? null,
      delay: body.delay === undefined ? QUALITY_CONTROL_DEFAULT_DELAY : body.delay,
      comment: body.comment ?? null,
      document_name: body.documentName ?? null,
    })
    .returning("id")) as { id: number }[];
  if (tags.length > 0)
    await trx("quality_control_template_tags").insert(
      tags.map((t) => ({ quality_control_template_id: row.id, tag_tracking_id: t })),
    );
  if (deliverables.length > 0)
    await trx("quality_control_template_deliverables").insert(
      deliverables.map((d) => ({ ...d, quality_control_template_id: row.id })),
    );
  announce(emits, body.projectId, versionId, user.id, [row.id]);
  return row.id;
}

/** The template `id` of a project the manager may change. */
async function writableTemplate(trx: Tx, user: AuthUser, id: number): Promise<{ project_id: number }> {
  const row = await trx("quality_control_templates").where({ id }).first("project_id");
  if (!row) throw new AppError("errors.not_found");
  await writableProject(trx, user, row.project_id as number);
  return row as { project_id: number };
}

/** PATCH /quality-control-template/{id}: changed fields; tags and deliverables sent replace the lists. */
export async function updateQualityControlTemplate(
  trx: Tx,
  user: AuthUser,
  id: number,
  body: UpdateInput,
  emits: Emits,
): Promise<void> {
  const { project_id: projectId } = await writableTemplate(trx, user, id);
  if (body.projectId !== undefined && body.projectId !== projectId) throw new AppError("errors.not_found");
  const versionId = await versionOf(trx, projectId, body.versionId);
  const set: Record<string, unknown> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.type !== undefined) set.type = body.type;
  if (body.category !== undefined) set.category = body.category;
  if (body.delay !== undefined) set.delay = body.delay;
  if (body.comment !== undefined) set.comment = body.comment;
  if (body.documentName !== undefined) set.document_name = body.documentName;
  const tagsSent = body.tagIds !== undefined || body.tags !== undefined;
  const tags = tagsSent ? await tagTrackingIds(trx, versionId, [...(body.tagIds ?? []), ...(body.tags ?? [])]) : [];
  const deliverables = body.deliverables ? await deliverableRows(trx, projectId, versionId, body.deliverables) : [];
  await trx("quality_control_templates")
    .where({ id })
    .update({ ...set, updated_at: trx.fn.now() });
  if (tagsSent) {
    await trx("quality_control_template_tags").where({ quality_control_template_id: id }).delete();
    if (tags.length > 0)
      await trx("quality_control_template_tags").insert(
        tags.map((t) => ({ quality_control_template_id: id, tag_tracking_id: t })),
      );
  }
  if (body.deliverables) {
    await trx("quality_control_template_deliverables").where({ quality_control_template_id: id }).delete();
    if (deliverables.length > 0)
      await trx("quality_control_template_deliverables").insert(
        deliverables.map((d) => ({ ...d, quality_control_template_id: id })),
      );
  }
  announce(emits, projectId, versionId, user.id, [id]);
}

/** DELETE /quality-control-template/bulk-delete {ids}: templates of one project; the controls made stay. */
export async function deleteQualityControlTemplates(
  trx: Tx,
  user: AuthUser,
  ids: number[],
  emits: Emits,
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rows = (await trx("quality_control_templates").whereIn("id", wanted).select("id", "project_id")) as {
    id: number;
    project_id: number;
  }[];
  if (rows.length !== wanted.length) throw new AppError("errors.not_found");
  const projects = new Set(rows.map((r) => r.project_id));
  if (projects.size !== 1)
    throw new AppError("errors.validation", { message: "Les modèles doivent appartenir à un seul projet." });
  const projectId = rows[0].project_id;
  await writableProject(trx, user, projectId);
  await trx("quality_control_templates").whereIn("id", wanted).delete();
  const versionId = await versionOf(trx, projectId, undefined);
  announce(emits, projectId, versionId, user.id, wanted);
  return wanted;
}

/**
 * The controls an instantiation gives the tasks it laid (commands/instantiation.ts): each template delivered to
 * a task template becomes a control on every new task made from it; one delivered to the sequence template, a
 * control on each new instance (sequence) of it. The template's document name, else the task's
 * prerequisites/finishes document name, is the control's. One insert per table; a control that would repeat
 * one the task already has (same type and name) is skipped.
 */
export async function instantiateQualityControls(
  trx: Tx,
  scope: { projectId: number; versionId: number; userId: number | null },
  eventIds: readonly number[],
): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const inserted = await trx.raw<{ rows: { id: number; template_id: number }[] }>(
    `with fresh as (
       select e.id, e.type, e.event_template_pro_id, e.sequence_id, e.prerequisites_document_name, e.finishes_document_name
         from events e where e.version_id = ? and e.id ${IN_IDS}
     ),
     wanted as (
       select t.id as template_id, t.name, t.type, t.category, t.delay, t.comment, f.id as event_id, null::int as sequence_id,
              coalesce(t.document_name, case when t.type = 'prerequisites' then f.prerequisites_document_name else f.finishes_document_name end) as document_name
         from fresh f
         join quality_control_template_deliverables d on d.event_template_pro_id = f.event_template_pro_id
         join quality_control_templates t on t.id = d.quality_control_template_id and t.project_id = ?
       union
       select t.id, t.name, t.type, t.category, t.delay, t.comment, null::int, s.id, t.document_name
         from sequences s
         join quality_control_template_deliverables d on d.sequence_template_pro_id = s.sequence_template_pro_id
         join quality_control_templates t on t.id = d.quality_control_template_id and t.project_id = ?
        where s.id in (select sequence_id from fresh where sequence_id is not null and type = 'task')
          and not exists (select 1 from quality_controls q where q.sequence_id = s.id and q.type = t.type and lower(q.name) = lower(t.name))
     ),
     kept as (
       select distinct on (coalesce(w.event_id, 0), coalesce(w.sequence_id, 0), w.type, lower(w.name)) w.*
         from wanted w
        where w.event_id is null
           or not exists (select 1 from quality_controls q where q.event_id = w.event_id and q.type = w.type and lower(q.name) = lower(w.name))
        order by coalesce(w.event_id, 0), coalesce(w.sequence_id, 0), w.type, lower(w.name), w.template_id
     ),
     ins as (
       insert into quality_controls (project_id, version_id, name, type, category, status, delay, comment, document_name, event_id, sequence_id)
       select ?, ?, k.name, k.type, k.category, 'unrealized', k.delay, k.comment, k.document_name, k.event_id, k.sequence_id
         from kept k
       returning id, event_id, sequence_id, type, name
     )
     select ins.id, k.template_id from ins
       join kept k on k.event_id is not distinct from ins.event_id and k.sequence_id is not distinct from ins.sequence_id
        and k.type = ins.type and lower(k.name) = lower(ins.name)`,
    [
      scope.versionId,
      JSON.stringify([...new Set(eventIds)]),
      scope.projectId,
      scope.projectId,
      scope.projectId,
      scope.versionId,
    ],
  );
  const rows = inserted.rows;
  if (rows.length === 0) return [];
  await trx.raw(
    `insert into quality_control_tags (version_id, quality_control_id, tag_id)
     select ?, v.id, tg.id
       from json_to_recordset(?::json) as v(id int, template_id int)
       join quality_control_template_tags tt on tt.quality_control_template_id = v.template_id
       join tags tg on tg.version_id = ? and tg.tracking_id = tt.tag_tracking_id
     on conflict do nothing`,
    [scope.versionId, JSON.stringify(rows), scope.versionId],
  );
  const ids = rows.map((r) => r.id);
  await rederiveQualityDueDates(trx, { ...scope, ids, history: false });
  return ids;
}
