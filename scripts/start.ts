// `npm start`: builds the web app when its sources changed since the last build, then starts the server
// (migrations, demo data on an empty database, API + Socket.IO + the web app on one port).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = "web/dist/index.html";
const sources = Math.max(newest("web/src"), newest("shared/src"), newest("engine/src"), statSync("web/index.html").mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources || process.env.JALON_BUILD === "always") {
  console.log("Construction de l'application web…");
  const r = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: "web", stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawnSync(process.execPath, ["--import", "tsx", "server/src/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
