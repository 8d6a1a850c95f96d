import type { Knex } from "knex";

/**
 * Blocks of consecutive ids taken from tables' id sequences, so that a version copy can give a dense block of
 * old ids its new ids by an offset (id + delta) instead of one nextval() per row drawn in id order: that order
 * made PostgreSQL read the source through the primary key, over every version's rows (560 ms for 100k events
 * among 2.3M, against 290 ms for the same insert by offset).
 *
 * A sequence hands out one value at a time; a block needs nobody else to draw in between. On PostgreSQL the
 * block is taken in a short transaction of its own: ALTER SEQUENCE ... INCREMENT BY n locks the sequence
 * against concurrent nextval() until that transaction ends, a few milliseconds, not the copy's whole
 * transaction (which would stall every event creation of the server meanwhile). It waits at most
 * LOCK_TIMEOUT for a transaction that drew from the sequence and is still open; then no block is taken and
 * the copy draws ids row by row as before. PGlite has one connection, used by the copy: nobody can draw in
 * between, and a setval() in the copy's transaction is enough.
 */

const LOCK_TIMEOUT = "200ms";

/** The first id of a block of `n` per sequence (sequences as pg_get_serial_sequence names them), or null. */
export type IdBlocks = Map<string, number> | null;

const isPool = (db: Knex) => (db.client as { config?: { client?: unknown } }).config?.client === "pg";

function first(res: { rows: Record<string, unknown>[] }, column: string): number {
  const v = Number(res.rows[0]?.[column]);
  if (!Number.isSafeInteger(v)) throw new Error(`idBlocks: ${column} is not an integer`);
  return v;
}

/**
 * Takes one block per entry of `sizes` (sequence -> number of ids, each at least 1). `trx` is the copy's
 * transaction; `pool`, when it is a PostgreSQL pool, gives the short transaction of its own.
 */
export async function takeIdBlocks(trx: Knex, pool: Knex | undefined, sizes: Map<string, number>): Promise<IdBlocks> {
  const starts = new Map<string, number>();
  if (sizes.size === 0) return starts;
  for (const [seq, n] of sizes) {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`idBlocks: bad block size ${n}`);
    if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(seq))
      throw new Error(`idBlocks: unexpected sequence name ${seq}`);
  }
  if (!isPool(trx)) {
    for (const [seq, n] of sizes) {
      const a = first(await trx.raw("SELECT nextval(?::regclass) AS a", [seq]), "a");
      await trx.raw("SELECT setval(?::regclass, ?)", [seq, a + n - 1]);
      starts.set(seq, a);
    }
    return starts;
  }
  if (!pool || !isPool(pool)) return null;
  try {
    await pool.transaction(async (t) => {
      await t.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      for (const [seq, n] of sizes) {
        // The value drawn before the increment marks where the block starts (a sequence never drawn from
        // returns its start value on the first call, whatever the increment).
        const a = first(await t.raw("SELECT nextval(?::regclass) AS a", [seq]), "a");
        await t.raw(`ALTER SEQUENCE ${seq} INCREMENT BY ${n}`);
        const b = first(await t.raw("SELECT nextval(?::regclass) AS b", [seq]), "b");
        await t.raw(`ALTER SEQUENCE ${seq} INCREMENT BY 1`);
        if (b !== a + n) throw new Error(`idBlocks: ${seq} moved from ${a} to ${b}, not by ${n}`);
        starts.set(seq, a + 1);
      }
    });
  } catch (e) {
    if ((e as { code?: string }).code === "55P03") return null; // lock_not_available: ids drawn row by row instead
    throw e;
  }
  return starts;
}
