import { describe, expect, it, vi } from "vitest";
import { earlyRequests } from "./earlyRequest";

describe("earlyRequests", () => {
  it("hands the request started in a render to the effect with the same key, once", async () => {
    const r = earlyRequests<number>();
    const load = vi.fn(() => Promise.resolve(1));
    r.start("a", load);
    r.start("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(r.take("a", load)).resolves.toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    // Later renders with the same key (a selection, a scroll) ask nothing.
    r.start("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    // Taken: an effect run again with that key asks again.
    await r.take("a", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("starts a new request when the key changed since the render", async () => {
    const r = earlyRequests<string>();
    r.start("old", () => Promise.resolve("old"));
    await expect(r.take("new", () => Promise.resolve("new"))).resolves.toBe("new");
    // The older one is still there for its own key.
    await expect(r.take("old", () => Promise.resolve("again"))).resolves.toBe("old");
  });

  it("keeps only the latest render's request", async () => {
    const r = earlyRequests<string>();
    r.start("a", () => Promise.resolve("a"));
    r.start("b", () => Promise.resolve("b"));
    await expect(r.take("a", () => Promise.resolve("fresh a"))).resolves.toBe("fresh a");
  });

  it("does not leave an untaken failure unhandled, and passes a taken one on", async () => {
    const r = earlyRequests<number>();
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    r.start("x", () => Promise.reject(new Error("réseau")));
    r.start("y", () => Promise.reject(new Error("refusé")));
    await expect(r.take("y", () => Promise.resolve(0))).rejects.toThrow("refusé");
    await new Promise((res) => setTimeout(res, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
