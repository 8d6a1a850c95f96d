// `npm start`: builds the web app when its sources changed since the last build, then starts the server
// (migrations, demo data on an empty database, API + Socket.IO + the web app on one port).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildInto, withBuildLock } from "./buildLock.js";

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith("dist")) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const dist = "web/dist";

function needsBuild(): boolean {
  const built = join(dist, "index.html");
  const sources = Math.max(
    newest("web/src"),
    newest("shared/src"),
    newest("engine/src"),
    statSync("web/index.html").mtimeMs,
    // The build's own settings (the service worker and manifest) and the files copied as they are (icons).
    statSync("web/vite.config.ts").mtimeMs,
    existsSync("web/public") ? newest("web/public") : 0,
  );
  return !existsSync(built) || statSync(built).mtimeMs < sources || process.env.JALON_BUILD === "always";
}

// Two starts at once (two processes behind a balancer) take turns; the second finds the build done.
if (needsBuild()) {
  const ok = withBuildLock("web/.dist-build.lock", () => {
    if (!needsBuild()) return true;
    console.log("Construction de l'application web…");
    return buildInto(dist, (tmp) => {
      const outDir = tmp.slice("web/".length);
      return (
        spawnSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
          cwd: "web",
          stdio: "inherit",
        }).status === 0
      );
    });
  });
  if (!ok) process.exit(1);
}
const server = spawnSync(process.execPath, ["--import", "tsx", "server/src/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
