import type { Ctx } from "../../http/route.js";
import { PLANNING_COMPACT_TYPE } from "@jalon/shared/planning";
import { compactAnswer, gzippedAnswer, type PlanningAnswer } from "../../planning/planningCache.js";

/** Whether one of the validators of If-None-Match names this answer (either of its encodings). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const gz = `${etag.slice(0, -1)}-gz"`;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag || tag === gz;
  });
}

/**
 * Sends a stored planning answer: 304 when the client already holds it, gzip'd bytes when it accepts them.
 * `private, no-cache`: a browser may keep it but asks again each time (the answer follows every write), and
 * no shared cache may serve it, since who may read it is decided per request.
 * JSON unless the client prefers the compact form (`Accept: application/vnd.jalon.planning-columns`, the planning
 * screen's; shared/src/planning/compact.ts): the same answer with its columns in binary.
 */
export async function sendPlanningAnswer(ctx: Ctx, stored: PlanningAnswer): Promise<void> {
  ctx.set("Cache-Control", "private, no-cache");
  ctx.vary("Accept-Encoding");
  ctx.vary("Accept");
  const compact = ctx.accepts("application/json", PLANNING_COMPACT_TYPE) === PLANNING_COMPACT_TYPE;
  const answer = compact ? compactAnswer(stored) : stored;
  if (matches(ctx.get("If-None-Match"), answer.etag)) {
    ctx.set("ETag", answer.etag);
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  ctx.type = compact ? PLANNING_COMPACT_TYPE : "application/json";
  if (ctx.acceptsEncodings("gzip", "identity") === "gzip") {
    ctx.set("Content-Encoding", "gzip");
    ctx.set("ETag", `${answer.etag.slice(0, -1)}-gz"`);
    ctx.body = await gzippedAnswer(answer);
  } else {
    ctx.set("ETag", answer.etag);
    ctx.body = answer.body;
  }
  ctx.status = 200;
}
