import { describe, expect, it } from "vitest";
import { rowWindow, windowRows } from "./rowWindow";

/** Rows of these heights laid out from 0, as buildRows places them. */
function columns(heights: number[]) {
  const y: number[] = [];
  let at = 0;
  for (const h of heights) {
    y.push(at);
    at += h;
  }
  return { y, height: heights };
}

describe("the grid's row window", () => {
  it("gives the rows on screen with the overscan on each side, clamped to the rows", () => {
    const { y, height } = columns(Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 32 : 24)));
    // Screen from 500 to 800: rows 20 (y 496) to 31 (ending at 800).
    const w = rowWindow(y, height, 500, 300, 3);
    expect(y[20]).toBeLessThanOrEqual(500);
    expect(y[21]).toBeGreaterThan(500);
    expect(w).toEqual({ first: 17, last: 34, total: y[99] + height[99] });
    expect(y[31] + height[31]).toBe(800);
    expect(rowWindow(y, height, 0, 300, 10).first).toBe(0);
    expect(rowWindow(y, height, 1e9, 300, 10).last).toBe(99);
  });

  it("is empty without rows, and a single row is its own window", () => {
    expect(rowWindow([], [], 0, 500, 10)).toEqual({ first: 0, last: -1, total: 0 });
    expect(windowRows(rowWindow([], [], 0, 500, 10), -1)).toEqual([]);
    expect(rowWindow([0], [24], 0, 500, 10)).toEqual({ first: 0, last: 0, total: 24 });
  });

  it("keeps the focused row rendered before or after the window, once", () => {
    const w = { first: 10, last: 13, total: 0 };
    expect(windowRows(w, -1)).toEqual([10, 11, 12, 13]);
    expect(windowRows(w, 2)).toEqual([2, 10, 11, 12, 13]);
    expect(windowRows(w, 12)).toEqual([10, 11, 12, 13]);
    expect(windowRows(w, 40)).toEqual([10, 11, 12, 13, 40]);
  });
});
