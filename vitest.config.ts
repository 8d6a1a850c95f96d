import { defineConfig } from "vitest/config";

// One project per environment (docs/ARCHITECTURE.md "Testing"): engine, shared and server run in node, web in jsdom.
export default defineConfig({
  test: {
    // Vitest takes one worker per core but one, so one on CI's two cores: the whole run was serial. Two workers.
    maxWorkers: 2,
    projects: [
      { test: { name: "engine", environment: "node", include: ["engine/test/**/*.test.ts"], testTimeout: 120_000 } },
      { test: { name: "shared", environment: "node", include: ["shared/test/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["./server/test/helpers/pgWarnings.ts"],
          // Two files at once, on PGlite too: each file's database is an in-memory PGlite in its own worker, loaded
          // from one migrated template (test/helpers/db.ts), so nothing is shared. One at a time left CI's second
          // core idle once the web and engine files were done (PGlite pass 1,254 s serial, 567 s with two here).
          fileParallelism: true,
        },
      },
      {
        extends: "./web/vite.config.ts",
        test: {
          name: "web",
          environment: "jsdom",
          root: "./web",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
