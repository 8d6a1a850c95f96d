import { describe, expect, it } from "vitest";
import {
  KEYBOARD_IDLE,
  keyboardBlur,
  keyboardFocus,
  keyboardKey,
  WEEK,
  type KeyboardEffect,
  type KeyboardState,
  type KeyboardWorld,
  type KeyInput,
} from "./keyboardTool";

/** Rows top to bottom: tasks 10, 20, 30, milestone 40, task 50. */
const ROWS = [10, 20, 30, 40, 50];

function world(over: Partial<KeyboardWorld> = {}): KeyboardWorld {
  return {
    rows: ROWS,
    selection: [],
    editable: true,
    writable: true,
    canOpen: true,
    kindOf: (id) => (id === 40 ? "milestone" : ROWS.includes(id) ? "task" : null),
    firstOnScreen: () => 20,
    pageRows: 2,
    ...over,
  };
}

/** Runs keys ("ArrowDown", "Shift+ ", "Alt+Shift+ArrowRight") from a state; the selection follows the effects. */
function run(keys: string[], w: KeyboardWorld = world(), from: KeyboardState = KEYBOARD_IDLE) {
  let state = from;
  let selection = [...w.selection];
  const effects: KeyboardEffect[] = [];
  const handled: boolean[] = [];
  for (const k of keys) {
    const parts = k.length > 1 && k.includes("+") ? k.split("+") : [k];
    const key = parts[parts.length - 1] || "+";
    const input: KeyInput = {
      key,
      shiftKey: parts.includes("Shift"),
      ctrlKey: parts.includes("Ctrl"),
      altKey: parts.includes("Alt"),
    };
    const r = keyboardKey(state, input, { ...w, selection });
    state = r.state;
    handled.push(r.handled);
    for (const ef of r.effects) if (ef.type === "select") selection = ef.ids;
    effects.push(...r.effects);
  }
  return { state, effects, selection, handled };
}

describe("the chart's keyboard machine", () => {
  it("starts on the first selected task shown, else on the first row on screen, when the chart gets the focus", () => {
    expect(keyboardFocus(KEYBOARD_IDLE, world()).effects).toEqual([{ type: "current", id: 20, linking: false }]);
    expect(keyboardFocus(KEYBOARD_IDLE, world({ selection: [99, 30] })).state.current).toBe(30);
    // A current task filtered out since: back to the selection's.
    expect(keyboardFocus({ ...KEYBOARD_IDLE, current: 77 }, world({ selection: [50] })).state.current).toBe(50);
    expect(keyboardFocus(KEYBOARD_IDLE, world({ rows: [] })).effects).toEqual([]);
  });

  it("moves the current task with Up, Down, Home, End and the pages, within the rows", () => {
    const r = run(["ArrowDown", "ArrowDown", "ArrowUp", "End", "ArrowDown", "Home", "ArrowUp", "PageDown", "PageUp"]);
    const currents = r.effects.filter((e) => e.type === "current").map((e) => (e as { id: number }).id);
    expect(currents).toEqual([30, 40, 30, 50, 50, 10, 10, 30, 10]);
    expect(r.handled.every(Boolean)).toBe(true);
    // Moving the current task selects nothing.
    expect(r.effects.some((e) => e.type === "select")).toBe(false);
  });

  it("selects with Space, and adds or takes out with Shift+Space or Ctrl+Space", () => {
    const r = run(["Space", "ArrowDown", "Shift+ ", "ArrowDown", "Ctrl+ ", "ArrowUp", "Ctrl+ "].map(spaceKey));
    const selects = r.effects.filter((e) => e.type === "select").map((e) => (e as { ids: number[] }).ids);
    expect(selects).toEqual([[20], [20, 30], [20, 30, 40], [20, 40]]);
    expect(r.selection).toEqual([20, 40]);
    // A plain Space replaces (the keyboard starts on the first selected task).
    expect(run(["ArrowDown", " "], world({ selection: [10, 50] })).selection).toEqual([20]);
  });

  it("moves the selection by one working day with Left/Right and by a week with Shift, the current task leading", () => {
    const w = world({ selection: [10, 30] });
    const r = run(["ArrowDown", "ArrowDown", "ArrowRight", "ArrowLeft", "Shift+ArrowRight", "Shift+ArrowLeft"], w);
    expect(r.effects.filter((e) => e.type === "move")).toEqual([
      { type: "move", selection: [10, 30], anchorId: 30, k: 1 },
      { type: "move", selection: [10, 30], anchorId: 30, k: -1 },
      { type: "move", selection: [10, 30], anchorId: 30, k: WEEK },
      { type: "move", selection: [10, 30], anchorId: 30, k: -WEEK },
    ]);
    // The current task outside the selection: the selection's first leads.
    expect(run(["ArrowRight"], w).effects).toEqual([{ type: "move", selection: [10, 30], anchorId: 10, k: 1 }]);
  });

  it("refuses a move without a selection, and outside the editing modes", () => {
    expect(run(["ArrowRight"]).effects).toEqual([{ type: "refuse", reason: "noSelection" }]);
    expect(run(["ArrowLeft"], world({ selection: [10], editable: false })).effects).toEqual([
      { type: "refuse", reason: "notEditable" },
    ]);
    // Alt+Left alone is the browser's (history back): not the chart's.
    expect(run(["Alt+ArrowLeft"], world({ selection: [10] }))).toMatchObject({ effects: [], handled: [false] });
  });

  it("changes the current task's duration with Alt+Shift+Left/Right; a milestone has none", () => {
    const r = run(["Alt+Shift+ArrowRight", "Alt+Shift+ArrowLeft"]);
    expect(r.effects).toEqual([
      { type: "resize", id: 20, delta: 1 },
      { type: "resize", id: 20, delta: -1 },
    ]);
    expect(run(["End", "ArrowUp", "Alt+Shift+ArrowRight"]).effects.at(-1)).toEqual({
      type: "refuse",
      reason: "milestone",
    });
  });

  it("opens the current task with Enter, the milestone as a milestone", () => {
    expect(run(["Enter"]).effects).toEqual([{ type: "open", target: { id: 20, kind: "task" } }]);
    expect(run(["End", "ArrowUp", "Enter"]).effects.at(-1)).toEqual({
      type: "open",
      target: { id: 40, kind: "milestone" },
    });
    expect(run(["Enter"], world({ canOpen: false }))).toMatchObject({ effects: [], handled: [false] });
  });

  it("asks to delete the selection with Delete, refused on a read-only planning or without a selection", () => {
    expect(run(["Delete"], world({ selection: [10, 30] })).effects).toEqual([{ type: "delete", ids: [10, 30] }]);
    expect(run(["Delete"]).effects).toEqual([{ type: "refuse", reason: "noSelection" }]);
    expect(run(["Delete"], world({ selection: [10], writable: false })).effects).toEqual([
      { type: "refuse", reason: "notWritable" },
    ]);
  });

  it("links with L: the arrows choose the target, Enter makes a finish-to-start link, then navigating again", () => {
    const r = run(["l", "ArrowDown", "ArrowDown", "Enter"]);
    expect(r.effects).toEqual([
      { type: "linkStart", parentId: 20 },
      { type: "current", id: 30, linking: true },
      { type: "current", id: 40, linking: true },
      { type: "createLink", parentId: 20, childId: 40, linkType: "end-begin" },
    ]);
    expect(r.state).toEqual({ current: 40, mode: "navigating", linkFrom: null });
    // Back in navigating, Enter opens again.
    expect(run(["Enter"], world(), r.state).effects).toEqual([{ type: "open", target: { id: 40, kind: "milestone" } }]);
  });

  it("does not link a task to itself, cancels with Escape or when the chart loses the focus", () => {
    const same = run(["L", "Enter"]);
    expect(same.effects.at(-1)).toEqual({ type: "refuse", reason: "sameTask" });
    expect(same.state.mode).toBe("linking");
    const cancelled = run(["L", "ArrowDown", "Escape"]);
    expect(cancelled.effects.at(-1)).toEqual({ type: "linkCancel", parentId: 20 });
    expect(cancelled.state).toMatchObject({ mode: "navigating", current: 30 });
    const blurred = keyboardBlur(run(["L"]).state);
    expect(blurred.effects).toEqual([{ type: "linkCancel", parentId: 20 }]);
    expect(blurred.state.mode).toBe("navigating");
    // While linking, Space or a move does nothing, Tab leaves.
    const waiting = run(["L", " ", "ArrowRight", "Tab"], world({ selection: [20] }));
    expect(waiting.effects).toEqual([{ type: "linkStart", parentId: 20 }]);
    expect(waiting.handled).toEqual([true, true, true, false]);
    expect(run(["L"], world({ editable: false })).effects).toEqual([{ type: "refuse", reason: "notEditable" }]);
    // The public planning: read-only, said so.
    expect(run(["L"], world({ editable: false, writable: false })).effects).toEqual([
      { type: "refuse", reason: "notWritable" },
    ]);
  });

  it("leaves the browser's and the undo's shortcuts alone", () => {
    const r = run(["Ctrl+z", "Ctrl+y", "Tab", "a", "Escape"], world({ selection: [10] }));
    expect(r.effects).toEqual([]);
    expect(r.handled).toEqual([false, false, false, false, false]);
  });
  it("picks the current task with Space or Enter in a pick mode, and opens its menu with Shift+F10", () => {
    const w = world({ picking: true });
    expect(run(["ArrowDown", " "], w).effects.at(-1)).toEqual({ type: "pick", target: { id: 30, kind: "task" } });
    expect(run(["End", "ArrowUp", "Enter"], w).effects.at(-1)).toEqual({
      type: "pick",
      target: { id: 40, kind: "milestone" },
    });
    expect(run(["Shift+F10"]).effects).toEqual([{ type: "menu", id: 20 }]);
    expect(run(["ContextMenu"]).effects).toEqual([{ type: "menu", id: 20 }]);
  });
});

/** "Space" reads better in the sequences than " ". */
function spaceKey(k: string): string {
  return k === "Space" ? " " : k;
}
