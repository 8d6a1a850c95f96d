// GET /planning/data on the demo project under a fixed load: the real server in its own process (serve.ts),
// autocannon at 200 requests/s with a manager's JWT, asking what the planning screen asks on open (the
// version's graph plus the events of the eight months around a day in the middle of the demo).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { parseDay } from "@jalon/engine";
import { defaultRange, monthKey } from "@jalon/shared/gantt";
import { summarize, type Stats } from "../engine/measure.js";

const SERVE = fileURLToPath(new URL("./serve.ts", import.meta.url));
/** A day in the middle of the demo (March 2026 to mid 2027): the screen then shows 2026-07 to 2027-03. */
const TODAY = "2026-10-15";

/**
 * CPU time spent during one load, in ms: by the bench process, which is autocannon (parsing every response),
 * and by the server process. On this 2-core machine the two compete: when the load generator needs as much CPU
 * as the server, the latencies measure both.
 */
export interface LoadCpu {
  autocannonMs: number;
  serverMs: number;
}

/** utime + stime of a process from /proc (Linux), in ms; null elsewhere. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5) (utime, stime), in clock ticks of 10 ms (USER_HZ = 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function withCpu<T>(serverPid: number | undefined, run: () => Promise<T>): Promise<{ result: T; cpu: LoadCpu }> {
  const self0 = process.cpuUsage();
  const server0 = processCpuMs(serverPid);
  const result = await run();
  const self = process.cpuUsage(self0);
  const server1 = processCpuMs(serverPid);
  return {
    result,
    cpu: {
      autocannonMs: Math.round((self.user + self.system) / 1000),
      serverMs: server0 === null || server1 === null ? -1 : server1 - server0,
    },
  };
}

export interface LoadFigures {
  request: string;
  responseBytes: number;
  events: { graph: number; displayed: number; links: number };
  /** The same request one at a time, nothing else in flight (the service time). */
  unloaded: Stats;
  rate: number;
  connections: number;
  durationS: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: { total: number; perSecond: number; non2xx: number; errors: number; timeouts: number };
  cpu: LoadCpu;
  /**
   * The peer, same load right after: the same answer's bytes served by a bare node:http server in its own
   * process (no routing, no auth, no database, no serialisation): what this machine gives at 200 requests/s for
   * a body of this size at that moment.
   */
  peerStaticBody: {
    latencyMs: { p50: number; p90: number; p99: number; max: number };
    requests: { total: number; perSecond: number; non2xx: number; errors: number };
    cpu: LoadCpu;
  };
  /** The same load with `Accept-Encoding: gzip, deflate, br`, as every browser sends it. */
  gzip: {
    latencyMs: { p50: number; p90: number; p99: number; max: number };
    requests: { total: number; perSecond: number; non2xx: number; errors: number };
    cpu: LoadCpu;
  };
}

const STATIC_SERVER = `const fs = require("node:fs"); const body = fs.readFileSync(process.env.BODY_FILE);
require("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "application/json" }); res.end(body); })
  .listen(0, "127.0.0.1", function () { console.log(JSON.stringify({ url: "http://127.0.0.1:" + this.address().port })); });
process.on("SIGTERM", () => process.exit(0));`;

async function peerStaticBody(
  body: string,
  rate: number,
  durationS: number,
  connections: number,
): Promise<LoadFigures["peerStaticBody"]> {
  const file = join(mkdtempSync(join(tmpdir(), "jalon-bench-")), "body.json");
  writeFileSync(file, body);
  const child = spawn(process.execPath, ["-e", STATIC_SERVER], {
    env: { ...process.env, BODY_FILE: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`bench: static peer exited (${code})`)));
      createInterface({ input: child.stdout! }).once("line", resolve);
    });
    const { url } = JSON.parse(line) as { url: string };
    const { result: r, cpu } = await withCpu(child.pid, () =>
      autocannon({ url, connections, overallRate: rate, duration: durationS, timeout: 10 }),
    );
    return {
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      requests: {
        total: r.requests.total,
        perSecond: Math.round((r.requests.total / r.duration) * 10) / 10,
        non2xx: r.non2xx,
        errors: r.errors,
      },
      cpu,
    };
  } finally {
    await stopChild(child);
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

async function startChild(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; info: { url: string; projectId: number; versionId: number } }> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVE], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench: serve.ts exited (${code})`)));
    lines.once("line", resolve);
  });
  const info = JSON.parse(first) as { url: string; projectId: number; versionId: number };
  return { child, info: { ...info, url: info.url.replace("localhost", "127.0.0.1") } };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function benchPlanningLoad(
  env: NodeJS.ProcessEnv,
  opts: { rate: number; durationS: number; log: (m: string) => void },
): Promise<LoadFigures> {
  const { child, info } = await startChild(env);
  try {
    const login = await fetch(`${info.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@jalon.demo", password: "jalon-demo" }),
    });
    const { token } = (await login.json()) as { token: string };
    if (!token) throw new Error("bench: demo login failed");
    const range = defaultRange(parseDay(TODAY));
    const path = `/api/planning/data?projectId=${info.projectId}&versionId=${info.versionId}&startDate=${monthKey(range.firstDay)}&endDate=${monthKey(range.lastDay)}`;
    const headers = { authorization: `Bearer ${token}` };

    // Warm-up (JIT, the version graph cache, PostgreSQL's buffers), then the unloaded service time.
    let body = "";
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${info.url}${path}`, { headers });
      if (res.status !== 200) throw new Error(`bench: GET /planning/data answered ${res.status}: ${await res.text()}`);
      body = await res.text();
    }
    const unloaded: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      const res = await fetch(`${info.url}${path}`, { headers });
      await res.arrayBuffer();
      unloaded.push(performance.now() - t);
    }
    // Displayed events as objects, or in columns (shared/planning/wire.ts).
    const data = JSON.parse(body) as {
      graph: { ids: number[]; linkIds: number[] };
      events?: unknown[];
      eventColumns?: { id: number[] };
    };
    const displayed = data.events?.length ?? data.eventColumns?.id.length ?? 0;
    opts.log(
      `planning data: ${Math.round(body.length / 1024)} KiB, ${data.graph.ids.length} events in the graph, ${displayed} displayed; unloaded median ${summarize(unloaded).medianMs} ms`,
    );

    const connections = 20;
    const { result, cpu } = await withCpu(child.pid, () =>
      autocannon({
        url: `${info.url}${path}`,
        headers,
        connections,
        overallRate: opts.rate,
        duration: opts.durationS,
        timeout: 10,
      }),
    );
    const l = result.latency;
    opts.log(
      `autocannon ${opts.rate}/s for ${opts.durationS} s: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms, ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}; CPU ${JSON.stringify(cpu)}`,
    );
    // The same load as a browser asks (Accept-Encoding: gzip): the cached gzip copy, ~30 KiB instead of 240.
    await new Promise((r) => setTimeout(r, 3000));
    const { result: gz, cpu: gzCpu } = await withCpu(child.pid, () =>
      autocannon({
        url: `${info.url}${path}`,
        headers: { ...headers, "accept-encoding": "gzip, deflate, br" },
        connections,
        overallRate: opts.rate,
        duration: opts.durationS,
        timeout: 10,
      }),
    );
    opts.log(
      `autocannon gzip ${opts.rate}/s for ${opts.durationS} s: p50 ${gz.latency.p50} ms, p99 ${gz.latency.p99} ms, max ${gz.latency.max} ms, ${gz.requests.total} requests, non-2xx ${gz.non2xx}, errors ${gz.errors}; CPU ${JSON.stringify(gzCpu)}`,
    );
    // Let the server finish the requests autocannon stopped waiting for, then stop it (its CPU is freed for the peer).
    await new Promise((r) => setTimeout(r, 5000));
    await stopChild(child);
    const peer = await peerStaticBody(body, opts.rate, opts.durationS, connections);
    opts.log(
      `static peer ${opts.rate}/s: p50 ${peer.latencyMs.p50} ms, p99 ${peer.latencyMs.p99} ms, ${peer.requests.total} requests; CPU ${JSON.stringify(peer.cpu)}`,
    );
    return {
      request: `GET ${path.replace(/projectId=\d+&versionId=\d+/, "projectId={demo}&versionId={current}")}`,
      responseBytes: body.length,
      events: { graph: data.graph.ids.length, displayed, links: data.graph.linkIds.length },
      unloaded: summarize(unloaded),
      rate: opts.rate,
      connections,
      durationS: opts.durationS,
      latencyMs: { p50: l.p50, p90: l.p90, p99: l.p99, max: l.max, mean: Math.round(l.mean * 100) / 100 },
      requests: {
        total: result.requests.total,
        perSecond: Math.round((result.requests.total / result.duration) * 10) / 10,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      cpu,
      peerStaticBody: peer,
      gzip: {
        latencyMs: { p50: gz.latency.p50, p90: gz.latency.p90, p99: gz.latency.p99, max: gz.latency.max },
        requests: {
          total: gz.requests.total,
          perSecond: Math.round((gz.requests.total / gz.duration) * 10) / 10,
          non2xx: gz.non2xx,
          errors: gz.errors,
        },
        cpu: gzCpu,
      },
    };
  } finally {
    await stopChild(child);
  }
}
