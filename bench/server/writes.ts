// The two write figures of the server benchmark, each interleaved with its peer so that both see the same
// machine load: a bulk move of 10k events through the real moveEvents command (one transaction with its
// history rows and undo step, committed) against one plain UPDATE of the same 10k rows; a version created by
// the real createVersion command from a 100k-event version against one plain INSERT ... SELECT of its events.
import { performance } from "node:perf_hooks";
import type { Knex } from "knex";
import { formatDay } from "@jalon/engine";
import { summarize, type Stats } from "../engine/measure.js";
import type { AppDeps, AuthUser } from "../../server/src/context.js";
import type { Db } from "../../server/src/db/knex.js";
import { moveEvents } from "../../server/src/commands/moveEvents.js";
import { createVersion } from "../../server/src/commands/createVersion.js";
import { Emits } from "../../server/src/http/route.js";
import { forget, remember, versionGraph } from "../../server/src/planning/versionGraph.js";
import type { BenchVersion } from "./generate.js";

/** Sums the time spent in SQL statements (query sent -> response) between reset() and read(). */
export function sqlClock(db: Db): {
  reset: () => void;
  read: () => { ms: number; statements: number };
  top: (n: number) => { sql: string; ms: number }[];
} {
  const started = new Map<string, number>();
  let each: { sql: string; ms: number }[] = [];
  let ms = 0;
  let statements = 0;
  db.on("query", (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
  const done = (q: { __knexQueryUid: string; sql: string }) => {
    const t = started.get(q.__knexQueryUid);
    if (t === undefined) return;
    started.delete(q.__knexQueryUid);
    const d = performance.now() - t;
    ms += d;
    each.push({ sql: q.sql.replace(/\s+/g, " ").slice(0, 90), ms: Math.round(d) });
    statements++;
  };
  db.on("query-response", (_r: unknown, q: { __knexQueryUid: string; sql: string }) => done(q));
  db.on("query-error", (_e: unknown, q: { __knexQueryUid: string; sql: string }) => done(q));
  return {
    /** The slowest statements since reset(), to see where a write's time goes. */
    top: (n) => [...each].sort((a, b) => b.ms - a.ms).slice(0, n),
    reset: () => {
      each = [];
      ms = 0;
      statements = 0;
    },
    read: () => ({ ms: Math.round(ms * 10) / 10, statements }),
  };
}

async function count(db: Db, table: string, where: Record<string, number>): Promise<number> {
  const row = (await db(table).where(where).count({ n: "*" }).first()) as { n: unknown };
  return Number(row.n);
}

const BUILDING_TASKS = (v: BenchVersion) => v.tasks / 50;

export interface MoveFigures {
  selection: number;
  /** Reading the version's graph from the database and scheduling it (a cold cache: first write after a restart). */
  coldGraphReadMs: number;
  move: Stats;
  /** SQL statements' share of each move (median over the timed runs). */
  moveSqlMedianMs: number;
  moveStatements: number;
  plainUpdate: Stats;
  checks: { rowsWritten: number; historyRowsPerMove: number; undoStepsPerMove: number; linksWithNewDelay: number };
}

/**
 * The selection is every task of five buildings (10,000 tasks); their entering links (from each building's
 * OS milestone) change delay and their Hors d'eau and Réception milestones follow, so a move writes 10,010 rows.
 * Moves alternate +3/-3 working days; each plain UPDATE pair (+7, -7 calendar days) leaves the rows as they were.
 */
export async function benchMoves(
  db: Db,
  v: BenchVersion,
  opts: { warmup: number; runs: number; log: (m: string) => void },
): Promise<MoveFigures> {
  const sql = sqlClock(db);
  const selectionSize = 5 * BUILDING_TASKS(v);
  const ids = Array.from({ length: selectionSize }, (_, k) => v.firstTaskId + k);
  forget(v.versionId);
  let t = performance.now();
  await versionGraph(db, v.versionId);
  const coldGraphReadMs = Math.round(performance.now() - t);
  opts.log(`cold graph read ${coldGraphReadMs} ms`);

  const moves: number[] = [];
  const sqlMs: number[] = [];
  let statements = 0;
  const plain: number[] = [];
  const checks = { rowsWritten: 0, historyRowsPerMove: 0, undoStepsPerMove: 0, linksWithNewDelay: 0 };
  for (let r = 0; r < opts.warmup + opts.runs; r++) {
    const timed = r >= opts.warmup;
    const vg = await versionGraph(db, v.versionId);
    const k = r % 2 === 0 ? 3 : -3;
    const anchor = vg.plan.index.get(ids[0])!;
    const day = vg.plan.calendars[0].addWorkingDays(vg.schedule.startDay[anchor], k);
    const events = ids.map((id) => ({ id, revision: vg.graph.revision[vg.plan.index.get(id)!] }));
    const history0 = await count(db, "event_histories", { project_id: v.projectId });
    const undo0 = await count(db, "undo_steps", { version_id: v.versionId });
    const delays0 = await db("event_links")
      .where({ version_id: v.versionId })
      .whereIn("child_id", ids)
      .sum({ d: "delay" })
      .first();

    sql.reset();
    t = performance.now();
    const out = await db.transaction((trx: Knex.Transaction) =>
      moveEvents(trx, v.userId, {
        projectId: v.projectId,
        versionId: v.versionId,
        events,
        anchorId: ids[0],
        startDate: formatDay(day),
      }),
    );
    remember(out.graph);
    const ms = performance.now() - t;
    const s = sql.read();
    const slowest = sql.top(4);

    checks.rowsWritten = out.ids.length;
    checks.historyRowsPerMove = (await count(db, "event_histories", { project_id: v.projectId })) - history0;
    checks.undoStepsPerMove = (await count(db, "undo_steps", { version_id: v.versionId })) - undo0;
    const delays1 = await db("event_links")
      .where({ version_id: v.versionId })
      .whereIn("child_id", ids)
      .sum({ d: "delay" })
      .first();
    checks.linksWithNewDelay = Math.abs(Number(delays1?.d) - Number(delays0?.d)) / 3;
    if (checks.rowsWritten < selectionSize || checks.undoStepsPerMove !== 1)
      throw new Error(`bench: the move did not write what it should (${JSON.stringify(checks)})`);

    const pair: number[] = [];
    for (const shift of [7, -7]) {
      t = performance.now();
      await db.transaction((trx: Knex.Transaction) =>
        trx.raw(
          "update events set start_date = start_date + ?::int, end_date = end_date + ?::int, updated_at = now() where version_id = ? and id between ? and ?",
          [shift, shift, v.versionId, ids[0], ids[ids.length - 1]],
        ),
      );
      pair.push(performance.now() - t);
    }
    opts.log(`  slowest: ${JSON.stringify(slowest)}`);
    opts.log(
      `move ${r + 1}/${opts.warmup + opts.runs}${timed ? "" : " (warm-up)"}: ${Math.round(ms)} ms (SQL ${Math.round(s.ms)} ms in ${s.statements} statements); plain UPDATE ${pair.map(Math.round).join(" / ")} ms`,
    );
    if (!timed) continue;
    moves.push(ms);
    sqlMs.push(s.ms);
    statements = s.statements;
    plain.push(...pair);
  }
  return {
    selection: selectionSize,
    coldGraphReadMs,
    move: summarize(moves),
    moveSqlMedianMs: summarize(sqlMs).medianMs,
    moveStatements: statements,
    plainUpdate: summarize(plain),
    checks,
  };
}

export interface VersionFigures {
  createVersion: Stats;
  createVersionSqlMedianMs: number;
  plainInsertSelect: Stats;
  copied: { events: number; links: number; zones: number; holidays: number };
}

/** The events' keys to rows of their own version, which the scratch version of the peer does not have. */
const OTHER_VERSION_KEYS = ['"zone_id"', '"participant_group_pro_id"'];

/**
 * createVersion copies the project's current version (each run copies the previous copy, always 100,150
 * events and 199,600 links) and makes the copy current. The peer inserts the current version's events into a
 * scratch version with one INSERT ... SELECT of every column (no key remapping, no other table; the zone and lot,
 * which must be of the event's version, are left empty).
 */
export async function benchVersions(
  db: Db,
  deps: AppDeps,
  v: BenchVersion,
  opts: { warmup: number; runs: number; log: (m: string) => void },
): Promise<VersionFigures> {
  const sql = sqlClock(db);
  const user: AuthUser = {
    id: v.userId,
    email: "banc@jalon.bench",
    firstname: "Banc",
    lastname: "Serveur",
    type: "admin",
  };
  const columns = (
    (
      await db.raw(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'events' and column_name not in ('id', 'version_id') order by ordinal_position",
      )
    ).rows as { column_name: string }[]
  ).map((c) => `"${c.column_name}"`);
  const ours: number[] = [];
  const sqlMs: number[] = [];
  const peer: number[] = [];
  let copied = { events: 0, links: 0, zones: 0, holidays: 0 };
  for (let r = 0; r < opts.warmup + opts.runs; r++) {
    const timed = r >= opts.warmup;
    sql.reset();
    let t = performance.now();
    const created = await createVersion(deps, new Emits(), user, {
      projectId: v.projectId,
      name: `Banc copie ${r + 1}`,
    });
    const ms = performance.now() - t;
    const s = sql.read();
    const slowest = sql.top(6);
    copied = {
      events: await count(db, "events", { version_id: created.id }),
      links: await count(db, "event_links", { version_id: created.id }),
      zones: await count(db, "zones", { version_id: created.id }),
      holidays: await count(db, "holidays", { version_id: created.id }),
    };
    if (copied.events !== v.tasks + v.milestones || copied.links !== v.links)
      throw new Error(`bench: the copy is incomplete (${JSON.stringify(copied)})`);

    const [scratch] = await db("versions")
      .insert({ project_id: v.projectId, name: `Banc pair ${r + 1}`, is_archived: true })
      .returning("id");
    t = performance.now();
    await db.transaction((trx: Knex.Transaction) =>
      trx.raw(
        `insert into events (version_id, ${columns.join(", ")}) select ?, ${columns.map((c) => (OTHER_VERSION_KEYS.includes(c) ? "null" : c)).join(", ")} from events where version_id = ?`,
        [scratch.id, created.id],
      ),
    );
    const peerMs = performance.now() - t;
    opts.log(`  slowest: ${JSON.stringify(slowest)}`);
    opts.log(
      `version ${r + 1}/${opts.warmup + opts.runs}${timed ? "" : " (warm-up)"}: ${Math.round(ms)} ms (SQL ${Math.round(s.ms)} ms); plain INSERT ... SELECT ${Math.round(peerMs)} ms`,
    );
    if (!timed) continue;
    ours.push(ms);
    sqlMs.push(s.ms);
    peer.push(peerMs);
  }
  return {
    createVersion: summarize(ours),
    createVersionSqlMedianMs: summarize(sqlMs).medianMs,
    plainInsertSelect: summarize(peer),
    copied,
  };
}
