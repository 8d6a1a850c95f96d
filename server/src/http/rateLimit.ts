import { createHash } from "node:crypto";
import { AppError, hasControlChars } from "@jalon/shared";
import type { Db } from "../db/knex.js";

/**
 * The key as stored: as it is when short and printable, else its hash. A key comes from the request (the
 * e-mail typed at sign-in, the address a proxy forwards): whatever it holds, the insert must not fail (a NUL
 * is refused by PostgreSQL, a long text by the primary key's index) and answer 500 instead of counting.
 */
function storedKey(key: string): string {
  if (key.length <= 300 && !hasControlChars(key) && !/[\ud800-\udfff]/.test(key)) return key;
  return `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/**
 * Fixed-window counters kept in PostgreSQL (the server keeps no state of its own, so several processes
 * share the limit). Throws errors.too_many_requests once a key has been hit more than `max` times.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number): Promise<void> {
  const secs = windowMs / 1000;
  const res = await db.raw(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ?) THEN now() ELSE rate_limits.window_start END
     RETURNING count, extract(epoch from (window_start + make_interval(secs => ?) - now())) AS remaining`,
    [storedKey(key), secs, secs, secs],
  );
  const row = res.rows[0] as { count: number | string; remaining: number | string };
  if (Number(row.count) > max) {
    throw new AppError("errors.too_many_requests", {
      details: { retryAfter: Math.max(1, Math.ceil(Number(row.remaining))) },
    });
  }
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db("rate_limits")
    .where({ key: storedKey(key) })
    .del();
}
