// Harness pages of the web benchmark (root bench/web/app): index.html mounts Jalon's PlanningView, dhtmlx.html
// the dhtmlx-gantt peer. Both read the generated plan from /data/planning-SIZE.json; the dev and preview servers
// answer it from the data directory (generating it on first use), bench/web/run.ts uses its own static server.
//   npx vite --config bench/web/vite.config.ts     then open /?size=10k or /dhtmlx.html?size=10k
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { IncomingMessage, ServerResponse } from "node:http";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
// Relative, not the workspace package: Vite bundles a relative import of its config, and Node cannot load .ts.
import { PLANNING_COMPACT_TYPE } from "../../shared/src/planning/compact.js";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, "../..");
export const DATA_DIR = process.env.JALON_BENCH_WEB_DATA ?? join(REPO, ".tmp", "bench-web");

/**
 * GET /data/(planning|meta)-(10k|100k).json from the data directory, and /data/planning-(10k|100k).bin: the
 * planning answer's compact form (shared/src/planning/compact.ts), with the server's media type.
 */
export function serveData(dataDir: string, req: IncomingMessage, res: ServerResponse): boolean {
  const m = /^\/data\/(planning|meta)-(10k|100k)\.(json|bin)(\?.*)?$/.exec(req.url ?? "");
  if (!m || (m[3] === "bin" && m[1] !== "planning")) return false;
  const file = join(dataDir, `${m[1]}-${m[2]}.${m[3]}`);
  if (!existsSync(file)) {
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", join(here, "generate.ts"), "--size", m[2], "--out", dataDir],
      { cwd: REPO, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (r.status !== 0) {
      res.statusCode = 500;
      res.end("generation failed");
      return true;
    }
  }
  res.setHeader("Content-Type", m[3] === "bin" ? PLANNING_COMPACT_TYPE : "application/json");
  res.setHeader("Cache-Control", "no-store");
  // Sent as Jalon's server sends GET /planning/data (planningCache.ts): gzip'd (zlib's default level) to a browser,
  // which always asks for it. Both pages read the same file, so the peer gets the same bytes.
  if (m[1] === "planning" && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Vary", "Accept-Encoding");
    res.end(gzipped(file));
    return true;
  }
  createReadStream(file).pipe(res);
  return true;
}

const zipped = new Map<string, { mtimeMs: number; bytes: Buffer }>();
/** The file gzip'd once per version of it (the server also compresses an answer once and keeps it). */
function gzipped(file: string): Buffer {
  const mtimeMs = statSync(file).mtimeMs;
  const hit = zipped.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.bytes;
  const bytes = gzipSync(readFileSync(file));
  zipped.set(file, { mtimeMs, bytes });
  return bytes;
}

function dataPlugin(): Plugin {
  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!serveData(DATA_DIR, req, res)) next();
  };
  return {
    name: "jalon-bench-data",
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

export default defineConfig({
  root: join(here, "app"),
  base: "./",
  plugins: [react(), dataPlugin()],
  build: {
    outDir: join(here, "dist"),
    emptyOutDir: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
    rollupOptions: { input: { ours: join(here, "app", "index.html"), dhtmlx: join(here, "app", "dhtmlx.html") } },
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1", fs: { allow: [REPO] } },
  preview: { host: "127.0.0.1" },
  logLevel: "warn",
});
