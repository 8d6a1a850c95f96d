import type Router from "@koa/router";
import { z } from "zod";
import {
  EVENT_TEMPLATE_XLSX_HEADERS,
  eventTemplateBulkDeleteBody,
  eventTemplateBulkUpdateBody,
  eventTemplateCreateBody,
  eventTemplateImportBody,
  eventTemplateImportManyBody,
  eventTemplateImportParams,
  eventTemplateImportXlsxBody,
  eventTemplateInstantiatedQuery,
  eventTemplateListResource,
  eventTemplateProBulkUpdateBody,
  eventTemplateProCreateBody,
  eventTemplateProImportManyBody,
  eventTemplateProImportXlsxBody,
  eventTemplateProListResource,
  eventTemplateProUpdateBody,
  eventTemplateUpdateBody,
  PERMISSIONS,
  type EventTemplateCommon,
  type EventTemplateInstance,
  type InstantiatedEventTemplate,
} from "@jalon/shared";
import { writableProject } from "../../access/projects.js";
import type { AppDeps } from "../../context.js";
import { copyEventTemplates } from "../../commands/templateCopy.js";
import { formatParent, importEventTemplatesXlsx } from "../../commands/templateImport.js";
import {
  announceTemplates,
  assertLibraryRows,
  LIBRARY,
  projectVersion,
  proScope,
} from "../../commands/templateScope.js";
import { deleteEventTemplates, writeEventTemplate, type EventTemplateInput } from "../../commands/templateWrite.js";
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
  writeScopeOf,
  type TemplateSide,
} from "../templateRoutes.js";
import {
  presentLibraryEventTemplates,
  presentProEventTemplates,
  type EventTemplateDbRow,
} from "./eventTemplate.presenter.js";
import {
  applyProReferenceFilters,
  applyTypologyFilter,
  eventTemplateColumns,
  eventTemplateProColumns,
} from "./eventTemplate.schema.js";

/**
 * Task templates (spec 001 sections 3, 5, 7, 8): the global library (/event-template: managers read, admins
 * write) and the project copies (/event-template-pro: the project's managers). Both sides have the same calls,
 * declared once over a `Side`; the project side adds the instances (GET /event-template-pro/instantiated) and
 * the library side the import into a project (POST /event-template/import/{projectId}).
 */

type LibraryRow = Awaited<ReturnType<typeof presentLibraryEventTemplates>>[number];
type ProRow = Awaited<ReturnType<typeof presentProEventTemplates>>[number];

interface EventSide extends TemplateSide<EventTemplateCommon> {
  bodies: { create: z.ZodType; update: z.ZodType; bulkUpdate: z.ZodType; importMany: z.ZodType; importXlsx: z.ZodType };
}

const LIBRARY_SIDE: EventSide = {
  path: "/event-template",
  kind: "event",
  library: true,
  resource: eventTemplateListResource,
  columns: eventTemplateColumns,
  present: (db, rows) => presentLibraryEventTemplates(db, rows as EventTemplateDbRow[]),
  refine: (db, base, query) => applyTypologyFilter(db, base, query, "t.typology"),
  bodies: {
    create: eventTemplateCreateBody,
    update: eventTemplateUpdateBody,
    bulkUpdate: eventTemplateBulkUpdateBody,
    importMany: eventTemplateImportManyBody,
    importXlsx: eventTemplateImportXlsxBody,
  },
};

const PRO_SIDE: EventSide = {
  path: "/event-template-pro",
  kind: "event",
  library: false,
  resource: eventTemplateProListResource,
  columns: eventTemplateProColumns,
  present: (db, rows) => presentProEventTemplates(db, rows as EventTemplateDbRow[]),
  refine: (db, base, query) => {
    applyTypologyFilter(db, base, query, "t.typology");
    applyProReferenceFilters(db, base, query);
  },
  bodies: {
    create: eventTemplateProCreateBody,
    update: eventTemplateProUpdateBody,
    bulkUpdate: eventTemplateProBulkUpdateBody,
    importMany: eventTemplateProImportManyBody,
    importXlsx: eventTemplateProImportXlsxBody,
  },
};

/** The .xlsx columns (EVENT_TEMPLATE_XLSX_HEADERS), read back by importManyXLSX. */
function exportColumns(): XlsxColumn<EventTemplateCommon & { lot: string | null }>[] {
  const h = EVENT_TEMPLATE_XLSX_HEADERS;
  return [
    { header: h[0], width: 30, value: (e) => e.name },
    { header: h[1], width: 10, value: (e) => e.trigram },
    { header: h[2], width: 30, value: (e) => e.parentSequenceTemplate?.name ?? null },
    { header: h[3], width: 24, value: (e) => e.lot },
    { header: h[4], kind: "number", width: 12, value: (e) => e.numberOfDays },
    { header: h[5], kind: "number", width: 12, value: (e) => e.numberOfPeople },
    { header: h[6], kind: "number", width: 10, value: (e) => e.rate },
    { header: h[7], width: 24, value: (e) => e.typology.join("; ") || null },
    { header: h[8], width: 40, value: (e) => e.parentsET.map(formatParent).join("; ") || null },
    { header: h[9], width: 40, value: (e) => e.comments },
    { header: h[10], kind: "number", width: 12, value: (e) => e.prerequisitesDelay },
    { header: h[11], kind: "number", width: 12, value: (e) => e.finishesDelay },
    { header: h[12], width: 24, value: (e) => e.prerequisitesDocumentName },
    { header: h[13], width: 24, value: (e) => e.finishesDocumentName },
  ];
}

const lotName = (e: EventTemplateCommon): string | null =>
  "participantGroupPro" in e
    ? ((e as ProRow).participantGroupPro?.name ?? null)
    : ((e as LibraryRow).participantGroup?.name ?? null);

function sideRoutes(router: Router<AppState>, deps: AppDeps, side: EventSide): void {
  const { path } = side;

  /** GET {path}/export: the list's filter triples as an .xlsx file (the import's columns). */
  route(router, deps, {
    method: "get",
    path: `${path}/export`,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, scope } = await listTemplates(db, user, side, ctx.query, 100_000);
      const data = (await side.present(db, rows)).map((e) => ({ ...e, lot: lotName(e) }));
      const file = await buildXlsx("Modèles de tâches", exportColumns(), data);
      const projectName =
        scope.projectId === null
          ? "Bibliotheque"
          : ((await db("projects").where({ id: scope.projectId }).first("name")) as { name: string }).name;
      sendFile(ctx, file, exportFileName("Modeles_taches", projectName, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** PATCH {path}/bulk-update {events: [{id, ...changed fields}]}: one transaction. */
  route(router, deps, {
    method: "patch",
    path: `${path}/bulk-update`,
    roles: writeRoles(side),
    body: side.bodies.bulkUpdate,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const b = body as { projectId?: number; events: (EventTemplateInput & { id: number })[] };
      const ids = b.events.map((e) => e.id);
      const scope = await rowsScopeOf(db, user, side, ids, "write", b.projectId);
      for (const { id, ...fields } of b.events) await writeEventTemplate(db, scope, id, fields);
      announceTemplates(emits, scope, "event", user.id, ids);
      const data = await presentTemplateIds(db, side, scope, [...new Set(ids)]);
      return { data, count: data.length, total: data.length };
    },
  });

  /** POST {path}/importMany {model?, objectsList}: every object or none, in order (parents by existing id). */
  route(router, deps, {
    method: "post",
    path: `${path}/importMany`,
    roles: writeRoles(side),
    body: side.bodies.importMany,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const b = body as { projectId?: number; objectsList: EventTemplateInput[] };
      const scope = await writeScopeOf(db, user, side, b.projectId);
      const ids: number[] = [];
      for (const o of b.objectsList) ids.push(await writeEventTemplate(db, scope, null, o));
      announceTemplates(emits, scope, "event", user.id, ids);
      const data = await presentTemplateIds(db, side, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  /** POST {path}/importManyXLSX {data}: the export's columns back (commands/templateImport.ts). */
  route(router, deps, {
    method: "post",
    path: `${path}/importManyXLSX`,
    roles: writeRoles(side),
    body: side.bodies.importXlsx,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const b = body as { projectId?: number; data: string };
      const scope = await writeScopeOf(db, user, side, b.projectId);
      const ids = await importEventTemplatesXlsx(db, scope, b.data);
      announceTemplates(emits, scope, "event", user.id, ids);
      const data = await presentTemplateIds(db, side, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  /**
   * GET {path}, POST {path} (parentsET: tasks of its sequence template, else errors.parent_task_assignation),
   * GET and PATCH {path}/{id}, DELETE {path}/bulk-delete (refused for a first or last task, or one with instances).
   */
  templateRoutes(router, deps, side, {
    create: side.bodies.create,
    update: side.bodies.update,
    bulkDelete: eventTemplateBulkDeleteBody,
    write: writeEventTemplate,
    remove: deleteEventTemplates,
  });
}

export function eventTemplateRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * POST /event-template/import/{projectId} {eventTemplateIds}: copies of library task templates in the project,
   * outside any sequence template (a sequence template is imported whole by /sequence-template/import).
   */
  route(router, deps, {
    method: "post",
    path: "/event-template/import/:projectId",
    roles: PERMISSIONS.manager,
    params: eventTemplateImportParams,
    body: eventTemplateImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, params, body, emits }) => {
      const project = await writableProject(db, user, params.projectId);
      await assertLibraryRows(db, "event_templates", body.eventTemplateIds);
      const sources = (await db("event_templates")
        .whereIn("id", [...new Set(body.eventTemplateIds)])
        .orderBy("id")) as EventTemplateDbRow[];
      const scope = proScope(project.id);
      const copied = await copyEventTemplates(db, LIBRARY, sources, { scope, sequenceOf: () => null });
      const ids = [...copied.values()];
      // Task templates imported alone stand outside any sequence template: they keep no links.
      await db(scope.t.links).whereIn("child_id", ids).delete();
      announceTemplates(emits, scope, "event", user.id, ids);
      const data = await presentTemplateIds(db, PRO_SIDE, scope, ids);
      return { data, count: data.length, total: data.length };
    },
  });

  /**
   * GET /event-template-pro/instantiated?projectId=&versionId=: the project's task templates that events of the
   * version (its current one by default) were instantiated from, each with those events.
   */
  route(router, deps, {
    method: "get",
    path: "/event-template-pro/instantiated",
    roles: PERMISSIONS.manager,
    query: eventTemplateInstantiatedQuery,
    handler: async ({ db, user, query }) => {
      const { project, versionId } = await projectVersion(db, user, query.projectId, query.versionId);
      const instances = (await orderByFrench(
        db("events as e")
          .join("event_template_pros as et", "et.id", "e.event_template_pro_id")
          .leftJoin("zones as z", "z.id", "e.zone_id")
          .where("e.version_id", versionId)
          .where("et.project_id", project.id)
          .select(
            "e.id",
            "e.name",
            "e.version_id",
            "e.zone_id",
            "z.name as zone_name",
            "e.sequence_id",
            "e.start_date",
            "e.end_date",
            "e.event_template_pro_id",
          ),
        "z.name",
      )
        .orderBy("e.start_date")
        .orderBy("e.id")) as Record<string, unknown>[];
      const byTemplate = new Map<number, EventTemplateInstance[]>();
      for (const e of instances) {
        const list = byTemplate.get(e.event_template_pro_id as number) ?? [];
        list.push({
          id: e.id as number,
          name: e.name as string,
          versionId: e.version_id as number,
          zoneId: (e.zone_id as number | null) ?? null,
          zone: e.zone_id ? { id: e.zone_id as number, name: e.zone_name as string } : null,
          sequenceId: (e.sequence_id as number | null) ?? null,
          startDate: (e.start_date as string | null) ?? null,
          endDate: (e.end_date as string | null) ?? null,
        });
        byTemplate.set(e.event_template_pro_id as number, list);
      }
      const rows = (await orderByFrench(
        db("event_template_pros as et")
          .whereIn("et.id", [...byTemplate.keys()])
          .select("et.*"),
        "et.name",
      )) as EventTemplateDbRow[];
      const data: InstantiatedEventTemplate[] = (await presentProEventTemplates(db, rows)).map((t) => ({
        ...t,
        instancesList: byTemplate.get(t.id) ?? [],
      }));
      return { data, count: data.length, total: data.length };
    },
  });

  sideRoutes(router, deps, LIBRARY_SIDE);
  sideRoutes(router, deps, PRO_SIDE);
}
