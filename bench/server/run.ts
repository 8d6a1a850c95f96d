// Server benchmark: `npm run -s bench:server` (= npx tsx bench/server/run.ts) prints one JSON document on
// stdout, progress on stderr. On a throwaway PostgreSQL 15 cluster (scripts/postgres.ts), then on an in-memory
// PGlite (figures beside, without targets):
//  - a bulk move of 10k events in a 100k-event version through the real moveEvents command, committed with its
//    history rows and undo step, against one plain UPDATE of the same 10k rows (the peer, same run);
//  - a version created by the real createVersion command from the 100k-event version, against one plain
//    INSERT ... SELECT of its 100k events (the peer, same run);
//  - GET /planning/data on the demo project through the real server process at 200 requests/s (autocannon).
// See bench/README.md ("Server") for what each figure measures.
//   --backend postgres|pglite|both   (default both)
//   --runs N           timed bulk moves on PostgreSQL (default 7; 2 warm-up moves first)
//   --version-runs N   timed version creations on PostgreSQL (default 4)
//   --version-warmup N untimed version creations before them (default 1)
//   --pglite-runs N    timed bulk moves and version creations on PGlite (default 3 and 2; 1 warm-up each)
//   --load-seconds N   duration of the 200 requests/s load (default 30)
import { execFileSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { startPostgres } from "../../scripts/postgres.js";
import { createApp } from "../../server/src/app.js";
import { loadConfig } from "../../server/src/config.js";
import { createDb, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { createLogger } from "../../server/src/lib/log.js";
import { forget } from "../../server/src/planning/versionGraph.js";
import { generateVersion, SHAPE_100K } from "./generate.js";
import { benchPlanningLoad, type LoadFigures } from "./load.js";
import { benchMoves, benchVersions, type MoveFigures, type VersionFigures } from "./writes.js";

const TARGETS = { bulkMove10kMs: 300, createVersion100kMs: 1000, planningDataP99Ms: 50 };
/** What the issue quotes for the peers on this machine when it is quiet. */
const QUIET_PEERS = { plainUpdate10kMs: 70, plainInsertSelect100kMs: 350 };
const RATE = 200;

const began = performance.now();
function log(msg: string): void {
  process.stderr.write(`[bench:server ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);
}
function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 && process.argv[k + 1] ? process.argv[k + 1] : fallback;
}
const BACKEND = arg("backend", "both");
const RUNS = Math.max(1, Number(arg("runs", "7")));
const LOAD_S = Math.max(5, Number(arg("load-seconds", "30")));

interface BackendFigures {
  plan: {
    events: number;
    tasks: number;
    milestones: number;
    links: number;
    zones: number;
    holidays: number;
    projectedEndDate: string | null;
    generateS: number;
    scheduleS: number;
  };
  bulkMove: MoveFigures;
  createVersion: VersionFigures;
  planningData: LoadFigures;
  ratios: { moveOverPlainUpdate: number; createVersionOverInsertSelect: number };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

async function benchBackend(
  name: string,
  target: DbTarget,
  serveEnv: NodeJS.ProcessEnv,
  runs: { moves: number; moveWarmup: number; versions: number },
): Promise<BackendFigures> {
  log(`${name}: migrate and generate the 100k-event version (set-based SQL)`);
  const db = createDb(target);
  try {
    await migrate(db);
    const v = await generateVersion(db, SHAPE_100K, name);
    log(
      `${name}: ${v.tasks + v.milestones} events, ${v.links} links, generated in ${(v.generateMs / 1000).toFixed(1)} s, scheduled in ${(v.scheduleMs / 1000).toFixed(1)} s`,
    );
    const bulkMove = await benchMoves(db, v, {
      warmup: runs.moveWarmup,
      runs: runs.moves,
      log: (m) => log(`${name}: ${m}`),
    });
    const { deps } = await createApp({
      db,
      config: { ...loadConfig({}), jwtSecret: "bench-secret-of-at-least-16-chars" },
      log: createLogger("silent"),
    });
    const createVersion = await benchVersions(db, deps, v, {
      warmup: Number(arg("version-warmup", "1")),
      runs: runs.versions,
      log: (m) => log(`${name}: ${m}`),
    });
    forget(v.versionId);
    await db.destroy();
    const planningData = await benchPlanningLoad(serveEnv, {
      rate: RATE,
      durationS: LOAD_S,
      log: (m) => log(`${name}: ${m}`),
    });
    return {
      plan: {
        events: v.tasks + v.milestones,
        tasks: v.tasks,
        milestones: v.milestones,
        links: v.links,
        zones: v.zones,
        holidays: v.holidays,
        projectedEndDate: v.projectedEndDate,
        generateS: Math.round(v.generateMs / 100) / 10,
        scheduleS: Math.round(v.scheduleMs / 100) / 10,
      },
      bulkMove,
      createVersion,
      planningData,
      ratios: {
        moveOverPlainUpdate: ratio(bulkMove.move.medianMs, bulkMove.plainUpdate.medianMs),
        createVersionOverInsertSelect: ratio(
          createVersion.createVersion.medianMs,
          createVersion.plainInsertSelect.medianMs,
        ),
      },
    };
  } catch (e) {
    await db.destroy().catch(() => undefined);
    throw e;
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const results: Record<string, BackendFigures | { skipped: string }> = {};
  if (BACKEND === "both" || BACKEND === "postgres") {
    const pg = startPostgres();
    if ("skip" in pg) {
      results.postgres = { skipped: pg.skip };
      log(`postgres skipped: ${pg.skip}`);
    } else {
      try {
        // The demo project of the load figure lives in its own database, beside the 100k-event one.
        const admin = createDb({ kind: "postgres", url: pg.url });
        await admin.raw("create database jalon_demo");
        await admin.destroy();
        const demoUrl = pg.url.replace(/\/postgres$/, "/jalon_demo");
        results.postgres = await benchBackend(
          "postgres",
          { kind: "postgres", url: pg.url },
          { DATABASE_URL: demoUrl },
          { moves: RUNS, moveWarmup: 2, versions: Number(arg("version-runs", "4")) },
        );
        const info = createDb({ kind: "postgres", url: pg.url });
        (results.postgres as BackendFigures & { server?: string }).server = (
          (await info.raw("show server_version")).rows[0] as { server_version: string }
        ).server_version;
        await info.destroy();
      } finally {
        pg.stop();
      }
    }
  }
  if (BACKEND === "both" || BACKEND === "pglite") {
    results.pglite = await benchBackend(
      "pglite",
      { kind: "pglite", dataDir: null },
      { DATABASE_URL: "" },
      {
        moves: Number(arg("pglite-runs", "3")),
        moveWarmup: 1,
        versions: Math.max(1, Number(arg("pglite-runs", "3")) - 1),
      },
    );
  }

  const pg = results.postgres && !("skipped" in results.postgres) ? results.postgres : null;
  // The checkout is shared: say which commit was measured and which server files differed from it.
  const git = (...a: string[]) => {
    try {
      return execFileSync("git", a, { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  const source = {
    commit: git("rev-parse", "HEAD"),
    uncommittedServerFiles: git("status", "--porcelain", "--", "server", "shared", "engine")
      .split("\n")
      .filter(Boolean),
  };
  const cpu = cpus();
  const out = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpu.length,
      model: cpu[0]?.model ?? "unknown",
      node: process.version,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      platform: `${process.platform}-${process.arch}`,
      loadAverage1mBeforeAfter: [Math.round(loadBefore[0] * 100) / 100, Math.round(loadavg()[0] * 100) / 100],
    },
    source,
    method:
      "PostgreSQL 15 (Debian, throwaway cluster on loopback, fsync off) then in-memory PGlite; each figure interleaved with its peer; medians over timed runs after warm-up; the load runs the real server in its own process",
    results,
    targets: TARGETS,
    quietPeers: QUIET_PEERS,
    meetsTargets: pg
      ? {
          bulkMove10kMs: pg.bulkMove.move.medianMs <= TARGETS.bulkMove10kMs,
          createVersion100kMs: pg.createVersion.createVersion.medianMs <= TARGETS.createVersion100kMs,
          planningDataP99Ms: pg.planningData.latencyMs.p99 <= TARGETS.planningDataP99Ms,
          planningDataGzipP99Ms: pg.planningData.gzip.latencyMs.p99 <= TARGETS.planningDataP99Ms,
        }
      : null,
    // On a shared, loaded machine the peers run slower than their quiet figures: scaled by the peer measured in
    // the same run, our time is what it would be when the peer takes its quiet time. A peer already at or under
    // its quiet figure (the events table made cheaper per row, migrations 007-008) scales nothing: our measured
    // time is then kept as it is, never inflated.
    scaledToQuietPeers: pg
      ? (() => {
          const move = Math.min(
            pg.bulkMove.move.medianMs,
            pg.ratios.moveOverPlainUpdate * QUIET_PEERS.plainUpdate10kMs,
          );
          const copy = Math.min(
            pg.createVersion.createVersion.medianMs,
            pg.ratios.createVersionOverInsertSelect * QUIET_PEERS.plainInsertSelect100kMs,
          );
          return {
            bulkMove10kMs: Math.round(move),
            createVersion100kMs: Math.round(copy),
            meets: {
              bulkMove10kMs: move <= TARGETS.bulkMove10kMs,
              createVersion100kMs: copy <= TARGETS.createVersion100kMs,
            },
          };
        })()
      : null,
    durationS: Math.round((performance.now() - began) / 1000),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
