// The real server (Koa app + Socket.IO, server/src/server.ts) in its own process for the load figure, so that
// autocannon's client does not share the event loop it measures. DATABASE_URL selects PostgreSQL, otherwise an
// in-memory PGlite. Migrates, seeds the demo project when absent, then prints one JSON line on stdout:
// {url, projectId, versionId}. Stopped by its parent with SIGTERM.
import { createDb } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { DEMO_PROJECT_NAME, seedDemo } from "../../server/src/db/seeds/demo.js";
import { loadConfig } from "../../server/src/config.js";
import { createLogger } from "../../server/src/lib/log.js";
import { startServer } from "../../server/src/server.js";

const url = process.env.DATABASE_URL;
const db = createDb(url ? { kind: "postgres", url } : { kind: "pglite", dataDir: null });
await migrate(db);
let project = await db("projects").where({ name: DEMO_PROJECT_NAME }).first("id", "current_version_id");
if (!project) {
  await seedDemo(db);
  project = await db("projects").where({ name: DEMO_PROJECT_NAME }).first("id", "current_version_id");
}
const config = { ...loadConfig({}), port: 0, jwtSecret: "bench-secret-of-at-least-16-chars" };
const running = await startServer(db, config, createLogger("warn"));
process.stdout.write(
  `${JSON.stringify({ url: running.url, projectId: project.id, versionId: project.current_version_id })}\n`,
);
process.on("SIGTERM", () => {
  void running.close().finally(() => db.destroy().finally(() => process.exit(0)));
});
