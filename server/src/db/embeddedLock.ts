import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A French message meant for the person who ran `npm start`; main prints it without a stack. */
export class StartupError extends Error {
  override name = "StartupError";
}

export interface DataDirLock {
  file: string;
  release: () => void;
}

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

export const LOCK_FILE = "jalon.lock";

/** Whether a process with this pid exists (EPERM: it exists, owned by someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The command line of a live process (Linux /proc, else ps); null when unknown (Windows, no ps).
 * Used to tell a reused pid (after a reboot or a container restart) from the process that wrote a lock.
 */
export function commandLineOf(pid: number): string | null {
  if (process.platform === "linux") {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      return null;
    }
  }
  if (process.platform === "win32") return null;
  const ps = spawnSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && ps.stdout.trim() !== "" ? ps.stdout.trim() : null;
}

/** The parent pid of a live process (Linux /proc, else ps); null when unknown. */
export function parentOf(pid: number): number | null {
  if (process.platform === "linux") {
    try {
      // Fields after the command name, which is in parentheses and may hold spaces: state, ppid, ...
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return null;
    }
  }
  if (process.platform === "win32") return null;
  const ps = spawnSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && ps.stdout.trim() !== "" ? Number(ps.stdout.trim()) : null;
}

function holder(file: string): LockContent | null {
  try {
    const content = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockContent>;
    return typeof content.pid === "number"
      ? { pid: content.pid, host: String(content.host ?? ""), startedAt: String(content.startedAt ?? "") }
      : null;
  } catch {
    return null;
  }
}

/** The lock is held when its pid is a live node process on this machine other than ourselves. */
function heldByAnother(content: LockContent | null): boolean {
  if (!content || content.host !== os.hostname() || content.pid === process.pid || !pidAlive(content.pid)) return false;
  const cmd = commandLineOf(content.pid);
  return cmd === null || /node|tsx/i.test(cmd);
}

/**
 * One server process per data folder. The file is created exclusively (two starts at the same instant: one
 * wins); a lock left by a killed process (its pid is dead, or reused by something that is not node) is taken
 * over. The embedded PostgreSQL's own postmaster.pid stays a second line of defence.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o644);
      fs.writeSync(fd, JSON.stringify(mine));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return {
        file,
        release: () => {
          if (holder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const current = holder(file);
    if (heldByAnother(current)) {
      throw new StartupError(
        `Un autre serveur Jalon utilise déjà le dossier de données ${dataDir} (processus ${current!.pid}, démarré le ${current!.startedAt}). ` +
          `Arrêtez-le avant d'en lancer un second, ou choisissez un autre dossier (DATA_DIR). ` +
          `Plusieurs processus sur une même base : utilisez une base PostgreSQL partagée (DATABASE_URL).`,
      );
    }
    // Written by a process that is gone (or half-written by one killed while writing it): take it over.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) continue;
    if (current === null && Date.now() - stat.mtimeMs < 2000) {
      // A lock created a moment ago and not yet filled in: its writer is alive; look again shortly.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      continue;
    }
    fs.rmSync(file, { force: true });
  }
  throw new StartupError(
    `Le verrou ${file} n'a pas pu être pris : un autre serveur Jalon démarre-t-il sur le même dossier ?`,
  );
}
