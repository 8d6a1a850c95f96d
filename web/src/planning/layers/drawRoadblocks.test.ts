import { describe, expect, it } from "vitest";
import { createTimeScale } from "@jalon/shared/gantt";
import { fromWire, toWire, type PlanningData } from "@jalon/shared/planning";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { drawRoadblockMarkers, openRoadblockIds, ROADBLOCK_MARKER_COLOR } from "./drawRoadblocks";

/** A canvas context that records its arcs with their fill colour (jsdom has no canvas). */
function recorder() {
  const arcs: { x: number; y: number; fill: string }[] = [];
  let pending: { x: number; y: number } | null = null;
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    save() {},
    restore() {},
    translate() {},
    beginPath() {},
    arc(x: number, y: number) {
      pending = { x, y };
    },
    fill() {
      if (pending) arcs.push({ ...pending, fill: this.fillStyle });
    },
    stroke() {},
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, arcs };
}

function withRoadblocks(data: PlanningData, open: Record<number, number>): PlanningData {
  return { ...data, events: data.events.map((e) => ({ ...e, numberOfRoadblocks: open[e.id] ?? 0 })) };
}

describe("the planning's roadblock markers", () => {
  it("reads the tasks with open roadblocks from the answer's columns and from event objects", () => {
    const data = smallPlanning();
    const [a, b] = data.events.filter((e) => e.type === "task").map((e) => e.id);
    const marked = withRoadblocks(data, { [a]: 2, [b]: 0 });
    expect([...openRoadblockIds(marked)]).toEqual([a]);
    expect([...openRoadblockIds(fromWire(toWire(marked)))]).toEqual([a]);
    expect(openRoadblockIds(data).size).toBe(0);
    expect(openRoadblockIds(null).size).toBe(0);
  });

  it("draws a red dot on the top right corner of each marked task's bar, nothing for the others", () => {
    const data = smallPlanning();
    const task = data.events.find((e) => e.type === "task")!;
    const model = buildModel(data, datesOf(data), { grouping: "none" });
    const scale = createTimeScale("week", 1, model.events[0].startDay - 7, model.events[0].startDay + 120);
    const input = { model, scale, width: 4000, height: 2000, scrollLeft: 0, scrollTop: 0, live: new Map() };
    const { ctx, arcs } = recorder();
    expect(drawRoadblockMarkers(ctx, { ...input, open: new Set([task.id]) })).toBe(1);
    expect(arcs).toHaveLength(1);
    expect(arcs[0].fill).toBe(ROADBLOCK_MARKER_COLOR);
    const none = recorder();
    expect(drawRoadblockMarkers(none.ctx, { ...input, open: new Set() })).toBe(0);
    expect(none.arcs).toEqual([]);
  });
});
