import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "../../test/helpers/db.js";
import { createLogger } from "../lib/log.js";
import { realPostgresOf } from "../server.js";
import { CLOSE_WAIT_MS, postgresRealtime, type PostgresRealtime } from "./adapter.js";

// Two Socket.IO servers, each with its own adapter and pool as two processes have, on the test schema: what one
// emits reaches the other's clients in the order it was emitted, a payload over NOTIFY's 8,000 bytes (read back
// from the attachments table) included, and its own clients get the same order.
const url = process.env.DATABASE_URL;
const SKIP = "needs a real PostgreSQL: set DATABASE_URL (the PostgreSQL run of npm test sets it)";
if (!url) console.warn(`realtime/adapter.test skipped: ${SKIP}`);

describe.skipIf(!url)(`the PostgreSQL adapter${url ? "" : ` (skipped: ${SKIP})`}`, () => {
  let t: TestDb;
  const nodes: { io: Server; http: http.Server; shared: PostgresRealtime; port: number }[] = [];
  const clients: Socket[] = [];

  beforeAll(async () => {
    t = await openTestDb();
    const target = realPostgresOf(t.db)!;
    for (let k = 0; k < 2; k++) {
      const server = http.createServer();
      const shared = postgresRealtime(target.connection, createLogger("silent"), target.searchPath);
      const io = new Server(server, { adapter: shared.adapter });
      io.on("connection", (s) => void s.join("project:1"));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      nodes.push({ io, http: server, shared, port: (server.address() as AddressInfo).port });
    }
    // Both LISTEN before anything is emitted.
    for (let i = 0; i < 100; i++) {
      const r = await t.db.raw(
        "select count(*)::int c from pg_stat_activity where datname = current_database() and application_name = 'jalon-realtime' and query like 'LISTEN%'",
      );
      if (r.rows[0].c >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    for (const n of nodes) {
      await new Promise<void>((resolve) => void n.io.close(() => resolve()));
      await n.shared.close();
    }
    await t?.close();
  });

  const client = async (port: number) => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    clients.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const got: { n: number; bytes: number }[] = [];
    socket.on("change", (p: { n: number; pad: string }) => got.push({ n: p.n, bytes: p.pad.length }));
    return got;
  };

  it("relays to the other server's clients in emit order, large payloads (attachments) included", async () => {
    const remote = await client(nodes[1].port);
    const local = await client(nodes[0].port);
    const sizes = [20_000, 10, 30_000, 10, 10, 9_000, 10];
    sizes.forEach((size, n) => nodes[0].io.to("project:1").emit("change", { n, pad: "x".repeat(size) }));
    for (let i = 0; i < 200 && (remote.length < sizes.length || local.length < sizes.length); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(remote.map((g) => g.n)).toEqual(sizes.map((_, n) => n));
    expect(remote.map((g) => g.bytes)).toEqual(sizes);
    expect(local.map((g) => g.n)).toEqual(sizes.map((_, n) => n));
    const stored = await t.db.raw("select count(*)::int c from socket_io_attachments");
    expect(stored.rows[0].c).toBeGreaterThanOrEqual(3);
  });

  it("ends its pool when Socket.IO closes while the LISTEN connection is still being set up", async () => {
    const target = realPostgresOf(t.db)!;
    const shared = postgresRealtime(target.connection, createLogger("silent"), target.searchPath);
    // The adapter starts its LISTEN client on creation; closing at once comes before that client is kept, so the
    // adapter's own close releases nothing and the client it then holds stays checked out.
    const io = new Server(http.createServer(), { adapter: shared.adapter });
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    const started = Date.now();
    await shared.close();
    expect(Date.now() - started).toBeLessThan(CLOSE_WAIT_MS + 3_000);
  });
});
