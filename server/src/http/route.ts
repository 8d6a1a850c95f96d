import type Router from "@koa/router";
import type { ParameterizedContext } from "koa";
import { z, ZodError } from "zod";
import { AppError, mayAccess, type PermissionSet } from "@jalon/shared";
import {
  errorEventOf,
  REALTIME_EVENTS,
  REQUEST_ID_HEADER,
  REQUEST_ID_PATTERN,
  SUMMARY_HEADER,
  type RealtimeEventName,
  type RealtimePayload,
  type WriteSummary,
} from "@jalon/shared/realtime";
import { writeSummaryOf } from "../realtime/writeSummary.js";
import { fromPgError } from "./pgErrors.js";
import type { AccessChange, AppDeps, AuthUser, RateLimitName } from "../context.js";
import type { Knex } from "knex";
import type { Db } from "../db/knex.js";
import type { AppState } from "./auth.js";
import { zodToAppError } from "./errorHandler.js";
import { clearRateLimit, hitRateLimit } from "./rateLimit.js";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;

export type Ctx = ParameterizedContext<AppState>;

type Scope = { projectId: number; versionId: number | null; initiatorId: number | null };

/**
 * The live events of one request. `add` records what goes out once the transaction has committed; `now` sends
 * a start or progress event at once; `expect` declares an event the command is going to send. If the request
 * fails, route() sends, once each, the error twin (spec 000 section 7) of every event it sent, recorded or
 * declared, with the catalogue code: one place for every route's error events. Every event carries the
 * request's id, so that its initiating client recognises it.
 */
export class Emits {
  readonly items: RealtimePayload[] = [];
  private readonly sent: RealtimePayload[] = [];
  private readonly expected: RealtimePayload[] = [];
  private summary: WriteSummary | undefined;
  constructor(
    private readonly send: (payload: RealtimePayload) => void = () => undefined,
    readonly requestId?: string,
  ) {}
  now(payload: RealtimePayload): void {
    const stamped = this.stamp(payload);
    this.sent.push(stamped);
    this.send(stamped);
  }
  expect(event: RealtimeEventName, scope: Scope, ids: number[] = []): void {
    this.expected.push({ event, ...scope, ids });
  }
  /** The header figures the committed write left (see realtime/writeSummary.ts). */
  summarise(summary: WriteSummary | undefined): void {
    if (summary) this.summary = summary;
  }
  get writeSummary(): WriteSummary | undefined {
    return this.summary;
  }
  /** The recorded events as they go out after commit. */
  committed(): RealtimePayload[] {
    return this.items.map((p) => {
      const out = this.stamp(p);
      const s = this.summary;
      return s && s.versionId === p.versionId ? { ...out, summary: s } : out;
    });
  }
  /**
   * The error twins of what the failed request sent, recorded or declared: one per event and project, naming
   * the ids of the event they twin (the sync's twin names its template, which the client marks partial).
   */
  twins(code: string): RealtimePayload[] {
    const seen = new Set<string>();
    const out: RealtimePayload[] = [];
    for (const p of [...this.sent, ...this.items, ...this.expected]) {
      if (!isEventName(p.event)) continue;
      const event = errorEventOf(p.event);
      const key = `${event}|${p.projectId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(
        this.stamp({
          event,
          projectId: p.projectId,
          versionId: p.versionId,
          initiatorId: p.initiatorId,
          ids: p.ids,
          code,
        }),
      );
    }
    return out;
  }
  private stamp(p: RealtimePayload): RealtimePayload {
    return this.requestId ? { ...p, requestId: this.requestId } : p;
  }
  /** Rights to watch a project that the write may have ended: those sockets leave its room after commit. */
  readonly access: AccessChange[] = [];
  add(payload: RealtimePayload): void {
    this.items.push(payload);
  }
  accessChanged(change: AccessChange): void {
    this.access.push(change);
  }
}

/** The database a handler receives: the request's transaction on write routes, the pool on reads. */
export type HandlerDb<W extends boolean> = W extends true ? Knex.Transaction : Db;

export interface HandlerInput<B, Q, P, W extends boolean = boolean> {
  body: B;
  query: Q;
  params: P;
  /** The signed-in user; null only on open routes. */
  user: AuthUser;
  maybeUser: AuthUser | null;
  /** The transaction for write routes, the pool for reads. */
  db: HandlerDb<W>;
  deps: AppDeps;
  emits: Emits;
  /** Runs `fn` once the write has committed (never when it fails), before the answer and the live events. */
  onCommit: (fn: () => void) => void;
  ctx: Ctx;
}

export interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  W extends boolean = false,
> {
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
  write?: W;
  /** Status of a successful answer (200 by default, 204 when the handler returns undefined). */
  status?: number;
  handler: (input: HandlerInput<Out<B>, Out<Q>, Out<P>, W>) => Promise<unknown>;
}

/** Events of spec 000's list have error twins (not the twins themselves, nor the access notices). */
function isEventName(event: string): event is RealtimeEventName {
  return (REALTIME_EVENTS as readonly string[]).includes(event);
}

function safeEmit(deps: AppDeps, payload: RealtimePayload): void {
  try {
    deps.emit(payload);
  } catch (e) {
    deps.log.warn("realtime emit failed", { error: String(e) });
  }
}

/** The client's id for this request, echoed in its live events; anything malformed is ignored. */
function requestIdOf(ctx: Ctx): string | undefined {
  const id = ctx.get(REQUEST_ID_HEADER);
  return id && REQUEST_ID_PATTERN.test(id) ? id : undefined;
}

/** The catalogue code a failure answers with, as its error events carry it. */
function catalogueCode(e: unknown): string {
  if (e instanceof AppError) return e.code;
  if (e instanceof ZodError) return "errors.validation";
  return fromPgError(e)?.code ?? "errors.default";
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
export function route<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  W extends boolean = false,
>(router: Router<AppState>, deps: AppDeps, spec: RouteSpec<B, Q, P, W>): void {
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
      const { max, windowMs, perAddress } = deps.rateLimits[spec.rateLimit.name];
      await hitRateLimit(deps.db, `${spec.rateLimit.name}:ip:${ctx.ip}`, perAddress ?? max * 10, windowMs);
      await hitRateLimit(deps.db, limitKey, max, windowMs);
    }
    const emits = new Emits((p) => safeEmit(deps, p), requestIdOf(ctx));
    const committed: (() => void)[] = [];
    const onCommit = (fn: () => void) => void committed.push(fn);
    const run = (db: HandlerDb<W>) =>
      spec.handler({ body, query, params, user: maybeUser as AuthUser, maybeUser, db, deps, emits, onCommit, ctx });
    let result: unknown;
    try {
      result = spec.write
        ? await deps.db.transaction(async (trx) => {
            const out = await run(trx as HandlerDb<W>);
            emits.summarise(writeSummaryOf(trx));
            return out;
          })
        : await run(deps.db as HandlerDb<W>);
    } catch (e) {
      for (const twin of emits.twins(catalogueCode(e))) safeEmit(deps, twin);
      throw e;
    }
    for (const fn of committed) {
      try {
        fn();
      } catch (e) {
        deps.log.warn("after-commit hook failed", { error: String(e) });
      }
    }
    if (emits.writeSummary) ctx.set(SUMMARY_HEADER, JSON.stringify(emits.writeSummary));
    if (limitKey && spec.rateLimit?.clearOnSuccess) await clearRateLimit(deps.db, limitKey);
    // Before the answer and before this write's events: once the client hears back, access has ended.
    if (emits.access.length > 0) {
      await deps
        .accessChanged(emits.access)
        .catch((e: unknown) => deps.log.warn("realtime eviction failed", { error: String(e) }));
    }
    for (const payload of emits.committed()) safeEmit(deps, payload);
    if (ctx.body !== undefined && result === undefined) return; // the handler wrote a file or a stream
    if (result === undefined) {
      ctx.status = 204;
      return;
    }
    ctx.status = spec.status ?? 200;
    ctx.body = result;
  });
}
