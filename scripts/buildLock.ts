// The web build's lock for `npm start` (scripts/start.ts): several starts at once (two processes behind a
// balancer) take turns building web/dist, and a lock left by a killed start is taken over.
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A file created exclusively, holding its owner's pid; false when another live start holds it. */
function tryLock(lockFile: string): boolean {
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

/** Runs `fn` holding the lock, waiting for it as long as a live process holds it. */
export function withBuildLock<T>(lockFile: string, fn: () => T): T {
  while (!tryLock(lockFile)) sleep(200);
  try {
    return fn();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/**
 * `build(tmp)` writes a whole new folder, then it replaces `dir` by renames: a server already running keeps
 * serving a whole build, and nobody ever sees a half-written `dir`. False (and nothing replaced) when it fails.
 */
export function buildInto(dir: string, build: (tmp: string) => boolean): boolean {
  const tmp = `${dir}.build-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  if (!build(tmp)) {
    rmSync(tmp, { recursive: true, force: true });
    return false;
  }
  const old = `${dir}.old-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(tmp, dir);
  rmSync(old, { recursive: true, force: true });
  return true;
}
