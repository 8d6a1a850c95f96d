import type Router from "@koa/router";
import type { ParameterizedContext } from "koa";
import { z } from "zod";
import { AppError, mayAccess, type PermissionSet } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { AppDeps, AuthUser, RateLimitName } from "../context.js";
import type { AccessChange } from "../realtime/eviction.js";
import type { Db } from "../db/knex.js";
import type { AppState } from "./auth.js";
import { zodToAppError } from "./errorHandler.js";
import { clearRateLimit, hitRateLimit } from "./rateLimit.js";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;

export type Ctx = ParameterizedContext<AppState>;

/** Realtime payloads recorded by a command, sent only once its transaction has committed. */
export class Emits {
  readonly items: RealtimePayload[] = [];
  /** Rights to watch a project that the write may have ended: those sockets leave its room after commit. */
  readonly access: AccessChange[] = [];
  add(payload: RealtimePayload): void {
    this.items.push(payload);
  }
  accessChanged(change: AccessChange): void {
    this.access.push(change);
  }
}

export interface HandlerInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The signed-in user; null only on open routes. */
  user: AuthUser;
  maybeUser: AuthUser | null;
  /** The transaction for write routes, the pool for reads. */
  db: Db;
  deps: AppDeps;
  emits: Emits;
  ctx: Ctx;
}

export interface RouteSpec<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> {
  method: Method;
  path: string;
  /** Permission set of the specs; undefined means an open route. */
  roles: PermissionSet | undefined;
  /**
   * Whether a visitor without a session may call a guarded route as a guest (the public planning). By
   * default a guarded route needs a signed-in user: 401 errors.unauthorized without one.
   */
  anonymous?: boolean;
  /**
   * Counts calls per key (and ten times as many per address). With `clearOnSuccess`, a successful call
   * forgets its key's count: a planner who signs in many times a day is never locked out, while guessing a
   * password still stops after `max` failures.
   */
  rateLimit?: { name: RateLimitName; key: (input: { body: Out<B>; ip: string }) => string; clearOnSuccess?: boolean };
  body?: B;
  query?: Q;
  params?: P;
  /** Runs the handler in one transaction and sends its realtime payloads after commit. */
  write?: boolean;
  /** Status of a successful answer (200 by default, 204 when the handler returns undefined). */
  status?: number;
  handler: (input: HandlerInput<Out<B>, Out<Q>, Out<P>>) => Promise<unknown>;
}

function parse<S extends Schema | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as unknown as Out<S>;
  const res = schema.safeParse(value);
  if (!res.success) throw zodToAppError(res.error);
  return res.data as Out<S>;
}

/**
 * The fixed chain of a route: authorize (401 without a valid session, 403 for a role outside the set),
 * validate params, query and body with zod, rate limit, open a transaction for writes, call the handler,
 * present its result, then send realtime payloads after commit.
 */
export function route<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined>(
  router: Router<AppState>,
  deps: AppDeps,
  spec: RouteSpec<B, Q, P>,
): void {
  router[spec.method](spec.path, async (ctx: Ctx) => {
    const maybeUser = ctx.state.user;
    if (spec.roles !== undefined) {
      const anonymousAllowed = spec.anonymous === true && mayAccess(spec.roles, null);
      if (ctx.state.authError && !anonymousAllowed) throw new AppError("errors.unauthorized");
      if (!maybeUser && !anonymousAllowed) throw new AppError("errors.unauthorized");
      if (!mayAccess(spec.roles, maybeUser ? maybeUser.type : null)) throw new AppError("errors.forbidden");
    }
    const params = parse(spec.params, ctx.params);
    const query = parse(spec.query, ctx.query);
    const body = parse(spec.body, ctx.request.body ?? {});
    const limitKey = spec.rateLimit ? `${spec.rateLimit.name}:${spec.rateLimit.key({ body, ip: ctx.ip })}` : null;
    if (spec.rateLimit && limitKey) {
      const { max, windowMs } = deps.rateLimits[spec.rateLimit.name];
      await hitRateLimit(deps.db, `${spec.rateLimit.name}:ip:${ctx.ip}`, max * 10, windowMs);
      await hitRateLimit(deps.db, limitKey, max, windowMs);
    }
    const emits = new Emits();
    const run = (db: Db) =>
      spec.handler({ body, query, params, user: maybeUser as AuthUser, maybeUser, db, deps, emits, ctx });
    const result = spec.write ? await deps.db.transaction((trx) => run(trx)) : await run(deps.db);
    if (limitKey && spec.rateLimit?.clearOnSuccess) await clearRateLimit(deps.db, limitKey);
    // Before the answer and before this write's events: once the client hears back, access has ended.
    if (emits.access.length > 0) {
      await deps.accessChanged(emits.access).catch((e: unknown) => deps.log.warn("realtime eviction failed", { error: String(e) }));
    }
    for (const payload of emits.items) {
      try {
        deps.emit(payload);
      } catch (e) {
        deps.log.warn("realtime emit failed", { error: String(e) });
      }
    }
    if (ctx.body !== undefined && result === undefined) return; // the handler wrote a file or a stream
    if (result === undefined) {
      ctx.status = 204;
      return;
    }
    ctx.status = spec.status ?? 200;
    ctx.body = result;
  });
}
