import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import knex, { type Knex } from "knex";
import ClientPgLite from "knex-pglite";
import pg from "pg";
import { keepDate, parseInt8, parseNumeric, PG_TYPES } from "./numbers.js";

export type Db = Knex;

export type DbTarget =
  | { kind: "postgres"; url: string; searchPath?: string }
  /** dataDir null: in memory. loadDataDir: start from a dump (tests). */
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob };

let pgParsersSet = false;

function setPgParsers(): void {
  if (pgParsersSet) return;
  pg.types.setTypeParser(PG_TYPES.INT8, parseInt8);
  pg.types.setTypeParser(PG_TYPES.NUMERIC, parseNumeric);
  pg.types.setTypeParser(PG_TYPES.DATE, keepDate);
  pgParsersSet = true;
}

export const PGLITE_PARSERS = {
  [PG_TYPES.INT8]: parseInt8,
  [PG_TYPES.NUMERIC]: parseNumeric,
  [PG_TYPES.DATE]: keepDate,
};

/**
 * knex-pglite with a patient pool. Starting PGlite (WASM compile, then initdb on a new folder) takes tens of
 * seconds on a busy machine; tarn's default 30 s create timeout then failed the first query (the server did not
 * start), and would have closed the instance when it came up late. knex-pglite forbids a pool option, so the
 * timeout is set where knex builds tarn's settings.
 */
class PgliteClient extends (ClientPgLite as unknown as new (config: Knex.Config) => Knex.Client) {
  override getPoolSettings(poolConfig: Knex.PoolConfig): Knex.PoolConfig {
    const base = super.getPoolSettings(poolConfig);
    return { ...base, createTimeoutMillis: PGLITE_START_TIMEOUT_MS, acquireTimeoutMillis: PGLITE_START_TIMEOUT_MS };
  }
}

const PGLITE_START_TIMEOUT_MS = 600_000;

/**
 * The knex instance of the server: PGlite (one connection, persisted to dataDir or in memory) or a real
 * PostgreSQL pool. Both share the same migrations, the same SQL and the same number parsing.
 */
export function createDb(target: DbTarget): Db {
  if (target.kind === "postgres") {
    setPgParsers();
    return knex({
      client: "pg",
      connection: target.url,
      pool: { min: 0, max: 10 },
      searchPath: target.searchPath ? [target.searchPath] : undefined,
    });
  }
  if (target.dataDir) fs.mkdirSync(target.dataDir, { recursive: true });
  const dataDir = target.dataDir ?? undefined;
  const loadDataDir = target.loadDataDir;
  return knex({
    client: PgliteClient,
    dialect: "postgres",
    connection: () => ({ pglite: new PGlite({ dataDir, parsers: PGLITE_PARSERS, loadDataDir }) }) as object,
    acquireConnectionTimeout: PGLITE_START_TIMEOUT_MS,
  } as Knex.Config);
}

/** The PGlite behind a knex-pglite instance (to dump its data directory), or null for PostgreSQL. */
export async function pgliteOf(db: Db): Promise<PGlite | null> {
  const client = db.client as { pglite?: PGlite };
  await db.raw("select 1");
  return client.pglite ?? null;
}
