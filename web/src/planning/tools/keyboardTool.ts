import type { PickTarget } from "./pickTool";

/**
 * The chart's keyboard (issue 22) as one pure state machine, beside the pointer machine (pointerMachine.ts): the
 * host gives each key pressed on the focused chart with a `KeyboardWorld` (the rows, the selection, what may be
 * written) and runs the returned effects through the same commands as the mouse (the session's move, the resize's
 * write, the link tool's link, the dialog, the delete). No React, no DOM: tested with key sequences
 * (keyboardTool.test.ts).
 *
 *   navigating --Up/Down/Home/End/PageUp/PageDown--> navigating (another current task)
 *   navigating --Space--> the current task alone selected; Shift/Ctrl+Space adds it or takes it out
 *   navigating --Left/Right (Shift: a week)--> a move of the selection by working days (one press, one move)
 *   navigating --Alt+Shift+Left/Right--> the current task's duration by one working day (the resize's write)
 *   navigating --Enter--> its dialog; --Delete--> the selection's delete, once confirmed; --Shift+F10--> its menu
 *   in a pick mode (choose the predecessor...), Space or Enter picks the current task as a click would
 *   navigating --L--> linking (from the current task) --Up/Down...--> linking (another target)
 *   linking --Enter on another task--> a finish-to-start link, navigating; --Escape or focus lost--> navigating
 *
 * Moves and resizes are relative (`k` working days, `delta` days): the host runs them one after the other, each
 * from the dates the previous one left, so quick presses are never lost to a write still in flight.
 */
export interface KeyboardState {
  /** The task the keyboard is on (keyboard focus among the tasks), by id: ids survive a reload, indices do not. */
  current: number | null;
  mode: "navigating" | "linking";
  /** While linking: the link's parent (the task L was pressed on). */
  linkFrom: number | null;
}

export const KEYBOARD_IDLE: KeyboardState = { current: null, mode: "navigating", linkFrom: null };

/** A key as the DOM gives it. */
export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** What the host knows of the planning at the time of a key. */
export interface KeyboardWorld {
  /** The event rows' ids, top to bottom (the grid's order). */
  rows: readonly number[];
  selection: readonly number[];
  /** Dates may be changed (construction, recalibration): moves, durations and links, as with the mouse. */
  editable: boolean;
  /** The planning may be written (not read-only): the delete. */
  writable: boolean;
  /** The task dialog can be opened. */
  canOpen: boolean;
  kindOf: (id: number) => "task" | "milestone" | null;
  /** Where the keyboard starts when it has no current task: the first row on screen. */
  firstOnScreen: () => number | null;
  /** Rows per page (PageUp, PageDown): those on screen. */
  pageRows: number;
  /** A pick mode is on (the toolbar's or the menu's "choose the predecessor"): Space or Enter picks, as a click. */
  picking?: boolean;
}

export type KeyboardRefusal = "noSelection" | "notEditable" | "notWritable" | "milestone" | "sameTask" | "noTask";

export type KeyboardEffect =
  /** The current task changed (or the chart got the focus): draw its outline, bring it on screen, say it. */
  | { type: "current"; id: number; linking: boolean }
  | { type: "select"; ids: number[] }
  /** Move the selection by `k` working days, `anchorId` leading (the drag's move; successors follow). */
  | { type: "move"; selection: number[]; anchorId: number; k: number }
  /** The task's duration by `delta` working days (the resize's write; at least one day). */
  | { type: "resize"; id: number; delta: number }
  | { type: "open"; target: PickTarget }
  /** Ask to delete these events (the host confirms first). */
  | { type: "delete"; ids: number[] }
  | { type: "linkStart"; parentId: number }
  | { type: "createLink"; parentId: number; childId: number; linkType: "end-begin" }
  | { type: "linkCancel"; parentId: number }
  /** The pick mode's click on the current task. */
  | { type: "pick"; target: PickTarget }
  /** The current task's context menu (the menu key or Shift+F10), as a right click on its bar. */
  | { type: "menu"; id: number }
  /** A key that does nothing here, and why (said to the user). */
  | { type: "refuse"; reason: KeyboardRefusal };

/** `handled`: the key was the chart's (the host prevents the browser's own action: scrolling, a click). */
export type KeyboardStep = { state: KeyboardState; effects: KeyboardEffect[]; handled: boolean };

/** Working days in a week's move (Shift+Left/Right). */
export const WEEK = 5;

const ARROWS_V = new Set(["ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

/** The current task kept if still shown, else the first selected one shown, else the first row on screen. */
function resolveCurrent(s: KeyboardState, w: KeyboardWorld): number | null {
  if (s.current !== null && w.rows.includes(s.current)) return s.current;
  const selected = w.selection.find((id) => w.rows.includes(id));
  if (selected !== undefined) return selected;
  const first = w.firstOnScreen();
  if (first !== null && w.rows.includes(first)) return first;
  return w.rows[0] ?? null;
}

function stepRow(rows: readonly number[], current: number | null, key: string, page: number): number | null {
  if (rows.length === 0) return null;
  const last = rows.length - 1;
  if (key === "Home") return rows[0];
  if (key === "End") return rows[last];
  const at = current === null ? -1 : rows.indexOf(current);
  if (at < 0) return rows[0];
  const by = key === "ArrowUp" ? -1 : key === "ArrowDown" ? 1 : key === "PageUp" ? -page : page;
  return rows[Math.max(0, Math.min(last, at + by))];
}

const step = (state: KeyboardState, effects: KeyboardEffect[], handled = true): KeyboardStep => ({
  state,
  effects,
  handled,
});

/** The chart got the focus: its current task (kept, or chosen) is shown and said. */
export function keyboardFocus(s: KeyboardState, w: KeyboardWorld): KeyboardStep {
  const current = resolveCurrent(s, w);
  const state = { ...s, current };
  return step(state, current === null ? [] : [{ type: "current", id: current, linking: s.mode === "linking" }]);
}

/** The chart lost the focus: a link being chosen is dropped (nothing is half done out of sight). */
export function keyboardBlur(s: KeyboardState): KeyboardStep {
  if (s.mode !== "linking" || s.linkFrom === null) return step(s, [], false);
  return step({ ...s, mode: "navigating", linkFrom: null }, [{ type: "linkCancel", parentId: s.linkFrom }]);
}

export function keyboardKey(s: KeyboardState, input: KeyInput, w: KeyboardWorld): KeyboardStep {
  const ctrl = !!(input.ctrlKey || input.metaKey);
  const { key } = input;
  const shift = !!input.shiftKey;
  const alt = !!input.altKey;
  const current = resolveCurrent(s, w);
  const state: KeyboardState = { ...s, current };
  const refuse = (reason: KeyboardRefusal) => step(state, [{ type: "refuse", reason }]);

  if (ARROWS_V.has(key) && !ctrl && !alt) {
    const next = stepRow(w.rows, current, key, Math.max(1, w.pageRows));
    if (next === null) return step(state, [], true);
    return step({ ...state, current: next }, [{ type: "current", id: next, linking: s.mode === "linking" }]);
  }

  if (s.mode === "linking" && s.linkFrom !== null) {
    const from = s.linkFrom;
    const back: KeyboardState = { ...state, mode: "navigating", linkFrom: null };
    if (key === "Escape") return step(back, [{ type: "linkCancel", parentId: from }]);
    if (key === "Enter" && !ctrl && !alt && !shift) {
      if (current === null) return refuse("noTask");
      if (current === from) return refuse("sameTask");
      return step(back, [{ type: "createLink", parentId: from, childId: current, linkType: "end-begin" }]);
    }
    // Tab and the browser's shortcuts go on; other keys wait for the target.
    return step(state, [], key !== "Tab" && !ctrl);
  }

  if (w.picking && (key === " " || key === "Enter") && !ctrl && !alt) {
    const kind = current === null ? null : w.kindOf(current);
    if (current === null || !kind) return refuse("noTask");
    return step(state, [{ type: "pick", target: { id: current, kind } }]);
  }

  if (key === "ContextMenu" || (key === "F10" && shift && !ctrl && !alt)) {
    if (current === null) return refuse("noTask");
    return step(state, [{ type: "menu", id: current }]);
  }

  if (key === " " && !alt) {
    if (current === null) return refuse("noTask");
    const additive = shift || ctrl;
    const ids = !additive
      ? [current]
      : w.selection.includes(current)
        ? w.selection.filter((id) => id !== current)
        : [...w.selection, current];
    return step(state, [{ type: "select", ids }]);
  }

  if ((key === "ArrowLeft" || key === "ArrowRight") && !ctrl) {
    const dir = key === "ArrowLeft" ? -1 : 1;
    if (alt && shift) {
      if (!w.editable) return refuse(w.writable ? "notEditable" : "notWritable");
      if (current === null) return refuse("noTask");
      if (w.kindOf(current) !== "task") return refuse("milestone");
      return step(state, [{ type: "resize", id: current, delta: dir }]);
    }
    if (alt) return step(state, [], false);
    if (!w.editable) return refuse(w.writable ? "notEditable" : "notWritable");
    const selection = w.selection.filter((id) => w.kindOf(id) !== null);
    if (selection.length === 0) return refuse("noSelection");
    const anchorId = current !== null && selection.includes(current) ? current : selection[0];
    return step(state, [{ type: "move", selection, anchorId, k: dir * (shift ? WEEK : 1) }]);
  }

  if (key === "Enter" && !ctrl && !alt && !shift) {
    if (current === null) return refuse("noTask");
    const kind = w.kindOf(current);
    if (!w.canOpen || !kind) return step(state, [], false);
    return step(state, [{ type: "open", target: { id: current, kind } }]);
  }

  if ((key === "Delete" || key === "Backspace") && !ctrl && !alt) {
    if (!w.writable) return refuse("notWritable");
    const ids = w.selection.filter((id) => w.kindOf(id) !== null);
    if (ids.length === 0) return refuse("noSelection");
    return step(state, [{ type: "delete", ids }]);
  }

  if ((key === "l" || key === "L") && !ctrl && !alt) {
    if (!w.editable) return refuse(w.writable ? "notEditable" : "notWritable");
    if (current === null) return refuse("noTask");
    return step({ ...state, mode: "linking", linkFrom: current }, [{ type: "linkStart", parentId: current }]);
  }

  return step(state, [], false);
}
