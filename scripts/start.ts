// `npm start`: builds the web app when its sources changed since the last build, then starts the server
// (migrations, demo data on an empty database, API + Socket.IO + the web app on one port).
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith("dist")) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const dist = "web/dist";
const lockFile = "web/.dist-build.lock";

function needsBuild(): boolean {
  const built = join(dist, "index.html");
  const sources = Math.max(newest("web/src"), newest("shared/src"), newest("engine/src"), statSync("web/index.html").mtimeMs);
  return !existsSync(built) || statSync(built).mtimeMs < sources || process.env.JALON_BUILD === "always";
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The build lock: a file created exclusively, holding its owner's pid. Several `npm start` at once (two
 * processes behind a balancer) take turns; one left by a killed start is taken over.
 */
function tryLock(): boolean {
  try {
    const fd = openSync(lockFile, "wx");
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    try {
      const owner = Number(readFileSync(lockFile, "utf8").trim());
      // Empty: its owner is between creating and writing it (or died there, long ago). A dead owner's lock is stale.
      const stale = owner > 0 ? !alive(owner) : Date.now() - statSync(lockFile).mtimeMs > 10_000;
      if (stale) rmSync(lockFile, { force: true });
    } catch {
      // Released meanwhile: the next try takes it.
    }
    return false;
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Built into a folder of its own, then swapped in by renames: a server already running keeps serving a
 * whole build, and no other start ever sees a half-written web/dist.
 */
function build(): void {
  const tmp = `${dist}.build-${process.pid}`;
  console.log("Construction de l'application web…");
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", tmp.slice("web/".length), "--emptyOutDir"], { cwd: "web", stdio: "inherit" });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
  const old = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(tmp, dist);
  rmSync(old, { recursive: true, force: true });
}

if (needsBuild()) {
  while (!tryLock()) sleep(200);
  try {
    // Another start may have built it while this one waited.
    if (needsBuild()) build();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
const server = spawnSync(process.execPath, ["--import", "tsx", "server/src/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
