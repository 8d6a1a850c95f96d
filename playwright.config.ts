import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/testing/chromium";

// End-to-end flows against the real server (its embedded PostgreSQL in a throwaway folder) serving the built web app, driven
// by Debian's Chromium (never a downloaded browser). Screenshots of the key screens go to artifacts/e2e.
const port = Number(process.env.E2E_PORT ?? 3310);

export default defineConfig({
  testDir: "e2e",
  outputDir: "artifacts/e2e/results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "artifacts/e2e/report.json" }]],
  globalSetup: "./e2e/globalSetup.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
});
