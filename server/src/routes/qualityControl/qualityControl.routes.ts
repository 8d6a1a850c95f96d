import type Router from "@koa/router";
import type { Knex } from "knex";
import { z } from "zod";
import {
  eqFilterValue,
  eventAffixCreateBody,
  eventAffixUpdateBody,
  id,
  parseListQuery,
  QUALITY_CONTROL_CATEGORIES,
  QUALITY_CONTROL_CATEGORY_COLORS,
  QUALITY_CONTROL_CATEGORY_LABELS,
  QUALITY_CONTROL_EVENTS_LIMIT,
  QUALITY_CONTROL_HISTORY_LIMIT,
  QUALITY_CONTROL_STATUS_LABELS,
  QUALITY_CONTROL_TYPE_LABELS,
  qualityControlBulkBody,
  qualityControlBulkDeleteBody,
  qualityControlCategoriesQuery,
  qualityControlCreateBody,
  qualityControlExportQuery,
  qualityControlLinkedQuery,
  qualityControlListResource,
  qualityControlMultipleBody,
  qualityControlUpdateBody,
  type Filter,
  type ListQuery,
  type QualityControl,
  type QualityControlCategoryCount,
  type QualityControlLinked,
} from "@jalon/shared";
import {
  createQualityControls,
  deleteQualityControls,
  updateQualityControls,
  type QualityControlCreateInput,
  type QualityControlPatch,
} from "../../commands/qualityControlWrite.js";
import { readScope, type VersionScope } from "../../commands/referenceScope.js";
import type { AppDeps, AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route, type Emits } from "../../http/route.js";
import { applyFilter, listAnswer, runList } from "../../lib/listQuery.js";
import {
  INDICATOR_SQL,
  presentHistory,
  presentQualityControls,
  qualityControlSelect,
  qualityControlsByIds,
  type QualityControlDbRow,
} from "./qualityControl.presenter.js";
import { qualityControlColumns, SPECIAL_FIELDS } from "./qualityControl.schema.js";
import { QUALITY_CONTROL_ROLES, readableControl } from "./qualityControl.policy.js";
import { readAll } from "../../db/readAll.js";

/**
 * Quality control (issue 18; spec 001 sections 2-5, 7, 8): prerequisites and finishes of a version's tasks,
 * sequences and macro-tasks. Reads are open to the project's members, external users included; writes to its
 * managers, except the status (and comment, completion date) that external members may change. Rules:
 * commands/qualityControlWrite.ts; due dates: commands/qualityControlDueDates.ts.
 */

const idParams = z.object({ id });

/** The version a list reads: versionId or events.versionId, projectId, else nothing (errors.no_project). */
async function listScope(db: Db, user: AuthUser, query: ListQuery): Promise<VersionScope> {
  const v = eqFilterValue(query, "versionId") ?? eqFilterValue(query, "events.versionId");
  const p = eqFilterValue(query, "projectId");
  return readScope(db, user, typeof p === "number" ? p : undefined, typeof v === "number" ? v : undefined);
}

/** One control created, as read back: POST /quality-control and POST /event-affix (a task's control). */
async function createOne(
  trx: Knex.Transaction,
  user: AuthUser,
  body: QualityControlCreateInput,
  emits: Emits,
): Promise<QualityControl> {
  const [created] = await createQualityControls(trx, user, [body], emits);
  const [control] = await qualityControlsByIds(trx, [created]);
  return control;
}

/** One control changed, as read back: PATCH /quality-control/{id} and PATCH /event-affix/{id}. */
async function updateOne(
  trx: Knex.Transaction,
  user: AuthUser,
  controlId: number,
  body: QualityControlPatch & { projectId?: unknown; versionId?: unknown },
  emits: Emits,
): Promise<QualityControl> {
  const { projectId: _p, versionId: _v, ...patch } = body;
  await updateQualityControls(trx, user, [controlId], patch, emits);
  const [control] = await qualityControlsByIds(trx, [controlId]);
  return control;
}

/** Filters on the computed indicator and on the tags' category. */
function applySpecial(db: Db, base: Knex.QueryBuilder, filters: readonly Filter[]): void {
  for (const f of filters) {
    if (f.field === "indicator") {
      const values = (Array.isArray(f.value) ? f.value : [f.value]).map(String);
      const list = values.map(() => "?").join(", ");
      if (f.op === "eq" || f.op === "in") base.whereRaw(`${INDICATOR_SQL} in (${list})`, values);
      else if (f.op === "ne" || f.op === "notin") base.whereRaw(`${INDICATOR_SQL} not in (${list})`, values);
      else if (f.op === "cont") base.whereRaw(`${INDICATOR_SQL} like ?`, [`%${values[0]}%`]);
      else if (f.op === "isnull") base.whereRaw("false");
    } else {
      const sub = db("quality_control_tags as qt")
        .join("tags as t", "t.id", "qt.tag_id")
        .select("qt.quality_control_id");
      const negative = f.op === "ne" || f.op === "notin" || f.op === "isnull";
      const op = f.op === "ne" ? "eq" : f.op === "notin" ? "in" : f.op === "isnull" ? "notnull" : f.op;
      if (op !== "notnull") applyFilter(sub, { ...f, op }, "t.category_id", "number");
      else sub.whereNotNull("t.category_id");
      if (negative) base.whereNotIn("q.id", sub);
      else base.whereIn("q.id", sub);
    }
  }
}

/** GET /quality-control: the version's controls; archived ones only when a filter names isArchived. */
async function listControls(
  db: Db,
  user: AuthUser,
  rawQuery: Record<string, unknown>,
): Promise<{ data: QualityControl[]; total: number }> {
  const query = parseListQuery(rawQuery, qualityControlListResource);
  // The event-joined list (the screens' tables) reads up to 99,999 rows when no limit is given.
  if (query.join.includes("events") && (rawQuery.limit === undefined || rawQuery.limit === ""))
    query.limit = QUALITY_CONTROL_EVENTS_LIMIT;
  const scope = await listScope(db, user, query);
  const base = qualityControlSelect(db).where("q.version_id", scope.versionId);
  if (!query.filters.some((f) => f.field === "isArchived")) base.where("q.is_archived", false);
  const special = query.filters.filter((f) => (SPECIAL_FIELDS as readonly string[]).includes(f.field));
  applySpecial(db, base, special);
  const rest = {
    ...query,
    filters: query.filters.filter(
      (f) => !(SPECIAL_FIELDS as readonly string[]).includes(f.field) && f.field !== "events.versionId",
    ),
  };
  const { rows, total } = await runList<QualityControlDbRow>(
    db,
    base,
    rest,
    qualityControlListResource,
    qualityControlColumns,
    "q.id",
  );
  return { data: await presentQualityControls(db, rows), total };
}

type ExportQuery = z.output<typeof qualityControlExportQuery>;

/** GET /quality-control/export: the spec's filters as plain parameters. */
async function exportRows(
  db: Db,
  user: AuthUser,
  q: ExportQuery,
): Promise<{ rows: QualityControl[]; scope: VersionScope }> {
  const scope = await readScope(db, user, q.projectId, q.versionId);
  const base = qualityControlSelect(db).where("q.version_id", scope.versionId);
  base.where("q.is_archived", q.isArchived === "true");
  if (q.type) base.where("q.type", q.type);
  if (q.name) base.whereRaw("q.name ILIKE ? ESCAPE '\\'", [`%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  const attached: [string, number[] | undefined][] = [
    ["q.event_id", q.eventIds],
    ["q.sequence_id", q.sequenceIds],
    ["q.macro_task_id", q.macroTaskIds],
  ];
  const wanted = attached.filter(([, ids]) => ids && ids.length > 0);
  if (wanted.length > 0)
    base.where((qb) => {
      for (const [column, ids] of wanted) qb.orWhereIn(column, ids!);
    });
  if (q.tagIds && q.tagIds.length > 0)
    base.whereIn("q.id", db("quality_control_tags").select("quality_control_id").whereIn("tag_id", q.tagIds));
  if (q.category) base.where("q.category", q.category);
  const tagCategory = q.tagCategoryId ?? q["tags.categoryId"];
  if (tagCategory !== undefined)
    base.whereIn(
      "q.id",
      db("quality_control_tags as qt")
        .join("tags as t", "t.id", "qt.tag_id")
        .select("qt.quality_control_id")
        .where("t.category_id", tagCategory),
    );
  const rows = (await base
    .orderByRaw("e.name asc nulls last")
    .orderBy("q.name")
    .orderBy("q.id")
    .limit(QUALITY_CONTROL_EVENTS_LIMIT)) as QualityControlDbRow[];
  return { rows: await presentQualityControls(db, rows), scope };
}

export const QUALITY_CONTROL_EXPORT_COLUMNS: XlsxColumn<QualityControl>[] = [
  { header: "Nom", width: 32, value: (r) => r.name },
  { header: "Type", width: 12, value: (r) => QUALITY_CONTROL_TYPE_LABELS[r.type] },
  { header: "Catégorie", width: 20, value: (r) => (r.category ? QUALITY_CONTROL_CATEGORY_LABELS[r.category] : null) },
  { header: "Statut", width: 14, value: (r) => (r.status ? QUALITY_CONTROL_STATUS_LABELS[r.status] : null) },
  { header: "Lot", width: 20, value: (r) => r.participantGroup },
  { header: "Participant", width: 20, value: (r) => r.participantName },
  { header: "Zone", width: 20, value: (r) => r.zoneName },
  { header: "Échéance", kind: "day", width: 12, value: (r) => r.dueDate },
  { header: "Retard", kind: "number", width: 10, value: (r) => r.delay },
  { header: "Début", kind: "day", width: 12, value: (r) => r.startDate },
  { header: "Fin", kind: "day", width: 12, value: (r) => r.endDate },
  { header: "Date de réalisation", kind: "day", width: 14, value: (r) => r.completionDate },
  { header: "Livrables", width: 30, value: (r) => r.deliverables.map((d) => d.name).join(", ") || null },
  { header: "Étiquettes", width: 30, value: (r) => r.tags.map((t) => t.name).join(", ") || null },
  { header: "Commentaire", width: 40, value: (r) => r.comment },
];

export function qualityControlRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /quality-control/categories?versionId|projectId&name: the four categories and their controls. */
  route(router, deps, {
    method: "get",
    path: "/quality-control/categories",
    roles: QUALITY_CONTROL_ROLES.read,
    query: qualityControlCategoriesQuery,
    handler: async ({ db, user, query }) => {
      const scope = await readScope(db, user, query.projectId, query.versionId);
      const counts = (await db("quality_controls")
        .where({ version_id: scope.versionId, is_archived: false })
        .whereNotNull("category")
        .groupBy("category")
        .select("category")
        .count({ count: "*" })) as { category: string; count: unknown }[];
      const byKey = new Map(counts.map((c) => [c.category, Number(c.count)]));
      const needle = query.name?.toLowerCase();
      const data: QualityControlCategoryCount[] = QUALITY_CONTROL_CATEGORIES.map((k) => ({
        id: k,
        name: QUALITY_CONTROL_CATEGORY_LABELS[k],
        color: QUALITY_CONTROL_CATEGORY_COLORS[k],
        count: byKey.get(k) ?? 0,
      })).filter((c) => !needle || c.name.toLowerCase().includes(needle) || c.id.includes(needle));
      return { data, count: data.length, total: data.length };
    },
  });

  /** GET /quality-control/linked?versionId|projectId&type: what carries controls (the deliverables filter). */
  route(router, deps, {
    method: "get",
    path: "/quality-control/linked",
    roles: QUALITY_CONTROL_ROLES.read,
    query: qualityControlLinkedQuery,
    handler: async ({ db, user, query }): Promise<QualityControlLinked> => {
      const scope = await readScope(db, user, query.projectId, query.versionId);
      const of = (table: string, column: string) => {
        const qb = db(`${table} as x`)
          .whereIn(
            "x.id",
            db("quality_controls")
              .select(column)
              .where({ version_id: scope.versionId, is_archived: false })
              .whereNotNull(column)
              .modify((s) => {
                if (query.type) s.where("type", query.type);
              }),
          )
          .select("x.id", "x.name")
          .orderBy("x.name")
          .orderBy("x.id");
        return qb as Promise<{ id: number; name: string }[]>;
      };
      const [events, sequences, macroTasks] = await readAll(db, [
        () => of("events", "event_id"),
        () => of("sequences", "sequence_id"),
        () => of("macro_tasks", "macro_task_id"),
      ]);
      return { events, sequences, macroTasks };
    },
  });

  /** GET /quality-control/export: the filtered list as an .xlsx file. */
  route(router, deps, {
    method: "get",
    path: "/quality-control/export",
    roles: QUALITY_CONTROL_ROLES.read,
    query: qualityControlExportQuery,
    handler: async ({ db, user, query, ctx }) => {
      const { rows, scope } = await exportRows(db, user, query);
      const file = await buildXlsx("Contrôles qualité", QUALITY_CONTROL_EXPORT_COLUMNS, rows);
      sendFile(ctx, file, exportFileName("controles-qualite", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** GET /quality-control: filter triples; default sort by task name; 10,000 rows (99,999 with join=events). */
  route(router, deps, {
    method: "get",
    path: "/quality-control",
    roles: QUALITY_CONTROL_ROLES.read,
    handler: async ({ db, user, ctx }) => {
      const { data, total } = await listControls(db, user, ctx.query as Record<string, unknown>);
      return { data, count: data.length, total };
    },
  });

  /** POST /quality-control/bulk [bodies]: several controls of one version, all or nothing. */
  route(router, deps, {
    method: "post",
    path: "/quality-control/bulk",
    roles: QUALITY_CONTROL_ROLES.create,
    body: qualityControlBulkBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const ids = await createQualityControls(db, user, body, emits);
      const data = await qualityControlsByIds(db, ids);
      return { data, count: data.length };
    },
  });

  /** POST /quality-control {projectId, versionId?, type, name, eventId | sequenceId | macroTaskId, ...}. */
  route(router, deps, {
    method: "post",
    path: "/quality-control",
    roles: QUALITY_CONTROL_ROLES.create,
    body: qualityControlCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => createOne(db, user, body, emits),
  });

  /** PATCH /quality-control/multiple {ids, data}: the same change on several controls (bulk status change). */
  route(router, deps, {
    method: "patch",
    path: "/quality-control/multiple",
    roles: QUALITY_CONTROL_ROLES.update,
    body: qualityControlMultipleBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const ids = await updateQualityControls(db, user, body.ids, body.data, emits);
      const data = await qualityControlsByIds(db, ids);
      return { data, count: data.length };
    },
  });

  /** DELETE /quality-control/bulk-delete {ids}. */
  route(router, deps, {
    method: "delete",
    path: "/quality-control/bulk-delete",
    roles: QUALITY_CONTROL_ROLES.delete,
    body: qualityControlBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const deleted = await deleteQualityControls(db, user, body.ids, emits);
      return { ids: deleted, count: deleted.length };
    },
  });

  /** GET /quality-control/{id}/history: one row per changed field, newest first. */
  route(router, deps, {
    method: "get",
    path: "/quality-control/:id/history",
    roles: QUALITY_CONTROL_ROLES.read,
    params: idParams,
    handler: async ({ db, user, params }) => {
      await readableControl(db, user, params.id);
      const control = await db("quality_controls").where({ id: params.id }).first("project_id", "tracking_id");
      const rows = (await db("quality_control_histories as h")
        .leftJoin("users as u", "u.id", "h.user_id")
        .where({ "h.project_id": control.project_id, "h.quality_control_tracking_id": control.tracking_id })
        .select("h.*", "u.firstname as user_firstname", "u.lastname as user_lastname")
        .orderBy("h.created_at", "desc")
        .orderBy("h.id", "desc")
        .limit(QUALITY_CONTROL_HISTORY_LIMIT)) as Record<string, unknown>[];
      return listAnswer(rows.map(presentHistory));
    },
  });

  /** GET /quality-control/{id}. */
  route(router, deps, {
    method: "get",
    path: "/quality-control/:id",
    roles: QUALITY_CONTROL_ROLES.read,
    params: idParams,
    handler: async ({ db, user, params }) => {
      await readableControl(db, user, params.id);
      const [control] = await qualityControlsByIds(db, [params.id]);
      return control;
    },
  });

  /** PATCH /quality-control/{id}: changed fields; external members change the status only. */
  route(router, deps, {
    method: "patch",
    path: "/quality-control/:id",
    roles: QUALITY_CONTROL_ROLES.update,
    params: idParams,
    body: qualityControlUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => updateOne(db, user, params.id, body, emits),
  });

  /** POST /event-affix {projectId, eventId, type, name, ...}: a control on a task (the task modal's tab). */
  route(router, deps, {
    method: "post",
    path: "/event-affix",
    roles: QUALITY_CONTROL_ROLES.create,
    body: eventAffixCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => createOne(db, user, body, emits),
  });

  /** PATCH /event-affix/{id}: changed fields of a control on a task. */
  route(router, deps, {
    method: "patch",
    path: "/event-affix/:id",
    roles: QUALITY_CONTROL_ROLES.update,
    params: idParams,
    body: eventAffixUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => updateOne(db, user, params.id, body, emits),
  });
}
