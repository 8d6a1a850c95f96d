import type Router from "@koa/router";
import {
  AppError,
  isManagerRole,
  MANAGER_MANAGED,
  parseListQuery,
  PERMISSIONS,
  userCreateBody,
  userListResource,
  userParams,
  userUpdateBody,
  userViewsBody,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import { hashPassword } from "../../auth/passwords.js";
import { countOf } from "../../db/numbers.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { UserModel } from "../../models/user.js";
import { runList } from "../../lib/listQuery.js";
import { presentUser, USER_COLUMNS, type UserRow } from "./user.presenter.js";
import { userColumns } from "./user.schema.js";

async function userOr404(db: Db, id: number): Promise<UserRow> {
  const row = await db("users")
    .select(...USER_COLUMNS)
    .where({ id })
    .first();
  if (!row) throw new AppError("user_not_found");
  return row as UserRow;
}

/** The projects of each user (the UserModel's relation), by user id. */
async function projectsOf(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const users = await UserModel.fetchGraph(
    userIds.map((id) => ({ id })),
    "projects",
    { transaction: db },
  );
  return new Map(users.map((u) => [u.id, (u.projects ?? []).map((p) => ({ id: p.id, name: p.name }))]));
}

async function shareAProject(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db("project_users as a")
    .join("project_users as b", "b.project_id", "a.project_id")
    .where("a.user_id", a)
    .where("b.user_id", b)
    .first("a.project_id");
  return row !== undefined;
}

/**
 * PATCH /user/{id}: everyone edits themselves and admins edit everyone. A manager edits an external user (or
 * a guest) only if they share a project, and never their credentials: changing someone's email or password
 * would let a manager sign in as them and read projects the manager is not in. That user resets their
 * password by the forgot-password flow.
 */
async function mayEdit(db: Db, actor: AuthUser, target: UserRow, changesCredentials: boolean): Promise<boolean> {
  if (actor.id === target.id || actor.type === "admin") return true;
  if (actor.type !== "manager" || !MANAGER_MANAGED.includes(target.type) || changesCredentials) return false;
  return shareAProject(db, actor.id, target.id);
}

export function userRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /user (managers): filters, sort, join=projects; {data, count, total}. */
  route(router, deps, {
    method: "get",
    path: "/user",
    roles: PERMISSIONS.manager,
    handler: async ({ db, ctx }) => {
      const query = parseListQuery(ctx.query, userListResource);
      const base = db("users").select(USER_COLUMNS.map((c) => `users.${c}`));
      const { rows, total } = await runList<UserRow>(db, base, query, userListResource, userColumns, "users.id");
      const projects = query.join.includes("projects")
        ? await projectsOf(
            db,
            rows.map((r) => r.id),
          )
        : null;
      const data = rows.map((r) => presentUser(r, projects ? (projects.get(r.id) ?? []) : undefined));
      return { data, count: data.length, total };
    },
  });

  /** PATCH /user/views {views}: the signed-in user's saved views. */
  route(router, deps, {
    method: "patch",
    path: "/user/views",
    roles: PERMISSIONS.all,
    body: userViewsBody,
    write: true,
    handler: async ({ db, user, body }) => {
      await db("users")
        .where({ id: user.id })
        .update({ views: JSON.stringify(body.views), updated_at: db.fn.now() });
      return presentUser(await userOr404(db, user.id));
    },
  });

  /** GET /user/{id}: oneself, or managers. */
  route(router, deps, {
    method: "get",
    path: "/user/:id",
    roles: PERMISSIONS.all,
    params: userParams,
    handler: async ({ db, user, params }) => {
      if (params.id !== user.id && !isManagerRole(user.type)) throw new AppError("errors.forbidden");
      const row = await userOr404(db, params.id);
      return presentUser(row, (await projectsOf(db, [row.id])).get(row.id) ?? []);
    },
  });

  /** POST /user: admins create any type, managers external users. Without a password, a set-password link is sent. */
  route(router, deps, {
    method: "post",
    path: "/user",
    roles: PERMISSIONS.manager,
    body: userCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body }) => {
      if (user.type !== "admin" && !MANAGER_MANAGED.includes(body.type)) throw new AppError("errors.forbidden");
      const exists = await db("users").whereRaw("lower(email) = ?", [body.email]).first("id");
      if (exists) throw new AppError("email_already_used");
      const [row] = await db("users")
        .insert({
          email: body.email,
          firstname: body.firstname,
          lastname: body.lastname,
          type: body.type,
          password_hash: body.password ? await hashPassword(body.password) : null,
        })
        .returning(USER_COLUMNS as unknown as string[]);
      return presentUser(row as UserRow, []);
    },
  });

  /** PATCH /user/{id}: changed fields only; only admins change a type; nobody raises their own. */
  route(router, deps, {
    method: "patch",
    path: "/user/:id",
    roles: PERMISSIONS.all,
    params: userParams,
    body: userUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const target = await userOr404(db, params.id);
      const changesCredentials =
        body.password !== undefined || (body.email !== undefined && body.email !== target.email.toLowerCase());
      if (!(await mayEdit(db, user, target, changesCredentials))) throw new AppError("errors.forbidden");
      if (body.type !== undefined && body.type !== target.type && user.type !== "admin")
        throw new AppError("errors.forbidden");
      const patch: Record<string, unknown> = {};
      if (body.email !== undefined && body.email !== target.email.toLowerCase()) {
        const taken = await db("users")
          .whereRaw("lower(email) = ?", [body.email])
          .whereNot({ id: target.id })
          .first("id");
        if (taken) throw new AppError("email_already_used");
        patch.email = body.email;
      }
      if (body.firstname !== undefined) patch.firstname = body.firstname;
      if (body.lastname !== undefined) patch.lastname = body.lastname;
      if (body.type !== undefined && body.type !== target.type) {
        patch.type = body.type;
        // An admin made manager no longer sees every project, a manager made external no archived one.
        emits.accessChanged({ userId: target.id });
      }
      if (body.views !== undefined) patch.views = JSON.stringify(body.views);
      if (body.password !== undefined) patch.password_hash = await hashPassword(body.password);
      if (Object.keys(patch).length > 0) {
        patch.updated_at = db.fn.now();
        await db("users").where({ id: target.id }).update(patch);
      }
      const row = await userOr404(db, target.id);
      return presentUser(row, (await projectsOf(db, [row.id])).get(row.id) ?? []);
    },
  });

  /** DELETE /user/{id} (admins): refused while the user belongs to a project. */
  route(router, deps, {
    method: "delete",
    path: "/user/:id",
    roles: PERMISSIONS.admin,
    params: userParams,
    write: true,
    handler: async ({ db, user, params, emits }) => {
      const target = await userOr404(db, params.id);
      if (target.id === user.id) throw new AppError("forbidden_delete_self");
      const assigned = countOf(await db("project_users").where({ user_id: target.id }).count({ count: "*" }));
      if (assigned > 0)
        throw new AppError("forbidden_delete_user_assigned_to_project", { details: { projects: assigned } });
      await db("users").where({ id: target.id }).del();
      emits.accessChanged({ userId: target.id, deleted: true });
      return { id: target.id };
    },
  });
}
