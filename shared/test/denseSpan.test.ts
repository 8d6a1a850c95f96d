import { describe, expect, it } from "vitest";
import { denseSpan } from "../src/denseSpan.js";

describe("dense span of ids", () => {
  it("gives the span of dense integers, null for far-apart, fractional or NaN values", () => {
    expect(denseSpan([5, 3, 9])).toEqual({ min: 3, max: 9 });
    expect(denseSpan([1, 4e9])).toBeNull();
    expect(denseSpan([1, 2.5])).toBeNull();
    expect(denseSpan([1, Number.NaN])).toBeNull();
    expect(denseSpan([])).toEqual({ min: 0, max: -1 });
  });
  it("skips NaN (no value) when asked", () => {
    expect(denseSpan([Number.NaN, 7, 4], true)).toEqual({ min: 4, max: 7 });
    expect(denseSpan([Number.NaN], true)).toEqual({ min: 0, max: -1 });
  });
});
