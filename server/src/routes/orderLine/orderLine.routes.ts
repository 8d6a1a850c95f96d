import type Router from "@koa/router";
import {
  AppError,
  ORDER_LINE_TYPE_LABELS,
  orderLineBulkDeleteBody,
  orderLineCreateBody,
  orderLineListResource,
  orderLineParams,
  orderLineUpdateBody,
  type OrderLine,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { createOrderLines, deleteOrderLines, emitOrderLines, updateOrderLine } from "../../commands/orderLineWrite.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { listExportRoute, listInVersion, type ListSource } from "../referenceRoutes.js";
import {
  ORDER_LINE_ROLES,
  orderLineWriteScope,
  readableOrderLine,
  writableOrderLine,
  writableOrderLines,
} from "./orderLine.policy.js";
import { orderLineSelect, orderLinesByIds, presentOrderLines, type OrderLineDbRow } from "./orderLine.presenter.js";
import { orderLineColumns } from "./orderLine.schema.js";

/**
 * Order lines (spec 001 sections 2, 3 and 7; issue 19): the list (filter triples, join orderLineTasks), one line
 * with its tasks, its create and update (tasks included), the bulk delete and the .xlsx export (the imports:
 * orderLineImport.routes.ts). Writes go through commands/orderLineWrite.ts and announce reference:update
 * "order-line" after commit.
 */
const source: ListSource = {
  listResource: orderLineListResource,
  columns: orderLineColumns,
  select: orderLineSelect,
  alias: "ol",
};

const num = (v: number | null) => v;

const EXPORT_COLUMNS: XlsxColumn<OrderLine>[] = [
  { header: "Libellé", width: 40, value: (l) => l.label },
  { header: "Type", width: 16, value: (l) => ORDER_LINE_TYPE_LABELS[l.type] },
  { header: "Unité", width: 10, value: (l) => l.unit },
  { header: "Famille", width: 24, value: (l) => l.family?.name ?? null },
  { header: "Macro-tâche", width: 30, value: (l) => l.macroTask?.name ?? null },
  { header: "Lot", width: 24, value: (l) => l.participantGroupPro?.name ?? null },
  { header: "Prix unitaire", kind: "number", width: 14, value: (l) => num(l.price) },
  { header: "Quantité", kind: "number", width: 12, value: (l) => num(l.quantity) },
  { header: "Devise", width: 10, value: (l) => l.currency },
  { header: "Montant", kind: "number", width: 14, value: (l) => num(l.amount) },
  { header: "Quantité planifiée", kind: "number", width: 16, value: (l) => l.plannedQuantity },
  { header: "Montant planifié", kind: "number", width: 16, value: (l) => l.plannedAmount },
];

export function orderLineRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /order-line: filter triples (projectId, versionId, type, familyId, macroTaskId...), 10,000 by label. */
  route(router, deps, {
    method: "get",
    path: "/order-line",
    roles: ORDER_LINE_ROLES.read,
    handler: async ({ db, user, ctx }) => {
      const { rows, total, query } = await listInVersion<OrderLineDbRow>(db, user, source, ctx.query);
      const data = await presentOrderLines(db, rows, query.join.includes("orderLineTasks"));
      return { data, count: data.length, total };
    },
  });

  /** GET /order-line/export: the list's filters as an .xlsx file. */
  listExportRoute<OrderLineDbRow, OrderLine>(router, deps, {
    path: "/order-line/export",
    source,
    present: (db, rows) => presentOrderLines(db, rows, false),
    sheet: "Lignes de commande",
    fileStem: "Lignes-de-commande",
    columns: EXPORT_COLUMNS,
    maxLimit: 100_000,
  });

  /** POST /order-line {projectId, versionId?, label, type, unit, ..., orderLineTasks?}. */
  route(router, deps, {
    method: "post",
    path: "/order-line",
    roles: ORDER_LINE_ROLES.write,
    body: orderLineCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await orderLineWriteScope(db, user, body.projectId, body.versionId);
      const { projectId: _p, versionId: _v, ...input } = body;
      const [id] = await createOrderLines(db, scope, [input]);
      emitOrderLines(emits, scope, user.id, [id]);
      return (await orderLinesByIds(db, [id]))[0];
    },
  });

  /** DELETE /order-line/bulk-delete {ids}: lines of one version, with their tasks. */
  route(router, deps, {
    method: "delete",
    path: "/order-line/bulk-delete",
    roles: ORDER_LINE_ROLES.write,
    body: orderLineBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableOrderLines(db, user, body.ids);
      if (body.projectId !== undefined && body.projectId !== scope.projectId)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== scope.versionId)
        throw new AppError("errors.version_not_in_project");
      const ids = [...new Set(body.ids)];
      await deleteOrderLines(db, ids);
      emitOrderLines(emits, scope, user.id, ids);
      return { ids, count: ids.length };
    },
  });

  /** GET /order-line/{id}: one line with its tasks. */
  route(router, deps, {
    method: "get",
    path: "/order-line/:id",
    roles: ORDER_LINE_ROLES.read,
    params: orderLineParams,
    handler: async ({ db, user, params }) => {
      await readableOrderLine(db, user, params.id);
      return (await orderLinesByIds(db, [params.id]))[0];
    },
  });

  /** PATCH /order-line/{id}: changed fields; tasks with an id changed, without one added. */
  route(router, deps, {
    method: "patch",
    path: "/order-line/:id",
    roles: ORDER_LINE_ROLES.write,
    params: orderLineParams,
    body: orderLineUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableOrderLine(db, user, params.id);
      if (body.projectId !== undefined && body.projectId !== row.project_id)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== row.version_id)
        throw new AppError("errors.version_not_in_project");
      const { projectId: _p, versionId: _v, ...changes } = body;
      const scope = { projectId: row.project_id, versionId: row.version_id };
      await updateOrderLine(db, scope, row.id, changes);
      emitOrderLines(emits, scope, user.id, [row.id]);
      return (await orderLinesByIds(db, [row.id]))[0];
    },
  });
}
