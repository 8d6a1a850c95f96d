import { describe, expect, it } from "vitest";
import { createTimeScale, sequenceSummaries } from "@jalon/shared/gantt";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { drawBars } from "./drawBars";

/** A canvas context that records the texts and paths drawn (jsdom has no canvas). */
function recorder() {
  const texts: { text: string; x: number; y: number }[] = [];
  const fills: string[] = [];
  const ctx = new Proxy(
    {
      fillText: (text: string, x: number, y: number) => texts.push({ text, x, y }),
      fill: function (this: { fillStyle: string }) {
        fills.push(this.fillStyle);
      },
      fillStyle: "",
    } as Record<string, unknown>,
    {
      get: (target, name) => (name in target ? target[name as string] : () => undefined),
      set: (target, name, value) => {
        target[name as string] = value;
        return true;
      },
    },
  );
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts, fills };
}

describe("sequences as summary bars grouped by zone", () => {
  const data = smallPlanning();
  const scale = createTimeScale("week", 75, Math.min(...data.graph.startDay) - 5, Math.max(...data.graph.endDay) + 5);

  it("draws each sequence on its zone's heading row, named, over its events' days", () => {
    const model = buildModel(data, datesOf(data), { grouping: "zone" });
    expect(model.sequences?.get(61)?.name).toBe("Infrastructure");
    const zoneRow = model.rows.find((r) => r.kind === "group" && r.groupId === 31)!;
    const [s] = sequenceSummaries(model.events, zoneRow.events);
    expect(s.sequenceId).toBe(61);
    expect(s.count).toBe(2);
    const { ctx, texts } = recorder();
    drawBars(ctx, {
      model,
      scale,
      width: 5000,
      height: 2000,
      scrollLeft: 0,
      scrollTop: 0,
      live: new Map(),
      selection: new Set(),
      showCritical: false,
    });
    const label = texts.find((x) => x.text === "Infrastructure");
    expect(label).toBeDefined();
    expect(label!.y).toBeGreaterThan(zoneRow.y);
    expect(label!.y).toBeLessThan(zoneRow.y + zoneRow.height);
  });

  it("draws no summary when the planning is grouped otherwise", () => {
    const model = buildModel(data, datesOf(data), { grouping: "lot" });
    expect(model.sequences).toBeUndefined();
    const { ctx, texts } = recorder();
    drawBars(ctx, {
      model,
      scale,
      width: 5000,
      height: 2000,
      scrollLeft: 0,
      scrollTop: 0,
      live: new Map(),
      selection: new Set(),
      showCritical: false,
    });
    expect(texts.some((x) => x.text === "Infrastructure")).toBe(false);
  });
});
