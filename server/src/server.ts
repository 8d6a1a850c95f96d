import http from "node:http";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { mayWatchAll } from "./access/projects.js";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import type { Db } from "./db/knex.js";
import { loadAuthUser } from "./http/auth.js";
import { answerClientErrors } from "./http/clientErrors.js";
import type { Logger } from "./lib/log.js";
import { postgresRealtime, type PgConnection } from "./realtime/adapter.js";
import type { AccessChange } from "./context.js";
import { attachRealtime, type RealtimeHub } from "./realtime/hub.js";

export interface RunningServer {
  server: http.Server;
  url: string;
  hub: RealtimeHub;
  close: () => Promise<void>;
}

/**
 * The PostgreSQL server behind knex, when it is a real one (DATABASE_URL, or the one the app starts itself, which keeps its rooms in memory: one process): its
 * connection (knex keeps a connection string parsed into pg's settings) and schema. Null on PGlite, which
 * serves one process and keeps Socket.IO's rooms in memory.
 */
export function realPostgresOf(db: Db): { connection: PgConnection; searchPath?: string } | null {
  const config = db.client.config as {
    client?: unknown;
    connection?: unknown;
    searchPath?: string | readonly string[];
  };
  if (config.client !== "pg" || !config.connection || !["string", "object"].includes(typeof config.connection))
    return null;
  const searchPath = typeof config.searchPath === "string" ? config.searchPath : config.searchPath?.[0];
  // knex keeps a parsed connection's password as a hidden (non-enumerable) property: a spread would drop it.
  const connection =
    typeof config.connection === "string"
      ? config.connection
      : { ...(config.connection as object), password: (config.connection as { password?: string }).password };
  return { connection: connection as PgConnection, searchPath };
}

let guarded = false;

/**
 * Last resort: an error that escapes every request's chain (a callback of a library, a forgotten promise) is
 * logged and the server keeps serving, instead of dying and dropping every open connection. Requests answer
 * their own errors (http/errorHandler.ts); one logged here is a defect to fix where it comes from.
 */
function guardProcess(log: Logger): void {
  if (guarded) return;
  guarded = true;
  process.on("unhandledRejection", (reason) => {
    log.error("Promesse rejetée sans gestionnaire", {
      error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
    });
  });
  process.on("uncaughtException", (error) => {
    log.error("Exception non rattrapée", { error: error.stack ?? error.message });
  });
}

/** The HTTP server: the Koa app plus Socket.IO on the same origin (one room per project, members only). */
export async function startServer(db: Db, config: Config, log: Logger): Promise<RunningServer> {
  let hub: RealtimeHub | null = null;
  const emit = (payload: RealtimePayload) => hub?.emit(payload);
  const accessChanged = async (changes: readonly AccessChange[]) => hub?.accessChanged(changes);
  const { app, deps } = await createApp({ db, config, log, emit, accessChanged });
  const server = http.createServer(app.callback());
  answerClientErrors(server, log);
  guardProcess(log);
  // Several processes on one PostgreSQL (DATABASE_URL) share the project rooms: a change made through one reaches
  // every client. The embedded database serves one process (its folder is locked), whose rooms stay in memory.
  const pgServer = config.databaseUrl ? realPostgresOf(db) : null;
  const shared = pgServer ? postgresRealtime(pgServer.connection, log, pgServer.searchPath) : null;
  hub = attachRealtime(
    server,
    {
      verify: async (token) => {
        const claims = deps.tokens.verify(token);
        return claims && (await loadAuthUser(deps, claims.userId)) ? { userId: claims.userId } : null;
      },
      mayWatchAll: (checks) => mayWatchAll(db, checks),
    },
    { adapter: shared?.adapter },
  );
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const h = hub;
  return {
    server,
    hub: h,
    url: `http://localhost:${port}`,
    close: async () => {
      await h.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shared?.close();
    },
  };
}
