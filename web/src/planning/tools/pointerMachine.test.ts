import { createCalendar, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import {
  POINTER_IDLE,
  pointerKey,
  pointerMode,
  pointerSettled,
  pointerStep,
  type PointerEffect,
  type PointerInput,
  type PointerState,
  type PointerWorld,
} from "./pointerMachine";

const cal = createCalendar({ holidays: [] });
const MON = parseDay("2026-02-09");
const DW = 20;

/** Bars on rows of 20 px: bar 1 (task, Mon-Tue) on row 0, bar 2 (task, Wed-Thu) on row 1, milestone 3 on row 2. */
const BARS = [
  { id: 1, kind: "task", startDay: MON, endDay: MON + 1, numberOfDays: 2, row: 0 },
  { id: 2, kind: "task", startDay: MON + 2, endDay: MON + 3, numberOfDays: 2, row: 1 },
  { id: 3, kind: "milestone", startDay: MON + 4, endDay: MON + 4, numberOfDays: 0, row: 2 },
];
const geometry = (id: number) => {
  const b = BARS.find((x) => x.id === id)!;
  return { x: (b.startDay - MON) * DW, width: Math.max(1, b.numberOfDays) * DW, y: b.row * 20 };
};

function world(over: Partial<PointerWorld> = {}): PointerWorld {
  return {
    editable: true,
    pickMode: "none",
    selection: [],
    dayWidth: DW,
    calendar: cal,
    handleAt: () => null,
    hitAt: (x, y) =>
      BARS.find(
        (b) =>
          y >= b.row * 20 &&
          y < b.row * 20 + 20 &&
          x >= geometry(b.id).x &&
          x <= geometry(b.id).x + geometry(b.id).width,
      ) ?? null,
    linkAt: () => null,
    geometryOf: geometry,
    liveDays: (id) => {
      const b = BARS.find((x) => x.id === id);
      return b ? [b.startDay, b.endDay] : undefined;
    },
    committedStart: (id) => BARS.find((x) => x.id === id)?.startDay,
    barsIn: ([x0, y0, x1, y1]) =>
      BARS.filter((b) => {
        const g = geometry(b.id);
        const [l, r, t, bt] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
        return g.x <= r && g.x + g.width >= l && g.y <= bt && g.y + 20 >= t;
      }).map((b) => b.id),
    ...over,
  };
}

const down = (x: number, y: number, time = 0, additive = false): PointerInput => ({
  type: "down",
  x,
  y,
  additive,
  time,
});
const move = (x: number, y: number): PointerInput => ({ type: "move", x, y, additive: false, time: 0 });
const up = (x: number, y: number): PointerInput => ({ type: "up", x, y, additive: false, time: 0 });

function run(inputs: PointerInput[], w: PointerWorld = world(), start: PointerState = POINTER_IDLE) {
  let state = start;
  const effects: PointerEffect[] = [];
  const modes: string[] = [];
  for (const input of inputs) {
    const r = pointerStep(state, input, w);
    state = r.state;
    effects.push(...r.effects);
    modes.push(pointerMode(state));
  }
  return { state, effects, modes };
}

describe("pointer machine", () => {
  it("a click on a bar selects it: idle -> pointing -> idle, no preview", () => {
    const r = run([down(10, 5), up(10, 5)]);
    expect(r.modes).toEqual(["pointing", "idle"]);
    expect(r.effects).toEqual([{ type: "selectLink", link: null }, { type: "capture" }, { type: "select", ids: [1] }]);
  });

  it("a press then a move past the threshold drags, previews per new day and commits once on release", () => {
    const r = run([down(10, 5), move(12, 5), move(31, 5), move(33, 5), move(52, 5), up(52, 5)]);
    expect(r.modes).toEqual(["pointing", "pointing", "dragging", "dragging", "dragging", "committing"]);
    const kinds = r.effects.filter((e) => e.type === "previewMove" || e.type === "commitMove");
    expect(kinds).toEqual([
      { type: "previewMove", selection: [1], k: 1 },
      { type: "previewMove", selection: [1], k: 2 },
      { type: "commitMove", selection: [1], anchorId: 1, day: MON + 2, k: 2 },
    ]);
    // The host's answer to the write brings the machine back to idle.
    expect(pointerMode(pointerSettled(r.state, "move"))).toBe("idle");
  });

  it("a press on a task's right edge resizes it: previews each duration and commits the last", () => {
    const r = run([down(38, 5), move(58, 5), move(78, 5), up(78, 5)]);
    expect(r.modes).toEqual(["resizing", "resizing", "resizing", "committing"]);
    expect(r.effects.filter((e) => e.type !== "capture" && e.type !== "selectLink")).toEqual([
      { type: "previewDuration", id: 1, days: 3 },
      { type: "previewDuration", id: 1, days: 4 },
      { type: "commitDuration", id: 1, days: 4 },
    ]);
    expect(pointerMode(pointerSettled(r.state, "resize"))).toBe("idle");
  });

  it("from a selected task's handle, draws a link and creates it on the bar it is dropped on", () => {
    const w = world({
      selection: [1],
      handleAt: (x, y) => (Math.abs(x - 46) < 6 && Math.abs(y - 10) < 6 ? { id: 1, side: "end", x: 46, y: 10 } : null),
    });
    const r = run([down(46, 10), move(60, 25), up(45, 25)], w);
    expect(r.modes).toEqual(["linking", "linking", "idle"]);
    expect(r.effects).toEqual([
      { type: "capture" },
      { type: "draft", line: [46, 10, 60, 25] },
      { type: "draft", line: null },
      { type: "createLink", parentId: 1, childId: 2, linkType: "end-begin" },
    ]);
  });

  it("a second press on the same bar within 450 ms opens it once the pointer is released", () => {
    const r = run([down(10, 5, 0), up(10, 5), down(10, 5, 200), move(40, 5), up(40, 5)]);
    expect(r.effects.at(-1)).toEqual({ type: "open", target: { id: 1, kind: "task" } });
    expect(r.effects.some((e) => e.type === "previewMove")).toBe(false);
    // Too late: a new first press.
    const late = run([down(10, 5, 0), up(10, 5), down(10, 5, 600), up(10, 5)]);
    expect(late.effects.some((e) => e.type === "open")).toBe(false);
  });

  it("a press on an empty place clears the selection; on a drawn link selects it", () => {
    expect(run([down(300, 5)]).effects).toEqual([
      { type: "selectLink", link: null },
      { type: "capture" },
      { type: "select", ids: [] },
    ]);
    const w = world({ linkAt: () => ({ parentId: 1, childId: 2 }) });
    expect(run([down(300, 5)], w).effects).toEqual([{ type: "selectLink", link: { parentId: 1, childId: 2 } }]);
  });

  it("in a pick mode, a press picks what is under it and nothing else", () => {
    const r = run([down(85, 45), move(120, 45), up(120, 45)], world({ pickMode: "milestone" }));
    expect(r.effects).toEqual([{ type: "pick", target: { id: 3, kind: "milestone" } }]);
    expect(r.modes).toEqual(["idle", "idle", "idle"]);
  });

  it("outside the editing modes a press only selects (additive toggles) and never drags", () => {
    const w = world({ editable: false, selection: [2] });
    const r = run([down(10, 5, 0, true), move(60, 5), up(60, 5)], w);
    expect(r.effects).toEqual([
      { type: "selectLink", link: null },
      { type: "select", ids: [2, 1] },
    ]);
    expect(r.modes).toEqual(["idle", "idle", "idle"]);
  });

  it("hovering says what a press would do, once per change", () => {
    const w = world({
      selection: [1],
      handleAt: (x) => (x > 44 && x < 48 ? { id: 1, side: "end", x: 46, y: 10 } : null),
    });
    const r = run([move(10, 5), move(12, 5), move(38, 5), move(46, 5), move(200, 5)], w);
    expect(r.effects).toEqual([
      { type: "cursor", cursor: "grab" },
      { type: "cursor", cursor: "ew-resize" },
      { type: "cursor", cursor: "crosshair" },
      { type: "cursor", cursor: "default" },
    ]);
  });

  describe("panning", () => {
    it("a drag on the empty chart pans by the pointer's screen moves; a click there only clears the selection", () => {
      const at = (type: "down" | "move" | "up", cx: number, cy: number, scrolled = 0): PointerInput => ({
        type,
        // Content coordinates move with the scroll: the pan reads the screen's.
        x: cx + scrolled,
        y: cy,
        cx,
        cy,
        additive: false,
        time: 0,
      });
      const r = run([
        at("down", 300, 50),
        at("move", 301, 50),
        at("move", 280, 40),
        at("move", 250, 45, 20),
        at("up", 250, 45),
      ]);
      expect(r.modes).toEqual(["pointing", "pointing", "panning", "panning", "idle"]);
      expect(r.effects).toEqual([
        { type: "selectLink", link: null },
        { type: "capture" },
        { type: "select", ids: [] },
        { type: "cursor", cursor: "grabbing" },
        { type: "pan", dx: 20, dy: 10 },
        { type: "pan", dx: 30, dy: -5 },
        { type: "cursor", cursor: "default" },
      ]);
      const click = run([down(300, 50), up(300, 50)]);
      expect(click.effects.some((e) => e.type === "pan")).toBe(false);
      expect(click.modes).toEqual(["pointing", "idle"]);
    });

    it("the middle button pans from anywhere, a bar included, and never drags it", () => {
      const middle: PointerInput = { ...down(10, 5), button: 1 };
      const r = run([middle, move(40, 5), up(40, 5)]);
      expect(r.modes).toEqual(["panning", "panning", "idle"]);
      expect(r.effects.filter((e) => e.type === "pan")).toEqual([{ type: "pan", dx: -30, dy: 0 }]);
      expect(r.effects.some((e) => e.type === "select" || e.type === "previewMove")).toBe(false);
    });

    it("with Space held a press on a bar pans; the hand cursor shows while Space is down", () => {
      const held = pointerKey(POINTER_IDLE, { type: "keydown", key: " " });
      expect(held.effects).toEqual([{ type: "cursor", cursor: "grab" }]);
      // Key repeats change nothing.
      expect(pointerKey(held.state, { type: "keydown", key: " " }).effects).toEqual([]);
      const r = run([down(10, 5), move(15, 25), up(15, 25)], world(), held.state);
      expect(r.modes).toEqual(["panning", "panning", "idle"]);
      expect(r.effects).toEqual([
        { type: "capture" },
        { type: "cursor", cursor: "grabbing" },
        { type: "pan", dx: -5, dy: -20 },
        { type: "cursor", cursor: "grab" },
      ]);
      const released = pointerKey(r.state, { type: "keyup", key: " " });
      expect(released.effects).toEqual([{ type: "cursor", cursor: "default" }]);
      // Released: a press on the bar selects it again.
      expect(run([down(10, 5)], world(), released.state).modes).toEqual(["pointing"]);
    });

    it("pans outside the editing modes too", () => {
      const r = run([down(300, 50), move(340, 50), up(340, 50)], world({ editable: false, selection: [2] }));
      expect(r.modes).toEqual(["pointing", "panning", "idle"]);
      expect(r.effects.filter((e) => e.type === "pan")).toEqual([{ type: "pan", dx: -40, dy: 0 }]);
    });
  });

  describe("selecting-box", () => {
    it("Shift + drag on the empty chart draws a box and selects every bar it touches, replacing the selection", () => {
      const w = world({ selection: [3] });
      // From the right of bar 1's row down to row 1, over bars 1 and 2 (not the milestone on row 2).
      const r = run([down(200, 2, 0, true), move(202, 2), move(30, 25), up(30, 25)], w);
      expect(r.modes).toEqual(["pointing", "pointing", "selecting-box", "idle"]);
      expect(r.effects).toEqual([
        { type: "selectLink", link: null },
        { type: "capture" },
        { type: "box", rect: [200, 2, 30, 25] },
        { type: "box", rect: null },
        { type: "select", ids: [1, 2] },
      ]);
    });

    it("Ctrl/Cmd + drag adds the touched bars to the selection", () => {
      const ctrl = (type: "down" | "move" | "up", x: number, y: number): PointerInput => ({
        type,
        x,
        y,
        additive: true,
        toggle: true,
        time: 0,
      });
      const r = run([ctrl("down", 200, 45), ctrl("move", 70, 55), ctrl("up", 70, 55)], world({ selection: [1] }));
      expect(r.effects.at(-1)).toEqual({ type: "select", ids: [1, 3] });
    });

    it("a box touching no bar selects nothing; a modifier click on the empty chart keeps the selection", () => {
      expect(run([down(300, 2, 0, true), move(400, 30), up(400, 30)]).effects.at(-1)).toEqual({
        type: "select",
        ids: [],
      });
      const click = run([down(300, 2, 0, true), up(300, 2)], world({ selection: [1] }));
      expect(click.effects.some((e) => e.type === "select")).toBe(false);
    });

    it("works outside the editing modes (the ordering mode selects rows this way)", () => {
      const r = run([down(200, 2, 0, true), move(0, 2), up(0, 2)], world({ editable: false }));
      expect(r.effects.at(-1)).toEqual({ type: "select", ids: [1] });
    });
  });

  describe("Escape", () => {
    it("cancels a drag (its preview goes, the release commits nothing) and a box (nothing selected)", () => {
      const dragging = run([down(10, 5), move(52, 5)]);
      expect(pointerMode(dragging.state)).toBe("dragging");
      const esc = pointerKey(dragging.state, { type: "keydown", key: "Escape" });
      expect(esc.effects).toEqual([{ type: "clearPreview" }]);
      expect(pointerMode(esc.state)).toBe("idle");
      const after = run([move(70, 5), up(70, 5)], world({ selection: [1] }), esc.state);
      expect(after.effects.some((e) => e.type === "commitMove" || e.type === "previewMove")).toBe(false);

      const boxing = run([down(200, 2, 0, true), move(30, 25)]);
      const boxEsc = pointerKey(boxing.state, { type: "keydown", key: "Escape" });
      expect(boxEsc.effects).toEqual([{ type: "box", rect: null }]);
      expect(run([up(30, 25)], world(), boxEsc.state).effects).toEqual([]);
    });

    it("cancels a link being drawn and a resize; does nothing when idle", () => {
      const w = world({
        selection: [1],
        handleAt: (x, y) =>
          Math.abs(x - 46) < 6 && Math.abs(y - 10) < 6 ? { id: 1, side: "end", x: 46, y: 10 } : null,
      });
      const linking = run([down(46, 10), move(60, 25)], w);
      expect(pointerKey(linking.state, { type: "keydown", key: "Escape" }).effects).toEqual([
        { type: "draft", line: null },
      ]);
      const resizing = run([down(38, 5), move(58, 5)]);
      const r = pointerKey(resizing.state, { type: "keydown", key: "Escape" });
      expect(r.effects).toEqual([{ type: "clearPreview" }]);
      expect(pointerMode(r.state)).toBe("idle");
      expect(pointerKey(POINTER_IDLE, { type: "keydown", key: "Escape" })).toEqual({
        state: POINTER_IDLE,
        effects: [],
      });
    });
  });
});
