// Instantiation benchmark (issue 16): `npx tsx bench/server/instantiate.ts` prints one JSON document on stdout,
// progress on stderr. A sequence template of 20 tasks laid over 1,000 zones (22,002 events with the train's and
// the instances' milestones, about 23,000 links) through the server's own command (instantiateSequence, the
// one POST /sequence runs), committed in one transaction, against the naive baseline measured in the same run:
// the same rows (the same engine result) written with one INSERT per event and per link in one transaction,
// timed on the first 100 zones (--naive-zones) and scaled linearly to 1,000 (a row at a time takes minutes).
// On a throwaway PostgreSQL 15 cluster (scripts/postgres.ts), then on an in-memory PGlite (figures beside).
//   --backend postgres|pglite|both   (default both)
//   --runs N           timed instantiations (default 5, after 1 warm-up)
//   --naive-runs N     timed naive baselines (default 2)
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { formatDay, instantiateSequence as layTemplate, parseDay, createCalendar } from "@jalon/engine";
import { startPostgres } from "../../scripts/postgres.js";
import { instantiateSequence } from "../../server/src/commands/instantiation.js";
import { createDb, type Db, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { forget } from "../../server/src/planning/versionGraph.js";

const TARGET_MS = 1000;
/**
 * The floor's figure on this machine when it is quiet: the server bench's INSERT ... SELECT of 100,150 events
 * takes 379 ms (bench/README.md, 2026-11-24), 3.8 µs a row, so 83 ms for 22,002 events.
 */
const QUIET_PEER_MS = 83;
const ZONES = 1000;
const TASKS = 20;

const began = performance.now();
function log(msg: string): void {
  process.stderr.write(`[bench:instantiate ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);
}
function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 && process.argv[k + 1] ? process.argv[k + 1] : fallback;
}
const BACKEND = arg("backend", "both");
const RUNS = Math.max(1, Number(arg("runs", "5")));
const NAIVE_RUNS = Math.max(0, Number(arg("naive-runs", "2")));
/** The naive baseline writes a row at a time: timed on the first zones only, then scaled to all of them. */
const NAIVE_ZONES = Math.max(1, Math.min(ZONES, Number(arg("naive-zones", "100"))));

interface Setup {
  projectId: number;
  versionId: number;
  userId: number;
  templateId: number;
  zoneIds: number[];
}

/** A project, 1,000 "logement" zones and a 20-task template (a chain with a few begin-begin and end-end links). */
async function setup(db: Db): Promise<Setup> {
  return db.transaction(async (trx) => {
    const [user] = await trx("users")
      .insert({ email: "banc-instanciation@jalon.bench", firstname: "Banc", lastname: "Train", type: "admin" })
      .returning("id");
    const [project] = await trx("projects").insert({ name: "Banc instanciation", created_by: user.id }).returning("id");
    await trx("project_users").insert({ project_id: project.id, user_id: user.id });
    const [version] = await trx("versions")
      .insert({ project_id: project.id, name: "Banc", is_active_version: true, created_by: user.id })
      .returning("id");
    await trx("projects").where({ id: project.id }).update({ current_version_id: version.id });
    const zones = await trx.raw<{ rows: { id: number }[] }>(
      `insert into zones (project_id, version_id, name, full_name, position, level, typology)
       select ?, ?, 'Logement ' || g, 'Logement ' || g, g, 0, 'logement' from generate_series(1, ?) g returning id`,
      [project.id, version.id, ZONES],
    );
    const [st] = await trx("sequence_template_pros")
      .insert({ project_id: project.id, name: "Second œuvre", typologies: JSON.stringify(["logement"]) })
      .returning("id");
    const tasks: number[] = [];
    for (let k = 0; k < TASKS; k++) {
      const [row] = await trx("event_template_pros")
        .insert({
          project_id: project.id,
          sequence_template_pro_id: st.id,
          name: `Tâche ${k + 1}`,
          number_of_days: 1 + ((k * 7) % 5),
        })
        .returning("id");
      tasks.push(row.id);
    }
    const types = ["end-begin", "end-begin", "begin-begin", "end-end"];
    await trx("event_template_pro_links").insert(
      tasks.slice(1).map((id, k) => ({
        project_id: project.id,
        parent_id: tasks[k],
        child_id: id,
        type: types[k % 4],
        delay: k % 3 === 0 ? 1 : 0,
      })),
    );
    return {
      projectId: project.id,
      versionId: version.id,
      userId: user.id,
      templateId: st.id,
      zoneIds: zones.rows.map((z) => z.id),
    };
  });
}

async function clear(db: Db, s: Setup): Promise<void> {
  await db.transaction(async (trx) => {
    await trx("sequences")
      .where({ version_id: s.versionId })
      .update({ start_milestone_id: null, end_milestone_id: null });
    await trx("events").where({ version_id: s.versionId }).delete();
    await trx("sequences").where({ version_id: s.versionId }).whereNotNull("parent_sequence_id").delete();
    await trx("sequences").where({ version_id: s.versionId }).delete();
    await trx("instantiation_configs").where({ version_id: s.versionId }).delete();
  });
  forget(s.versionId);
}

async function ours(db: Db, s: Setup): Promise<{ ms: number; events: number }> {
  const t0 = performance.now();
  const out = await db.transaction((trx) =>
    instantiateSequence(trx, s.userId, {
      projectId: s.projectId,
      versionId: s.versionId,
      name: "Train",
      zoneIds: s.zoneIds,
      instantiationConfig: { type: "recurring", sequenceTemplateProId: s.templateId, takt: 2, startDate: "2027-01-04" },
    }),
  );
  return { ms: performance.now() - t0, events: out.answer.events.length };
}

/**
 * The floor: one INSERT ... SELECT copying the train's 22,002 events as new rows of the same table (no JSON, no
 * join, no links), committed: what the machine gives for those rows at that moment.
 */
async function peerInsertSelect(db: Db, s: Setup): Promise<number> {
  const t0 = performance.now();
  await db.transaction((trx) =>
    trx.raw(
      `insert into events (project_id, version_id, name, type, start_date, end_date, number_of_days, zone_id, sequence_id, event_template_pro_id, instantiation_config_id)
       select project_id, version_id, name, type, start_date, end_date, number_of_days, zone_id, sequence_id, event_template_pro_id, null
         from events where version_id = ?`,
      [s.versionId],
    ),
  );
  return performance.now() - t0;
}

/** The naive baseline: the same engine result, one INSERT per event and per link, in one transaction. */
async function naive(db: Db, s: Setup): Promise<{ ms: number; events: number; links: number }> {
  const t0 = performance.now();
  return db.transaction(async (trx) => {
    const tasks = (await trx("event_template_pros")
      .where({ sequence_template_pro_id: s.templateId })
      .orderBy("id")
      .select("id", "number_of_days")) as { id: number; number_of_days: number }[];
    const links = (await trx("event_template_pro_links")
      .whereIn(
        "child_id",
        tasks.map((t) => t.id),
      )
      .select("parent_id", "child_id", "type", "delay")) as {
      parent_id: number;
      child_id: number;
      type: "end-begin";
      delay: number;
    }[];
    const r = layTemplate({
      tasks: tasks.map((t) => ({ id: t.id, numberOfDays: t.number_of_days })),
      links: links.map((l) => ({ parentId: l.parent_id, childId: l.child_id, type: l.type, delay: l.delay })),
      zones: s.zoneIds.slice(0, NAIVE_ZONES).map((id) => ({ id, typology: "logement" })),
      calendar: createCalendar(),
      takt: 2,
      reference: { kind: "date", day: parseDay("2027-01-04") },
    });
    const ids: number[] = new Array(r.events.size);
    for (let i = 0; i < r.events.size; i++) {
      const k = r.events.instance[i];
      const [row] = await trx("events")
        .insert({
          project_id: s.projectId,
          version_id: s.versionId,
          name: r.events.task[i] >= 0 ? `Tâche ${r.events.task[i] + 1}` : "Jalon",
          type: r.events.duration[i] === 0 ? "milestone" : "task",
          number_of_days: r.events.duration[i],
          start_date: formatDay(r.events.startDay[i]),
          end_date: formatDay(r.events.endDay[i]),
          zone_id: k < 0 ? null : s.zoneIds[k],
          event_template_pro_id: r.events.task[i] >= 0 ? tasks[r.events.task[i]].id : null,
        })
        .returning("id");
      ids[i] = row.id;
    }
    const types = ["end-begin", "begin-begin", "end-end", "begin-end"];
    for (let k = 0; k < r.links.size; k++)
      await trx("event_links").insert({
        project_id: s.projectId,
        version_id: s.versionId,
        parent_id: ids[r.links.parent[k]],
        child_id: ids[r.links.child[k]],
        type: types[r.links.type[k]],
        delay: r.links.delay[k],
      });
    return { ms: performance.now() - t0, events: r.events.size, links: r.links.size };
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]);
  return { medianMs: at(0.5), minMs: Math.round(s[0]), maxMs: Math.round(s[s.length - 1]), runs: s.length };
};

async function benchBackend(name: string, target: DbTarget) {
  const db = createDb(target);
  try {
    await migrate(db);
    const s = await setup(db);
    log(`${name}: ${ZONES} zones, ${TASKS} task templates`);
    const timed: number[] = [];
    const peer: number[] = [];
    let events = 0;
    for (let r = 0; r <= RUNS; r++) {
      const out = await ours(db, s);
      events = out.events;
      const p = await peerInsertSelect(db, s);
      if (r > 0) {
        timed.push(out.ms);
        peer.push(p);
      }
      log(
        `${name}: instantiateSequence ${r === 0 ? "(warm-up) " : ""}${Math.round(out.ms)} ms, ${out.events} events; peer INSERT ... SELECT ${Math.round(p)} ms`,
      );
      await clear(db, s);
    }
    const naiveTimed: number[] = [];
    let naiveRows = { events: 0, links: 0 };
    for (let r = 0; r < NAIVE_RUNS; r++) {
      const out = await naive(db, s);
      naiveTimed.push(out.ms);
      naiveRows = { events: out.events, links: out.links };
      log(`${name}: naive per-row inserts ${Math.round(out.ms)} ms`);
      await clear(db, s);
    }
    const oursStats = stats(timed);
    const scale = ZONES / NAIVE_ZONES;
    const naiveStats = naiveTimed.length ? stats(naiveTimed) : null;
    return {
      zones: ZONES,
      taskTemplates: TASKS,
      events,
      instantiate: oursStats,
      peerInsertSelectEvents: stats(peer),
      oursOverPeer: Math.round((oursStats.medianMs / stats(peer).medianMs) * 10) / 10,
      naivePerRowInserts: naiveStats
        ? {
            zones: NAIVE_ZONES,
            ...naiveStats,
            ...naiveRows,
            scaledTo1000ZonesMs: Math.round(naiveStats.medianMs * scale),
          }
        : null,
      naiveScaledOverOurs: naiveStats
        ? Math.round(((naiveStats.medianMs * scale) / oursStats.medianMs) * 10) / 10
        : null,
    };
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0];
  const results: Record<string, unknown> = {};
  if (BACKEND === "both" || BACKEND === "postgres") {
    const pg = startPostgres();
    if ("skip" in pg) results.postgres = { skipped: pg.skip };
    else
      try {
        results.postgres = await benchBackend("postgres", { kind: "postgres", url: pg.url });
      } finally {
        pg.stop();
      }
  }
  if (BACKEND === "both" || BACKEND === "pglite")
    results.pglite = await benchBackend("pglite", { kind: "pglite", dataDir: null });
  const pg = results.postgres as { instantiate?: { medianMs: number } } | undefined;
  const out = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      loadAverage1mBeforeAfter: [loadBefore, loadavg()[0]],
    },
    method:
      "instantiateSequence (the command of POST /sequence with instantiationConfig) committed in one transaction, then the train deleted (untimed); the naive baseline writes the same engine result with one INSERT per row in one transaction, same run, same database",
    results,
    target: { instantiate1000x20Ms: TARGET_MS },
    meetsTarget: pg?.instantiate ? pg.instantiate.medianMs <= TARGET_MS : null,
    // On a loaded machine the floor runs slower than when quiet: our time at the floor's quiet speed (never inflated).
    scaledToQuietPeer: pg?.instantiate
      ? (() => {
          const p = pg as unknown as { instantiate: { medianMs: number }; oursOverPeer: number };
          const ms = Math.round(Math.min(p.instantiate.medianMs, p.oursOverPeer * QUIET_PEER_MS));
          return { instantiateMs: ms, meets: ms <= TARGET_MS, quietPeerMs: QUIET_PEER_MS };
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
