import type Router from "@koa/router";
import type { z } from "zod";
import { emitReference } from "../../commands/lotWrite.js";
import {
  AppError,
  classificationBulkDeleteBody,
  classificationCategoryCreateBody,
  classificationCategoryListResource,
  classificationCategoryOrderBody,
  classificationCategoryUpdateBody,
  classificationItemCreateBody,
  classificationItemListResource,
  classificationItemUpdateBody,
  classificationParams,
  parseListQuery,
  PERMISSIONS,
  type ClassificationItem,
  CLASSIFICATION_REALTIME,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { listScope, readableRow, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route, type Emits } from "../../http/route.js";
import { listInVersion, type ListSource } from "../referenceRoutes.js";
import { frenchKeySql, runList } from "../../lib/listQuery.js";
import {
  categorySelect,
  itemSelect,
  presentCategory,
  presentItem,
  type ClassificationTables,
  type DbRow,
} from "./classification.presenter.js";
import { categoryColumns, itemColumns } from "./classification.schema.js";

/**
 * A classification over HTTP (spec 001 section 7 "Tags and categories"; phases are built the same way):
 * items (GET/POST list, GET/PATCH/DELETE one, bulk-delete, .xlsx export) and categories (GET/POST list,
 * PATCH/DELETE one, PATCH order). Rows belong to one version; a write checks that every category it names is
 * in that version and that a category is never its own ancestor. Each write sends reference:update so
 * other viewers refetch their lists.
 */
export interface ClassificationSpec {
  tables: ClassificationTables;
  /** "tag" or "phase": the realtime resource name. */
  resource: string;
  itemPath: string;
  categoryPath: string;
  /** The join name under which a category lists its items ("tags", "phases"). */
  itemsJoin: string;
  exportSheet: string;
  exportPrefix: string;
}

async function assertCategory(
  db: Db,
  table: string,
  versionId: number,
  categoryId: number | null | undefined,
  field: string,
): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const row = await db(table).where({ id: categoryId, version_id: versionId }).first("id");
  if (!row)
    throw new AppError("errors.validation", { message: "Catégorie inconnue dans cette version.", details: { field } });
}

/** A category cannot be placed under itself or one of its descendants. */
async function assertNoCycle(db: Db, table: string, id: number, parentId: number | null | undefined): Promise<void> {
  let current = parentId ?? null;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === id)
      throw new AppError("errors.validation", {
        message: "Une catégorie ne peut pas être rangée dans elle-même ni dans une de ses sous-catégories.",
        details: { field: "parentCategoryId" },
      });
    seen.add(current);
    const row = await db(table).where({ id: current }).first("parent_category_id");
    current = (row?.parent_category_id as number | null | undefined) ?? null;
  }
}

const EXPORT_COLUMNS: XlsxColumn<ClassificationItem>[] = [
  { header: "Nom", width: 40, value: (i) => i.name },
  { header: "Couleur", width: 12, value: (i) => i.color },
  { header: "Type", width: 16, value: (i) => i.type },
  { header: "Catégorie", width: 30, value: (i) => i.category?.name ?? null },
  { header: "Catégorie parente", width: 30, value: (i) => i.category?.parentCategory?.name ?? null },
];

/** Tags and tag categories of a version (spec 001 section 7): GET/POST /tag, /tag/{id}, bulk-delete, export. */
export const TAGS: ClassificationSpec = {
  tables: { items: "tags", categories: "tag_categories" },
  resource: CLASSIFICATION_REALTIME.tag,
  itemPath: "/tag",
  categoryPath: "/category",
  itemsJoin: "tags",
  exportSheet: "Étiquettes",
  exportPrefix: "Etiquettes",
};

/** Phases and phase categories, built like tags (migration 003_phases): /phase and /phase-category. */
export const PHASES: ClassificationSpec = {
  tables: { items: "phases", categories: "phase_categories" },
  resource: CLASSIFICATION_REALTIME.phase,
  itemPath: "/phase",
  categoryPath: "/phase-category",
  itemsJoin: "phases",
  exportSheet: "Phases",
  exportPrefix: "Phases",
};

export function itemRoutes(router: Router<AppState>, deps: AppDeps, spec: ClassificationSpec): void {
  const { tables } = spec;
  const one = async (db: Db, id: number) =>
    presentItem((await itemSelect(db, tables).where("i.id", id).first()) as DbRow);
  const items: ListSource = {
    listResource: classificationItemListResource,
    columns: itemColumns,
    select: (db) => itemSelect(db, tables),
    alias: "i",
  };
  const list = async (db: Db, user: AuthUser, raw: unknown, maxLimit?: number) => {
    const { rows, total, scope } = await listInVersion<DbRow>(db, user, items, raw, maxLimit);
    return { rows, total, project: scope.project };
  };

  route(router, deps, {
    method: "get",
    path: `${spec.itemPath}/export`,
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, project } = await list(db, user, ctx.query, 100_000);
      const file = await buildXlsx(spec.exportSheet, EXPORT_COLUMNS, rows.map(presentItem));
      sendFile(ctx, file, exportFileName(spec.exportPrefix, project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  route(router, deps, {
    method: "get",
    path: spec.itemPath,
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await list(db, user, ctx.query);
      const data = rows.map(presentItem);
      return { data, count: data.length, total };
    },
  });

  route(router, deps, {
    method: "post",
    path: spec.itemPath,
    roles: PERMISSIONS.manager,
    body: classificationItemCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      await assertCategory(db, tables.categories, scope.versionId, body.categoryId, "categoryId");
      const [row] = await db(tables.items)
        .insert({
          project_id: scope.projectId,
          version_id: scope.versionId,
          name: body.name,
          color: body.color ?? null,
          type: body.type ?? null,
          category_id: body.categoryId ?? null,
        })
        .returning("id");
      emitReference(emits, spec.resource, scope, user.id, [row.id]);
      return one(db, row.id);
    },
  });

  route(router, deps, {
    method: "delete",
    path: `${spec.itemPath}/bulk-delete`,
    roles: PERMISSIONS.manager,
    body: classificationBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, tables.items, body.ids);
      const deleted = await db(tables.items).whereIn("id", body.ids).delete().returning("id");
      emitReference(emits, spec.resource, scope, user.id, body.ids);
      return { count: deleted.length };
    },
  });

  route(router, deps, {
    method: "get",
    path: `${spec.itemPath}/:id`,
    roles: PERMISSIONS.external,
    params: classificationParams,
    handler: async ({ db, user, params }) => {
      await readableRow(db, user, tables.items, params.id);
      return one(db, params.id);
    },
  });

  rowWriteRoutes(router, deps, {
    path: spec.itemPath,
    table: tables.items,
    resource: spec.resource,
    body: classificationItemUpdateBody,
    columns: { name: "name", color: "color", type: "type", categoryId: "category_id" },
    check: (db, row, body) => assertCategory(db, tables.categories, row.version_id, body.categoryId, "categoryId"),
    one,
  });
}

export function categoryRoutes(router: Router<AppState>, deps: AppDeps, spec: ClassificationSpec): void {
  const { tables } = spec;
  const resource = `${spec.resource}Category`;
  const one = async (db: Db, id: number) =>
    presentCategory((await categorySelect(db, tables).where("c.id", id).first()) as DbRow);

  route(router, deps, {
    method: "get",
    path: spec.categoryPath,
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, classificationCategoryListResource);
      const scope = await listScope(db, user, query);
      const { rows, total } = await runList<DbRow>(
        db,
        categorySelect(db, tables).where("c.version_id", scope.versionId),
        query,
        classificationCategoryListResource,
        categoryColumns,
        "c.id",
      );
      const data: (ReturnType<typeof presentCategory> & Record<string, unknown>)[] = rows.map((r) => ({
        ...presentCategory(r),
      }));
      const joinItems = query.join.some((j) => j === "items" || j === spec.itemsJoin);
      if (joinItems && data.length > 0) {
        const items = await itemSelect(db, tables)
          .whereIn(
            "i.category_id",
            data.map((c) => c.id),
          )
          .orderByRaw(frenchKeySql("i.name"))
          .orderBy("i.id");
        const byCategory = new Map<number, ReturnType<typeof presentItem>[]>();
        for (const r of items as DbRow[]) {
          const item = presentItem(r);
          byCategory.set(item.categoryId!, [...(byCategory.get(item.categoryId!) ?? []), item]);
        }
        for (const c of data) c[spec.itemsJoin] = (byCategory.get(c.id) ?? []).map(({ category: _c, ...i }) => i);
      }
      return { data, count: data.length, total };
    },
  });

  route(router, deps, {
    method: "post",
    path: spec.categoryPath,
    roles: PERMISSIONS.manager,
    body: classificationCategoryCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      await assertCategory(db, tables.categories, scope.versionId, body.parentCategoryId, "parentCategoryId");
      // A new category goes last unless a position is given.
      const last = await db(tables.categories).where({ version_id: scope.versionId }).max("position as max").first();
      const position = body.position ?? (last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1);
      const [row] = await db(tables.categories)
        .insert({
          project_id: scope.projectId,
          version_id: scope.versionId,
          name: body.name,
          type: body.type ?? null,
          parent_category_id: body.parentCategoryId ?? null,
          position,
        })
        .returning("id");
      emitReference(emits, resource, scope, user.id, [row.id]);
      return one(db, row.id);
    },
  });

  /** PATCH .../order {ids}: the version's categories in their new order; positions become 0..n-1. */
  route(router, deps, {
    method: "patch",
    path: `${spec.categoryPath}/order`,
    roles: PERMISSIONS.manager,
    body: classificationCategoryOrderBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      if (new Set(body.ids).size !== body.ids.length)
        throw new AppError("errors.validation", {
          message: "Une catégorie apparaît plusieurs fois.",
          details: { field: "ids" },
        });
      const scope = await writableRows(db, user, tables.categories, body.ids);
      if (body.versionId !== undefined && body.versionId !== scope.versionId)
        throw new AppError("errors.version_not_in_project");
      await db.raw(
        `update ${tables.categories} set position = v.p, updated_at = now() from json_to_recordset(?::json) as v(id int, p int) where ${tables.categories}.id = v.id`,
        [JSON.stringify(body.ids.map((id, p) => ({ id, p })))],
      );
      emitReference(emits, resource, scope, user.id, body.ids);
      return { ids: body.ids, positions: body.ids.map((_, p) => p) };
    },
  });

  /** DELETE .../{id}: its items and sub-categories stay, without a category (the schema sets them NULL). */
  rowWriteRoutes(router, deps, {
    path: spec.categoryPath,
    table: tables.categories,
    resource,
    body: classificationCategoryUpdateBody,
    columns: { name: "name", type: "type", parentCategoryId: "parent_category_id" },
    check: async (db, row, body) => {
      await assertCategory(db, tables.categories, row.version_id, body.parentCategoryId, "parentCategoryId");
      await assertNoCycle(db, tables.categories, row.id, body.parentCategoryId);
    },
    one,
  });
}

type WritableRow = Awaited<ReturnType<typeof writableRow>>;

/**
 * PATCH {path}/{id} (the changed fields, after the row's reference checks) and DELETE {path}/{id} of one
 * table: the same for items and categories.
 */
function rowWriteRoutes<S extends z.ZodType<Record<string, unknown>>>(
  router: Router<AppState>,
  deps: AppDeps,
  r: {
    path: string;
    table: string;
    resource: string;
    body: S;
    /** Body field -> column written when the field is sent. */
    columns: Record<string, string>;
    check: (db: Db, row: WritableRow, body: z.output<S>) => Promise<void>;
    one: (db: Db, id: number) => Promise<unknown>;
  },
): void {
  const announce = (emits: Emits, row: WritableRow, userId: number) =>
    emitReference(emits, r.resource, { projectId: row.project_id, versionId: row.version_id }, userId, [row.id]);
  route(router, deps, {
    method: "patch",
    path: `${r.path}/:id`,
    roles: PERMISSIONS.manager,
    params: classificationParams,
    body: r.body,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRow(db, user, r.table, params.id);
      const input = body as z.output<S>;
      await r.check(db, row, input);
      const update: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(r.columns))
        if (input[field] !== undefined) update[column] = input[field];
      if (Object.keys(update).length > 0)
        await db(r.table)
          .where({ id: row.id })
          .update({ ...update, updated_at: db.fn.now() });
      announce(emits, row, user.id);
      return r.one(db, row.id);
    },
  });
  route(router, deps, {
    method: "delete",
    path: `${r.path}/:id`,
    roles: PERMISSIONS.manager,
    params: classificationParams,
    write: true,
    handler: async ({ db, user, params, emits }) => {
      const row = await writableRow(db, user, r.table, params.id);
      await db(r.table).where({ id: row.id }).delete();
      announce(emits, row, user.id);
      return { count: 1 };
    },
  });
}
