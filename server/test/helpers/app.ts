import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { createApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import type { AppDeps } from "../../src/context.js";
import type { Db } from "../../src/db/knex.js";
import { createLogger } from "../../src/lib/log.js";
import { openTestDb } from "./db.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  headers?: Record<string, string>;
  rawBody?: string | Buffer | FormData;
}

export interface TestApp {
  db: Db;
  deps: AppDeps;
  url: string;
  emitted: RealtimePayload[];
  request: <T = any>(method: string, path: string, opts?: RequestOptions) => Promise<Res<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close: () => Promise<void>;
}

export function qs(query: RequestOptions["query"]): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(item))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

/** The Koa app on an ephemeral port over a per-file test database, with a tiny fetch helper. */
export async function startTestApp(opts: { rateLimits?: Partial<AppDeps["rateLimits"]> } = {}): Promise<TestApp> {
  const { db, close: closeDb } = await openTestDb();
  const emitted: RealtimePayload[] = [];
  const config = { ...loadConfig({}), jwtSecret: "test-secret-of-at-least-16-chars", publicUrl: "http://jalon.test" };
  const { app, deps } = await createApp({
    db,
    config,
    log: createLogger(process.env.TEST_LOG ?? "silent"),
    emit: (p) => emitted.push(p),
    rateLimits: {
      login: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
      ...opts.rateLimits,
    },
  });
  const server = http.createServer(app.callback());
  // fetch reuses its sockets: with Node's 5 s keep-alive the server could close one just as a slow test (a PDF
  // print on a loaded machine) sent its next request on it (ECONNRESET). close() still ends idle sockets.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request: TestApp["request"] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | Buffer | FormData | undefined = o.rawBody;
    if (o.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(o.body);
    }
    const res = await fetch(`${url}/api${path}${qs(o.query)}`, { method, headers, body });
    const type = res.headers.get("content-type") ?? "";
    const parsed = type.includes("json")
      ? await res.json()
      : type.startsWith("text")
        ? await res.text()
        : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
  return {
    db,
    deps,
    url,
    emitted,
    request,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDb();
    },
  };
}
