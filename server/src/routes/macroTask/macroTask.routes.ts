import type Router from "@koa/router";
import { emitReference } from "../../commands/lotWrite.js";
import {
  AppError,
  type Filter,
  type ListQuery,
  macroTaskBulkDeleteBody,
  macroTaskBulkUpdateBody,
  macroTaskCreateBody,
  macroTaskListResource,
  macroTaskManyQuery,
  macroTaskParams,
  macroTaskUpdateBody,
  parseListQuery,
  PERMISSIONS,
  type MacroTask,
  MACRO_TASK_REALTIME,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import {
  createMacroTask,
  deleteMacroTasks,
  macroTaskZoning,
  updateMacroTask,
  type MacroTaskInput,
} from "../../commands/macroTaskWrite.js";
import { listScope, readableRow, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route, type Emits } from "../../http/route.js";
import { applyFilters, frenchKeySql, runList } from "../../lib/listQuery.js";
import { readableProject } from "../../access/projects.js";
import { macroTaskSelect, presentMacroTasks, type MacroTaskDbRow } from "./macroTask.presenter.js";
import { macroTaskColumns } from "./macroTask.schema.js";

/**
 * Macro-tasks (spec 001 sections 2, 3, 5, 7): lists (GET /macro-task/many with plain parameters, GET
 * /macro-task with filter triples and joins), one with its zoning, create, patch, bulk-update (the list's
 * editable tracked unit) and bulk-delete. Reads are open to the project's collaborators, writes to managers.
 */

/** Speciality and tag filters read the join tables (a macro-task has several of each). */
async function one(db: Db, id: number, versionId: number): Promise<MacroTask> {
  const row = (await macroTaskSelect(db, versionId).where("mt.id", id).first()) as MacroTaskDbRow | undefined;
  if (!row) throw new AppError("errors.not_found");
  const [out] = await presentMacroTasks(db, [row], ["zones", "orderLines"]);
  return out;
}

function announce(emits: Emits, scope: { projectId: number; versionId: number }, userId: number, ids: number[]): void {
  emitReference(emits, MACRO_TASK_REALTIME.resource, scope, userId, ids);
}

async function listRows(
  db: Db,
  user: AuthUser,
  raw: unknown,
): Promise<{ query: ListQuery; rows: MacroTaskDbRow[]; total: number }> {
  const query = parseListQuery(raw, macroTaskListResource);
  const scope = await listScope(db, user, query);
  const base = macroTaskSelect(db, scope.versionId);
  const { rows, total } = await runList<MacroTaskDbRow>(
    db,
    base,
    query,
    macroTaskListResource,
    macroTaskColumns,
    "mt.id",
  );
  return { query, rows, total };
}

export function macroTaskRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /macro-task/many: name, participantGroupProIds, specialityIds, tagIds, projectId, versionId; 10,000 by name. */
  route(router, deps, {
    method: "get",
    path: "/macro-task/many",
    roles: PERMISSIONS.external,
    query: macroTaskManyQuery,
    handler: async ({ db, user, query }) => {
      const project = await readableProject(db, user, query.projectId);
      const versionId = query.versionId ?? project.current_version_id;
      if (!versionId) throw new AppError("errors.version_not_found");
      const version = await db("versions").where({ id: versionId }).first("project_id");
      if (!version || version.project_id !== project.id) throw new AppError("errors.version_not_in_project");
      const base = macroTaskSelect(db, versionId);
      if (query.name) base.whereRaw("mt.name ILIKE ?", [`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
      if (query.participantGroupProIds?.length)
        base.whereIn("mt.participant_group_pro_id", query.participantGroupProIds);
      const filters: Filter[] = [];
      if (query.specialityIds?.length) filters.push({ field: "specialityId", op: "in", value: query.specialityIds });
      if (query.tagIds?.length) filters.push({ field: "tagId", op: "in", value: query.tagIds });
      applyFilters(db, base, filters, macroTaskListResource, macroTaskColumns, "mt.id");
      const rows = (await base
        .orderByRaw(frenchKeySql("mt.name"))
        .orderBy("mt.id")
        .limit(query.limit ?? 10_000)) as MacroTaskDbRow[];
      const data = await presentMacroTasks(db, rows);
      return { data, count: data.length, total: data.length };
    },
  });

  /** GET /macro-task: filter triples, joins (zones for the second list), sort, paging. */
  route(router, deps, {
    method: "get",
    path: "/macro-task",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { query, rows, total } = await listRows(db, user, ctx.query);
      const data = await presentMacroTasks(
        db,
        rows,
        query.join.includes("zoning") ? [...query.join, "zones"] : query.join,
      );
      return { data, count: data.length, total };
    },
  });

  route(router, deps, {
    method: "post",
    path: "/macro-task",
    roles: PERMISSIONS.manager,
    body: macroTaskCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const { projectId: _p, versionId: _v, ...input } = body;
      const id = await createMacroTask(db, scope, input);
      announce(emits, scope, user.id, [id]);
      return one(db, id, scope.versionId);
    },
  });

  /** PATCH /macro-task/bulk-update {macroTasks: [{id, ...}]}: one transaction for every row. */
  route(router, deps, {
    method: "patch",
    path: "/macro-task/bulk-update",
    roles: PERMISSIONS.manager,
    body: macroTaskBulkUpdateBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const ids = body.macroTasks.map((m) => m.id);
      if (new Set(ids).size !== ids.length)
        throw new AppError("errors.validation", {
          message: "Une macro-tâche apparaît plusieurs fois.",
          details: { field: "macroTasks" },
        });
      const scope = await writableRows(db, user, "macro_tasks", ids);
      for (const { id, ...input } of body.macroTasks)
        await updateMacroTask(db, { id, version_id: scope.versionId }, input as MacroTaskInput);
      announce(emits, scope, user.id, ids);
      const rows = (await macroTaskSelect(db, scope.versionId)
        .whereIn("mt.id", ids)
        .orderByRaw(frenchKeySql("mt.name"))) as MacroTaskDbRow[];
      const data = await presentMacroTasks(db, rows);
      return { data, count: data.length, total: data.length };
    },
  });

  route(router, deps, {
    method: "delete",
    path: "/macro-task/bulk-delete",
    roles: PERMISSIONS.manager,
    body: macroTaskBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, "macro_tasks", body.ids);
      await deleteMacroTasks(db, body.ids);
      announce(emits, scope, user.id, body.ids);
      return { count: new Set(body.ids).size };
    },
  });

  route(router, deps, {
    method: "get",
    path: "/macro-task/:id/zoning",
    roles: PERMISSIONS.external,
    params: macroTaskParams,
    handler: async ({ db, user, params }) => {
      const row = await readableRow(db, user, "macro_tasks", params.id);
      const m = await one(db, row.id, row.version_id);
      const data = await macroTaskZoning(db, row.id, m.trackedFamilies);
      return { data, count: data.length, total: data.length };
    },
  });

  route(router, deps, {
    method: "get",
    path: "/macro-task/:id",
    roles: PERMISSIONS.external,
    params: macroTaskParams,
    handler: async ({ db, user, params }) => {
      const row = await readableRow(db, user, "macro_tasks", params.id);
      return one(db, row.id, row.version_id);
    },
  });

  route(router, deps, {
    method: "patch",
    path: "/macro-task/:id",
    roles: PERMISSIONS.manager,
    params: macroTaskParams,
    body: macroTaskUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRow(db, user, "macro_tasks", params.id);
      const { projectId: _p, versionId: _v, ...input } = body;
      await updateMacroTask(db, row, input);
      announce(emits, { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return one(db, row.id, row.version_id);
    },
  });
}
