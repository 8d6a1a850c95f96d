import type Router from "@koa/router";
import { parseListQuery, PERMISSIONS } from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import { createLot, deleteLots, emitReference, importLibraryLots, updateLot } from "../../commands/lotWrite.js";
import { listScope, readableRow, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { frenchKeySql, runList } from "../../lib/listQuery.js";
import { lotSelect, presentLots, type LotDbRow, type LotOut } from "./participantGroupPro.presenter.js";
import { lotBulkDeleteBody, lotBulkImportBody, lotColumns, lotCreateBody, lotListResource, lotParams, lotUpdateBody } from "./participantGroupPro.schema.js";

/**
 * Project lots (spec 001 section 7 "Participants and lots"). Reads are open to the project's external
 * collaborators (the planning colours bars by lot); writes, histogram, export and library import are manager
 * level. Success texts are the web's ('Lot créé.', 'Lot mis à jour.', 'Lots supprimés.').
 */

async function listRows(db: Db, user: AuthUser, rawQuery: unknown, maxLimit?: number) {
  const resource = maxLimit ? { ...lotListResource, defaultLimit: maxLimit, maxLimit } : lotListResource;
  const query = parseListQuery(rawQuery, resource);
  const scope = await listScope(db, user, query);
  const { rows, total } = await runList<LotDbRow>(db, lotSelect(db).where("l.version_id", scope.versionId), query, resource, lotColumns, "l.id");
  return { rows, total, scope };
}

async function one(db: Db, id: number): Promise<LotOut> {
  const [out] = await presentLots(db, [(await lotSelect(db).where("l.id", id).first()) as LotDbRow]);
  return out;
}

const EXPORT_COLUMNS: XlsxColumn<LotOut>[] = [
  { header: "Nom", width: 36, value: (l) => l.name },
  { header: "Couleur", width: 10, value: (l) => l.color },
  { header: "Spécialités", width: 40, value: (l) => l.specialities.map((s) => s.name).join(", ") || null },
  { header: "Participants", width: 40, value: (l) => l.participants.map((p) => p.name).join(", ") || null },
  { header: "Étiquettes", width: 30, value: (l) => l.tags.map((t) => t.name).join(", ") || null },
  { header: "Nombre de tâches", kind: "number", width: 14, value: (l) => l.total },
];

const tagIdsOf = (b: { tagIds?: number[]; tags?: number[] }) => b.tagIds ?? b.tags;

export function participantGroupProRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /participant-group-pro/export: the list's filter triples as an .xlsx file. */
  route(router, deps, {
    method: "get",
    path: "/participant-group-pro/export",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, scope } = await listRows(db, user, ctx.query, 100_000);
      const file = await buildXlsx("Lots", EXPORT_COLUMNS, await presentLots(db, rows));
      sendFile(ctx, file, exportFileName("Lots", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** GET /participant-group-pro/histogram: tasks and milestones per lot of the version, most used first. */
  route(router, deps, {
    method: "get",
    path: "/participant-group-pro/histogram",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows } = await listRows(db, user, ctx.query, 100_000);
      const data = rows.map((r) => ({ id: r.id, name: r.name, color: r.color, total: Number((r as { total?: unknown }).total ?? 0) }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, "fr"));
      return { data, count: data.length, total: data.length };
    },
  });

  /** GET /participant-group-pro: filters projectId, versionId, name contL, trackingId; join participants; name ASC. */
  route(router, deps, {
    method: "get",
    path: "/participant-group-pro",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listRows(db, user, ctx.query);
      const data = await presentLots(db, rows);
      return { data, count: data.length, total };
    },
  });

  /** POST /participant-group-pro/bulk-import {ids, projectId}: library lots copied into the project's version. */
  route(router, deps, {
    method: "post",
    path: "/participant-group-pro/bulk-import",
    roles: PERMISSIONS.manager,
    body: lotBulkImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const ids = await importLibraryLots(db, scope, body.ids);
      emitReference(emits, "participantGroupPro", scope, user.id, ids);
      const data = ids.length ? await presentLots(db, (await lotSelect(db).whereIn("l.id", ids).orderByRaw(frenchKeySql("l.name"))) as LotDbRow[]) : [];
      return { data, count: data.length, total: data.length };
    },
  });

  /** DELETE /participant-group-pro/bulk-delete {ids}: refused (400 ImplementationError) for lots in use. */
  route(router, deps, {
    method: "delete",
    path: "/participant-group-pro/bulk-delete",
    roles: PERMISSIONS.manager,
    body: lotBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, "participant_group_pros", body.ids);
      await deleteLots(db, body.ids);
      emitReference(emits, "participantGroupPro", scope, user.id, body.ids);
      return { ids: body.ids };
    },
  });

  /** POST /participant-group-pro {projectId, versionId?, name, color?, tagIds?, specialities?, participantIds?}. */
  route(router, deps, {
    method: "post",
    path: "/participant-group-pro",
    roles: PERMISSIONS.manager,
    body: lotCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const id = await createLot(db, scope, { ...body, tagIds: tagIdsOf(body) });
      emitReference(emits, "participantGroupPro", scope, user.id, [id]);
      return one(db, id);
    },
  });

  /** GET /participant-group-pro/{id}. */
  route(router, deps, {
    method: "get",
    path: "/participant-group-pro/:id",
    roles: PERMISSIONS.external,
    params: lotParams,
    handler: async ({ db, user, params }) => {
      await readableRow(db, user, "participant_group_pros", params.id);
      return one(db, params.id);
    },
  });

  /** PATCH /participant-group-pro/{id}: changed fields only. */
  route(router, deps, {
    method: "patch",
    path: "/participant-group-pro/:id",
    roles: PERMISSIONS.manager,
    params: lotParams,
    body: lotUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRow(db, user, "participant_group_pros", params.id);
      await updateLot(db, row, { ...body, tagIds: tagIdsOf(body) });
      emitReference(emits, "participantGroupPro", { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return one(db, row.id);
    },
  });
}
