import { describe, expect, it } from "vitest";
import { activate, cellKey, typedDraft, type CellCursor, type CellKey, type GridShape } from "./gridCells";
import { cellWrite, dayToInput, inputToDay } from "./cellValues";
import { parseDay } from "@jalon/engine";

// Rows 1, 2 (a milestone: no duration), 3.
const shape: GridShape = {
  rows: [1, 2, 3],
  editable: (id, col) => !(id === 2 && col === "days"),
  valueOf: (id, col) => `${col}-${id}`,
};

function press(cursor: CellCursor | null, ...keys: (string | CellKey)[]) {
  const effects: unknown[] = [];
  for (const k of keys) {
    const step = cellKey(cursor, typeof k === "string" ? { key: k } : k, shape);
    if (step.effect) effects.push(step.effect);
    cursor = step.cursor;
  }
  return { cursor, effects };
}

describe("grid cells: keyboard like a spreadsheet", () => {
  it("F2 edits with the value, Enter commits and goes down, Shift+Enter up", () => {
    let { cursor } = press(activate(null, 1, "days"), "F2");
    let effects: unknown[];
    expect(cursor?.draft).toBe("days-1");
    cursor = typedDraft(cursor, "8");
    ({ cursor, effects } = press(cursor, "Enter"));
    expect(effects).toEqual([{ type: "commit", rowId: 1, col: "days", value: "8" }]);
    expect(cursor).toMatchObject({ rowId: 2, col: "days", draft: null });
    ({ cursor, effects } = press(cursor, { key: "Enter", shiftKey: true }));
    expect(cursor).toMatchObject({ rowId: 1, col: "days" });
    expect(effects).toEqual([]);
  });

  it("typing starts an edit replacing the value; Tab commits and goes right, wrapping to the next row", () => {
    const { cursor, effects } = press(activate(null, 1, "start"), "1", "Tab");
    expect(effects).toEqual([{ type: "commit", rowId: 1, col: "start", value: "1" }]);
    expect(cursor).toMatchObject({ rowId: 1, col: "days", draft: null });
    const wrapped = press(cursor, "Tab");
    expect(wrapped.cursor).toMatchObject({ rowId: 2, col: "name" });
    const back = press(wrapped.cursor, { key: "Tab", shiftKey: true });
    expect(back.cursor).toMatchObject({ rowId: 1, col: "days" });
  });

  it("Tab past the grid's last cell (Shift+Tab before its first) is the browser's: the keyboard leaves the grid", () => {
    const first = activate(null, 1, "name");
    expect(cellKey(first, { key: "Tab", shiftKey: true }, shape)).toEqual({ cursor: first, handled: false });
    expect(cellKey(first, { key: "Tab" }, shape).handled).toBe(true);
    const last = activate(null, 3, "days");
    expect(cellKey(last, { key: "Tab" }, shape)).toEqual({ cursor: last, handled: false });
    // While editing, Tab commits where it is.
    expect(press(last, "F2", "Tab").effects).toEqual([{ type: "commit", rowId: 3, col: "days", value: "days-3" }]);
  });

  it("Home/End go along the row, Ctrl+Home/Ctrl+End to the grid's corners, PageUp/PageDown by a screen", () => {
    const paged = { ...shape, page: 2 };
    const at = (c: CellCursor | null, k: CellKey) => cellKey(c, k, paged).cursor;
    const c = activate(null, 2, "lot");
    expect(at(c, { key: "Home" })).toMatchObject({ rowId: 2, col: "name", draft: null });
    expect(at(c, { key: "End" })).toMatchObject({ rowId: 2, col: "days" });
    expect(at(c, { key: "Home", ctrlKey: true })).toMatchObject({ rowId: 1, col: "name" });
    expect(at(c, { key: "End", ctrlKey: true })).toMatchObject({ rowId: 3, col: "days" });
    // Clamped to the first and last rows, the column kept.
    expect(at(c, { key: "PageDown" })).toMatchObject({ rowId: 3, col: "lot" });
    expect(at(activate(null, 1, "start"), { key: "PageDown" })).toMatchObject({ rowId: 3, col: "start" });
    expect(at(c, { key: "PageUp" })).toMatchObject({ rowId: 1, col: "lot" });
    // Each move asks the grid to follow with the focus.
    expect(at(c, { key: "End" })!.focusSeq).toBe(c.focusSeq + 1);
  });

  it("arrows do not wrap; Left from the first cell gives the focus back to the row", () => {
    const r = press(activate(null, 1, "days"), "ArrowRight");
    expect(r.cursor).toMatchObject({ rowId: 1, col: "days" });
    expect(press(activate(null, 3, "days"), "ArrowDown").cursor).toMatchObject({ rowId: 3, col: "days" });
    const left = cellKey(activate(null, 2, "name"), { key: "ArrowLeft" }, shape);
    expect(left).toEqual({ cursor: null, handled: true });
    // Not while editing: the caret moves in the text.
    const editing = press(activate(null, 2, "name"), "F2", "ArrowLeft");
    expect(editing.cursor).toMatchObject({ rowId: 2, col: "name", draft: "name-2" });
  });

  it("Escape cancels the edit and keeps the cell; arrows move only while not editing", () => {
    let r = press(activate(null, 3, "name"), "F2");
    r = press(r.cursor, "ArrowDown");
    expect(r.cursor).toMatchObject({ rowId: 3, draft: "name-3" });
    r = press(r.cursor, "Escape");
    expect(r.effects).toEqual([{ type: "cancel" }]);
    expect(r.cursor).toMatchObject({ rowId: 3, col: "name", draft: null });
    r = press(r.cursor, "ArrowUp", "ArrowRight");
    expect(r.cursor).toMatchObject({ rowId: 2, col: "lot" });
  });

  it("a cell that cannot be edited (a milestone's duration) does not start an edit; Enter then moves down", () => {
    const r = press(activate(null, 2, "days"), "F2", "5");
    expect(r.cursor).toMatchObject({ rowId: 2, draft: null });
    const e = press(activate(null, 2, "days"), "Enter");
    expect(e.cursor).toMatchObject({ rowId: 3, col: "days" });
  });

  it("leaves shortcuts and Alt+arrows to others", () => {
    const c = activate(null, 1, "name");
    expect(cellKey(c, { key: "z", ctrlKey: true }, shape).handled).toBe(false);
    expect(cellKey(c, { key: "ArrowUp", altKey: true }, shape).handled).toBe(false);
    expect(cellKey(c, { key: "Escape" }, shape).handled).toBe(false);
  });
});

describe("grid cells: committed values", () => {
  const current = { name: "Cloisons", startDay: parseDay("2026-02-02"), days: 5, lotId: 41 };
  const working = (d: number) => ![5, 6].includes(((d % 7) + 7 + 3) % 7); // 1970-01-01 was a Thursday
  it("reads dd/MM/yyyy and refuses a day that is not a working day with 'Date invalide'", () => {
    expect(dayToInput(parseDay("2026-02-09"))).toBe("09/02/2026");
    expect(inputToDay("9/2/2026")).toBe(parseDay("2026-02-09"));
    expect(inputToDay("31/02/2026")).toBeNull();
    expect(cellWrite("start", "09/02/2026", current, working)).toEqual({ kind: "start", day: parseDay("2026-02-09") });
    expect(cellWrite("start", "07/02/2026", current, working)).toEqual({ kind: "refused", reason: "invalidDate" });
    expect(cellWrite("start", "2026-02-09", current, working)).toEqual({ kind: "refused", reason: "invalidDate" });
    expect(cellWrite("start", "02/02/2026", current, working)).toEqual({ kind: "same" });
  });
  it("checks durations, names and lots", () => {
    expect(cellWrite("days", "8", current, working)).toEqual({ kind: "days", days: 8 });
    expect(cellWrite("days", "0", current, working)).toMatchObject({ kind: "refused" });
    expect(cellWrite("days", "2.5", current, working)).toMatchObject({ kind: "refused" });
    expect(cellWrite("name", "  ", current, working)).toEqual({ kind: "refused", reason: "emptyName" });
    expect(cellWrite("name", " Cloisons R+1 ", current, working)).toEqual({ kind: "name", name: "Cloisons R+1" });
    expect(cellWrite("lot", "", current, working)).toEqual({ kind: "lot", lotId: null });
    expect(cellWrite("lot", "41", current, working)).toEqual({ kind: "same" });
  });
});
