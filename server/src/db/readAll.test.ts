import type { Knex } from "knex";
import { describe, expect, it } from "vitest";
import { readAll } from "./readAll.js";

/** Reads that log when each starts and ends, each ending a tick after it starts. */
function loggedReads(log: string[]) {
  const read = (name: string, value: number) => async () => {
    log.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`end ${name}`);
    return value;
  };
  return [read("a", 1), read("b", 2)] as const;
}

describe("readAll", () => {
  it("runs the reads one after the other on a transaction (one connection)", async () => {
    const log: string[] = [];
    const trx = { isTransaction: true } as unknown as Knex;
    expect(await readAll(trx, loggedReads(log))).toEqual([1, 2]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("runs them at once on the pool", async () => {
    const log: string[] = [];
    const pool = {} as unknown as Knex;
    expect(await readAll(pool, loggedReads(log))).toEqual([1, 2]);
    expect(log).toEqual(["start a", "start b", "end a", "end b"]);
  });
});
