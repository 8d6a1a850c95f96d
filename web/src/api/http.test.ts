import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, requestPreferring } from "./http";

const TYPE = "application/vnd.jalon.planning-columns";

/** An answer whose body arrives in the given chunks, then ends (or fails when `fail` is set). */
function streamed(chunks: number[][], fail = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new Uint8Array(c));
      if (fail) controller.error(new TypeError("connexion coupée"));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": TYPE } });
}

afterEach(() => vi.unstubAllGlobals());

describe("requestPreferring", () => {
  it("reads a preferred answer's bytes from its stream, chunk after chunk", async () => {
    // Chunks of every size, an empty one among them: put together in their order.
    const big = Array.from({ length: 70_000 }, (_, i) => i % 251);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => streamed([[1, 2, 3], big, [], [9]])),
    );
    const answer = await requestPreferring(TYPE, "/planning/data");
    expect("bytes" in answer).toBe(true);
    const bytes = new Uint8Array((answer as { bytes: ArrayBuffer }).bytes);
    expect(bytes.length).toBe(3 + big.length + 1);
    expect([...bytes.subarray(0, 4)]).toEqual([1, 2, 3, 0]);
    expect(bytes[3 + 1000]).toBe(1000 % 251);
    expect(bytes[bytes.length - 1]).toBe(9);
  });

  it("gives a stream cut short as a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => streamed([[1, 2]], true)),
    );
    const failure = await requestPreferring(TYPE, "/planning/data").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("network");
  });

  it("reads another answer as JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"a":1}', { status: 200, headers: { "Content-Type": "application/json" } })),
    );
    expect(await requestPreferring(TYPE, "/planning/data")).toEqual({ json: { a: 1 } });
  });
});
