import type Router from "@koa/router";
import type { Knex } from "knex";
import {
  AppError,
  eventTemplateParams,
  parseListQuery,
  PERMISSIONS,
  type ListQuery,
  type ListResource,
  text,
  type PermissionSet,
} from "@jalon/shared";
import { z } from "zod";
import { writableProject } from "../access/projects.js";
import type { AppDeps, AuthUser } from "../context.js";
import {
  announceTemplates,
  assertLibraryRows,
  LIBRARY,
  projectOfRows,
  proListProject,
  proScope,
  scoped,
  type TemplateScope,
} from "../commands/templateScope.js";
import type { Db } from "../db/knex.js";
import type { AppState } from "../http/auth.js";
import { route } from "../http/route.js";
import { runList } from "../lib/listQuery.js";

/**
 * The calls task and sequence templates share, for the library and the project copies alike (spec 001 section
 * 7): the list with its filter triples and 10-row pages, one row, its create, its PATCH and the bulk delete. A
 * `TemplateSide` says where the rows are (library or project), who writes them, how they are presented and which
 * command writes them; the scope checks and the answers' shapes are the same for all four resources.
 */
export interface TemplateSide<Out> {
  path: string;
  /** "event" rows (task templates) or "sequence" rows (sequence templates). */
  kind: "event" | "sequence";
  library: boolean;
  resource: ListResource;
  columns: Record<string, string>;
  present: (db: Db, rows: Record<string, unknown>[]) => Promise<Out[]>;
  /** Filters the plain columns cannot apply (typology lists, references by tracking id). */
  refine: (db: Db, base: Knex.QueryBuilder, query: ListQuery) => void;
}

const ALIAS = "t";

const tableOf = (side: TemplateSide<unknown>, scope: TemplateScope) =>
  side.kind === "event" ? scope.t.events : scope.t.sequences;

/** The writes of a side are admin-only in the library, manager-level (and project-checked) in a project. */
export const writeRoles = (side: TemplateSide<unknown>): PermissionSet =>
  side.library ? PERMISSIONS.admin : PERMISSIONS.manager;

/** The templates a create or import writes: the library, or the project of `projectId` (a manager's). */
export async function writeScopeOf(
  db: Db,
  user: AuthUser,
  side: TemplateSide<unknown>,
  projectId: number | undefined,
): Promise<TemplateScope> {
  if (side.library) return LIBRARY;
  if (projectId === undefined) throw new AppError("errors.no_project");
  return proScope((await writableProject(db, user, projectId)).id);
}

/** The templates rows addressed by id belong to; every id must exist there (and in `projectId` if given). */
export async function rowsScopeOf(
  db: Db,
  user: AuthUser,
  side: TemplateSide<unknown>,
  ids: number[],
  mode: "read" | "write",
  projectId?: number,
): Promise<TemplateScope> {
  const table = side.kind === "event" ? "event_template" : "sequence_template";
  if (side.library) {
    await assertLibraryRows(db, `${table}s`, ids);
    return LIBRARY;
  }
  return proScope((await projectOfRows(db, user, `${table}_pros`, ids, mode, projectId)).id);
}

/** Rows of the scope by id, presented in the order of `ids`. */
export async function presentTemplateIds<Out>(
  db: Db,
  side: TemplateSide<Out>,
  scope: TemplateScope,
  ids: number[],
): Promise<Out[]> {
  if (ids.length === 0) return [];
  const rows = (await scoped(db, tableOf(side, scope), scope, ALIAS)
    .whereIn(`${ALIAS}.id`, ids)
    .select(`${ALIAS}.*`)) as Record<string, unknown>[];
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return side.present(
    db,
    ids.map((i) => byId.get(i)!),
  );
}

/** The list's rows (`maxLimit` lifts the page limit for exports) and the scope it read. */
export async function listTemplates<Out>(
  db: Db,
  user: AuthUser,
  side: TemplateSide<Out>,
  rawQuery: unknown,
  maxLimit?: number,
) {
  const resource = maxLimit ? { ...side.resource, defaultLimit: maxLimit, maxLimit } : side.resource;
  const query = parseListQuery(rawQuery, resource);
  // "GET /sequence-template (name contains)": a plain ?name= is the name filter too.
  const plain = nameQuery.safeParse(rawQuery);
  if (!plain.success) throw new AppError("errors.validation", { details: { field: "name" } });
  if (plain.data.name) query.filters.push({ field: "name", op: "cont", value: plain.data.name });
  const scope = side.library ? LIBRARY : proScope((await proListProject(db, user, query)).id);
  const base = scoped(db, tableOf(side, scope), scope, ALIAS).select(`${ALIAS}.*`);
  side.refine(db, base, query);
  const { rows, total } = await runList<Record<string, unknown>>(
    db,
    base,
    query,
    resource,
    side.columns,
    `${ALIAS}.id`,
  );
  return { rows, total, scope };
}

const rowParams = eventTemplateParams;
const nameQuery = z.looseObject({ name: text().optional() });

/** The request schemas and commands of a side's writes. */
export interface TemplateCommands<I> {
  create: z.ZodType;
  update: z.ZodType;
  bulkDelete: z.ZodType<{ ids: number[]; projectId?: number }>;
  /** Creates (`id` null) or updates a row from the parsed body; returns its id. */
  write: (db: Db, scope: TemplateScope, id: number | null, body: I) => Promise<number>;
  remove: (db: Db, scope: TemplateScope, ids: readonly number[]) => Promise<number[]>;
}

/**
 * GET {path} (filter triples; a project side needs projectId), POST {path}, GET {path}/{id}, PATCH {path}/{id}
 * and DELETE {path}/bulk-delete {ids}. Reads are manager-level: the templates are planning material.
 */
export function templateRoutes<Out, I>(
  router: Router<AppState>,
  deps: AppDeps,
  side: TemplateSide<Out>,
  commands: TemplateCommands<I>,
): void {
  const { path, kind } = side;

  route(router, deps, {
    method: "delete",
    path: `${path}/bulk-delete`,
    roles: writeRoles(side),
    body: commands.bulkDelete,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await rowsScopeOf(db, user, side, body.ids, "write", body.projectId);
      const ids = await commands.remove(db, scope, body.ids);
      announceTemplates(emits, scope, kind, user.id, ids);
      return { ids };
    },
  });

  route(router, deps, {
    method: "get",
    path,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listTemplates(db, user, side, ctx.query);
      const data = await side.present(db, rows);
      return { data, count: data.length, total };
    },
  });

  route(router, deps, {
    method: "post",
    path,
    roles: writeRoles(side),
    body: commands.create,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const b = body as I & { projectId?: number };
      const scope = await writeScopeOf(db, user, side, b.projectId);
      const rowId = await commands.write(db, scope, null, b);
      announceTemplates(emits, scope, kind, user.id, [rowId]);
      return (await presentTemplateIds(db, side, scope, [rowId]))[0];
    },
  });

  route(router, deps, {
    method: "get",
    path: `${path}/:id`,
    roles: PERMISSIONS.manager,
    params: rowParams,
    handler: async ({ db, user, params }) => {
      const scope = await rowsScopeOf(db, user, side, [params.id], "read");
      return (await presentTemplateIds(db, side, scope, [params.id]))[0];
    },
  });

  route(router, deps, {
    method: "patch",
    path: `${path}/:id`,
    roles: writeRoles(side),
    params: rowParams,
    body: commands.update,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const b = body as I & { projectId?: number };
      const scope = await rowsScopeOf(db, user, side, [params.id], "write", b.projectId);
      await commands.write(db, scope, params.id, b);
      announceTemplates(emits, scope, kind, user.id, [params.id]);
      return (await presentTemplateIds(db, side, scope, [params.id]))[0];
    },
  });
}
