// Realtime scale-out bench: `npm run -s bench:realtime` (= npx tsx bench/realtime/run.ts) prints one JSON
// document on stdout, progress on stderr. The real server (`server/src/main.ts`, as `npm start` runs it) on the
// demo project, in one process and then in two processes sharing one PostgreSQL database (Socket.IO's rooms
// through @socket.io/postgres-adapter), with 200 Socket.IO clients listening to the project:
//  - GET /planning/data under autocannon at a fixed total rate (split over the processes);
//  - a move's round trip: PATCH /event/bulk-update of one task, until the first listening client (on the other
//    process when there are two) and then all 200 clients have its event:update;
//  - the peer, same run: a bare NOTIFY from one connection to a LISTEN on another, the floor of any crossing.
// See bench/README.md ("Realtime") for what each figure measures.
//   --clients N        listening Socket.IO clients (default 200)
//   --rate N           GET /planning/data requests per second, all processes together (default 200)
//   --load-seconds N   duration of the GET load (default 15)
//   --moves N          timed moves (default 40, after 5 warm-up moves)
import { execFileSync } from "node:child_process";
import path from "node:path";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { startPostgres } from "../../scripts/postgres.js";
import {
  freshDatabase,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../../server/test/scaleOut/processes.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const began = performance.now();
function log(msg: string): void {
  process.stderr.write(`[bench:realtime ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);
}
function arg(name: string, fallback: string): number {
  const k = process.argv.indexOf(`--${name}`);
  return Math.max(1, Number(k > 0 && process.argv[k + 1] ? process.argv[k + 1] : fallback));
}
const CLIENTS = arg("clients", "200");
const RATE = arg("rate", "200");
const LOAD_S = arg("load-seconds", "15");
const MOVES = arg("moves", "40");
const WARMUP_MOVES = 5;

interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  n: number;
}

function percentiles(values: number[]): Percentiles {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] * 10) / 10;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), n: s.length };
}

interface ModeFigures {
  processes: number;
  startS: number;
  clients: { total: number; perProcess: number[]; connectS: number };
  planningData: {
    perProcess: {
      latencyMs: { p50: number; p90: number; p99: number; max: number };
      requests: { total: number; non2xx: number; errors: number; timeouts: number };
    }[];
    /** The worst process's p99. */
    p99Ms: number;
  };
  move: {
    payloadBytes: number;
    /** Answer of PATCH /event/bulk-update, as the mover sees it. */
    answerMs: Percentiles;
    /** Until the first listening client has the event:update (on the other process when there are two). */
    firstClientMs: Percentiles;
    /** Until every listening client has it. */
    allClientsMs: Percentiles;
    missed: number;
  };
}

async function login(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@jalon.demo", password: "jalon-demo" }),
  });
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error("bench: demo login failed");
  return token;
}

async function connectClients(servers: ServerProcess[], token: string, projectId: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < CLIENTS; i += 20) {
    const batch = Array.from({ length: Math.min(20, CLIENTS - i) }, async (_, k) => {
      const server = servers[(i + k) % servers.length];
      const socket = io(server.url, {
        path: "/socket.io",
        auth: { token },
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const ok = await new Promise<boolean>((resolve) =>
        socket.emit("join", { projectId }, (r: { ok: boolean }) => resolve(r.ok)),
      );
      if (!ok) throw new Error("bench: a client could not join the demo project");
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function runMode(adminUrl: string, processes: number): Promise<ModeFigures> {
  const { url, drop } = await freshDatabase(adminUrl);
  const servers: ServerProcess[] = [];
  const sql = new pg.Client({ connectionString: url });
  let sockets: Socket[] = [];
  try {
    log(`${processes} process(es): starting at once on an empty database (migrations, demo seed)`);
    const t0 = performance.now();
    servers.push(
      ...(await Promise.all(
        Array.from({ length: processes }, (_, k) =>
          startServerProcess(repoRoot, String.fromCharCode(65 + k), {
            DATABASE_URL: url,
            SEED_DEMO: "true",
            JWT_SECRET: "",
            LOG_LEVEL: "error",
          }),
        ),
      )),
    );
    const startS = Math.round((performance.now() - t0) / 100) / 10;
    await sql.connect();
    const { id: projectId, current_version_id: versionId } = (
      await sql.query("select id, current_version_id from projects")
    ).rows[0] as { id: number; current_version_id: number };
    if (processes > 1) {
      const listening = await waitFor(
        async () =>
          Number(
            (
              await sql.query(
                "select count(*) c from pg_stat_activity where datname = current_database() and application_name = 'jalon-realtime' and query like 'LISTEN%'",
              )
            ).rows[0].c,
          ) >= processes,
        30_000,
      );
      if (!listening) throw new Error("bench: the servers' adapters do not LISTEN");
    }
    const token = await login(servers[0]);
    const headers = { authorization: `Bearer ${token}` };

    log(`${processes} process(es): ${CLIENTS} Socket.IO clients join the demo project`);
    const c0 = performance.now();
    sockets = await connectClients(servers, token, projectId);
    const connectS = Math.round((performance.now() - c0) / 100) / 10;

    // GET /planning/data: what the planning screen asks on open (the graph and 8 months of events).
    const route = `/api/planning/data?projectId=${projectId}&versionId=${versionId}&startDate=2026-07&endDate=2027-03`;
    for (const s of servers)
      for (let i = 0; i < 30; i++) await (await fetch(`${s.url}${route}`, { headers })).arrayBuffer();
    log(`${processes} process(es): autocannon ${RATE} requests/s for ${LOAD_S} s on GET /planning/data`);
    const loads = await Promise.all(
      servers.map((s) =>
        autocannon({
          url: `${s.url}${route}`,
          headers,
          connections: Math.max(2, Math.round(20 / processes)),
          overallRate: RATE / processes,
          duration: LOAD_S,
          timeout: 10,
        }),
      ),
    );
    const perProcess = loads.map((r) => ({
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      requests: { total: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts },
    }));

    // Moves of one task a week later, then back: sent through the processes in turn; the first listener is a
    // client of the next process (of the same one when alone).
    const task = (
      await sql.query(
        "select id, start_date::text s from events where version_id = $1 and type = 'task' order by start_date, id limit 1 offset 40",
        [versionId],
      )
    ).rows[0] as { id: number; s: string };
    const later = new Date(`${task.s}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 7);
    const days = [later.toISOString().slice(0, 10), task.s];
    let arrivals: number[] = [];
    let firstAt = 0;
    let payloadBytes = 0;
    let watched: Socket | null = null;
    for (const s of sockets) {
      s.on("event:update", (p: { ids: number[] }) => {
        if (!p.ids.includes(task.id)) return;
        const at = performance.now();
        arrivals.push(at);
        if (s === watched && firstAt === 0) firstAt = at;
        if (payloadBytes === 0) payloadBytes = JSON.stringify(p).length;
      });
    }
    log(`${processes} process(es): ${MOVES} timed moves (after ${WARMUP_MOVES} warm-up), ${CLIENTS} clients listening`);
    const answer: number[] = [];
    const first: number[] = [];
    const all: number[] = [];
    let missed = 0;
    for (let k = 0; k < WARMUP_MOVES + MOVES; k++) {
      const via = servers[k % processes];
      // Clients were dealt out over the processes in turn: socket k+1 is on the next process.
      watched = sockets[(k + 1) % processes];
      arrivals = [];
      firstAt = 0;
      const t = performance.now();
      const res = await fetch(`${via.url}/api/event/bulk-update`, {
        method: "PATCH",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          projectId,
          versionId,
          events: [{ id: task.id }],
          anchorId: task.id,
          startDate: days[k % 2],
        }),
      });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`bench: move answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      const complete = await waitFor(async () => arrivals.length >= sockets.length, 10_000);
      if (k < WARMUP_MOVES) continue;
      if (!complete || firstAt === 0) missed++;
      answer.push(answered - t);
      if (firstAt) first.push(firstAt - t);
      if (arrivals.length) all.push(Math.max(...arrivals) - t);
    }
    return {
      processes,
      startS,
      clients: {
        total: sockets.length,
        perProcess: servers.map((_, k) => sockets.filter((_, i) => i % processes === k).length),
        connectS,
      },
      planningData: { perProcess, p99Ms: Math.max(...perProcess.map((p) => p.latencyMs.p99)) },
      move: {
        payloadBytes,
        answerMs: percentiles(answer),
        firstClientMs: percentiles(first),
        allClientsMs: percentiles(all),
        missed,
      },
    };
  } finally {
    for (const s of sockets) s.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
    await sql.end().catch(() => undefined);
    await drop();
  }
}

/** The peer: NOTIFY on one connection until the LISTEN of another has it, one at a time. */
async function notifyPeer(adminUrl: string, runs = 200): Promise<Percentiles> {
  const listener = new pg.Client({ connectionString: adminUrl });
  const sender = new pg.Client({ connectionString: adminUrl });
  await listener.connect();
  await sender.connect();
  try {
    await listener.query('LISTEN "bench_peer"');
    let resolveNext: (() => void) | null = null;
    listener.on("notification", () => resolveNext?.());
    const times: number[] = [];
    for (let i = 0; i < runs + 20; i++) {
      const got = new Promise<void>((r) => (resolveNext = r));
      const t = performance.now();
      await sender.query("select pg_notify('bench_peer', $1)", [String(i)]);
      await got;
      if (i >= 20) times.push(performance.now() - t);
    }
    return percentiles(times);
  } finally {
    await listener.end();
    await sender.end();
  }
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot }).toString().trim();
  } catch {
    return "unknown";
  }
}

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? "",
  memGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadavgBefore: loadavg().map((l) => Math.round(l * 100) / 100),
};
const method = { clients: CLIENTS, rate: RATE, loadSeconds: LOAD_S, moves: MOVES, warmupMoves: WARMUP_MOVES };
const pgServer = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: () => {} } : startPostgres();
if ("skip" in pgServer) {
  console.log(
    JSON.stringify(
      { date: new Date().toISOString(), machine, method, skipped: `needs PostgreSQL: ${pgServer.skip}` },
      null,
      2,
    ),
  );
} else {
  try {
    const peer = await notifyPeer(pgServer.url);
    const one = await runMode(pgServer.url, 1);
    const two = await runMode(pgServer.url, 2);
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    console.log(
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { ...machine, loadavgAfter: loadavg().map((l) => Math.round(l * 100) / 100) },
          source: { commit: commit() },
          method,
          results: { oneProcess: one, twoProcesses: two, peerNotifyRoundTripMs: peer },
          ratios: {
            planningDataP99TwoOverOne: ratio(two.planningData.p99Ms, one.planningData.p99Ms),
            moveFirstClientP99TwoOverOne: ratio(two.move.firstClientMs.p99, one.move.firstClientMs.p99),
            moveAllClientsP99TwoOverOne: ratio(two.move.allClientsMs.p99, one.move.allClientsMs.p99),
          },
          durationS: Math.round((performance.now() - began) / 1000),
        },
        null,
        2,
      ),
    );
  } finally {
    pgServer.stop();
  }
}
process.exit(0);
