import Koa from "koa";
import { BODY_MAX_BYTES, FORGOT_RATE_LIMIT, LOGIN_RATE_LIMIT, SCHEDULE_IMPORT_MAX_BYTES } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { Config } from "./config.js";
import type { AppDeps } from "./context.js";
import type { Db } from "./db/knex.js";
import { createTokenService, resolveJwtSecret } from "./auth/tokens.js";
import { authenticate, type AppState } from "./http/auth.js";
import { bodyParser } from "./http/body.js";
import { errorHandler } from "./http/errorHandler.js";
import { serveWebApp } from "./http/webApp.js";
import { createLogger, type Logger } from "./lib/log.js";
import { apiRouter } from "./routes/index.js";

export interface CreateAppOptions {
  db: Db;
  config: Config;
  log?: Logger;
  emit?: (payload: RealtimePayload) => void;
  accessChanged?: AppDeps["accessChanged"];
  rateLimits?: Partial<AppDeps["rateLimits"]>;
}

/**
 * The Koa app. Fixed middleware chain: error handler ({code, message} with the catalogue status) ->
 * security headers -> body parser -> bearer JWT authentication -> router; each route then authorizes,
 * validates (zod), rate limits, opens its transaction and presents (http/route.ts).
 */
export async function createApp(options: CreateAppOptions): Promise<{ app: Koa<AppState>; deps: AppDeps }> {
  const log = options.log ?? createLogger();
  const secret = await resolveJwtSecret(options.db, options.config.jwtSecret);
  const deps: AppDeps = {
    db: options.db,
    config: options.config,
    tokens: createTokenService(secret, options.config.jwtTtl),
    log,
    emit: options.emit ?? (() => undefined),
    accessChanged: options.accessChanged ?? (async () => undefined),
    rateLimits: {
      login: {
        ...LOGIN_RATE_LIMIT,
        ...(options.config.loginMaxPerAddress ? { perAddress: options.config.loginMaxPerAddress } : {}),
      },
      forgotPassword: { ...FORGOT_RATE_LIMIT },
      ...options.rateLimits,
    },
  };
  const app = new Koa<AppState>();
  app.proxy = process.env.TRUST_PROXY === "true";
  app.silent = true;
  app.use(errorHandler(log));
  app.use(async (ctx, next) => {
    ctx.set("X-Content-Type-Options", "nosniff");
    ctx.set("Referrer-Policy", "no-referrer");
    await next();
  });
  app.use(
    bodyParser(BODY_MAX_BYTES, {
      // The file plus the multipart envelope and its other fields.
      "/api/project/import-schedule": { limit: SCHEDULE_IMPORT_MAX_BYTES + 64 * 1024, code: "errors.import_too_large" },
    }),
  );
  app.use(authenticate(deps));
  const router = apiRouter(deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  // The built web app on the same origin (npm start serves both on one port).
  app.use(serveWebApp());
  return { app, deps };
}
