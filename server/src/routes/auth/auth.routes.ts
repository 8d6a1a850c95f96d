import type Router from "@koa/router";
import { AppError, PERMISSIONS, RESET_TOKEN_TTL_MINUTES } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import { randomToken, sha256 } from "../../auth/tokens.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { presentUser, USER_COLUMNS, type UserRow } from "../user/user.presenter.js";
import { forgotPasswordBody, loginBody, resetPasswordBody } from "./auth.schema.js";

export function authRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** POST /auth/login {email, password} -> {user, token, error}. */
  route(router, deps, {
    method: "post",
    path: "/auth/login",
    roles: undefined,
    body: loginBody,
    rateLimit: { name: "login", key: ({ body, ip }) => `${ip}:${body.email.toLowerCase()}`, clearOnSuccess: true },
    handler: async ({ body, db }) => {
      const row = await db("users").select(...USER_COLUMNS, "password_hash").whereRaw("lower(email) = lower(?)", [body.email]).first();
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
      const row = await db("users").select(...USER_COLUMNS).where({ id: user.id }).first();
      const projects = await db("projects").join("project_users", "project_users.project_id", "projects.id")
        .where("project_users.user_id", user.id).select("projects.id", "projects.name").orderBy("projects.name");
      return presentUser(row as UserRow, projects);
    },
  });

  /**
   * POST /auth/forgot-password {email}: a single-use token (only its hash is stored) valid one hour; the
   * link goes to the mail outbox and the log, since there is no mail server. The answer is the same whether
   * or not the address exists.
   */
  route(router, deps, {
    method: "post",
    path: "/auth/forgot-password",
    roles: undefined,
    body: forgotPasswordBody,
    write: true,
    rateLimit: { name: "forgotPassword", key: ({ body, ip }) => `${ip}:${body.email.toLowerCase()}` },
    handler: async ({ body, db }) => {
      const user = await db("users").select("id", "email").whereRaw("lower(email) = lower(?)", [body.email]).first();
      if (user) {
        const token = randomToken();
        await db("password_reset_tokens").where({ user_id: user.id }).whereNull("used_at").update({ used_at: db.fn.now() });
        await db("password_reset_tokens").insert({
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: db.raw(`now() + interval '${RESET_TOKEN_TTL_MINUTES} minutes'`),
        });
        const link = `${deps.config.publicUrl}/reset-password/${token}`;
        await db("mail_outbox").insert({
          to_email: user.email,
          kind: "reset_password",
          subject: "Jalon : réinitialisation de votre mot de passe",
          body: `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${RESET_TOKEN_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
        });
        deps.log.info("Lien de réinitialisation du mot de passe", { email: user.email, link });
      }
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
      const row = await db("password_reset_tokens").where({ token_hash: sha256(body.token) }).forUpdate()
        .first("id", "user_id", "used_at", db.raw("expires_at < now() AS expired"));
      if (!row || row.used_at) throw new AppError("reset_link_invalid");
      if (row.expired) throw new AppError("reset_link_expired");
      await db("users").where({ id: row.user_id }).update({ password_hash: await hashPassword(body.password), updated_at: db.fn.now() });
      await db("password_reset_tokens").where({ id: row.id }).update({ used_at: db.fn.now() });
      return { message: "user.reset_validation" };
    },
  });
}
