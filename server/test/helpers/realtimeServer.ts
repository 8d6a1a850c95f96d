import { io, type Socket } from "socket.io-client";
import { createTokenService } from "../../src/auth/tokens.js";
import { loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/knex.js";
import { createLogger } from "../../src/lib/log.js";
import { startServer, type RunningServer } from "../../src/server.js";
import type { TestApp } from "./app.js";
import { openTestDb } from "./db.js";

export const REALTIME_TEST_SECRET = "test-secret-of-at-least-16-chars";

/**
 * The real server (Koa and Socket.IO) on the test database, for tests with real sockets. With DATABASE_URL the
 * rooms go through the PostgreSQL adapter, as with several processes. `t` is enough for the factories.
 */
export interface RealtimeServer {
  db: Db;
  server: RunningServer;
  url: string;
  t: TestApp;
  /** A socket with this handshake, closed by `close()`; rejects with the server's refusal. */
  connect: (auth: Record<string, string>, base?: string) => Promise<Socket>;
  join: (socket: Socket, projectId: number) => Promise<boolean>;
  api: (
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Another server on the same database (several processes), closed by `close()`. */
  startAnother: () => Promise<RunningServer>;
  close: () => Promise<void>;
}

const serverUrl = (s: RunningServer) => s.url.replace("localhost", "127.0.0.1");

export async function startRealtimeServer(): Promise<RealtimeServer> {
  const { db, close: closeDb } = await openTestDb();
  const start = () =>
    startServer(
      db,
      { ...loadConfig({ DATABASE_URL: process.env.DATABASE_URL }), port: 0, jwtSecret: REALTIME_TEST_SECRET },
      createLogger("silent"),
    );
  const server = await start();
  const url = serverUrl(server);
  const others: RunningServer[] = [];
  const sockets: Socket[] = [];
  const connect = (auth: Record<string, string>, base = url) => {
    const socket = io(base, {
      path: "/socket.io",
      auth,
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", (e) => reject(e));
    });
  };
  return {
    db,
    server,
    url,
    t: { db, deps: { tokens: createTokenService(REALTIME_TEST_SECRET, "1h") } } as unknown as TestApp,
    connect,
    join: (socket, projectId) =>
      new Promise<boolean>((resolve) => socket.emit("join", { projectId }, (r: { ok: boolean }) => resolve(r.ok))),
    api: async (method, path, token, body) => {
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    startAnother: async () => {
      const other = await start();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const s of sockets) s.disconnect();
      for (const o of others) await o.close();
      await server.close();
      await closeDb();
    },
  };
}

/** Polls `check` until it holds or `ms` pass; the last answer. */
export async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

export { serverUrl };
