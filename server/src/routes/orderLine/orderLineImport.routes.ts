import type Router from "@koa/router";
import {
  orderLineImportParams,
  orderLineImportScopeQuery,
  orderLineImportTemplateBody,
  type OrderLineImport,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { importFileName, importOrderLines, orderLineTemplate } from "../../commands/orderLineImport.js";
import { emitOrderLines } from "../../commands/orderLineWrite.js";
import type { Db } from "../../db/knex.js";
import { exportFileName, sendFile, XLSX_MIME } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { isoRequired } from "../../lib/dates.js";
import {
  ORDER_LINE_ROLES,
  orderLineReadScope,
  orderLineWriteScope,
  readableImport,
  writableImport,
} from "./orderLine.policy.js";
import { orderLinesByIds } from "./orderLine.presenter.js";
import { orderLineImportBody } from "./orderLine.schema.js";

/**
 * Order-line imports (spec 001 sections 2, 5, 7 and 8; issue 19): the template, the import of a filled one (all
 * or nothing, commands/orderLineImport.ts), the version's import history with each file for download, and the
 * deletion of an import with the lines it created.
 */

/** Import rows of a version (or some ids), newest first, with their lines still there and who imported them. */
async function importRows(db: Db, where: { versionId: number } | { ids: number[] }): Promise<OrderLineImport[]> {
  const q = db("order_line_imports as i")
    .leftJoin("users as u", "u.id", "i.created_by")
    .select(
      "i.id",
      "i.project_id",
      "i.version_id",
      "i.file_name",
      "i.file_size",
      "i.created_at",
      "i.created_by",
      "u.firstname",
      "u.lastname",
      db.raw("(select count(*) from order_lines l where l.import_id = i.id) as lines_count"),
    )
    .orderBy([
      { column: "i.created_at", order: "desc" },
      { column: "i.id", order: "desc" },
    ]);
  if ("ids" in where) q.whereIn("i.id", where.ids);
  else q.where("i.version_id", where.versionId);
  const rows = (await q) as Record<string, unknown>[];
  return rows.map((r) => ({
    id: r.id as number,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    fileName: r.file_name as string,
    fileSize: Number(r.file_size),
    createdAt: isoRequired(r.created_at),
    url: `/order-line/import/${r.id as number}/file`,
    linesCount: Number(r.lines_count),
    createdBy:
      r.created_by === null
        ? null
        : {
            id: r.created_by as number,
            firstName: (r.firstname as string | null) ?? null,
            lastName: (r.lastname as string | null) ?? null,
          },
  }));
}

export function orderLineImportRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** POST /order-line/import/template {projectId, versionId?}: the .xlsx to fill. */
  route(router, deps, {
    method: "post",
    path: "/order-line/import/template",
    roles: ORDER_LINE_ROLES.read,
    body: orderLineImportTemplateBody,
    handler: async ({ db, user, body, ctx }) => {
      const scope = await orderLineReadScope(db, user, body.projectId, body.versionId);
      const file = await orderLineTemplate(db, scope.versionId);
      sendFile(ctx, file, exportFileName("Modele-lignes-de-commande", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** POST /order-line/import/data {projectId, versionId?, file, fileName?}: the lines of a filled template. */
  route(router, deps, {
    method: "post",
    path: "/order-line/import/data",
    roles: ORDER_LINE_ROLES.write,
    body: orderLineImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const fileName = importFileName(body.file, body.fileName);
      const scope = await orderLineWriteScope(db, user, body.projectId, body.versionId);
      const { importId, lineIds } = await importOrderLines(db, scope, user.id, body.file, fileName);
      emitOrderLines(emits, scope, user.id, lineIds);
      const [history] = await importRows(db, { ids: [importId] });
      const data = await orderLinesByIds(db, lineIds);
      return { import: history, data, count: data.length, total: data.length };
    },
  });

  /** GET /order-line/import/list?projectId&versionId: the version's imports, newest first. */
  route(router, deps, {
    method: "get",
    path: "/order-line/import/list",
    roles: ORDER_LINE_ROLES.read,
    query: orderLineImportScopeQuery,
    handler: async ({ db, user, query }) => {
      const scope = await orderLineReadScope(db, user, query.projectId, query.versionId);
      const data = await importRows(db, { versionId: scope.versionId });
      return { data, count: data.length, total: data.length };
    },
  });

  /** GET /order-line/import/{id}/file: the file as it was imported. */
  route(router, deps, {
    method: "get",
    path: "/order-line/import/:id/file",
    roles: ORDER_LINE_ROLES.read,
    params: orderLineImportParams,
    handler: async ({ db, user, params, ctx }) => {
      await readableImport(db, user, params.id);
      const row = (await db("order_line_imports").where({ id: params.id }).first("file_name", "file_data")) as {
        file_name: string;
        file_data: Buffer | Uint8Array;
      };
      sendFile(ctx, Buffer.from(row.file_data), row.file_name, XLSX_MIME);
      return undefined;
    },
  });

  /** DELETE /order-line/import/{id}: the import and the lines it created (with their tasks). */
  route(router, deps, {
    method: "delete",
    path: "/order-line/import/:id",
    roles: ORDER_LINE_ROLES.write,
    params: orderLineImportParams,
    write: true,
    handler: async ({ db, user, params, emits }) => {
      const row = await writableImport(db, user, params.id);
      const lineIds = (await db("order_lines").where({ import_id: row.id }).pluck("id")) as number[];
      // The lines go by the import_id cascade (019), their tasks by the order_line_id one (002).
      await db("order_line_imports").where({ id: row.id }).delete();
      emitOrderLines(emits, { projectId: row.project_id, versionId: row.version_id }, user.id, lineIds);
      return { id: row.id, lineIds, count: lineIds.length };
    },
  });
}
