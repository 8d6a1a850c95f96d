import { createCalendar, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import {
  dragStep,
  IDLE,
  snapTarget,
  type DragContext,
  type DragInput,
  type DragState,
  type DragEffect,
} from "./dragTool";

const cal = createCalendar({ holidays: [parseDay("2026-02-11")] });
const ctx: DragContext = { dayWidth: 20, calendarOf: () => cal };
const MON = parseDay("2026-02-09");

function run(inputs: DragInput[], start: DragState = IDLE): { state: DragState; effects: DragEffect[] } {
  let state = start;
  const effects: DragEffect[] = [];
  for (const input of inputs) {
    const r = dragStep(state, input, ctx);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

describe("drag tool", () => {
  it("a click selects the bar and does not move it", () => {
    const r = run([
      { type: "pointerDown", x: 100, hitId: 7, hitStartDay: MON, additive: false, selected: [] },
      { type: "pointerMove", x: 101 },
      { type: "pointerUp", x: 101 },
    ]);
    expect(r.state).toEqual(IDLE);
    expect(r.effects).toEqual([{ type: "select", ids: [7] }]);
  });
  it("dragging previews each new working day once and commits on drop", () => {
    const r = run([
      { type: "pointerDown", x: 100, hitId: 7, hitStartDay: MON, additive: false, selected: [] },
      { type: "pointerMove", x: 121 }, // +1 day: Tuesday
      { type: "pointerMove", x: 125 }, // still Tuesday: no new preview
      { type: "pointerMove", x: 140 }, // +2: Wednesday is a holiday -> Thursday
      { type: "pointerUp", x: 140 },
    ]);
    expect(r.effects.filter((e) => e.type === "preview").map((e) => (e as { k: number }).k)).toEqual([1, 2]);
    expect(r.effects.at(-1)).toEqual({
      type: "commit",
      selection: [7],
      anchorId: 7,
      day: parseDay("2026-02-12"),
      k: 2,
    });
    expect(r.state.kind).toBe("committing");
    expect(dragStep(r.state, { type: "committed" }, ctx).state).toEqual(IDLE);
  });
  it("a drag drops on a working day: backwards over a weekend snaps to Friday", () => {
    expect(snapTarget(cal, MON, -20, 20)).toEqual({ day: parseDay("2026-02-06"), k: -1 });
    expect(snapTarget(cal, MON, -40, 20)).toEqual({ day: parseDay("2026-02-06"), k: -1 });
    expect(snapTarget(cal, MON, -60, 20)).toEqual({ day: parseDay("2026-02-06"), k: -1 });
    expect(snapTarget(cal, MON, -80, 20)).toEqual({ day: parseDay("2026-02-05"), k: -2 });
  });
  it("dragging a selected bar moves the whole selection; shift-click adds and removes", () => {
    const added = run([{ type: "pointerDown", x: 0, hitId: 2, hitStartDay: MON, additive: true, selected: [1] }]);
    expect(added.effects).toEqual([{ type: "select", ids: [1, 2] }]);
    const r = run([
      { type: "pointerDown", x: 0, hitId: 2, hitStartDay: MON, additive: false, selected: [1, 2] },
      { type: "pointerMove", x: 20 },
      { type: "pointerUp", x: 20 },
    ]);
    expect(r.effects.at(-1)).toMatchObject({ type: "commit", selection: [1, 2], anchorId: 2 });
    const removed = run([{ type: "pointerDown", x: 0, hitId: 2, hitStartDay: MON, additive: true, selected: [1, 2] }]);
    expect(removed.effects).toEqual([{ type: "select", ids: [1] }]);
  });
  it("dropping back on the start day commits nothing; a failure or cancel clears the preview", () => {
    const back = run([
      { type: "pointerDown", x: 0, hitId: 3, hitStartDay: MON, additive: false, selected: [] },
      { type: "pointerMove", x: 40 },
      { type: "pointerMove", x: 0 },
      { type: "pointerUp", x: 0 },
    ]);
    expect(back.effects.some((e) => e.type === "commit")).toBe(false);
    expect(back.effects.at(-1)).toEqual({ type: "clearPreview" });
    const failed = run([
      { type: "pointerDown", x: 0, hitId: 3, hitStartDay: MON, additive: false, selected: [] },
      { type: "pointerMove", x: 40 },
      { type: "pointerUp", x: 40 },
      { type: "failed" },
    ]);
    expect(failed.state).toEqual(IDLE);
    expect(failed.effects.at(-1)).toEqual({ type: "clearPreview" });
  });
  it("a click on empty space clears the selection", () => {
    expect(run([{ type: "pointerDown", x: 0, hitId: null, additive: false, selected: [1] }]).effects).toEqual([
      { type: "select", ids: [] },
    ]);
  });
});
