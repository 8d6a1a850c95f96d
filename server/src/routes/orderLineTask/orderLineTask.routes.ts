import type Router from "@koa/router";
import {
  AppError,
  ORDER_LINE_TYPE_LABELS,
  orderLineTaskAllQuery,
  orderLineTaskBulkDeleteBody,
  orderLineTaskListResource,
  orderLineTaskMultipleBody,
  orderLineTaskTodoQuery,
  REMAINING_STATUS_LABELS,
  type RemainingLine,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import {
  assertTaskReferences,
  deleteOrderLineTasks,
  emitOrderLines,
  insertTasks,
  updateTasks,
} from "../../commands/orderLineWrite.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { listAnswer } from "../../lib/listQuery.js";
import { todayInParis } from "../../planning/progress.js";
import { listInVersion, type ListSource } from "../referenceRoutes.js";
import {
  ORDER_LINE_ROLES,
  orderLineReadScope,
  writableOrderLines,
  writableOrderLineTasks,
} from "../orderLine/orderLine.policy.js";
import type { VersionScope } from "../../commands/referenceScope.js";
import {
  orderLineTaskSelect,
  orderLineTasksByIds,
  presentOrderLineTask,
  type OrderLineTaskDbRow,
} from "./orderLineTask.presenter.js";
import { orderLineTaskColumns } from "./orderLineTask.schema.js";
import { remainingWork } from "./orderLineTask.todo.js";

/**
 * Order-line tasks (spec 001 sections 3, 4 and 7; issue 19): the list, every task of a version (the task
 * modal's tab), the changes and additions of PATCH /order-line-task/multiple, the bulk delete, and the remaining
 * work (GET /order-line-task/todo and its .xlsx export). Writes announce reference:update "order-line" with the
 * lines touched.
 */
const source: ListSource = {
  listResource: orderLineTaskListResource,
  columns: orderLineTaskColumns,
  select: orderLineTaskSelect,
  alias: "olt",
};

const TODO_COLUMNS: XlsxColumn<RemainingLine>[] = [
  { header: "Statut", width: 12, value: (r) => REMAINING_STATUS_LABELS[r.status] },
  { header: "Libellé", width: 36, value: (r) => r.label },
  { header: "Type", width: 14, value: (r) => ORDER_LINE_TYPE_LABELS[r.type] },
  { header: "Unité", width: 8, value: (r) => r.unit },
  { header: "Famille", width: 20, value: (r) => r.family },
  { header: "Macro-tâche", width: 26, value: (r) => r.macroTask },
  { header: "Zone", width: 26, value: (r) => r.zone },
  { header: "Tâche", width: 26, value: (r) => r.eventName },
  { header: "Début", kind: "day", value: (r) => r.startDate },
  { header: "Fin", kind: "day", value: (r) => r.endDate },
  { header: "Avancement (%)", kind: "percent", width: 14, value: (r) => r.progress },
  { header: "Quantité", kind: "number", width: 12, value: (r) => r.quantity },
  { header: "Quantité réalisée", kind: "number", width: 16, value: (r) => r.doneQuantity },
  { header: "Quantité restante", kind: "number", width: 16, value: (r) => r.remainingQuantity },
  { header: "Prix unitaire", kind: "number", width: 14, value: (r) => r.price },
  { header: "Montant", kind: "number", width: 14, value: (r) => r.amount },
  { header: "Montant restant", kind: "number", width: 16, value: (r) => r.remainingAmount },
];

/** The one version of a PATCH /order-line-task/multiple: of the tasks changed and of the lines added to. */
async function multipleScope(
  db: Db,
  user: Parameters<typeof writableOrderLines>[1],
  taskIds: number[],
  lineIds: number[],
): Promise<VersionScope> {
  const scopes: VersionScope[] = [];
  if (taskIds.length > 0) scopes.push(await writableOrderLineTasks(db, user, taskIds));
  if (lineIds.length > 0) scopes.push(await writableOrderLines(db, user, lineIds));
  if (new Set(scopes.map((s) => s.versionId)).size > 1)
    throw new AppError("errors.validation", { message: "Les lignes doivent appartenir à une seule version." });
  return scopes[0];
}

export function orderLineTaskRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /order-line-task: filter triples (projectId, versionId, orderLineId, eventId, zoneId...), paged. */
  route(router, deps, {
    method: "get",
    path: "/order-line-task",
    roles: ORDER_LINE_ROLES.read,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listInVersion<OrderLineTaskDbRow>(db, user, source, ctx.query);
      return listAnswer(rows.map(presentOrderLineTask), total);
    },
  });

  /** GET /order-line-task/all?projectId&versionId&orderLineIds&eventIds&zoneIds&macroTaskIds: no paging. */
  route(router, deps, {
    method: "get",
    path: "/order-line-task/all",
    roles: ORDER_LINE_ROLES.read,
    query: orderLineTaskAllQuery,
    handler: async ({ db, user, query }) => {
      const scope = await orderLineReadScope(db, user, query.projectId, query.versionId);
      const q = orderLineTaskSelect(db).where("olt.version_id", scope.versionId);
      if (query.orderLineIds?.length) q.whereIn("olt.order_line_id", query.orderLineIds);
      if (query.eventIds?.length) q.whereIn("olt.event_id", query.eventIds);
      if (query.zoneIds?.length) q.whereIn("olt.zone_id", query.zoneIds);
      if (query.macroTaskIds?.length) q.whereIn("olt.macro_task_id", query.macroTaskIds);
      const rows = (await q.orderByRaw("olt.label, olt.zone_name nulls first, olt.id")) as OrderLineTaskDbRow[];
      return listAnswer(rows.map(presentOrderLineTask));
    },
  });

  /** PATCH /order-line-task/multiple {data}: items with an id changed, items with an orderLineId added. */
  route(router, deps, {
    method: "patch",
    path: "/order-line-task/multiple",
    roles: ORDER_LINE_ROLES.write,
    body: orderLineTaskMultipleBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const changed = body.data.filter((t) => t.id !== undefined);
      const added = body.data.filter((t) => t.id === undefined) as ((typeof body.data)[number] & {
        orderLineId: number;
      })[];
      const changedIds = changed.map((t) => t.id!);
      if (new Set(changedIds).size !== changedIds.length)
        throw new AppError("errors.validation", { message: "Une tâche de ligne de commande apparaît deux fois." });
      const scope = await multipleScope(
        db,
        user,
        changedIds,
        added.map((t) => t.orderLineId),
      );
      if (body.projectId !== undefined && body.projectId !== scope.projectId)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== scope.versionId)
        throw new AppError("errors.version_not_in_project");
      await assertTaskReferences(db, scope.versionId, body.data);
      await updateTasks(db, changed);
      const newIds = await insertTasks(db, scope, added);
      const ids = [...changedIds, ...newIds];
      const data = await orderLineTasksByIds(db, ids);
      emitOrderLines(
        emits,
        scope,
        user.id,
        data.map((t) => t.orderLineId),
      );
      return { data, count: data.length, total: data.length };
    },
  });

  /** DELETE /order-line-task/bulk-delete {ids}: tasks of one version. */
  route(router, deps, {
    method: "delete",
    path: "/order-line-task/bulk-delete",
    roles: ORDER_LINE_ROLES.write,
    body: orderLineTaskBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableOrderLineTasks(db, user, body.ids);
      if (body.projectId !== undefined && body.projectId !== scope.projectId)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== scope.versionId)
        throw new AppError("errors.version_not_in_project");
      const ids = [...new Set(body.ids)];
      const lineIds = (await db("order_line_tasks").whereIn("id", ids).distinct().pluck("order_line_id")) as number[];
      await deleteOrderLineTasks(db, ids);
      emitOrderLines(emits, scope, user.id, lineIds);
      return { ids, count: ids.length };
    },
  });

  /** GET /order-line-task/todo: the remaining work at a date, in its three groups. */
  route(router, deps, {
    method: "get",
    path: "/order-line-task/todo",
    roles: ORDER_LINE_ROLES.read,
    query: orderLineTaskTodoQuery,
    handler: async ({ db, user, query }) => {
      const scope = await orderLineReadScope(db, user, query.projectId, query.versionId);
      const signedVersionId = scope.project.signed_version_id;
      return remainingWork(db, { ...scope, signedVersionId }, query, query.date ?? todayInParis());
    },
  });

  /** GET /order-line-task/todo/export: the same rows as an .xlsx file (groups in order). */
  route(router, deps, {
    method: "get",
    path: "/order-line-task/todo/export",
    roles: ORDER_LINE_ROLES.read,
    query: orderLineTaskTodoQuery,
    handler: async ({ db, user, query, ctx }) => {
      const scope = await orderLineReadScope(db, user, query.projectId, query.versionId);
      const signedVersionId = scope.project.signed_version_id;
      const todo = await remainingWork(db, { ...scope, signedVersionId }, query, query.date ?? todayInParis());
      const rows = todo.groups.flatMap((g) => g.lines);
      const file = await buildXlsx("Reste à faire", TODO_COLUMNS, rows);
      sendFile(ctx, file, exportFileName("Reste-a-faire", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });
}
