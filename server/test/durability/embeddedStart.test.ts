import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUSTER_DIR, startEmbeddedPostgres } from "../../src/db/embedded.js";
import { acquireDataDirLock, LOCK_FILE, StartupError } from "../../src/db/embeddedLock.js";
import { createLogger } from "../../src/lib/log.js";
import { runServerToExit } from "./serverProcess.js";

/** How the embedded PostgreSQL starts on folders a crash or a person may leave behind: never by erasing. */

const log = createLogger("silent");
const supported = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"].includes(
  `${process.platform}-${process.arch}`,
);
const platformSkip = supported ? null : `no embedded PostgreSQL test on ${process.platform}-${process.arch}`;
if (platformSkip && process.env.CI === "true") throw new Error(platformSkip);
// The suite's second pass (DATABASE_URL) tests the same embedded code again: once is enough.
const skip = platformSkip ?? (process.env.DATABASE_URL ? "embedded PostgreSQL: tested in the first pass" : null);
if (skip) console.warn(`embeddedStart.test.ts skipped: ${skip}`);

/** Every file under dir with its size and modification time: "untouched" means this does not change. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = fs.statSync(p);
        out.push(`${path.relative(dir, p)} ${s.size} ${s.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

async function startError(dataDir: string): Promise<StartupError> {
  try {
    const pgStarted = await startEmbeddedPostgres(dataDir, log);
    await pgStarted.stop();
  } catch (e) {
    expect(e).toBeInstanceOf(StartupError);
    return e as StartupError;
  }
  throw new Error("the embedded PostgreSQL started");
}

describe.skipIf(skip !== null)("embedded PostgreSQL start", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "jalon-embedded-"));
    dirs.push(d);
    return d;
  };
  let cluster: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tmp();
    const db = await startEmbeddedPostgres(dataDir, log);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query("create table kept (v text); insert into kept values ('écrit avant')");
    await client.end();
    await db.stop();
    cluster = path.join(dataDir, CLUSTER_DIR);
  }, 120_000);

  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("restarts on a postmaster.pid naming a live process that is not PostgreSQL (a pid reused after a reboot)", async () => {
    fs.writeFileSync(path.join(cluster, "postmaster.pid"), `${process.pid}\n${cluster}\n0\n5432\n`);
    const db = await startEmbeddedPostgres(dataDir, log);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query("select v from kept")).rows).toEqual([{ v: "écrit avant" }]);
    await client.end();
    await db.stop();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it("refuses a folder held by a live server, and takes over the lock of a dead one", async () => {
    const held = acquireDataDirLock(dataDir);
    // Our own pid counts as free (a restarted container reuses pids): a live other node process is needed.
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: "hier" }),
    );
    const cmd = fs.existsSync(`/proc/${process.ppid}/cmdline`)
      ? fs.readFileSync(`/proc/${process.ppid}/cmdline`, "utf8")
      : "node";
    expect(cmd, "the test runner's parent is a node process").toMatch(/node|tsx/i);
    expect((await startError(dataDir)).message).toContain("Un autre serveur Jalon utilise déjà le dossier de données");
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), startedAt: "hier" }),
    );
    const db = await startEmbeddedPostgres(dataDir, log);
    await db.stop();
    held.release();
  }, 120_000);

  it("refuses a PGlite server (JALON_DB=pglite) on a folder a live server holds, before opening PGlite", async () => {
    const dir = tmp();
    // The test runner's parent: a live node process other than the server to start.
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: "hier" }),
    );
    const cmd = fs.existsSync(`/proc/${process.ppid}/cmdline`)
      ? fs.readFileSync(`/proc/${process.ppid}/cmdline`, "utf8")
      : "node";
    expect(cmd, "the test runner's parent is a node process").toMatch(/node|tsx/i);
    const run = await runServerToExit(dir, { JALON_DB: "pglite" });
    expect(run.code).toBe(1);
    expect(run.output).toContain("Un autre serveur Jalon utilise déjà le dossier de données");
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
  }, 120_000);

  it("says in French that a damaged cluster cannot start, and leaves every file as it was", async () => {
    const copy = tmp();
    fs.cpSync(dataDir, copy, { recursive: true, preserveTimestamps: true });
    if (process.getuid?.() === 0) {
      const st = fs.statSync(cluster);
      for (const f of [
        path.join(copy, CLUSTER_DIR),
        ...listing(path.join(copy, CLUSTER_DIR)).map((l) => path.join(copy, CLUSTER_DIR, l.split(" ")[0])),
      ])
        fs.chownSync(f, st.uid, st.gid);
    }
    fs.rmSync(path.join(copy, CLUSTER_DIR, "global", "pg_control"));
    const before = listing(copy).filter((l) => !l.startsWith("postgres.log"));
    const error = await startError(copy);
    expect(error.message).toContain("ne peut pas démarrer");
    expect(error.message).toContain("laissé tel quel");
    expect(error.message).toMatch(/pg_control/);
    expect(listing(copy).filter((l) => !l.startsWith("postgres.log"))).toEqual(before);
    expect(fs.existsSync(path.join(copy, LOCK_FILE))).toBe(false);
  }, 120_000);

  it("refuses a non-empty postgres folder without PG_VERSION instead of initialising it", async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, CLUSTER_DIR));
    fs.writeFileSync(path.join(dir, CLUSTER_DIR, "notes.txt"), "à garder");
    const error = await startError(dir);
    expect(error.message).toContain("ne l'initialise pas");
    expect(fs.readdirSync(path.join(dir, CLUSTER_DIR))).toEqual(["notes.txt"]);
  });

  it("refuses a cluster of another PostgreSQL major version, untouched", async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, CLUSTER_DIR));
    fs.writeFileSync(path.join(dir, CLUSTER_DIR, "PG_VERSION"), "9\n");
    fs.writeFileSync(path.join(dir, "postgres.password"), "x");
    const error = await startError(dir);
    expect(error.message).toContain("a été créée par PostgreSQL 9");
    expect(fs.readdirSync(path.join(dir, CLUSTER_DIR))).toEqual(["PG_VERSION"]);
  });
});
