import type { Middleware } from "koa";
import { isRole } from "@jalon/shared";
import type { AppDeps, AuthUser } from "../context.js";

export interface AppState {
  user: AuthUser | null;
  /** A bearer token was sent but is invalid, expired or names a deleted user. */
  authError: boolean;
}

export async function loadAuthUser(deps: AppDeps, userId: number): Promise<AuthUser | null> {
  const row = await deps
    .db("users")
    .select("id", "email", "firstname", "lastname", "type")
    .where({ id: userId })
    .first();
  if (!row || !isRole(row.type)) return null;
  return { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, type: row.type };
}

/** Reads the bearer JWT and loads its user (roles and deletions apply at once). Guards are per route. */
export function authenticate(deps: AppDeps): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.user = null;
    ctx.state.authError = false;
    const header = ctx.get("authorization");
    if (header) {
      const m = /^Bearer\s+(\S+)$/i.exec(header);
      const claims = m ? deps.tokens.verify(m[1]) : null;
      const user = claims ? await loadAuthUser(deps, claims.userId) : null;
      if (user) ctx.state.user = user;
      else ctx.state.authError = true;
    }
    await next();
  };
}
