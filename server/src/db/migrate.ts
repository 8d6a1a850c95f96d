import type { Db } from "./knex.js";
import { migrationSource } from "./migrations/index.js";

/**
 * Advisory lock keys (two-int form) of a server's start, so that several processes started at once on an
 * empty database take turns: space 1 is the versions' (planning/writeLock.ts).
 */
export const START_LOCK_SPACE = 2;
export const MIGRATIONS_LOCK = 1;
export const DEMO_SEED_LOCK = 2;

/**
 * Brings the schema to the latest migration. On PostgreSQL every process may call it at the same moment: the
 * first one migrates, the others wait for it and then find nothing to do. Without the lock, two processes on
 * an empty database both created knex_migrations (a duplicate key, one server down). knex's own lock row
 * does not cover the creation of its tables.
 */
export async function migrate(db: Db): Promise<void> {
  await withStartLock(db, MIGRATIONS_LOCK, () => db.migrate.latest({ migrationSource }));
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}

/**
 * `fn` under a session-level advisory lock held by one dedicated connection of knex's pool, while `fn` runs
 * on the others: a process killed meanwhile loses its session and so its lock, nobody waits for ever.
 * PGlite is one connection of one process: there is nobody to wait for, and holding its only connection
 * would leave `fn` none.
 */
export async function withStartLock<T>(db: Db, key: number, fn: () => Promise<T>): Promise<T> {
  if ((db.client.config as { client?: unknown }).client !== "pg") return fn();
  const connection = await db.client.acquireConnection();
  try {
    await db.raw("SELECT pg_advisory_lock(?, ?)", [START_LOCK_SPACE, key]).connection(connection);
    try {
      return await fn();
    } finally {
      await db.raw("SELECT pg_advisory_unlock(?, ?)", [START_LOCK_SPACE, key]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}
