import type Router from "@koa/router";
import {
  AppError,
  libraryLotBulkDeleteBody,
  libraryLotCreateBody,
  libraryLotListResource,
  libraryLotParams,
  libraryLotUpdateBody,
  parseListQuery,
  PERMISSIONS,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { frenchKeySql, listAnswer, pagedList } from "../../lib/listQuery.js";
import { presentLibraryLot, type LibraryLotDbRow } from "./participantGroup.presenter.js";
import { libraryLotColumns } from "./participantGroup.schema.js";

/**
 * The global library of lots (spec 001 "participant-group"), manager level: only the event and sequence
 * libraries are admin-only. A library lot that projects copied cannot be deleted (400 ImplementationError).
 */

export const LIBRARY_LOT_REFERENCED_MESSAGE =
  "Certains lots ne peuvent pas être supprimés car des projets les utilisent.";

function librarySelect(db: Db) {
  return db("participant_groups as g").select(
    "g.*",
    db("participant_group_pros as l")
      .whereRaw("l.participant_group_id = g.id")
      .countDistinct("l.project_id")
      .as("projects"),
  );
}

async function one(db: Db, id: number) {
  const row = (await librarySelect(db).where("g.id", id).first()) as LibraryLotDbRow | undefined;
  if (!row) throw new AppError("errors.not_found");
  return presentLibraryLot(row);
}

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const q = db("participant_groups").whereRaw("lower(name) = lower(?)", [name]);
  if (exceptId !== undefined) q.whereNot({ id: exceptId });
  if (await q.first("id")) throw new AppError("participant_group_name_exists", { details: { field: "name" } });
}

export function participantGroupRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /participant-group: {data: [{id, name, color, projects}], total}. */
  route(router, deps, {
    method: "get",
    path: "/participant-group",
    roles: PERMISSIONS.manager,
    handler: async ({ db, ctx }) => {
      const query = parseListQuery(ctx.query, libraryLotListResource);
      const base = librarySelect(db);
      return pagedList(db, base, query, libraryLotListResource, libraryLotColumns, "g.id", presentLibraryLot);
    },
  });

  /** DELETE /participant-group/bulk-delete {ids}. */
  route(router, deps, {
    method: "delete",
    path: "/participant-group/bulk-delete",
    roles: PERMISSIONS.manager,
    body: libraryLotBulkDeleteBody,
    write: true,
    handler: async ({ db, body }) => {
      const ids = [...new Set(body.ids)];
      const found = (await db("participant_groups").whereIn("id", ids).pluck("id")) as number[];
      const missing = ids.filter((i) => !found.includes(i));
      if (missing.length > 0) throw new AppError("errors.not_found", { details: { ids: missing } });
      const used = (await db("participant_group_pros")
        .whereIn("participant_group_id", ids)
        .distinct("participant_group_id")
        .pluck("participant_group_id")) as number[];
      if (used.length > 0)
        throw new AppError("ImplementationError", {
          message: LIBRARY_LOT_REFERENCED_MESSAGE,
          details: { ids: used.sort((a, b) => a - b) },
        });
      await db("participant_groups").whereIn("id", ids).delete();
      return { ids };
    },
  });

  /** POST /participant-group {name, color?}. */
  route(router, deps, {
    method: "post",
    path: "/participant-group",
    roles: PERMISSIONS.manager,
    body: libraryLotCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, body }) => {
      await assertNameFree(db, body.name);
      const [row] = await db("participant_groups")
        .insert({ name: body.name, color: body.color ?? "#FFFFFF" })
        .returning("id");
      return one(db, row.id as number);
    },
  });

  /** GET /participant-group/{id}/projects: the projects (the user may see) whose lots copy this one. */
  route(router, deps, {
    method: "get",
    path: "/participant-group/:id/projects",
    roles: PERMISSIONS.manager,
    params: libraryLotParams,
    handler: async ({ db, user, params }) => {
      await one(db, params.id);
      const q = db("projects as p")
        .whereIn("p.id", db("participant_group_pros").where({ participant_group_id: params.id }).select("project_id"))
        .orderByRaw(frenchKeySql("p.name"))
        .select("p.id", "p.name", "p.is_archived");
      if (user.type !== "admin")
        q.whereIn("p.id", db("project_users").where({ user_id: user.id }).select("project_id"));
      const data = (await q).map((p) => ({
        id: p.id as number,
        name: p.name as string,
        isArchived: Boolean(p.is_archived),
      }));
      return listAnswer(data);
    },
  });

  /** GET /participant-group/{id}. */
  route(router, deps, {
    method: "get",
    path: "/participant-group/:id",
    roles: PERMISSIONS.manager,
    params: libraryLotParams,
    handler: async ({ db, params }) => one(db, params.id),
  });

  /** PATCH /participant-group/{id} {name?, color?}. */
  route(router, deps, {
    method: "patch",
    path: "/participant-group/:id",
    roles: PERMISSIONS.manager,
    params: libraryLotParams,
    body: libraryLotUpdateBody,
    write: true,
    handler: async ({ db, params, body }) => {
      await one(db, params.id);
      if (body.name !== undefined) await assertNameFree(db, body.name, params.id);
      await db("participant_groups")
        .where({ id: params.id })
        .update({ ...body, updated_at: db.fn.now() });
      return one(db, params.id);
    },
  });
}
