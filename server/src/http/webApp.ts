import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Middleware } from "koa";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
};

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");

/**
 * Serves the built web app (web/dist) on the API's origin: files as they are (hashed assets cached for a
 * year), and index.html for every other GET outside /api and /socket.io so that client routes reload.
 */
export function serveWebApp(root = WEB_DIST): Middleware {
  const index = path.join(root, "index.html");
  return async (ctx, next) => {
    if (
      (ctx.method !== "GET" && ctx.method !== "HEAD") ||
      ctx.path.startsWith("/api") ||
      ctx.path.startsWith("/socket.io") ||
      !existsSync(index)
    )
      return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      // A broken %-escape names no file: the page of the app (its router shows "not found"), never a 500.
      decoded = "/";
    }
    const wanted = path.normalize(path.join(root, decoded));
    const inside = wanted.startsWith(root + path.sep);
    const file = inside && existsSync(wanted) && statSync(wanted).isFile() ? wanted : index;
    ctx.type = TYPES[path.extname(file)] ?? "application/octet-stream";
    ctx.set(
      "Cache-Control",
      file !== index && file.includes(`${path.sep}assets${path.sep}`)
        ? "public, max-age=31536000, immutable"
        : "no-cache",
    );
    ctx.body = createReadStream(file);
  };
}
