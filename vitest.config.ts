import { defineConfig } from "vitest/config";

// One project per environment (docs/ARCHITECTURE.md "Testing"): engine, shared and server run in node, web in jsdom.
export default defineConfig({
  test: {
    // Vitest takes one worker per core but one, so one on CI's two cores: the whole run was serial. Two workers let
    // the web and engine files run beside the server's, which stay one at a time (fileParallelism below).
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
          // On PGlite a file's database runs in its worker, beside the web files' worker: server files one at a
          // time. On a real PostgreSQL (DATABASE_URL: npm test's second pass, server files alone) the database is
          // another process and each file has its own schema, so two files run at once.
          fileParallelism: process.env.DATABASE_URL !== undefined,
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
