import path from "node:path";
import { loadConfig } from "./config.js";
import { holdsPgliteData, startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded.js";
import { acquireDataDirLock, StartupError, type DataDirLock } from "./db/embeddedLock.js";
import { createDb, type Db } from "./db/knex.js";
import { migrate } from "./db/migrate.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from "./db/seeds/demo.js";
import { createLogger } from "./lib/log.js";
import { startServer, type RunningServer } from "./server.js";

const log = createLogger();
let embedded: EmbeddedPostgres | null = null;
let pgliteLock: DataDirLock | null = null;
let db: Db | null = null;
let running: RunningServer | null = null;

/** DATABASE_URL, else the embedded PostgreSQL in DATA_DIR/postgres, else (JALON_DB=pglite) PGlite on disk. */
async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<Db> {
  if (config.databaseUrl) {
    log.info("Base PostgreSQL (DATABASE_URL)");
    return createDb({ kind: "postgres", url: config.databaseUrl });
  }
  if (config.embeddedDb === "pglite") {
    // PGlite has no lock of its own: two processes on one folder corrupt it.
    pgliteLock = acquireDataDirLock(config.dataDir);
    // A folder of the versions where PGlite was the default keeps its data at its root.
    const dir = holdsPgliteData(config.dataDir) ? config.dataDir : path.join(config.dataDir, "pglite");
    log.warn(
      `Base PGlite dans ${dir} (JALON_DB=pglite) : une écriture confirmée peu avant un arrêt brutal peut être perdue`,
    );
    return createDb({ kind: "pglite", dataDir: dir });
  }
  embedded = await startEmbeddedPostgres(config.dataDir, log, (reason) => {
    log.error(
      `PostgreSQL embarqué s'est arrêté de façon inattendue (${reason}) : arrêt de Jalon. Relancez-le : PostgreSQL reprendra ses données au démarrage.`,
    );
    void shutdown().finally(() => process.exit(1));
  });
  return createDb({ kind: "postgres", url: embedded.url });
}

/** In order: no new request, the pool, then PostgreSQL's fast shutdown (a checkpoint), then the folder lock. */
async function shutdown(): Promise<void> {
  await running?.close().catch(() => undefined);
  await db?.destroy().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  pgliteLock?.release();
}

/** `npm start`: migrate, seed the demo on an empty database, serve the API (and Socket.IO) on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`Arrêt (${signal})`);
    await shutdown();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGHUP", () => void stop("SIGHUP"));
  db = await openDatabase(config);
  await migrate(db);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(db, log);
    if (seeded) log.info("Données de démonstration créées");
  }
  running = await startServer(db, config, log);
  console.log(`\nJalon écoute sur ${running.url}  (API : ${running.url}/api)`);
  if (config.seedDemo) {
    console.log(`Comptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`);
    for (const a of DEMO_ACCOUNTS) console.log(`  - ${a.email} (${a.type})`);
  }
}

main().catch(async (e) => {
  if (e instanceof StartupError) console.error(`\nJalon ne démarre pas : ${e.message}\n`);
  else console.error(e);
  await shutdown();
  process.exit(1);
});
