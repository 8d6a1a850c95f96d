import { describe, expect, it } from "vitest";
import type { Context } from "koa";
import { InvalidDateError } from "@jalon/engine";
import { errorHandler } from "../../src/http/errorHandler.js";
import { createLogger } from "../../src/lib/log.js";

/** What the error middleware answers for an error thrown below it. */
async function answerTo(error: unknown): Promise<{ status: number; code: string }> {
  const ctx = {
    method: "POST",
    path: "/api/x",
    status: 200,
    body: undefined as unknown,
    set: () => undefined,
  } as unknown as Context;
  await errorHandler(createLogger("silent"))(ctx, async () => {
    throw error;
  });
  return { status: ctx.status, code: (ctx.body as { code: string }).code };
}

const pg = (code: string, message = "erreur PostgreSQL") => Object.assign(new Error(message), { code });

describe("the error middleware: what bad input makes PostgreSQL or the engine throw is a 4xx", () => {
  // The second line of defence behind the schemas: a value they let through must still not answer 500.
  for (const [code, status, catalogue] of [
    ["22021", 400, "errors.validation"], // NUL or a byte sequence the encoding refuses
    ["22P05", 400, "errors.validation"], // \u0000 in jsonb
    ["22P02", 400, "errors.validation"], // "abc" for an integer
    ["22003", 400, "errors.validation"], // 2^63 for a bigint
    ["22007", 400, "errors.validation"], // a date PostgreSQL cannot read
    ["22008", 400, "errors.validation"], // a date out of range
    ["22001", 400, "errors.validation"], // too long for the column
    ["23502", 400, "errors.validation"], // not null
    ["23514", 400, "errors.validation"], // check constraint
    ["23505", 409, "errors.conflict"], // unique, no catalogue code of its own
    ["23P01", 409, "errors.conflict"], // exclusion
    ["54000", 413, "errors.payload_too_large"], // program limit (index row too big...)
  ] as const) {
    it(`SQLSTATE ${code}: ${status} ${catalogue}`, async () => {
      expect(await answerTo(pg(code))).toEqual({ status, code: catalogue });
    });
  }

  it("more parameters than one statement takes (08P01 'bind message has N parameter formats'): 413", async () => {
    expect(await answerTo(pg("08P01", "bind message has 4464 parameter formats but 0 parameters"))).toEqual({
      status: 413,
      code: "errors.payload_too_large",
    });
  });

  it("a database error wrapped by a driver (its cause carries the SQLSTATE) is mapped the same", async () => {
    expect(await answerTo(Object.assign(new Error("wrapped"), { cause: pg("22021") }))).toEqual({
      status: 400,
      code: "errors.validation",
    });
  });

  it("an engine error no route converted (a day the engine cannot read): 400 errors.invalid_date", async () => {
    expect(await answerTo(new InvalidDateError("0001-01-01"))).toEqual({ status: 400, code: "errors.invalid_date" });
  });

  it("anything else stays a 500 errors.default (a server fault is not hidden as the client's)", async () => {
    expect(await answerTo(new TypeError("x is undefined"))).toEqual({ status: 500, code: "errors.default" });
    expect(await answerTo(pg("08006", "connection failure"))).toEqual({ status: 500, code: "errors.default" });
  });
});
