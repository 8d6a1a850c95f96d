import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearRateLimit, hitRateLimit } from "../../src/http/rateLimit.js";
import { openTestDb, type TestDb } from "../helpers/db.js";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => t?.close());

describe("rate limit counters on odd keys", () => {
  // The key holds what the request sent (an e-mail, a forwarded address): the count must work whatever it is.
  for (const [name, key] of [
    ["a NUL", "login:1.2.3.4:a\u0000b@x.fr"],
    ["a lone surrogate", "login:1.2.3.4:\ud800@x.fr"],
    [
      "66,000 random characters (past the primary key index's row size)",
      `login:1.2.3.4:${randomBytes(50_000).toString("base64")}`,
    ],
    ["control characters", "login:\u001b[31m:\u0007"],
  ] as const) {
    it(`${name}: counted, refused past the limit with errors.too_many_requests, cleared`, async () => {
      await hitRateLimit(t.db, key, 2, 60_000);
      await hitRateLimit(t.db, key, 2, 60_000);
      await expect(hitRateLimit(t.db, key, 2, 60_000)).rejects.toMatchObject({ code: "errors.too_many_requests" });
      await clearRateLimit(t.db, key);
      await expect(hitRateLimit(t.db, key, 2, 60_000)).resolves.toBeUndefined();
    });
  }

  it("a plain key is stored as it is (readable when looking at the table)", async () => {
    await hitRateLimit(t.db, "login:1.2.3.4:plain@x.fr", 5, 60_000);
    expect(await t.db("rate_limits").where({ key: "login:1.2.3.4:plain@x.fr" }).first("count")).toEqual({ count: 1 });
  });
});
