import type Router from "@koa/router";
import type { z } from "zod";
import {
  AppError,
  parseListQuery,
  PERMISSIONS,
  sequenceTemplateBulkDeleteBody,
  sequenceTemplateCreateBody,
  sequenceTemplateDuplicateBody,
  sequenceTemplateImportBody,
  sequenceTemplateImportEventsBody,
  sequenceTemplateImportParams,
  sequenceTemplateInstantiatedQuery,
  sequenceTemplateListResource,
  sequenceTemplateParams,
  sequenceTemplateProCreateBody,
  sequenceTemplateProImportBody,
  sequenceTemplateProImportEventsBody,
  sequenceTemplateProListResource,
  sequenceTemplateProUpdateBody,
  sequenceTemplateUpdateBody,
  type ListResource,
  type PermissionSet,
  type SequenceTemplatePro,
} from "@jalon/shared";
import { readableProject, readableVersion, writableProject } from "../../access/projects.js";
import type { AppDeps, AuthUser } from "../../context.js";
import { copySequenceTemplates, importEventTemplatesInto } from "../../commands/templateCopy.js";
import {
  announceTemplates,
  assertLibraryRows,
  LIBRARY,
  projectOfRows,
  proListProject,
  proScope,
  scoped,
  type TemplateScope,
} from "../../commands/templateScope.js";
import {
  deleteSequenceTemplates,
  writeSequenceTemplate,
  type SequenceTemplateInput,
} from "../../commands/templateWrite.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { orderByFrench, runList } from "../../lib/listQuery.js";
import { applyTypologyFilter } from "../eventTemplate/eventTemplate.schema.js";
import {
  presentLibrarySequenceTemplates,
  presentProSequenceTemplates,
  type SequenceTemplateDbRow,
} from "./sequenceTemplate.presenter.js";
import { sequenceTemplateColumns, sequenceTemplateProColumns } from "./sequenceTemplate.schema.js";

/**
 * Sequence templates (spec 001 sections 3, 4, 7, 8): the global library (/sequence-template: managers read,
 * admins write) and the project copies (/sequence-template-pro: the project's managers), declared once over a
 * `Side`. A sequence template's tasks are written by /event-template(-pro) with its id as sequenceTemplateId.
 * POST /sequence-template-pro/{id}/synchronize belongs to the instantiation (routes/sequence).
 */

interface Side {
  path: "/sequence-template" | "/sequence-template-pro";
  resource: ListResource;
  columns: Record<string, string>;
  writeRoles: PermissionSet;
  create: z.ZodType;
  update: z.ZodType;
  importEvents: z.ZodType;
  present: (db: Db, rows: SequenceTemplateDbRow[]) => Promise<unknown[]>;
  listScope: (db: Db, user: AuthUser, query: ReturnType<typeof parseListQuery>) => Promise<TemplateScope>;
  writeScope: (db: Db, user: AuthUser, projectId: number | undefined) => Promise<TemplateScope>;
  rowsScope: (
    db: Db,
    user: AuthUser,
    ids: number[],
    mode: "read" | "write",
    projectId?: number,
  ) => Promise<TemplateScope>;
}

const LIBRARY_SIDE: Side = {
  path: "/sequence-template",
  resource: sequenceTemplateListResource,
  columns: sequenceTemplateColumns,
  writeRoles: PERMISSIONS.admin,
  create: sequenceTemplateCreateBody,
  update: sequenceTemplateUpdateBody,
  importEvents: sequenceTemplateImportEventsBody,
  present: presentLibrarySequenceTemplates,
  listScope: async () => LIBRARY,
  writeScope: async () => LIBRARY,
  rowsScope: async (db, _user, ids) => {
    await assertLibraryRows(db, "sequence_templates", ids);
    return LIBRARY;
  },
};

const PRO_SIDE: Side = {
  path: "/sequence-template-pro",
  resource: sequenceTemplateProListResource,
  columns: sequenceTemplateProColumns,
  writeRoles: PERMISSIONS.manager,
  create: sequenceTemplateProCreateBody,
  update: sequenceTemplateProUpdateBody,
  importEvents: sequenceTemplateProImportEventsBody,
  present: presentProSequenceTemplates,
  listScope: async (db, user, query) => proScope((await proListProject(db, user, query)).id),
  writeScope: async (db, user, projectId) => {
    if (projectId === undefined) throw new AppError("errors.no_project");
    return proScope((await writableProject(db, user, projectId)).id);
  },
  rowsScope: async (db, user, ids, mode, projectId) =>
    proScope((await projectOfRows(db, user, "sequence_template_pros", ids, mode, projectId)).id),
};

const ANNOUNCED = "sequenceTemplatePro" as const;

async function presentIds(db: Db, side: Side, scope: TemplateScope, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = (await scoped(db, scope.t.sequences, scope, "st")
    .whereIn("st.id", ids)
    .select("st.*")) as SequenceTemplateDbRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return side.present(
    db,
    ids.map((i) => byId.get(i)!),
  );
}

async function listRows(db: Db, user: AuthUser, side: Side, rawQuery: unknown, maxLimit?: number) {
  const resource = maxLimit ? { ...side.resource, defaultLimit: maxLimit, maxLimit } : side.resource;
  const query = parseListQuery(rawQuery, resource);
  const scope = await side.listScope(db, user, query);
  const base = scoped(db, scope.t.sequences, scope, "st").select("st.*");
  applyTypologyFilter(db, base, query, "st.typologies");
  const { rows, total } = await runList<SequenceTemplateDbRow>(db, base, query, resource, side.columns, "st.id");
  return { rows, total, scope };
}

/** Copies of library sequence templates in a project (POST /sequence-template/import/{projectId} and -pro/import). */
async function importIntoProject(db: Db, user: AuthUser, projectId: number, sequenceTemplateIds: number[]) {
  const project = await writableProject(db, user, projectId);
  await assertLibraryRows(db, "sequence_templates", sequenceTemplateIds);
  const scope = proScope(project.id);
  const map = await copySequenceTemplates(db, LIBRARY, sequenceTemplateIds, scope);
  return { scope, ids: [...new Set(sequenceTemplateIds)].map((i) => map.get(i)!) };
}

const SEQUENCE_EXPORT: XlsxColumn<SequenceTemplatePro>[] = [
  { header: "Nom", width: 30, value: (s) => s.name },
  { header: "Catégorie", width: 20, value: (s) => s.category },
  { header: "Couleur", width: 10, value: (s) => s.color },
  { header: "Typologies", width: 24, value: (s) => s.typology.join("; ") || null },
  { header: "Durée (jours ouvrés)", kind: "number", width: 14, value: (s) => s.duration },
  { header: "Somme des durées (jours)", kind: "number", width: 14, value: (s) => s.numberOfDays },
  { header: "Nombre de tâches", kind: "number", width: 12, value: (s) => s.eventsTemplates.length },
  { header: "Tâches", width: 60, value: (s) => s.eventsTemplates.map((e) => e.name).join(" ; ") || null },
  { header: "Première tâche", width: 24, value: (s) => s.firstEventTemplate?.name ?? null },
  { header: "Dernière tâche", width: 24, value: (s) => s.lastEventTemplate?.name ?? null },
  { header: "Importé de la bibliothèque", kind: "boolean", width: 12, value: (s) => s.isImported },
  { header: "Instanciations", kind: "number", width: 12, value: (s) => s.instantiated },
  { header: "Synchronisation", width: 14, value: (s) => (s.synchronizableStatus === "ok" ? "À jour" : "Partielle") },
];

interface InstanceRow {
  template: string;
  sequence: string;
  zone: string | null;
  start_date: string | null;
  end_date: string | null;
  tasks: number;
}

const INSTANCES_EXPORT: XlsxColumn<InstanceRow>[] = [
  { header: "Modèle de séquence", width: 30, value: (r) => r.template },
  { header: "Séquence", width: 30, value: (r) => r.sequence },
  { header: "Zone", width: 36, value: (r) => r.zone },
  { header: "Début", kind: "day", value: (r) => r.start_date },
  { header: "Fin", kind: "day", value: (r) => r.end_date },
  { header: "Nombre de tâches", kind: "number", width: 12, value: (r) => Number(r.tasks) },
];

function sideRoutes(router: Router<AppState>, deps: AppDeps, side: Side): void {
  const { path } = side;

  /** DELETE {path}/bulk-delete {ids}: with their tasks; refused when referenced or instantiated. */
  route(router, deps, {
    method: "delete",
    path: `${path}/bulk-delete`,
    roles: side.writeRoles,
    body: sequenceTemplateBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await side.rowsScope(db, user, body.ids, "write", body.projectId);
      const ids = await deleteSequenceTemplates(db, scope, body.ids);
      announceTemplates(emits, scope, ANNOUNCED, user.id, ids);
      return { ids };
    },
  });

  /** GET {path}: filter triples (name contL, typology...; the project side needs projectId), 10 per page. */
  route(router, deps, {
    method: "get",
    path,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listRows(db, user, side, ctx.query);
      const data = await side.present(db, rows);
      return { data, count: data.length, total };
    },
  });

  /** POST {path} {name, category?, color?, isGeneric?, typology?}. */
  route(router, deps, {
    method: "post",
    path,
    roles: side.writeRoles,
    body: side.create,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const b = body as SequenceTemplateInput & { projectId?: number };
      const scope = await side.writeScope(db, user, b.projectId);
      const id = await writeSequenceTemplate(db, scope, null, b);
      announceTemplates(emits, scope, ANNOUNCED, user.id, [id]);
      return (await presentIds(db, side, scope, [id]))[0];
    },
  });

  /** PUT {path}/{id}/duplicate {name?}: a copy with its tasks, links, first and last tasks. */
  route(router, deps, {
    method: "put",
    path: `${path}/:id/duplicate`,
    roles: side.writeRoles,
    params: sequenceTemplateParams,
    body: sequenceTemplateDuplicateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const scope = await side.rowsScope(db, user, [params.id], "write");
      const map = await copySequenceTemplates(db, scope, [params.id], scope, {
        rename: (name) => body.name ?? `${name} (copie)`,
      });
      const id = map.get(params.id)!;
      announceTemplates(emits, scope, ANNOUNCED, user.id, [id]);
      return (await presentIds(db, side, scope, [id]))[0];
    },
  });

  /** POST {path}/{id}/import-event-template: copies of task templates added to this sequence template. */
  route(router, deps, {
    method: "post",
    path: `${path}/:id/import-event-template`,
    roles: side.writeRoles,
    params: sequenceTemplateParams,
    body: side.importEvents,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const b = body as { eventTemplateIds?: number[]; eventTemplateProIds?: number[] };
      const scope = await side.rowsScope(db, user, [params.id], "write");
      if (b.eventTemplateIds?.length) {
        await assertLibraryRows(db, "event_templates", b.eventTemplateIds);
        await importEventTemplatesInto(db, LIBRARY, b.eventTemplateIds, scope, params.id);
      }
      if (b.eventTemplateProIds?.length)
        await importEventTemplatesInto(db, scope, b.eventTemplateProIds, scope, params.id);
      announceTemplates(emits, scope, ANNOUNCED, user.id, [params.id]);
      return (await presentIds(db, side, scope, [params.id]))[0];
    },
  });

  /** GET {path}/{id}. */
  route(router, deps, {
    method: "get",
    path: `${path}/:id`,
    roles: PERMISSIONS.manager,
    params: sequenceTemplateParams,
    handler: async ({ db, user, params }) => {
      const scope = await side.rowsScope(db, user, [params.id], "read");
      return (await presentIds(db, side, scope, [params.id]))[0];
    },
  });

  /** PATCH {path}/{id}: changed fields; first and last tasks are its own and different. */
  route(router, deps, {
    method: "patch",
    path: `${path}/:id`,
    roles: side.writeRoles,
    params: sequenceTemplateParams,
    body: side.update,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const b = body as SequenceTemplateInput & { projectId?: number };
      const scope = await side.rowsScope(db, user, [params.id], "write", b.projectId);
      await writeSequenceTemplate(db, scope, params.id, b);
      announceTemplates(emits, scope, ANNOUNCED, user.id, [params.id]);
      return (await presentIds(db, side, scope, [params.id]))[0];
    },
  });
}

export function sequenceTemplateRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /sequence-template-pro/instantiated/export?projectId=&versionId=: the version's sequences per template. */
  route(router, deps, {
    method: "get",
    path: "/sequence-template-pro/instantiated/export",
    roles: PERMISSIONS.manager,
    query: sequenceTemplateInstantiatedQuery,
    handler: async ({ db, user, query, ctx }) => {
      const project = await readableProject(db, user, query.projectId);
      let versionId = project.current_version_id;
      if (query.versionId !== undefined) {
        const { version } = await readableVersion(db, user, query.versionId);
        if (version.project_id !== project.id) throw new AppError("errors.version_not_in_project");
        versionId = version.id;
      }
      if (!versionId) throw new AppError("errors.version_not_found");
      const q = db("sequences as s")
        .join("sequence_template_pros as st", "st.id", "s.sequence_template_pro_id")
        .leftJoin("zones as z", "z.id", "s.zone_id")
        .where("s.version_id", versionId)
        .where("st.project_id", project.id)
        .select(
          "st.name as template",
          "s.name as sequence",
          db.raw("coalesce(z.full_name, z.name) as zone"),
          "s.start_date",
          "s.end_date",
          db("events as e").whereRaw("e.sequence_id = s.id").count("*").as("tasks"),
        );
      orderByFrench(q, "st.name");
      const rows = (await q.orderBy("s.start_date").orderBy("s.id")) as InstanceRow[];
      const file = await buildXlsx("Séquences instanciées", INSTANCES_EXPORT, rows);
      sendFile(ctx, file, exportFileName("Sequences_instanciees", project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** GET /sequence-template-pro/export: the list's filter triples (projectId) as an .xlsx file. */
  route(router, deps, {
    method: "get",
    path: "/sequence-template-pro/export",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, scope } = await listRows(db, user, PRO_SIDE, ctx.query, 100_000);
      const data = await presentProSequenceTemplates(db, rows);
      const project = (await db("projects").where({ id: scope.projectId }).first("name")) as { name: string };
      const file = await buildXlsx("Modèles de séquences", SEQUENCE_EXPORT, data);
      sendFile(ctx, file, exportFileName("Modeles_sequences", project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** POST /sequence-template/import/{projectId} {sequenceTemplateIds}: library templates copied into the project. */
  route(router, deps, {
    method: "post",
    path: "/sequence-template/import/:projectId",
    roles: PERMISSIONS.manager,
    params: sequenceTemplateImportParams,
    body: sequenceTemplateImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const { scope, ids } = await importIntoProject(db, user, params.projectId, body.sequenceTemplateIds);
      announceTemplates(emits, scope, ANNOUNCED, user.id, ids);
      const data = await presentIds(db, PRO_SIDE, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  /** POST /sequence-template-pro/import {projectId, sequenceTemplateIds}: the same, the project in the body. */
  route(router, deps, {
    method: "post",
    path: "/sequence-template-pro/import",
    roles: PERMISSIONS.manager,
    body: sequenceTemplateProImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const { scope, ids } = await importIntoProject(db, user, body.projectId, body.sequenceTemplateIds);
      announceTemplates(emits, scope, ANNOUNCED, user.id, ids);
      const data = await presentIds(db, PRO_SIDE, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  sideRoutes(router, deps, LIBRARY_SIDE);
  sideRoutes(router, deps, PRO_SIDE);
}
