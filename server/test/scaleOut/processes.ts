// Real server processes (`node --import tsx server/src/main.ts`, as `npm start` runs them) on a database of
// their own: for the scale-out test and bench/realtime.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed, for a failure's message. */
  output: string[];
  /** SIGKILL, resolved once it is gone. */
  kill: () => Promise<void>;
  /** SIGTERM (its clean shutdown), SIGKILL after 10 s. */
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/** Starts the server on a free port (PORT=0) and resolves with its URL once it listens. */
export function startServerProcess(
  repoRoot: string,
  name: string,
  env: Record<string, string>,
  timeoutMs = 240_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const proc: ServerProcess = {
    url: "",
    child,
    output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited(child);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server ${name} did not start in ${timeoutMs} ms:\n${output.join("")}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /écoute sur (http:\/\/\S+)/.exec(output.join(""));
      if (m && !proc.url) {
        clearTimeout(timer);
        proc.url = m[1].replace("localhost", "127.0.0.1");
        resolve(proc);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!proc.url)
        reject(new Error(`server ${name} exited (${code ?? signal}) before listening:\n${output.join("")}`));
    });
  });
}

/** A new, empty database on the server of `adminUrl`, and its removal (connections closed by force). */
export async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `jalon_scale_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Polls `fn` every 20 ms until it gives a truthy value (returned), or null after `timeoutMs`. */
export async function waitFor<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) return null;
    await new Promise((r) => setTimeout(r, 20));
  }
}
