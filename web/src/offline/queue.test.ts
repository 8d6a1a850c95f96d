import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Counting, CountingCreate, MacroTaskCounting } from "@jalon/shared";
import { ApiError } from "../api/http";
import { OfflineDb, setOfflineDb } from "./db";
import { dismiss, enqueue, enqueueBatch, flush, queueSnapshot } from "./queue";
import { setSender, submitCounting, syncNow } from "./sync";
import { makeUser, signIn } from "../test/render";

let n = 0;
beforeEach(async () => {
  const db = new OfflineDb(`test-${++n}`);
  setOfflineDb(db);
  await db.open();
});

const body = (eventId: number, percentage = 50): Omit<CountingCreate, "clientKey"> => ({
  eventId,
  percentage,
  countingDate: "2026-11-25",
});
const meta = { projectId: 1, eventName: "Cloisons", userId: 2 };
const answer = (b: CountingCreate): Counting =>
  ({ id: Number(b.eventId) * 10, eventId: b.eventId, percentage: b.percentage, clientKey: b.clientKey }) as Counting;

describe("offline countings queue", () => {
  it("sends the waiting countings oldest first, each with its own key", async () => {
    await enqueue(body(1), meta);
    await enqueue(body(2), meta);
    await enqueue(body(3), meta);
    expect(queueSnapshot().pending).toHaveLength(3);
    const sent: CountingCreate[] = [];
    const result = await flush(async (b) => {
      sent.push(b);
      return answer(b);
    });
    expect(sent.map((b) => b.eventId)).toEqual([1, 2, 3]);
    expect(new Set(sent.map((b) => b.clientKey)).size).toBe(3);
    expect(sent.every((b) => /^[A-Za-z0-9_-]{8,64}$/.test(b.clientKey ?? ""))).toBe(true);
    expect(result.sent).toHaveLength(3);
    expect(queueSnapshot().pending).toHaveLength(0);
  });

  it("keeps the rest on a network failure and retries with the same key", async () => {
    await enqueue(body(1), meta);
    await enqueue(body(2), meta);
    const keys: string[] = [];
    let online = false;
    const send = async (b: CountingCreate) => {
      keys.push(`${b.eventId}:${b.clientKey}`);
      if (!online) throw new ApiError(0, "network", "Failed to fetch");
      return answer(b);
    };
    const first = await flush(send);
    expect(first.waiting).toBe(2);
    // The round stopped at the first failure: the second counting was not tried out of order.
    expect(keys).toHaveLength(1);
    expect(queueSnapshot().pending.map((r) => r.body.eventId)).toEqual([1, 2]);
    online = true;
    await flush(send);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2].startsWith("2:")).toBe(true);
    expect(queueSnapshot().pending).toHaveLength(0);
  });

  it("sends a macro-task batch as one call in its place in the order, its lines with their own keys", async () => {
    await enqueue(body(1), meta);
    await enqueueBatch(
      {
        macroTaskId: 5,
        countingDate: "2026-11-25",
        countings: [
          { eventId: 2, percentage: 40, name: "Cloisons R+1" },
          { eventId: 3, percentage: 60, name: "Cloisons R+2" },
        ],
      },
      meta,
    );
    await enqueue(body(4), meta);
    expect(queueSnapshot().pending.map((r) => r.eventName)).toEqual([
      "Cloisons",
      "Cloisons R+1",
      "Cloisons R+2",
      "Cloisons",
    ]);
    const order: string[] = [];
    const batches: MacroTaskCounting[] = [];
    const result = await flush({
      one: async (b) => {
        order.push(`one ${b.eventId}`);
        return answer(b);
      },
      batch: async (b) => {
        order.push(`batch ${b.countings.map((c) => c.eventId).join("+")}`);
        batches.push(b);
        return { data: b.countings.map((c) => answer({ ...c, countingDate: b.countingDate })) };
      },
    });
    expect(order).toEqual(["one 1", "batch 2+3", "one 4"]);
    expect(batches[0]).toMatchObject({ macroTaskId: 5, countingDate: "2026-11-25" });
    const keys = batches[0].countings.map((c) => c.clientKey);
    expect(new Set(keys).size).toBe(2);
    expect(result.sent.map((x) => x.counting.eventId)).toEqual([1, 2, 3, 4]);
    expect(queueSnapshot().pending).toHaveLength(0);
  });

  it("keeps a refusal at sync time with its code, sends the others, and removes it only when asked", async () => {
    await enqueue(body(1), meta);
    await enqueue(body(2), { projectId: 1, eventName: "Peinture", userId: 2 });
    await enqueue(body(3), meta);
    const sent: unknown[] = [];
    await flush(async (b) => {
      if (b.eventId === 2) throw new ApiError(409, "counting_unsigned_version", "Impossible");
      sent.push(b.eventId);
      return answer(b);
    });
    expect(sent).toEqual([1, 3]);
    const { pending, refused } = queueSnapshot();
    expect(pending).toHaveLength(0);
    expect(refused).toHaveLength(1);
    expect(refused[0].eventName).toBe("Peinture");
    expect(refused[0].error?.code).toBe("counting_unsigned_version");
    // A later round does not send it again.
    await flush(async () => {
      throw new Error("must not be called");
    });
    expect(queueSnapshot().refused).toHaveLength(1);
    await dismiss(refused[0].seq!);
    expect(queueSnapshot().refused).toHaveLength(0);
  });

  it("a server error or an ended session leaves the counting waiting", async () => {
    await enqueue(body(1), meta);
    await flush(async () => {
      throw new ApiError(500, "default", "boom");
    });
    await flush(async () => {
      throw new ApiError(401, "unauthorized", "no");
    });
    expect(queueSnapshot().pending).toHaveLength(1);
    expect(queueSnapshot().pending[0].attempts).toBe(2);
  });

  it("sends only the signed-in user's countings, and none when signed out", async () => {
    await enqueue(body(1), { ...meta, userId: 3 });
    await enqueue(body(2), meta);
    const sent: unknown[] = [];
    setSender(async (b) => {
      sent.push(b.eventId);
      return answer(b);
    });
    await syncNow();
    expect(sent).toEqual([]);
    signIn(makeUser({ id: 2, type: "manager" }));
    await syncNow();
    expect(sent).toEqual([2]);
    expect(queueSnapshot().pending.map((r) => r.userId)).toEqual([3]);
  });

  it("submitCounting: sent at once online, refused at once without being kept, queued offline", async () => {
    signIn(makeUser({ id: 2, type: "manager" }));
    setSender(async (b) => {
      if (b.percentage > 100) throw new ApiError(400, "counting_out_of_range", "x");
      return answer(b);
    });
    const ok = await submitCounting(body(4, 75), meta);
    expect(ok.status).toBe("sent");
    const refused = await submitCounting(body(5, 120), meta);
    expect(refused).toMatchObject({ status: "refused", code: "counting_out_of_range" });
    expect(queueSnapshot().refused).toHaveLength(0);
    setSender(async () => {
      throw new ApiError(0, "network", "offline");
    });
    const queued = await submitCounting(body(6, 25), meta);
    expect(queued.status).toBe("queued");
    expect(queueSnapshot().pending.map((r) => r.body.eventId)).toEqual([6]);
  });
});
