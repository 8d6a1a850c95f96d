import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { createDb, type Db } from "../../src/db/knex.js";
import { migrate } from "../../src/db/migrate.js";

/**
 * One database per test file, migrated once per test run:
 * - PGlite (default): the migrated data directory is dumped once into a template file (keyed by the hash of
 *   the migrations, reused by later runs) and each file loads it into an in-memory PGlite (~1-2 s instead of
 *   a fresh database and migrations);
 * - PostgreSQL (DATABASE_URL set): each file migrates its own schema (fast on a real server) and drops it.
 * Tests inside a file isolate themselves with unique data (factories).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.resolve(here, "../../src/db/migrations");

function migrationsHash(): string {
  const h = createHash("sha256");
  for (const f of fs.readdirSync(migrationsDir).sort())
    h.update(f).update(fs.readFileSync(path.join(migrationsDir, f)));
  return h.digest("hex").slice(0, 16);
}

async function templateDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `jalon-test-template-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const db = createDb({ kind: "pglite", dataDir: null });
    // Migrate through knex on a fresh in-memory PGlite, then dump it.
    await migrate(db);
    const client = db.client as { pglite?: PGlite };
    const dump = await client.pglite!.dumpDataDir("none");
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
    await db.destroy();
  }
  return new Blob([fs.readFileSync(file)]);
}

export interface TestDb {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
}

export async function openTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = createDb({ kind: "postgres", url });
    await admin.raw(`CREATE SCHEMA ${schema}`);
    await admin.destroy();
    const db = createDb({ kind: "postgres", url, searchPath: schema });
    await migrate(db);
    return {
      db,
      kind: "postgres",
      close: async () => {
        await db.raw(`DROP SCHEMA ${schema} CASCADE`);
        await db.destroy();
      },
    };
  }
  const db = createDb({ kind: "pglite", dataDir: null, loadDataDir: await templateDump() });
  await migrate(db); // no-op on the template; applies nothing new
  return { db, kind: "pglite", close: () => db.destroy() };
}
