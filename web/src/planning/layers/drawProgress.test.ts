import { describe, expect, it } from "vitest";
import { drawProgress } from "./drawBars";

/** A canvas context that records its filled rectangles with their colour (jsdom has no canvas). */
function recorder() {
  const rects: { style: string; x: number; y: number; w: number; h: number }[] = [];
  const ctx = {
    fillStyle: "",
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ style: this.fillStyle, x, y, w, h });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, rects };
}

describe("a bar's completed part from its last counting", () => {
  const bar = { x: 100, y: 20, width: 200, height: 16 };

  it("shades the counted share over the bar's height, with a line along its bottom", () => {
    const { ctx, rects } = recorder();
    drawProgress(ctx, bar, 40);
    expect(rects).toEqual([
      { style: "rgba(0,0,0,0.18)", x: 100, y: 20, w: 80, h: 16 },
      { style: "rgba(0,0,0,0.45)", x: 100, y: 33, w: 80, h: 3 },
    ]);
  });

  it("covers the whole bar at 100 % (or more) and nothing for a task never counted", () => {
    const full = recorder();
    drawProgress(full.ctx, bar, 120);
    expect(full.rects[0].w).toBe(200);
    for (const none of [null, undefined, 0, -5]) {
      const r = recorder();
      drawProgress(r.ctx, bar, none);
      expect(r.rects).toEqual([]);
    }
  });
});
