import type { Db } from "./knex.js";
import { migrationSource } from "./migrations/index.js";

export async function migrate(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}
