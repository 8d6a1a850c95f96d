import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { CLUSTER_DIR, PASSWORD_FILE } from "../../src/db/embedded.js";

/** The real server (npm start's entry) in its own process, to be killed like a user's would be. */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const DATABASE_URL = process.env.DATABASE_URL?.trim() || null;

export interface ServerProcess {
  proc: ChildProcess;
  api: string;
  output: () => string;
}

export function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    DATABASE_URL: DATABASE_URL ?? "",
  };
  delete env.JALON_DB;
  return env;
}

/** Starts the server and resolves once it listens; rejects with its output when it exits first. */
export function startServer(dataDir: string, timeoutMs = 120_000): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: REPO,
    env: serverEnv(dataDir),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`server did not listen in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /écoute sur (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, api: `${m[1]}/api`, output: () => out });
      }
    };
    proc.stdout!.on("data", check);
    proc.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/** Runs the server to its end (a refused start), resolving with its exit code and output. */
export function runServerToExit(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: REPO,
    env: { ...serverEnv(dataDir), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => proc.on("exit", (code) => resolve({ code, output: out })));
}

export function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once("exit", () => resolve()));
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function waitGone(pid: number, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The embedded postmaster's pid and port, from its postmaster.pid (null when none is running). */
export function postmasterOf(dataDir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dataDir, CLUSTER_DIR, "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/** The watchdog the server started for its postmaster (Linux: found by its command line). */
export function watchdogOf(postmasterPid: number): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes(`process.kill(${postmasterPid}, "SIGINT")`)) return Number(entry);
    } catch {
      /* gone */
    }
  }
  return null;
}

/** A direct connection to the server's database (the embedded one must be running). */
export async function connect(dataDir: string): Promise<pg.Client> {
  let url = DATABASE_URL;
  if (!url) {
    const pm = postmasterOf(dataDir);
    if (!pm) throw new Error("no embedded postmaster running");
    const password = fs.readFileSync(path.join(dataDir, PASSWORD_FILE), "utf8").trim();
    url = `postgres://jalon:${encodeURIComponent(password)}@127.0.0.1:${pm.port}/jalon`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

export async function api<T = Record<string, unknown>>(
  server: ServerProcess,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.api}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginAdmin(server: ServerProcess): Promise<string> {
  const res = await api<{ token: string }>(server, "POST", "/auth/login", null, {
    email: "admin@jalon.demo",
    password: "jalon-demo",
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
