import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "../../test/helpers/db.js";
import { analyticParts, canRunAtOnce } from "./analytic.js";

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.close());

const countUsers = async (db: TestDb["db"]) =>
  Number(((await db("users").count({ n: "*" }).first()) as { n: unknown }).n);

describe("analyticParts", () => {
  it("answers each part's result in order, on a transaction one part after the other", async () => {
    const log: string[] = [];
    const part = (name: string) => async (db: TestDb["db"]) => {
      log.push(`start ${name}`);
      const r = await db.raw<{ rows: { v: string }[] }>("select ?::text v", [name]);
      log.push(`end ${name}`);
      return r.rows[0].v;
    };
    await t.db.transaction(async (trx) => {
      expect(canRunAtOnce(trx)).toBe(false);
      expect(await analyticParts(trx, [part("a"), part("b")])).toEqual(["a", "b"]);
    });
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
    expect(canRunAtOnce(t.db)).toBe(t.kind === "postgres");
  });

  it("runs the parts at once on PostgreSQL, on two connections reading one snapshot", async (ctx) => {
    if (t.kind !== "postgres") ctx.skip(); // PGlite is one connection: the parts run one after the other
    const before = await countUsers(t.db);
    const [a, b] = await analyticParts(t.db, [
      async (db) => {
        // Committed by the pool after both parts' snapshot was taken: neither part sees it.
        await t.db("users").insert({ email: "snapshot@example.fr", firstname: "S", lastname: "S", type: "manager" });
        const pid = (await db.raw<{ rows: { p: number }[] }>("select pg_backend_pid() p")).rows[0].p;
        return { pid, users: await countUsers(db) };
      },
      async (db) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const pid = (await db.raw<{ rows: { p: number }[] }>("select pg_backend_pid() p")).rows[0].p;
        return { pid, users: await countUsers(db) };
      },
    ]);
    expect(a.pid).not.toBe(b.pid);
    expect([a.users, b.users]).toEqual([before, before]);
    expect(await countUsers(t.db)).toBe(before + 1);
  });

  it("runs the parts of at most two answers at once: a third answer's parts run one after the other", async (ctx) => {
    if (t.kind !== "postgres") ctx.skip(); // PGlite is one connection: the parts run one after the other
    let running = 0;
    let most = 0;
    const part = async (db: TestDb["db"]) => {
      most = Math.max(most, ++running);
      await db.raw("select pg_sleep(0.05)");
      running--;
      return (await db.raw<{ rows: { p: number }[] }>("select pg_backend_pid() p")).rows[0].p;
    };
    const answers = await Promise.all([0, 1, 2].map(() => analyticParts(t.db, [part, part])));
    // Two answers on two connections each, the third on one: five parts at most at once, never six.
    expect(most).toBe(5);
    expect(answers.map(([a, b]) => a === b)).toEqual([false, false, true]);
  });

  it("rolls every part back and throws when one fails", async () => {
    await expect(
      analyticParts(t.db, [async (db) => db.raw("select 1"), async (db) => db.raw("select * from no_such_table")]),
    ).rejects.toThrow(/no_such_table/);
    // The pool still answers: no connection was left in a transaction.
    expect(await countUsers(t.db)).toBeGreaterThanOrEqual(0);
  });
});
