import type { Knex } from "knex";
import type { Db } from "./knex.js";

/** Reports and aggregates (the cost monitoring): statements over whole versions, read-only. */
const ANALYTIC_SETTINGS = ["set local jit = off", "set local work_mem = '64MB'"];

/**
 * Runs the aggregates of one answer with settings fit for them: no JIT (the week expansion's estimate, 1,000 rows
 * per task, makes PostgreSQL compile for seconds what runs in a fraction of one) and room for the 100k-group hash
 * aggregates in memory. SET LOCAL lasts the transaction only.
 */
export function analytic<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    for (const setting of ANALYTIC_SETTINGS) await trx.raw(setting);
    return run(trx as unknown as Db);
  });
}

/** Whether a db can run statements at once: a PostgreSQL pool (PGlite and a transaction are one connection). */
export function canRunAtOnce(db: Db): boolean {
  return !db.isTransaction && (db.client as { config?: { client?: unknown } }).config?.client === "pg";
}

/**
 * Parts of one answer run at once, each on its own connection of the pool, all reading one snapshot: the first
 * transaction exports it and the others import it (REPEATABLE READ), so the parts agree as one statement would.
 * PostgreSQL 15 runs a statement's full join and most of its aggregates in one process; two parts keep both cores
 * busy. On one connection (PGlite, a transaction) the parts run one after the other in one transaction.
 */
export async function analyticParts<T>(db: Db, parts: ((db: Db) => Promise<T>)[]): Promise<T[]> {
  if (parts.length < 2 || !canRunAtOnce(db) || partedRuns >= MAX_PARTED_RUNS)
    return analytic(db, async (trx) => {
      const out: T[] = [];
      for (const part of parts) out.push(await part(trx));
      return out;
    });
  partedRuns++;
  try {
    return await runPartsAtOnce(db, parts);
  } finally {
    partedRuns--;
  }
}

/**
 * Answers whose parts run at once, at most: each holds a connection and waits for more, so many at once could
 * take the whole pool and wait for each other until the acquire timeout. Past it, an answer's parts run one after
 * the other on one connection, as they would on PGlite (two cores are busy by then anyway).
 */
const MAX_PARTED_RUNS = 2;
let partedRuns = 0;

async function runPartsAtOnce<T>(db: Db, parts: ((db: Db) => Promise<T>)[]): Promise<T[]> {
  const trxs: Knex.Transaction[] = [];
  try {
    const first = await db.transaction({ isolationLevel: "repeatable read" });
    trxs.push(first);
    const snapshot = (await first.raw<{ rows: { s: string }[] }>("select pg_export_snapshot() s")).rows[0].s;
    for (let k = 1; k < parts.length; k++) {
      const trx = await db.transaction({ isolationLevel: "repeatable read" });
      trxs.push(trx);
      await trx.raw(`set transaction snapshot '${snapshot.replace(/'/g, "")}'`);
    }
    // The parts are the parallelism: workers of their own would only compete with them for the cores.
    for (const trx of trxs)
      for (const setting of [...ANALYTIC_SETTINGS, "set local max_parallel_workers_per_gather = 0"])
        await trx.raw(setting);
    const out = await Promise.all(parts.map((part, k) => part(trxs[k] as unknown as Db)));
    await Promise.all(trxs.map((trx) => trx.commit()));
    return out;
  } catch (e) {
    await Promise.all(trxs.filter((trx) => !trx.isCompleted()).map((trx) => trx.rollback().catch(() => undefined)));
    throw e;
  }
}
