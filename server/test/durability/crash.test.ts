import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alive,
  api,
  connect,
  DATABASE_URL,
  exited,
  loginAdmin,
  postmasterOf,
  runServerToExit,
  startServer,
  waitGone,
  watchdogOf,
  type ServerProcess,
} from "./serverProcess.js";

/**
 * Nothing acknowledged is lost: the real server is started, writes, and is killed with SIGKILL right after the
 * answer; the next start must show the write. On the embedded PostgreSQL (no DATABASE_URL) three ways of dying
 * take turns: the server alone (its watchdog then stops PostgreSQL cleanly), the server and every PostgreSQL
 * process at once (what a power cut leaves: no checkpoint, crash recovery on the next start), and the server
 * with its watchdog (a postmaster left running, that the next start must stop and take over). With
 * DATABASE_URL only the server is killed (its PostgreSQL is not ours).
 */

// Each way of dying twice in npm test (a round is a server start, ~7 s: 20 rounds were 150 s of a 30-minute CI);
// JALON_CRASH_ROUNDS=200 for a long series.
const ROUNDS = Number(process.env.JALON_CRASH_ROUNDS ?? 6);
const embedded = DATABASE_URL === null;
const linux = process.platform === "linux";
const skip = !linux ? "kills by pid and reads /proc: Linux only" : null;
if (skip && process.env.CI === "true") throw new Error(`durability test cannot run: ${skip}`);
if (skip) console.warn(`crash.test.ts skipped: ${skip}`);

type Death = "server" | "power-cut" | "server-and-watchdog";
const deaths: Death[] = embedded ? ["server", "power-cut", "server-and-watchdog"] : ["server"];

async function die(server: ServerProcess, dataDir: string, death: Death): Promise<{ leftover: number | null }> {
  const pm = embedded ? postmasterOf(dataDir) : null;
  if (death === "power-cut" && pm) {
    // The postmaster leads its own process group (it is started detached): the group is every PostgreSQL
    // process, killed before the server so that nothing gets to shut down in order.
    process.kill(-pm.pid, "SIGKILL");
  }
  if (death === "server-and-watchdog" && pm) {
    const watchdog = watchdogOf(pm.pid);
    expect(watchdog, "the server runs a watchdog for its postmaster").not.toBeNull();
    process.kill(watchdog!, "SIGKILL");
  }
  server.proc.kill("SIGKILL");
  await exited(server.proc);
  if (death === "power-cut" && pm) expect(await waitGone(pm.pid)).toBe(true);
  if (death === "server-and-watchdog" && pm) {
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(pm.pid), "the postmaster outlives a server killed with its watchdog").toBe(true);
    return { leftover: pm.pid };
  }
  return { leftover: null };
}

describe.skipIf(skip !== null)(
  `acknowledged writes survive a kill -9 (${embedded ? "embedded PostgreSQL" : "DATABASE_URL"})`,
  () => {
    let dataDir: string;
    let running: ServerProcess | null = null;

    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "jalon-crash-"));
    });

    afterAll(async () => {
      if (running && running.proc.exitCode === null) {
        running.proc.kill("SIGTERM");
        await exited(running.proc);
      }
      const pm = postmasterOf(dataDir);
      if (pm && alive(pm.pid)) {
        process.kill(pm.pid, "SIGINT");
        await waitGone(pm.pid);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(`keeps every acknowledged project over ${ROUNDS} kills, then stops cleanly`, async () => {
      const created: { id: number; name: string }[] = [];
      let leftover: number | null = null;
      const seen = new Set<Death>();
      for (let round = 0; round < ROUNDS; round++) {
        const server = await startServer(dataDir);
        running = server;
        if (leftover !== null) {
          // The next start stopped the postmaster left behind and runs its own.
          expect(alive(leftover)).toBe(false);
          expect(postmasterOf(dataDir)?.pid).not.toBe(leftover);
        }
        const token = await loginAdmin(server);
        const previous = created.at(-1);
        if (previous) {
          const read = await api<{ name: string }>(server, "GET", `/project/${previous.id}`, token);
          expect(read.status, `project of round ${round - 1} after the kill`).toBe(200);
          expect(read.body.name).toBe(previous.name);
        }
        const name = `Durabilité ${round} ${Date.now()}`;
        const res = await api<{ id: number }>(server, "POST", "/project", token, { name });
        expect(res.status).toBe(201);
        created.push({ id: res.body.id, name });
        const death = deaths[round % deaths.length];
        seen.add(death);
        ({ leftover } = await die(server, dataDir, death));
      }
      const server = await startServer(dataDir);
      running = server;
      const client = await connect(dataDir);
      try {
        const rows = await client.query<{ id: number; name: string }>(
          "select id::int as id, name from projects where id = any($1::int[]) order by id",
          [created.map((c) => c.id)],
        );
        expect(rows.rows).toEqual([...created].sort((a, b) => a.id - b.id));
        if (embedded) {
          const settings = await client.query<{ name: string; setting: string }>(
            "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name",
          );
          expect(settings.rows).toEqual([
            { name: "fsync", setting: "on" },
            { name: "full_page_writes", setting: "on" },
            { name: "synchronous_commit", setting: "on" },
          ]);
        }
      } finally {
        await client.end();
      }
      if (embedded && ROUNDS >= deaths.length) {
        expect([...seen].sort()).toEqual([...deaths].sort());
        // The power cuts did leave the cluster without a shutdown checkpoint: recovery ran.
        expect(fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8")).toMatch(
          /database system was interrupted|not properly shut down/,
        );
      }
      const pm = postmasterOf(dataDir);
      server.proc.kill("SIGTERM");
      await exited(server.proc);
      expect(server.proc.exitCode).toBe(0);
      if (embedded) {
        expect(pm && (await waitGone(pm.pid, 5000))).toBe(true);
        expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
        expect(fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8").trimEnd()).toMatch(
          /database system is shut down$/,
        );
      }
      running = null;
    }, 600_000);

    it("leaves a bulk move all done or not done at all when killed during it", async () => {
      const snapshot = async (versionId: number) => {
        const client = await connect(dataDir);
        try {
          const rows = await client.query(
            "select id::int as id, start_date::text as s, end_date::text as e from events where version_id = $1 order by id",
            [versionId],
          );
          return JSON.stringify(rows.rows);
        } finally {
          await client.end();
        }
      };
      let current = await startServer(dataDir);
      running = current;
      const token = await loginAdmin(current);
      const client = await connect(dataDir);
      let project: { id: number; versionId: number };
      let body: Record<string, unknown>;
      try {
        const row = await client.query<{ id: number; v: number }>(
          "select id::int as id, current_version_id::int as v from projects where name like 'Résidence%' order by id limit 1",
        );
        project = { id: row.rows[0].id, versionId: row.rows[0].v };
        const events = await client.query<{ id: number; s: string }>(
          "select id::int as id, start_date::text as s from events where version_id = $1 and start_date is not null order by start_date, id",
          [project.versionId],
        );
        expect(events.rows.length).toBeGreaterThan(100);
        const anchor = events.rows[0];
        const target = new Date(`${anchor.s}T00:00:00Z`);
        target.setUTCDate(target.getUTCDate() + 21);
        body = {
          projectId: project.id,
          versionId: project.versionId,
          events: events.rows.map((e) => ({ id: e.id })),
          anchorId: anchor.id,
          startDate: target.toISOString().slice(0, 10),
        };
      } finally {
        await client.end();
      }
      // A reference run tells what the finished move looks like and how long it takes; undo brings it back.
      const before = await snapshot(project.versionId);
      const t0 = Date.now();
      const moved = await api(current, "PATCH", "/event/bulk-update", token, body);
      const duration = Date.now() - t0;
      expect(moved.status).toBe(200);
      const after = await snapshot(project.versionId);
      expect(after).not.toBe(before);
      const undone = await api(current, "POST", "/undo/apply", token, {
        projectId: project.id,
        versionId: project.versionId,
      });
      expect(undone.status).toBe(200);
      expect(await snapshot(project.versionId)).toBe(before);

      for (const fraction of [0.15, 0.5, 0.85]) {
        const t = await loginAdmin(current);
        const request = api(current, "PATCH", "/event/bulk-update", t, body).catch(() => null);
        await new Promise((r) => setTimeout(r, Math.max(1, Math.round(duration * fraction))));
        await die(current, dataDir, embedded ? "power-cut" : "server");
        const answered = await request;
        current = await startServer(dataDir);
        running = current;
        const state = await snapshot(project.versionId);
        const outcome = state === before ? "none" : state === after ? "all" : "partial";
        expect(outcome, `bulk move killed at ${Math.round(fraction * 100)} % of its duration`).not.toBe("partial");
        if (answered?.status === 200) expect(outcome).toBe("all");
        if (outcome === "all") {
          const u = await api(current, "POST", "/undo/apply", await loginAdmin(current), {
            projectId: project.id,
            versionId: project.versionId,
          });
          expect(u.status).toBe(200);
          expect(await snapshot(project.versionId)).toBe(before);
        }
      }
      current.proc.kill("SIGTERM");
      await exited(current.proc);
      running = null;
    }, 600_000);

    it.skipIf(!embedded)(
      "stops when its PostgreSQL is killed under it, and the next start recovers the acknowledged write",
      async () => {
        const server = await startServer(dataDir);
        running = server;
        const token = await loginAdmin(server);
        const name = `Arrêt de PostgreSQL ${Date.now()}`;
        const res = await api<{ id: number }>(server, "POST", "/project", token, { name });
        expect(res.status).toBe(201);
        process.kill(-postmasterOf(dataDir)!.pid, "SIGKILL");
        await exited(server.proc);
        expect(server.proc.exitCode).toBe(1);
        expect(server.output()).toContain("PostgreSQL embarqué s'est arrêté de façon inattendue");
        const again = await startServer(dataDir);
        running = again;
        const read = await api<{ name: string }>(again, "GET", `/project/${res.body.id}`, await loginAdmin(again));
        expect(read.body.name).toBe(name);
        again.proc.kill("SIGTERM");
        await exited(again.proc);
        running = null;
      },
      300_000,
    );

    // With DATABASE_URL several processes share one database on purpose (scale-out).
    it.skipIf(!embedded)(
      "refuses a second server on the same folder, in French, and the first keeps running",
      async () => {
        const first = await startServer(dataDir);
        running = first;
        const second = await runServerToExit(dataDir);
        expect(second.code).toBe(1);
        expect(second.output).toContain("Un autre serveur Jalon utilise déjà le dossier de données");
        // Without the lock file (removed by hand), the running postmaster is recognised as the first server's.
        fs.rmSync(path.join(dataDir, "jalon.lock"));
        const third = await runServerToExit(dataDir);
        expect(third.code).toBe(1);
        expect(third.output).toContain("utilise déjà la base");
        const token = await loginAdmin(first);
        expect((await api(first, "GET", "/auth/me", token)).status).toBe(200);
        first.proc.kill("SIGTERM");
        await exited(first.proc);
        running = null;
      },
      300_000,
    );
  },
);
