import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { DEMO_PASSWORD } from "../../src/db/seeds/demo.js";
import { MIGRATIONS } from "../../src/db/migrations/index.js";
import { freshDatabase, startServerProcess, waitFor, type ServerProcess } from "./processes.js";

// Two `npm start` processes on one PostgreSQL, started at the same moment on an empty database: both come up
// (migrations and demo seed take turns), a token of one works on the other, a move made through A reaches a
// client of B within 2 s (a bulk move's payload over NOTIFY's 8,000 bytes included) and B's cached planning
// follows it, and a bulk move whose process is killed midway leaves nothing.
const adminUrl = process.env.DATABASE_URL;
const SKIP = "needs a real PostgreSQL: set DATABASE_URL (the PostgreSQL run of npm test sets it)";
if (!adminUrl) console.warn(`server/test/scaleOut skipped: ${SKIP}`);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const CROSS_MS = 2_000;

describe.skipIf(!adminUrl)(`two server processes on one PostgreSQL${adminUrl ? "" : ` (skipped: ${SKIP})`}`, () => {
  let dbUrl: string;
  let dropDb: () => Promise<void>;
  let sql: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let projectId: number;
  let versionId: number;
  let socket: Socket;
  const received: { at: number; payload: RealtimePayload }[] = [];
  let beforeBulk: { id: number; s: string; e: string; revision: number }[] = [];

  beforeAll(async () => {
    ({ url: dbUrl, drop: dropDb } = await freshDatabase(adminUrl!));
    // The same moment, on an empty database: before the advisory locks one of them died (knex_migrations or
    // a demo user created twice).
    const env = { DATABASE_URL: dbUrl, SEED_DEMO: "true", JWT_SECRET: "" };
    [a, b] = await Promise.all([startServerProcess(repoRoot, "A", env), startServerProcess(repoRoot, "B", env)]);
    sql = new pg.Client({ connectionString: dbUrl });
    sql.on("error", () => undefined);
    await sql.connect();
    // Both adapters listen (their LISTEN connection comes up just after the server).
    const listening = await waitFor(
      async () =>
        Number(
          (
            await sql.query(
              "select count(*) c from pg_stat_activity where datname = current_database() and application_name = 'jalon-realtime' and query like 'LISTEN%'",
            )
          ).rows[0].c,
        ) >= 2,
      20_000,
    );
    expect(listening, "both servers LISTEN through the PostgreSQL adapter").toBe(true);
    const project = (await sql.query("select id, current_version_id from projects")).rows[0];
    projectId = project.id;
    versionId = project.current_version_id;
  }, 300_000);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    await dropDb?.();
  }, 60_000);

  const api = async (server: ServerProcess, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const snapshot = async () =>
    (
      await sql.query(
        "select id, start_date::text s, end_date::text e, revision from events where version_id = $1 order by id",
        [versionId],
      )
    ).rows as { id: number; s: string; e: string; revision: number }[];

  /** A move of `ids` putting the first one a week later (a Monday-to-Monday shift keeps working days). */
  const weekLater = async (ids: number[]) => {
    const anchor = (await sql.query("select start_date::text s from events where id = $1", [ids[0]])).rows[0]
      .s as string;
    const day = new Date(`${anchor}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 7);
    return {
      projectId,
      versionId,
      events: ids.map((id) => ({ id })),
      anchorId: ids[0],
      startDate: day.toISOString().slice(0, 10),
    };
  };

  const arrival = (event: string, since: number, test: (p: RealtimePayload) => boolean = () => true) =>
    waitFor(
      async () => received.find((r) => r.at >= since && r.payload.event === event && test(r.payload)) ?? null,
      10_000,
    );

  it("both came up on the empty database: migrated once, demo seeded once, one JWT secret", async () => {
    expect(a.url).not.toBe(b.url);
    const migrations = (await sql.query("select name, count(*)::int c from knex_migrations group by name")).rows;
    expect(migrations).toHaveLength(MIGRATIONS.length);
    expect(migrations.every((m) => m.c === 1)).toBe(true);
    expect(Number((await sql.query("select count(*) c from users")).rows[0].c)).toBe(3);
    expect(Number((await sql.query("select count(*) c from projects")).rows[0].c)).toBe(1);
    expect(Number((await sql.query("select count(*) c from app_settings where key = 'jwt_secret'")).rows[0].c)).toBe(1);
  });

  it("accepts on B a token issued by A (the secret is shared through the database)", async () => {
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@jalon.demo", password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
    const onB = await api(b, "GET", "/project");
    expect(onB.status).toBe(200);
    expect((onB.body.data as { id: number }[]).map((p) => p.id)).toContain(projectId);
    const unsigned = await fetch(`${b.url}/api/project`, {
      headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
    });
    expect(unsigned.status).toBe(401);
  });

  it("delivers a move made through A to a client of B within 2 s, and B's cached planning follows it", async () => {
    socket = io(b.url, {
      path: "/socket.io",
      auth: { token },
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    socket.onAny((_name: string, payload: RealtimePayload) => received.push({ at: Date.now(), payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    expect(
      await new Promise<boolean>((resolve) =>
        socket.emit("join", { projectId }, (r: { ok: boolean }) => resolve(r.ok)),
      ),
    ).toBe(true);

    const planningOnB = async () => {
      const res = await fetch(
        `${b.url}/api/planning/data?projectId=${projectId}&versionId=${versionId}&startDate=2025-01&endDate=2028-12`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { writeCounter: number; graph: { ids: number[]; startDay: number[] } };
    };
    await planningOnB(); // now in B's cache

    const task = (
      await sql.query(
        "select id from events where version_id = $1 and type = 'task' order by start_date, id limit 1 offset 40",
        [versionId],
      )
    ).rows[0].id as number;
    const move = await weekLater([task]);
    const moved = await api(a, "PATCH", "/event/bulk-update", move);
    const answered = Date.now();
    expect(moved.status).toBe(200);
    const got = await arrival("event:update", answered - 5_000, (p) => p.ids.includes(task));
    expect(got, "the move reached B's client").not.toBeNull();
    expect(got!.at - answered).toBeLessThan(CROSS_MS);
    expect(got!.payload).toMatchObject({ projectId, versionId, dates: { ids: moved.body.ids as number[] } });

    const after = await planningOnB();
    const day = after.graph.startDay[after.graph.ids.indexOf(task)];
    expect(new Date(day * 86_400_000).toISOString().slice(0, 10)).toBe(move.startDate);
  });

  it("delivers a bulk move over NOTIFY's 8,000 bytes (through the attachments table) within 2 s", async () => {
    const ids = (
      await sql.query("select id from events where version_id = $1 order by start_date, id", [versionId])
    ).rows.map((r) => r.id as number);
    beforeBulk = await snapshot();
    const attachments = Number((await sql.query("select count(*) c from socket_io_attachments")).rows[0].c);
    const since = Date.now();
    const moved = await api(a, "PATCH", "/event/bulk-update", await weekLater(ids));
    const answered = Date.now();
    expect(moved.status).toBe(200);
    const got = await arrival("event:bulk_update", answered - 5_000, (p) => (p.dates?.ids.length ?? 0) > 100);
    expect(got, "the bulk move reached B's client").not.toBeNull();
    expect(got!.at - answered).toBeLessThan(CROSS_MS);
    expect(JSON.stringify(got!.payload).length).toBeGreaterThan(8_000);
    expect(got!.payload.dates!.ids.length).toBe((moved.body.ids as number[]).length);
    expect(Number((await sql.query("select count(*) c from socket_io_attachments")).rows[0].c)).toBeGreaterThan(
      attachments,
    );
    // In the order A sent them: the progress stage by stage, then the large payload (read back from the
    // attachments table) after the 100 % that was notified just before it.
    const seen = received
      .filter((r) => r.at >= since && r.payload.versionId === versionId)
      .map((r) => (r.payload.event === "event:update_progress" ? r.payload.percentage : r.payload.event));
    expect(seen).toEqual([10, 35, 65, 70, 90, 95, 100, "event:bulk_update"]);
  });

  it("undoes through B the bulk move made through A (the undo steps are in the database)", async () => {
    const undone = await api(b, "POST", "/undo/apply", { projectId, versionId });
    expect(undone.status).toBe(200);
    const dates = (rows: { id: number; s: string; e: string }[]) => rows.map(({ id, s, e }) => ({ id, s, e }));
    expect(dates(await snapshot())).toEqual(dates(beforeBulk));
  });

  it("counts failed logins through both processes against one limit (rate limits are in the database)", async () => {
    const statuses: number[] = [];
    for (let k = 0; k < 11; k++) {
      const res = await fetch(`${(k % 2 ? b : a).url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "manager@jalon.demo", password: `faux-${k}` }),
      });
      statuses.push(res.status);
    }
    // 10 attempts per window (LOGIN_RATE_LIMIT), whichever process gets them: the 11th is refused.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const retry = await fetch(`${a.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@jalon.demo", password: DEMO_PASSWORD }),
    });
    expect(retry.status).toBe(429);
  });

  it("leaves nothing of a bulk move whose process is killed (-9) midway, and B writes on afterwards", async () => {
    const ids = (
      await sql.query("select id from events where version_id = $1 order by start_date, id", [versionId])
    ).rows.map((r) => r.id as number);
    const before = await snapshot();
    const counts = async () =>
      (
        await sql.query(
          "select (select count(*) from undo_steps)::int u, (select count(*) from event_histories)::int h, (select write_counter from versions where id = $1)::int w",
          [versionId],
        )
      ).rows[0];
    const countsBefore = await counts();
    // Holds the move after its events are updated, at its undo step, until A is dead.
    const blocker = new pg.Client({ connectionString: dbUrl });
    blocker.on("error", () => undefined);
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("lock table undo_steps in share row exclusive mode");
    const since = Date.now();
    const request = api(a, "PATCH", "/event/bulk-update", await weekLater(ids)).catch(() => null);
    const history = await arrival("event:update_progress", since, (p) => p.percentage === 90);
    expect(history, "the move got past its events' update").not.toBeNull();
    await a.kill();
    expect(await request).toBeNull();
    await blocker.query("rollback");
    await blocker.end();
    // A's transaction ends when its server process notices the lost client: then the version lock is free.
    const released = await waitFor(async () => {
      await sql.query("begin");
      try {
        return (await sql.query("select pg_try_advisory_xact_lock(1, $1) ok", [versionId])).rows[0].ok === true;
      } finally {
        await sql.query("rollback");
      }
    }, 20_000);
    expect(released, "the killed move's transaction ended").toBe(true);

    expect(await snapshot()).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
    expect(received.some((r) => r.at >= since && r.payload.event === "event:bulk_update")).toBe(false);

    const again = await api(b, "PATCH", "/event/bulk-update", await weekLater(ids));
    expect(again.status).toBe(200);
    const after = await snapshot();
    expect(after.filter((e, i) => e.s !== before[i].s).length).toBeGreaterThan(ids.length / 2);
  });
});
