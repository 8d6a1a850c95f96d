import type Router from "@koa/router";
import type { z } from "zod";
import {
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
  type SequenceTemplatePro,
} from "@jalon/shared";
import { writableProject } from "../../access/projects.js";
import type { AppDeps, AuthUser } from "../../context.js";
import { copySequenceTemplates, importEventTemplatesInto } from "../../commands/templateCopy.js";
import {
  announceTemplates,
  assertLibraryRows,
  LIBRARY,
  projectVersion,
  proScope,
} from "../../commands/templateScope.js";
import { deleteSequenceTemplates, writeSequenceTemplate } from "../../commands/templateWrite.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { orderByFrench } from "../../lib/listQuery.js";
import {
  listTemplates,
  presentTemplateIds,
  rowsScopeOf,
  templateRoutes,
  writeRoles,
  type TemplateSide,
} from "../templateRoutes.js";
import { applyTypologyFilter } from "../eventTemplate/eventTemplate.schema.js";
import {
  presentLibrarySequenceTemplates,
  presentProSequenceTemplates,
  type SequenceTemplateDbRow,
} from "./sequenceTemplate.presenter.js";
import { sequenceRollup } from "../sequence/sequence.presenter.js";
import { sequenceTemplateColumns, sequenceTemplateProColumns } from "./sequenceTemplate.schema.js";

/**
 * Sequence templates (spec 001 sections 3, 4, 7, 8): the global library (/sequence-template: managers read,
 * admins write) and the project copies (/sequence-template-pro: the project's managers), declared once over a
 * `Side`. A sequence template's tasks are written by /event-template(-pro) with its id as sequenceTemplateId.
 * POST /sequence-template-pro/{id}/synchronize belongs to the instantiation (routes/sequence).
 */

interface SequenceSide extends TemplateSide<unknown> {
  create: z.ZodType;
  update: z.ZodType;
  importEvents: z.ZodType;
}

const refine: TemplateSide<unknown>["refine"] = (db, base, query) =>
  applyTypologyFilter(db, base, query, "t.typologies");

const LIBRARY_SIDE: SequenceSide = {
  path: "/sequence-template",
  kind: "sequence",
  library: true,
  resource: sequenceTemplateListResource,
  columns: sequenceTemplateColumns,
  present: (db, rows) => presentLibrarySequenceTemplates(db, rows as SequenceTemplateDbRow[]),
  refine,
  create: sequenceTemplateCreateBody,
  update: sequenceTemplateUpdateBody,
  importEvents: sequenceTemplateImportEventsBody,
};

const PRO_SIDE: SequenceSide = {
  path: "/sequence-template-pro",
  kind: "sequence",
  library: false,
  resource: sequenceTemplateProListResource,
  columns: sequenceTemplateProColumns,
  present: (db, rows) => presentProSequenceTemplates(db, rows as SequenceTemplateDbRow[]),
  refine,
  create: sequenceTemplateProCreateBody,
  update: sequenceTemplateProUpdateBody,
  importEvents: sequenceTemplateProImportEventsBody,
};

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

function sideRoutes(router: Router<AppState>, deps: AppDeps, side: SequenceSide): void {
  const { path } = side;

  /** PUT {path}/{id}/duplicate {name?}: a copy with its tasks, links, first and last tasks. */
  route(router, deps, {
    method: "put",
    path: `${path}/:id/duplicate`,
    roles: writeRoles(side),
    params: sequenceTemplateParams,
    body: sequenceTemplateDuplicateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const scope = await rowsScopeOf(db, user, side, [params.id], "write");
      const map = await copySequenceTemplates(db, scope, [params.id], scope, {
        rename: (name) => body.name ?? `${name} (copie)`,
      });
      const id = map.get(params.id)!;
      announceTemplates(emits, scope, "sequence", user.id, [id]);
      return (await presentTemplateIds(db, side, scope, [id]))[0];
    },
  });

  /** POST {path}/{id}/import-event-template: copies of task templates added to this sequence template. */
  route(router, deps, {
    method: "post",
    path: `${path}/:id/import-event-template`,
    roles: writeRoles(side),
    params: sequenceTemplateParams,
    body: side.importEvents,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const b = body as { eventTemplateIds?: number[]; eventTemplateProIds?: number[] };
      const scope = await rowsScopeOf(db, user, side, [params.id], "write");
      if (b.eventTemplateIds?.length) {
        await assertLibraryRows(db, "event_templates", b.eventTemplateIds);
        await importEventTemplatesInto(db, LIBRARY, b.eventTemplateIds, scope, params.id);
      }
      if (b.eventTemplateProIds?.length)
        await importEventTemplatesInto(db, scope, b.eventTemplateProIds, scope, params.id);
      announceTemplates(emits, scope, "sequence", user.id, [params.id]);
      return (await presentTemplateIds(db, side, scope, [params.id]))[0];
    },
  });

  /**
   * GET {path} (name contL, typology...; the project side needs projectId), POST {path}, GET and PATCH
   * {path}/{id} (first and last tasks its own and different), DELETE {path}/bulk-delete (with their tasks;
   * refused when referenced or instantiated).
   */
  templateRoutes(router, deps, side, {
    create: side.create,
    update: side.update,
    bulkDelete: sequenceTemplateBulkDeleteBody,
    write: writeSequenceTemplate,
    remove: deleteSequenceTemplates,
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
      const { project, versionId } = await projectVersion(db, user, query.projectId, query.versionId);
      // The dates as the sequence list shows them (rolled up from the tasks, which moves re-date).
      const q = db
        .from(sequenceRollup(db, versionId).as("s"))
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
      const { rows, scope } = await listTemplates(db, user, PRO_SIDE, ctx.query, 100_000);
      const data = await presentProSequenceTemplates(db, rows as SequenceTemplateDbRow[]);
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
      announceTemplates(emits, scope, "sequence", user.id, ids);
      const data = await presentTemplateIds(db, PRO_SIDE, scope, ids);
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
      announceTemplates(emits, scope, "sequence", user.id, ids);
      const data = await presentTemplateIds(db, PRO_SIDE, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  sideRoutes(router, deps, LIBRARY_SIDE);
  sideRoutes(router, deps, PRO_SIDE);
}
