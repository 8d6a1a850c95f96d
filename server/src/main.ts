import { loadConfig } from "./config.js";
import { createDb } from "./db/knex.js";
import { migrate } from "./db/migrate.js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from "./db/seeds/demo.js";
import { createLogger } from "./lib/log.js";
import { startServer } from "./server.js";

/** `npm start`: migrate, seed the demo on an empty database, serve the API (and Socket.IO) on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger();
  const db = createDb(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir });
  log.info(config.databaseUrl ? "Base PostgreSQL (DATABASE_URL)" : `Base PGlite dans ${config.dataDir}`);
  await migrate(db);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(db, log);
    if (seeded) log.info("Données de démonstration créées");
  }
  const running = await startServer(db, config, log);
  console.log(`\nJalon écoute sur ${running.url}  (API : ${running.url}/api)`);
  if (config.seedDemo) {
    console.log(`Comptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`);
    for (const a of DEMO_ACCOUNTS) console.log(`  - ${a.email} (${a.type})`);
  }
  const stop = async (signal: string) => {
    log.info(`Arrêt (${signal})`);
    await running.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
