import type Router from "@koa/router";
import type { Knex } from "knex";
import { z } from "zod";
import { bulkDeleteBody, id, parseListQuery, PERMISSIONS, type ListResource } from "@jalon/shared";
import type { AppDeps, AuthUser } from "../context.js";
import { listScope, readableRow, writableRow, writableRows, type VersionScope } from "../commands/referenceScope.js";
import type { Db } from "../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../exports/xlsx.js";
import type { AppState } from "../http/auth.js";
import { route, type Emits } from "../http/route.js";
import { emitReference } from "../commands/lotWrite.js";
import { runList, type ColumnMap } from "../lib/listQuery.js";

/**
 * The routes every reference resource of a version has in the same form (spec 001 section 7): the list with
 * its filter triples, the .xlsx export of that list, the histogram of tasks, one row, its PATCH and the bulk
 * delete. Each resource gives its table, its SQL, how it presents rows and how it announces a change; the
 * scope checks (project membership, version, role) and the answers' shapes are the same for all.
 */
export interface ReferenceResource<Row, Out> {
  /** API path without the id ("/participant"). */
  path: string;
  /** Table of the rows, for the project and version checks. */
  table: string;
  /** Alias of that table in `select` ("pa"): its id and version_id columns scope the queries. */
  alias: string;
  listResource: ListResource;
  columns: ColumnMap;
  select: (db: Db) => Knex.QueryBuilder;
  present: (db: Db, rows: Row[]) => Promise<Out[]>;
  /** The histogram's count per row, when `select` does not give it as `total`. */
  totals?: (db: Db, rows: Row[]) => Promise<Map<number, number>>;
  /** The realtime payload of a change (reference:update with the resource's name, or its own). */
  announce: (emits: Emits, scope: { projectId: number; versionId: number }, initiatorId: number, ids: number[]) => void;
}

/** The announcement of most resources: reference:update with their name (viewers refetch their lists). */
export function announceReference(resource: string): ReferenceResource<unknown, unknown>["announce"] {
  return (emits, scope, initiatorId, ids) => emitReference(emits, resource, scope, initiatorId, ids);
}

/** The last columns of the export of tagged rows that tasks use: their tags, then how many tasks use them. */
export function tagAndTaskColumns<T extends { tags: { name: string }[]; total: number }>(): XlsxColumn<T>[] {
  return [
    { header: "Étiquettes", width: 30, value: (r) => r.tags.map((t) => t.name).join(", ") || null },
    { header: "Nombre de tâches", kind: "number", width: 14, value: (r) => r.total },
  ];
}

/** GET {path}/export, GET {path}/histogram and GET {path}: the read routes of a resource tasks use, in that order. */
export function countedReadRoutes<Row extends { id: number; name: string; color: string | null; total?: unknown }, Out>(
  router: Router<AppState>,
  deps: AppDeps,
  r: ReferenceResource<Row, Out>,
  sheet: string,
  fileStem: string,
  columns: XlsxColumn<Out>[],
): void {
  exportRoute(router, deps, r, sheet, fileStem, columns);
  histogramRoute(router, deps, r);
  listRoute(router, deps, r);
}

/** Where a version's list reads: its filter fields, their columns, and its select whose `alias` scopes it. */
export type ListSource = Pick<ReferenceResource<unknown, unknown>, "listResource" | "columns" | "select" | "alias">;

/**
 * The list of a resource in its version (the versionId / projectId filters, or the project's current version),
 * after its filter triples, sorted and paged; `maxLimit` lifts the page limit (exports, histograms).
 */
export async function listInVersion<Row>(db: Db, user: AuthUser, r: ListSource, rawQuery: unknown, maxLimit?: number) {
  const resource = maxLimit ? { ...r.listResource, defaultLimit: maxLimit, maxLimit } : r.listResource;
  const query = parseListQuery(rawQuery, resource);
  const scope = await listScope(db, user, query);
  const base = r.select(db).where(`${r.alias}.version_id`, scope.versionId);
  const { rows, total } = await runList<Row>(db, base, query, resource, r.columns, `${r.alias}.id`);
  return { rows, total, scope, query };
}

/** The list of a reference resource in its version. */
export function listReference<Row, Out>(
  db: Db,
  user: AuthUser,
  r: ReferenceResource<Row, Out>,
  rawQuery: unknown,
  maxLimit?: number,
) {
  return listInVersion<Row>(db, user, r, rawQuery, maxLimit);
}

export async function oneReference<Row, Out>(db: Db, r: ReferenceResource<Row, Out>, rowId: number): Promise<Out> {
  const [out] = await r.present(db, [(await r.select(db).where(`${r.alias}.id`, rowId).first()) as Row]);
  return out;
}

/** GET {path}: the filter triples of the list; open to the project's external collaborators. */
export function listRoute<Row, Out>(router: Router<AppState>, deps: AppDeps, r: ReferenceResource<Row, Out>): void {
  route(router, deps, {
    method: "get",
    path: r.path,
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listReference(db, user, r, ctx.query);
      const data = await r.present(db, rows);
      return { data, count: data.length, total };
    },
  });
}

/** An .xlsx export of a version's list: where it reads, how its rows become the sheet's rows, the sheet. */
export interface ListExport<Row, Out> {
  path: string;
  source: ListSource;
  present: (db: Db, rows: Row[]) => Promise<Out[]>;
  sheet: string;
  fileStem: string;
  columns: XlsxColumn<Out>[];
  /** Lifts the list's page limit (every matching row). */
  maxLimit?: number;
}

/** GET {path}: the list's filter triples as an .xlsx file with French headers (managers). */
export function listExportRoute<Row, Out>(router: Router<AppState>, deps: AppDeps, e: ListExport<Row, Out>): void {
  route(router, deps, {
    method: "get",
    path: e.path,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, scope } = await listInVersion<Row>(db, user, e.source, ctx.query, e.maxLimit);
      const file = await buildXlsx(e.sheet, e.columns, await e.present(db, rows));
      sendFile(ctx, file, exportFileName(e.fileStem, scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });
}

/** GET {path}/export: a reference resource's list as an .xlsx file. */
export function exportRoute<Row, Out>(
  router: Router<AppState>,
  deps: AppDeps,
  r: ReferenceResource<Row, Out>,
  sheet: string,
  fileStem: string,
  columns: XlsxColumn<Out>[],
): void {
  const present = (db: Db, rows: Row[]) => r.present(db, rows);
  listExportRoute(router, deps, {
    path: `${r.path}/export`,
    source: r,
    present,
    sheet,
    fileStem,
    columns,
    maxLimit: 100_000,
  });
}

/** GET {path}/histogram: tasks and milestones per row of the version, most used first. */
export function histogramRoute<Row extends { id: number; name: string; color: string | null; total?: unknown }, Out>(
  router: Router<AppState>,
  deps: AppDeps,
  r: ReferenceResource<Row, Out>,
): void {
  route(router, deps, {
    method: "get",
    path: `${r.path}/histogram`,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows } = await listReference(db, user, r, ctx.query, 100_000);
      const totals = await r.totals?.(db, rows);
      const data = rows
        .map((row) => ({
          id: row.id,
          name: row.name,
          color: row.color,
          total: totals ? (totals.get(row.id) ?? 0) : Number(row.total ?? 0),
        }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, "fr"));
      return { data, count: data.length, total: data.length };
    },
  });
}

const rowParams = z.object({ id });

/** GET {path}/{id}: one row of a project the user belongs to. */
export function getOneRoute<Row, Out>(router: Router<AppState>, deps: AppDeps, r: ReferenceResource<Row, Out>): void {
  route(router, deps, {
    method: "get",
    path: `${r.path}/:id`,
    roles: PERMISSIONS.external,
    params: rowParams,
    handler: async ({ db, user, params }) => {
      await readableRow(db, user, r.table, params.id);
      return oneReference(db, r, params.id);
    },
  });
}

type WritableRow = Awaited<ReturnType<typeof writableRow>>;

/** PATCH {path}/{id}: changed fields only, written by the resource's command. */
export function patchRoute<Row, Out, S extends z.ZodType>(
  router: Router<AppState>,
  deps: AppDeps,
  r: ReferenceResource<Row, Out>,
  body: S,
  update: (db: Db, row: WritableRow, body: z.output<S>) => Promise<void>,
): void {
  route(router, deps, {
    method: "patch",
    path: `${r.path}/:id`,
    roles: PERMISSIONS.manager,
    params: rowParams,
    body,
    write: true,
    handler: async ({ db, user, params, body: input, emits }) => {
      const row = await writableRow(db, user, r.table, params.id);
      await update(db, row, input as z.output<S>);
      r.announce(emits, { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return oneReference(db, r, row.id);
    },
  });
}

/**
 * DELETE {path}/bulk-delete {ids}: the resource's command deletes (or refuses with its catalogue code) and
 * says which ids went (a zone takes its sub-zones with it).
 */
export function bulkDeleteRoute<Row, Out>(
  router: Router<AppState>,
  deps: AppDeps,
  r: ReferenceResource<Row, Out>,
  /** Deletes (or refuses); answers the ids that went, or nothing when they all did. */
  remove: (db: Db, scope: VersionScope, ids: number[]) => Promise<number[] | void>,
): void {
  route(router, deps, {
    method: "delete",
    path: `${r.path}/bulk-delete`,
    roles: PERMISSIONS.manager,
    body: bulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, r.table, body.ids);
      const deleted = (await remove(db, scope, body.ids)) ?? body.ids;
      r.announce(emits, scope, user.id, deleted);
      return { ids: deleted };
    },
  });
}
