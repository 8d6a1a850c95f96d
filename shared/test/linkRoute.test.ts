import { describe, expect, it } from "vitest";
import { collectSpans, freeColumn, linkPath, routeLink, ROUTE_LENGTH } from "../src/gantt/index.js";

const bar = (x: number, y: number, width: number) => ({ x, y, width, height: 16 });

/** The x of every vertical segment of a route between rows (y changes). */
function legs(pts: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 < pts.length; i += 2) if (pts[i] === pts[i + 2] && pts[i + 1] !== pts[i + 3]) out.push(pts[i]);
  return out;
}
const crosses = (x: number, spans: number[]) => {
  for (let i = 0; i < spans.length; i += 2) if (x >= spans[i] && x <= spans[i + 1]) return true;
  return false;
};

describe("link routing around bars", () => {
  it("finds the first free column from either side, or none", () => {
    const spans = [10, 20, 22, 40];
    expect(freeColumn(spans, 2, 0, 100, false)).toBe(0);
    expect(freeColumn(spans, 2, 12, 100, false)).toBeGreaterThan(43);
    expect(freeColumn(spans, 2, 0, 35, true)).toBeLessThan(7);
    expect(Number.isNaN(freeColumn(spans, 2, 12, 38, false))).toBe(true);
  });

  it("keeps the plain route when nothing lies between", () => {
    const p = bar(0, 4, 50);
    const c = bar(100, 52, 40);
    expect(linkPath("end-begin", p, c)).toEqual([50, 12, 56, 12, 56, 60, 100, 60]);
  });

  it("slides the vertical leg of an end-begin link off a bar of a row between", () => {
    const p = bar(0, 4, 50);
    const c = bar(200, 76, 40);
    const between = [40, 120];
    const pts = linkPath("end-begin", p, c, 6, between, 1);
    expect(pts.slice(0, 2)).toEqual([50, 12]);
    expect(pts.slice(-2)).toEqual([200, 84]);
    for (const x of legs(pts)) expect(crosses(x, between)).toBe(false);
    // Without the obstacle the leg stood inside it.
    expect(legs(linkPath("end-begin", p, c)).some((x) => crosses(x, between))).toBe(true);
  });

  it("keeps a crossing only when no free column exists between the two leads", () => {
    const p = bar(0, 4, 50);
    const c = bar(100, 76, 40);
    const pts = linkPath("end-begin", p, c, 6, [0, 500], 1);
    expect(pts).toEqual(linkPath("end-begin", p, c));
  });

  it("routes a child behind its parent around, its legs off the bars between", () => {
    const p = bar(100, 4, 50);
    const c = bar(20, 76, 40);
    const between = [140, 170];
    const pts = linkPath("end-begin", p, c, 6, between, 1);
    expect(pts.length).toBe(12);
    expect(pts.slice(-2)).toEqual([20, 84]);
    for (const x of legs(pts).slice(0, 1)) expect(crosses(x, between)).toBe(false);
  });

  it("pushes same-side legs outward past the bars between (begin-begin, end-end)", () => {
    const p = bar(100, 4, 50);
    const c = bar(120, 76, 40);
    const bb = linkPath("begin-begin", p, c, 6, [80, 98], 1);
    expect(legs(bb)[0]).toBeLessThan(77);
    const ee = linkPath("end-end", p, c, 6, [150, 170], 1);
    expect(legs(ee)[0]).toBeGreaterThan(173);
  });

  it("writes into a caller's buffer without allocating and gathers spans of the rows between", () => {
    const out = new Float64Array(ROUTE_LENGTH);
    const n = routeLink(out, "begin-end", bar(100, 4, 50), bar(200, 52, 40));
    expect(n).toBe(12);
    const spans = new Float64Array(20);
    const seen: number[] = [];
    const count = collectSpans(
      7,
      3,
      (r, s, at) => {
        seen.push(r);
        s[at] = r;
        s[at + 1] = r + 1;
        return r === 5 ? 0 : 1;
      },
      spans,
    );
    expect(seen).toEqual([4, 5, 6]);
    expect(count).toBe(2);
    expect(collectSpans(0, 500, () => 1, spans)).toBe(0);
  });
});
