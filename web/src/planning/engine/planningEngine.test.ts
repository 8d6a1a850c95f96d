import { formatDay, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import { graphToTransfer, PlanningEngine } from "./planningEngine";

const d = parseDay;
const NO = -2147483648;

describe("planning engine (worker side)", () => {
  const engine = new PlanningEngine();
  engine.load(
    graphToTransfer({
      ids: [10, 20, 30],
      kind: [0, 0, 1],
      duration: [3, 2, 0],
      requestedStart: [d("2026-02-02"), NO, NO],
      locked: [0, 0, 0],
      calendarOf: [0, 0, 0],
      startDay: [],
      endDay: [],
      revision: [],
      linkIds: [1, 2],
      linkParentId: [10, 20],
      linkChildId: [20, 30],
      linkType: [0, 0],
      linkDelay: [0, 0],
    }),
    { holidays: ["2026-02-11"], vacations: [], lots: [] },
  );

  it("previews a move without committing it, with every successor in the delta", () => {
    const p = engine.preview([10], 2);
    expect([...p.ids]).toEqual([10, 20, 30]);
    expect([...p.startDay].map(formatDay)).toEqual(["2026-02-04", "2026-02-09", "2026-02-12"]);
    expect(p.startDay).toBeInstanceOf(Int32Array);
    // The committed state did not move.
    expect(engine.preview([10], 0).ids.length).toBe(0);
  });
  it("converts a drop day into working days and refuses a non-working day", () => {
    expect(engine.shiftTo(10, d("2026-02-04"))).toBe(2);
    expect(engine.shiftTo(10, d("2026-02-07"))).toBeNaN();
  });
  it("commits a move of a derived event as a delay change on its incoming link", () => {
    const m = engine.commitMoveTo([20], 20, d("2026-02-09"));
    expect([...m.delays]).toEqual([10, 20, 2]);
    expect([...m.starts]).toEqual([]);
    expect(engine.preview([10], 0).ids.length).toBe(0);
    expect(formatDay(engine.projectEndDay())).toBe("2026-02-12");
  });
  it("previews a resize", () => {
    const p = engine.previewDuration(10, 4);
    expect([...p.ids]).toEqual([10, 20, 30]);
  });
});

describe("planning engine: locked events", () => {
  it("reports on load the links a locked event breaks, as [child, parent] pairs", () => {
    const engine = new PlanningEngine();
    const loaded = engine.load(
      graphToTransfer({
        ids: [1, 2],
        kind: [0, 0],
        duration: [3, 1],
        requestedStart: [d("2026-02-02"), d("2026-02-03")],
        locked: [0, 1],
        calendarOf: [0, 0],
        startDay: [d("2026-02-02"), d("2026-02-03")],
        endDay: [d("2026-02-04"), d("2026-02-03")],
        revision: [],
        linkIds: [1],
        linkParentId: [1],
        linkChildId: [2],
        linkType: [0],
        linkDelay: [0],
      }),
      { holidays: [], vacations: [], lots: [] },
    );
    expect([...loaded.violations]).toEqual([2, 1]);
  });
});

describe("critical path in the worker", () => {
  it("names the events with no float in the committed schedule, and follows a move", () => {
    const engine = new PlanningEngine();
    // 10 -> 20 -> 40 (milestone), and 30 beside it (short, with float), 30 -> 40.
    engine.load(
      graphToTransfer({
        ids: [10, 20, 30, 40],
        kind: [0, 0, 0, 1],
        duration: [3, 4, 2, 0],
        requestedStart: [d("2026-03-02"), NO, d("2026-03-02"), NO],
        locked: [0, 0, 0, 0],
        calendarOf: [0, 0, 0, 0],
        startDay: [],
        endDay: [],
        revision: [],
        linkIds: [1, 2, 3],
        linkParentId: [10, 20, 30],
        linkChildId: [20, 40, 40],
        linkType: [0, 0, 0],
        linkDelay: [0, 0, 0],
      }),
      { holidays: [], vacations: [], lots: [] },
    );
    expect([...engine.criticalIds()].sort()).toEqual([10, 20, 40]);
    // 30 starts ten working days later: it becomes the longest chain.
    engine.commitMoveTo([30], 30, d("2026-03-16"));
    expect([...engine.criticalIds()].sort()).toEqual([30, 40]);
  });
});
