import type Router from "@koa/router";
import { AppError, forgotPasswordBody, loginBody, PERMISSIONS, resetPasswordBody } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { verifyPassword } from "../../auth/passwords.js";
import { requestPasswordReset, resetPassword } from "../../commands/passwordReset.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { presentUser, USER_COLUMNS, type UserRow } from "../user/user.presenter.js";

export function authRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** POST /auth/login {email, password} -> {user, token, error}. */
  route(router, deps, {
    method: "post",
    path: "/auth/login",
    roles: undefined,
    body: loginBody,
    rateLimit: { name: "login", key: ({ body, ip }) => `${ip}:${body.email.toLowerCase()}`, clearOnSuccess: true },
    handler: async ({ body, db }) => {
      const row = await db("users")
        .select(...USER_COLUMNS, "password_hash")
        .whereRaw("lower(email) = lower(?)", [body.email])
        .first();
      if (!row) throw new AppError("user_not_found", { status: 401 });
      if (!(await verifyPassword(body.password, row.password_hash))) throw new AppError("invalid_credentials");
      return { user: presentUser(row as UserRow), token: deps.tokens.sign(row.id), error: null };
    },
  });

  /** GET /auth/me -> the signed-in user. */
  route(router, deps, {
    method: "get",
    path: "/auth/me",
    roles: PERMISSIONS.all,
    handler: async ({ db, user }) => {
      const row = await db("users")
        .select(...USER_COLUMNS)
        .where({ id: user.id })
        .first();
      const projects = await db("projects")
        .join("project_users", "project_users.project_id", "projects.id")
        .where("project_users.user_id", user.id)
        .select("projects.id", "projects.name")
        .orderBy("projects.name");
      return presentUser(row as UserRow, projects);
    },
  });

  /**
   * POST /auth/forgot-password {email}: a single-use token valid one hour (commands/passwordReset.ts); the
   * link goes to the mail outbox and, once committed, to the log, since there is no mail server. The answer
   * is the same whether or not the address exists.
   */
  route(router, deps, {
    method: "post",
    path: "/auth/forgot-password",
    roles: undefined,
    body: forgotPasswordBody,
    write: true,
    rateLimit: { name: "forgotPassword", key: ({ body, ip }) => `${ip}:${body.email.toLowerCase()}` },
    handler: async ({ body, db, onCommit }) => {
      const sent = await requestPasswordReset(db, deps.config.publicUrl, body.email);
      if (sent) onCommit(() => deps.log.info("Lien de réinitialisation du mot de passe", sent));
      return { message: "user.reset_email_sent" };
    },
  });

  /** POST /auth/reset-password {token, password}: reset_link_expired / reset_link_invalid. */
  route(router, deps, {
    method: "post",
    path: "/auth/reset-password",
    roles: undefined,
    body: resetPasswordBody,
    write: true,
    handler: async ({ body, db }) => {
      await resetPassword(db, body.token, body.password);
      return { message: "user.reset_validation" };
    },
  });
}
