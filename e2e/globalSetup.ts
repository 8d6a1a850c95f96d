import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Builds the web app, then starts the real server (npm start's entry) on a throwaway data folder (its embedded
 * PostgreSQL) with the demo data, and stops it by its own PID at the end.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 3310);
  mkdirSync("artifacts/e2e/screens", { recursive: true });
  if (process.env.E2E_SKIP_BUILD !== "1") {
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: "web", stdio: "inherit" });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "jalon-e2e-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, JALON_LOG: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A loaded machine (several suites at once) took 3 minutes to start the server with its demo.
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not start in 300 s");
    await new Promise((r) => setTimeout(r, 300));
  }
  return async () => {
    // SIGTERM stops the server, then its embedded PostgreSQL (a checkpoint): the folder is removed after that.
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
}
