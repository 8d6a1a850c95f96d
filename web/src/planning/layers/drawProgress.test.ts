import { describe, expect, it } from "vitest";
import { drawLock, drawProgress } from "./drawBars";

/** A canvas context that records its filled rectangles with their colour, and its arcs (jsdom has no canvas). */
function recorder() {
  const rects: { style: string; x: number; y: number; w: number; h: number }[] = [];
  const arcs: { style: string; x: number; y: number }[] = [];
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ style: this.fillStyle, x, y, w, h });
    },
    beginPath() {},
    arc(x: number, y: number) {
      arcs.push({ style: this.strokeStyle, x, y });
    },
    stroke() {},
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects, arcs };
}

describe("a bar's completed part from its last counting", () => {
  const bar = { x: 100, y: 20, width: 200, height: 16 };

  it("shades the counted share, underlines it in the bar's ink and closes it with a tick (not by shade alone)", () => {
    const { ctx, rects } = recorder();
    drawProgress(ctx, bar, 40, "#FFFFFF");
    expect(rects).toEqual([
      { style: "rgba(0,0,0,0.18)", x: 100, y: 20, w: 80, h: 16 },
      { style: "#FFFFFF", x: 100, y: 33, w: 80, h: 3 },
      { style: "#FFFFFF", x: 179, y: 20, w: 2, h: 16 },
    ]);
  });

  it("covers the whole bar at 100 % (or more), with no tick, and nothing for a task never counted", () => {
    const full = recorder();
    drawProgress(full.ctx, bar, 120, "#000000");
    expect(full.rects.map((r) => r.w)).toEqual([200, 200]);
    for (const none of [null, undefined, 0, -5]) {
      const r = recorder();
      drawProgress(r.ctx, bar, none, "#000000");
      expect(r.rects).toEqual([]);
    }
  });
});

describe("a locked task's padlock", () => {
  it("in the bar's ink at its right end, or in the chart's ink after a narrow bar", () => {
    const wide = recorder();
    drawLock(wide.ctx, { x: 100, y: 20, width: 200, height: 16 }, "#FFFFFF");
    expect(wide.rects).toEqual([{ style: "#FFFFFF", x: 290, y: 28, w: 7, h: 5 }]);
    expect(wide.arcs).toEqual([{ style: "#FFFFFF", x: 293.5, y: 28 }]);
    const narrow = recorder();
    drawLock(narrow.ctx, { x: 100, y: 20, width: 12, height: 16 }, "#FFFFFF");
    expect(narrow.rects[0]).toMatchObject({ style: "#424242", x: 115 });
  });
});
