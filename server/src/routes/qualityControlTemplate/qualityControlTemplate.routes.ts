import type Router from "@koa/router";
import { z } from "zod";
import {
  AppError,
  eqFilterValue,
  id,
  parseListQuery,
  QUALITY_CONTROL_CATEGORY_LABELS,
  QUALITY_CONTROL_TYPE_LABELS,
  qualityControlExportQuery,
  qualityControlTemplateBulkDeleteBody,
  qualityControlTemplateCreateBody,
  qualityControlTemplateLinkedQuery,
  qualityControlTemplateListResource,
  qualityControlTemplateListScope,
  qualityControlTemplateUpdateBody,
  type QualityControlTemplate,
  type QualityControlTemplateLinked,
} from "@jalon/shared";
import {
  createQualityControlTemplate,
  deleteQualityControlTemplates,
  updateQualityControlTemplate,
} from "../../commands/qualityControlTemplateWrite.js";
import { readScope } from "../../commands/referenceScope.js";
import type { AppDeps, AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { applyFilter, runList } from "../../lib/listQuery.js";
import {
  presentQualityControlTemplate,
  qualityControlTemplateSelect,
  qualityControlTemplatesByIds,
  type QualityControlTemplateDbRow,
} from "./qualityControlTemplate.presenter.js";
import { qualityControlTemplateColumns, TEMPLATE_SPECIAL_FIELDS } from "./qualityControlTemplate.schema.js";
import { QUALITY_CONTROL_TEMPLATE_ROLES, readableTemplate } from "./qualityControlTemplate.policy.js";
import { readAll } from "../../db/readAll.js";

/**
 * Quality-control templates (issue 18; spec 001 section 7): a project's models of prerequisites and finishes,
 * managers only. Writes: commands/qualityControlTemplateWrite.ts.
 */

const idParams = z.object({ id });

/** The project a template read addresses (projectId, else versionId's project) and the version it shows. */
async function templateScope(db: Db, user: AuthUser, projectId: number | undefined, versionId: number | undefined) {
  return readScope(db, user, projectId, versionId);
}

async function listTemplates(
  db: Db,
  user: AuthUser,
  rawQuery: Record<string, unknown>,
): Promise<{ data: QualityControlTemplate[]; total: number; projectName: string }> {
  const query = parseListQuery(rawQuery, qualityControlTemplateListResource);
  const plain = qualityControlTemplateListScope.safeParse(rawQuery);
  if (!plain.success) throw new AppError("errors.validation");
  const p = eqFilterValue(query, "projectId") ?? plain.data.projectId;
  const v = eqFilterValue(query, "versionId") ?? plain.data.versionId;
  const scope = await templateScope(
    db,
    user,
    typeof p === "number" ? p : undefined,
    typeof v === "number" ? v : undefined,
  );
  const base = qualityControlTemplateSelect(db).where("t.project_id", scope.projectId);
  if (plain.data.type) base.where("t.type", plain.data.type);
  for (const f of query.filters) {
    if (f.field === "macroTaskId") {
      const sub = db("quality_control_template_deliverables as d")
        .join("macro_tasks as m", "m.tracking_id", "d.macro_task_tracking_id")
        .where("m.version_id", scope.versionId)
        .select("d.quality_control_template_id");
      applyFilter(sub, f, "m.id", "number");
      base.whereIn("t.id", sub);
    } else if (f.field === "tagId") {
      const sub = db("quality_control_template_tags as tt")
        .join("tags as tg", "tg.tracking_id", "tt.tag_tracking_id")
        .where("tg.version_id", scope.versionId)
        .select("tt.quality_control_template_id");
      applyFilter(sub, f, "tg.id", "number");
      base.whereIn("t.id", sub);
    }
  }
  const rest = {
    ...query,
    filters: query.filters.filter((f) => !(TEMPLATE_SPECIAL_FIELDS as readonly string[]).includes(f.field)),
  };
  const { rows, total } = await runList<QualityControlTemplateDbRow>(
    db,
    base,
    rest,
    qualityControlTemplateListResource,
    qualityControlTemplateColumns,
    "t.id",
  );
  return { data: rows.map(presentQualityControlTemplate), total, projectName: scope.project.name };
}

const EXPORT_COLUMNS: XlsxColumn<QualityControlTemplate>[] = [
  { header: "Nom", width: 32, value: (r) => r.name },
  { header: "Type", width: 12, value: (r) => QUALITY_CONTROL_TYPE_LABELS[r.type] },
  { header: "Catégorie", width: 20, value: (r) => (r.category ? QUALITY_CONTROL_CATEGORY_LABELS[r.category] : null) },
  { header: "Retard", kind: "number", width: 10, value: (r) => r.delay },
  { header: "Document", width: 24, value: (r) => r.documentName },
  { header: "Livrables", width: 30, value: (r) => r.deliverables.map((d) => d.name).join(", ") || null },
  { header: "Étiquettes", width: 30, value: (r) => r.tags.map((t) => t.name).join(", ") || null },
  { header: "Commentaire", width: 40, value: (r) => r.comment },
];

export function qualityControlTemplateRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /quality-control-template/linked?projectId&type: the templates and macro-tasks that have some. */
  route(router, deps, {
    method: "get",
    path: "/quality-control-template/linked",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.read,
    query: qualityControlTemplateLinkedQuery,
    handler: async ({ db, user, query }): Promise<QualityControlTemplateLinked> => {
      const scope = await templateScope(db, user, query.projectId, query.versionId);
      const deliverables = db("quality_control_template_deliverables as d")
        .join("quality_control_templates as t", "t.id", "d.quality_control_template_id")
        .where("t.project_id", scope.projectId)
        .modify((qb) => {
          if (query.type) qb.where("t.type", query.type);
        });
      const [eventTemplates, sequenceTemplates, macroTasks] = await readAll(db, [
        () =>
          db("event_template_pros")
            .whereIn(
              "id",
              deliverables.clone().select("d.event_template_pro_id").whereNotNull("d.event_template_pro_id"),
            )
            .select("id", "name")
            .orderBy("name"),
        () =>
          db("sequence_template_pros")
            .whereIn(
              "id",
              deliverables.clone().select("d.sequence_template_pro_id").whereNotNull("d.sequence_template_pro_id"),
            )
            .select("id", "name")
            .orderBy("name"),
        () =>
          db("macro_tasks")
            .where("version_id", scope.versionId)
            .whereIn(
              "tracking_id",
              deliverables.clone().select("d.macro_task_tracking_id").whereNotNull("d.macro_task_tracking_id"),
            )
            .select("id", "name")
            .orderBy("name"),
      ]);
      return { eventTemplates, sequenceTemplates, macroTasks } as QualityControlTemplateLinked;
    },
  });

  /** GET /quality-control-template/export: the project's templates (type, name, category filters) as .xlsx. */
  route(router, deps, {
    method: "get",
    path: "/quality-control-template/export",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.read,
    query: qualityControlExportQuery,
    handler: async ({ db, user, query, ctx }) => {
      const scope = await templateScope(db, user, query.projectId, query.versionId);
      const base = qualityControlTemplateSelect(db).where("t.project_id", scope.projectId);
      if (query.type) base.where("t.type", query.type);
      if (query.category) base.where("t.category", query.category);
      if (query.name)
        base.whereRaw("t.name ILIKE ? ESCAPE '\\'", [`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
      if (query.tagIds && query.tagIds.length > 0)
        base.whereIn(
          "t.id",
          db("quality_control_template_tags as tt")
            .join("tags as tg", "tg.tracking_id", "tt.tag_tracking_id")
            .where("tg.version_id", scope.versionId)
            .whereIn("tg.id", query.tagIds)
            .select("tt.quality_control_template_id"),
        );
      const rows = (await base.orderBy("t.name").orderBy("t.id")) as QualityControlTemplateDbRow[];
      const file = await buildXlsx("Modèles de contrôles", EXPORT_COLUMNS, rows.map(presentQualityControlTemplate));
      sendFile(ctx, file, exportFileName("modeles-controles-qualite", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** GET /quality-control-template?projectId|versionId&type (or filter triples): name ASC. */
  route(router, deps, {
    method: "get",
    path: "/quality-control-template",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.read,
    handler: async ({ db, user, ctx }) => {
      const { data, total } = await listTemplates(db, user, ctx.query as Record<string, unknown>);
      return { data, count: data.length, total };
    },
  });

  /** POST /quality-control-template. */
  route(router, deps, {
    method: "post",
    path: "/quality-control-template",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.write,
    body: qualityControlTemplateCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const created = await createQualityControlTemplate(db, user, body, emits);
      const [template] = await qualityControlTemplatesByIds(db, [created]);
      return template;
    },
  });

  /** DELETE /quality-control-template/bulk-delete {ids}. */
  route(router, deps, {
    method: "delete",
    path: "/quality-control-template/bulk-delete",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.write,
    body: qualityControlTemplateBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const deleted = await deleteQualityControlTemplates(db, user, body.ids, emits);
      return { ids: deleted, count: deleted.length };
    },
  });

  /** GET /quality-control-template/{id}. */
  route(router, deps, {
    method: "get",
    path: "/quality-control-template/:id",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.read,
    params: idParams,
    handler: async ({ db, user, params }) => {
      await readableTemplate(db, user, params.id);
      const [template] = await qualityControlTemplatesByIds(db, [params.id]);
      return template;
    },
  });

  /** PATCH /quality-control-template/{id}: changed fields. */
  route(router, deps, {
    method: "patch",
    path: "/quality-control-template/:id",
    roles: QUALITY_CONTROL_TEMPLATE_ROLES.write,
    params: idParams,
    body: qualityControlTemplateUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      await updateQualityControlTemplate(db, user, params.id, body, emits);
      const [template] = await qualityControlTemplatesByIds(db, [params.id]);
      return template;
    },
  });
}
