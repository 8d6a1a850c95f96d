import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BODY_MAX_BYTES } from "@jalon/shared";
import type { AppDeps } from "../../src/context.js";
import type { Db } from "../../src/db/knex.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/lib/log.js";
import { startServer } from "../../src/server.js";
import { startTestApp, type TestApp } from "../helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  buildUser,
  buildZone,
  type BuiltProject,
  type BuiltUser,
} from "../helpers/factories.js";
import { badRequest, type BadRequest, type Fixture } from "./arbitraries.js";
import { registeredRoutes, type DeclaredRoute, type WalkedRoute } from "./routes.js";

// route() keeps no registry of its schemas: record what each call is given (the routes still come from the router).
const declared = vi.hoisted(() => [] as DeclaredRoute[]);
vi.mock("../../src/http/route.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../src/http/route.js")>();
  const route: typeof m.route = (router, deps, spec) => {
    declared.push({
      router,
      method: spec.method,
      path: spec.path,
      body: spec.body,
      query: spec.query,
      open: spec.roles === undefined || spec.anonymous === true,
    });
    m.route(router, deps, spec);
  };
  return { ...m, route };
});

/**
 * Every registered route, fed generated bad input as an admin and as a project member: each request gets an
 * HTTP answer, never a 5xx, a 4xx whenever its poison reaches a check, and no table of the schema gains or
 * loses a row. A fixed seed keeps the run reproducible; a failure prints the request (seed and path to
 * replay it with fast-check).
 */

const SEED = Number(process.env.BAD_INPUT_SEED ?? 14_2026);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 8);

let t: TestApp;
// Listed when the file is collected, one test per route and user; the handlers never run with these deps.
const routes: WalkedRoute[] = registeredRoutes({} as AppDeps, declared);
let tables: string[];
const users = {} as Record<"admin" | "member", BuiltUser>;
const fixture: Fixture = { ids: [], named: {} };
let projectA: BuiltProject;

async function tableNames(db: Db): Promise<string[]> {
  const res = await db.raw(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return (res.rows as { table_name: string }[]).map((r) => r.table_name);
}

/** Row count of every table, in one statement. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const res = await db.raw(`SELECT ${tables.map((name, i) => `(SELECT count(*) FROM "${name}") AS c${i}`).join(", ")}`);
  const row = res.rows[0] as Record<string, string | number>;
  return Object.fromEntries(tables.map((name, i) => [name, Number(row[`c${i}`])]));
}

/** Sends a request as it is (raw path, raw body); an answer is {status, text}, a dropped connection a string. */
async function send(req: BadRequest, token: string): Promise<{ status: number; text: string } | string> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (req.contentType) headers["content-type"] = req.contentType;
  try {
    let body: string | FormData | undefined = req.body;
    if (req.form) {
      const form = new FormData();
      for (const [k, v] of req.form) {
        if (typeof v === "string") form.append(k, v);
        else form.append(k, new Blob([v]), "fichier.xlsx");
      }
      body = form;
    }
    const res = await fetch(`${t.url}/api${req.url}`, {
      method: req.method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, text: (await res.text()).slice(0, 300) };
  } catch (e) {
    return `no answer: ${String((e as Error).cause ?? e)}`;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  users.admin = await buildUser(t, { type: "admin" });
  users.member = await buildUser(t, { type: "manager" });
  const outsider = await buildUser(t, { type: "manager" });
  const a = await buildProject(t, users.admin, { members: [users.member], isPublic: true });
  const b = await buildProject(t, outsider);
  const e1 = await buildEvent(t.db, a);
  const e2 = await buildEvent(t.db, a, { type: "milestone" });
  await buildLink(t.db, a, e1.id, e2.id);
  const zone = await buildZone(t.db, a);
  const lot = await buildLot(t.db, a);
  projectA = a;
  fixture.ids = [
    ...new Set([
      a.id,
      a.versionId,
      b.id,
      b.versionId,
      e1.id,
      e2.id,
      zone.id,
      lot.id,
      users.admin.id,
      users.member.id,
      outsider.id,
      1,
      2,
    ]),
  ];
  fixture.named = {
    id: a.id,
    "project:id": a.id,
    projectId: a.id,
    "version:id": a.versionId,
    versionId: a.versionId,
    "event:id": e1.id,
    eventId: e1.id,
    anchorId: e1.id,
    "zone:id": zone.id,
    zoneId: zone.id,
    parentId: zone.id,
    "participant-group-pro:id": lot.id,
    participantGroupProId: lot.id,
    "user:id": outsider.id,
    userId: outsider.id,
  };
  tables = await tableNames(t.db);
});
afterAll(async () => t?.close());

describe("bad input on every registered route", () => {
  it("walks the router registry (not a hand-made list)", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.method === "PATCH" && r.path === "/user/views")).toBe(true);
    expect(tables).toContain("events");
  });

  for (const who of ["admin", "member"] as const) {
    describe(`as ${who}`, () => {
      for (const [index, route] of routes.entries()) {
        it(`${route.method} ${route.path}: an answer, never a 5xx, a 4xx when the poison reaches a check, no row written`, async () => {
          const failures: string[] = [];
          await fc.assert(
            fc.asyncProperty(badRequest(route, fixture), async (req) => {
              const before = await rowCounts(t.db);
              const res = await send(req, users[who].token);
              const after = await rowCounts(t.db);
              const changed = tables
                .filter((n) => before[n] !== after[n])
                .map((n) => `${n} ${before[n]} -> ${after[n]}`);
              const label = `${req.method} ${req.url.slice(0, 200)} [${req.poison}]`;
              if (process.env.BAD_INPUT_LOG)
                console.log(
                  `${typeof res === "string" ? res : res.status} ${label.slice(0, 160)} ${typeof res === "string" ? "" : res.text.slice(0, 100)}`,
                );
              if (typeof res === "string") failures.push(`${label}: ${res}`);
              else if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text}`);
              else if (req.mustRefuse && res.status < 400)
                failures.push(`${label}: ${res.status} (a refusal was due) ${res.text}`);
              if (changed.length > 0) failures.push(`${label}: rows changed: ${changed.join(", ")}`);
            }),
            { seed: SEED + index, numRuns: RUNS },
          );
          expect(failures).toEqual([]);
        });
      }
    });
  }
});

describe("forged and odd session tokens on every registered route", () => {
  it("an answer, never a 5xx, no row written; a route that needs a session answers 401", async () => {
    const secret = "test-secret-of-at-least-16-chars"; // the test app's (helpers/app.ts)
    const tokens = [
      "garbage",
      "a.b.c",
      `${"x".repeat(4000)}`,
      jwt.sign({}, "another-secret-of-16-chars-or-more", { subject: String(users.admin.id) }),
      `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(`{"sub":"${users.admin.id}"}`).toString("base64url")}.`,
      ...["9223372036854775808", "2147483648", "-1", "0", "1e309", "abc", "1.5", "\u0000"].map((sub) =>
        jwt.sign({}, secret, { subject: sub }),
      ),
    ];
    const failures: string[] = [];
    const before = await rowCounts(t.db);
    // A route's thirteen tokens at once (refused before any write): 5,000 requests one by one passed the 60 s
    // test timeout on a loaded machine.
    for (const route of routes) {
      const url = route.path.replace(/:[A-Za-z0-9_]+/g, "1");
      await Promise.all(
        tokens.map(async (token) => {
          const res = await send({ method: route.method, url, poison: "token", mustRefuse: false }, token);
          const label = `${route.method} ${url} with token ${token.slice(0, 40)}`;
          if (typeof res === "string") failures.push(`${label}: ${res}`);
          else if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text}`);
          else if (!route.open && res.status !== 401)
            failures.push(`${label}: ${res.status} (401 was due) ${res.text}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.db)).toEqual(before);
  }, 180_000);
});

/** A raw HTTP request (fetch always sends a Content-Length; here the body may also be chunked). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<{ status: number; body: string } | string> {
  return new Promise((resolve) => {
    const url = new URL(`${t.url}/api${path}`);
    const req = http.request({ method, hostname: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (e) => resolve(`no answer: ${e.message}`));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

/**
 * A client that writes its whole request before reading (Python's http.client, curl with a file...): the
 * answer must reach it. Sent on a raw socket; the answer is what comes back before the socket closes.
 */
function sendAllThenRead(url: string, head: string, body: Buffer[] = []): Promise<string> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => (answer += d));
    socket.on("error", (e) => resolve(`${answer}\n[${e.message}]`));
    socket.on("close", () => resolve(answer));
    socket.write(head);
    for (const b of body) socket.write(b);
  });
}

describe("every request gets an answer", () => {
  it("an address or headers past Node's limit, a chunked body past ours: 431 / 413 reach a client that sends everything first", async () => {
    const running = await startServer(
      t.db,
      { ...loadConfig({}), port: 0, jwtSecret: "test-secret-of-at-least-16-chars" },
      createLogger("silent"),
    );
    try {
      const auth = `authorization: Bearer ${users.admin.token}\r\n`;
      const longUrl = await sendAllThenRead(
        running.url,
        `GET /api/version?filter=${"x".repeat(1_000_000)} HTTP/1.1\r\nhost: x\r\n${auth}\r\n`,
      );
      expect(longUrl).toMatch(/^HTTP\/1\.1 431 /);
      expect(longUrl).toContain('"code":"errors.payload_too_large"');
      const longHeader = await sendAllThenRead(
        running.url,
        `GET /api/version HTTP/1.1\r\nhost: x\r\n${auth}x-big: ${"y".repeat(200_000)}\r\n\r\n`,
      );
      expect(longHeader).toMatch(/^HTTP\/1\.1 431 /);
      const garbage = await sendAllThenRead(running.url, "NOT HTTP AT ALL\r\n\r\n");
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      // 40 MB in 1 MB chunks, the limit being 10 MB: the server reads and drops the rest, then answers.
      const mb = Buffer.alloc(1024 * 1024, 0x61);
      const chunk = Buffer.concat([Buffer.from(`${mb.length.toString(16)}\r\n`), mb, Buffer.from("\r\n")]);
      const chunked = await sendAllThenRead(
        running.url,
        `POST /api/event HTTP/1.1\r\nhost: x\r\n${auth}content-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n`,
        [...Array(40).fill(chunk), Buffer.from("0\r\n\r\n")],
      );
      expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
      expect(chunked).toContain('"code":"errors.payload_too_large"');
    } finally {
      await running.close();
    }
  });
});

describe("JSON body limits", () => {
  it("a body past the limit answers 413 errors.payload_too_large, announced or chunked, and writes nothing", async () => {
    const before = await rowCounts(t.db);
    const big = Buffer.alloc(BODY_MAX_BYTES + 1024, 0x20);
    const auth = { authorization: `Bearer ${users.admin.token}`, "content-type": "application/json" };
    for (const [method, path] of [
      ["PATCH", "/user/views"],
      ["POST", "/event"],
      ["POST", "/zone/import"],
    ] as const) {
      const announced = await rawRequest(method, path, { ...auth, "content-length": String(big.length) }, [big]);
      expect(announced, `${method} ${path} announced`).toMatchObject({ status: 413 });
      const chunked = await rawRequest(method, path, { ...auth, "transfer-encoding": "chunked" }, [
        big.subarray(0, 6_000_000),
        big.subarray(6_000_000),
      ]);
      expect(chunked, `${method} ${path} chunked`).toMatchObject({ status: 413 });
      expect(JSON.parse((chunked as { body: string }).body).code).toBe("errors.payload_too_large");
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("PATCH /user/views: nested deeper than 32 levels, a lone \\u escape or NUL answer 400; 32 levels are taken", async () => {
    const before = await t.db("users").where({ id: users.member.id }).first("views");
    const patch = (rawBody: string) =>
      t.request("PATCH", "/user/views", {
        token: users.member.token,
        rawBody,
        headers: { "content-type": "application/json" },
      });
    const deep = await patch(`{"views":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body.code).toBe("errors.invalid_json");
    expect((await patch('{"views":{"a":"\\ud800"}}')).body.code).toBe("errors.invalid_json");
    expect((await patch('{"views":{"a":"\\u12"}}')).body.code).toBe("errors.invalid_json");
    const nul = await patch('{"views":{"a":["x\\u0000"]}}');
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe("errors.validation");
    expect(await t.db("users").where({ id: users.member.id }).first("views")).toEqual(before);
    const ok = await patch(`{"views":${'{"a":'.repeat(30)}1${"}".repeat(30)}}`);
    expect(ok.status).toBe(200);
  });

  it("more ids than PostgreSQL takes in one statement (65,535 parameters) answer 413, nothing written", async () => {
    const before = await rowCounts(t.db);
    const ids = Array.from({ length: 70_000 }, (_, i) => i + 1);
    const res = await t.request("DELETE", "/zone/bulk-delete", { token: users.admin.token, body: { ids } });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.code).toBe("errors.payload_too_large");
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("a NUL in the login e-mail answers 400 errors.validation and counts no attempt", async () => {
    const before = await rowCounts(t.db);
    const res = await t.request("POST", "/auth/login", { body: { email: "a\u0000@b.fr", password: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("errors.validation");
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe("form values with noise on every registered route (may be taken: only the answer is checked)", () => {
  // Last in the file: these requests may write. Undo what would stop the next routes from reaching their
  // handlers (an archived project, a frozen version, a member removed or changed).
  beforeEach(async () => {
    await t.db("projects").where({ id: projectA.id }).update({ is_archived: false, is_public: true });
    await t.db("users").where({ id: users.admin.id }).update({ type: "admin" });
    await t.db("users").where({ id: users.member.id }).update({ type: "manager" });
    await t
      .db("project_users")
      .insert({ project_id: projectA.id, user_id: users.member.id })
      .onConflict(["project_id", "user_id"])
      .ignore();
    const p = await t.db("projects").where({ id: projectA.id }).first("current_version_id");
    fixture.named.versionId = fixture.named["version:id"] = p.current_version_id;
  });
  for (const who of ["member", "admin"] as const) {
    describe(`as ${who}`, () => {
      for (const [index, route] of routes.entries()) {
        it(`${route.method} ${route.path}: an answer, never a 5xx`, async () => {
          const failures: string[] = [];
          await fc.assert(
            fc.asyncProperty(badRequest(route, fixture, true), async (req) => {
              const res = await send(req, users[who].token);
              const label = `${req.method} ${req.url.slice(0, 200)} ${req.body?.slice(0, 300) ?? ""}`;
              if (process.env.BAD_INPUT_LOG)
                console.log(
                  `${typeof res === "string" ? res : res.status} ${label.slice(0, 300)} ${typeof res === "string" ? "" : res.text.slice(0, 100)}`,
                );
              if (typeof res === "string") failures.push(`${label}: ${res}`);
              else if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text}`);
            }),
            { seed: SEED + 1000 + index, numRuns: RUNS },
          );
          expect(failures).toEqual([]);
        });
      }
    });
  }
});
