import { describe, expect, it } from "vitest";
import { gridKey, type GridRowPlace } from "./gridKeys";

const task: GridRowPlace = { index: 5, count: 40, page: 10, kind: "event", parent: 3, canOpen: true, hasCells: true };
const group: GridRowPlace = {
  index: 3,
  count: 40,
  page: 10,
  kind: "group",
  expanded: true,
  canToggle: true,
  canOpen: true,
};
const key = (k: string, more: Partial<{ altKey: boolean; ctrlKey: boolean }> = {}) => ({
  key: k,
  altKey: false,
  ...more,
});

describe("grid keys (a focused row of the treegrid)", () => {
  it("Enter opens the event unless the planning is read-only; on a group it folds or unfolds it", () => {
    expect(gridKey(key("Enter"), task)).toEqual({ type: "open" });
    expect(gridKey(key("Enter"), { ...task, canOpen: false })).toBeNull();
    expect(gridKey(key("Enter"), group)).toEqual({ type: "toggle", expand: false });
    expect(gridKey(key("Enter"), { ...group, expanded: false })).toEqual({ type: "toggle", expand: true });
    expect(gridKey(key("Enter"), { ...group, canToggle: false })).toBeNull();
  });

  it("Alt+Up/Down moves a task's row; other Alt keys are left to others", () => {
    expect(gridKey(key("ArrowUp", { altKey: true }), task)).toEqual({ type: "moveRow", dir: -1 });
    expect(gridKey(key("ArrowDown", { altKey: true }), { ...task, canOpen: false })).toEqual({
      type: "moveRow",
      dir: 1,
    });
    expect(gridKey(key("ArrowDown", { altKey: true }), group)).toBeNull();
    expect(gridKey(key("a", { altKey: true }), task)).toBeNull();
    expect(gridKey(key("a"), task)).toBeNull();
  });

  it("Up/Down, Home/End (with Ctrl or not) and PageUp/PageDown move the focus between rows, clamped", () => {
    expect(gridKey(key("ArrowDown"), task)).toEqual({ type: "focusRow", index: 6 });
    expect(gridKey(key("ArrowUp"), task)).toEqual({ type: "focusRow", index: 4 });
    expect(gridKey(key("ArrowUp"), { ...task, index: 0 })).toEqual({ type: "focusRow", index: 0 });
    expect(gridKey(key("ArrowDown"), { ...task, index: 39 })).toEqual({ type: "focusRow", index: 39 });
    expect(gridKey(key("Home"), task)).toEqual({ type: "focusRow", index: 0 });
    expect(gridKey(key("End"), task)).toEqual({ type: "focusRow", index: 39 });
    expect(gridKey(key("End", { ctrlKey: true }), task)).toEqual({ type: "focusRow", index: 39 });
    expect(gridKey(key("PageDown"), task)).toEqual({ type: "focusRow", index: 15 });
    expect(gridKey(key("PageUp"), task)).toEqual({ type: "focusRow", index: 0 });
    expect(gridKey(key("PageDown"), { ...task, index: 35 })).toEqual({ type: "focusRow", index: 39 });
  });

  it("Right unfolds a folded group, Left folds an unfolded one (APG treegrid)", () => {
    expect(gridKey(key("ArrowRight"), { ...group, expanded: false })).toEqual({ type: "toggle", expand: true });
    expect(gridKey(key("ArrowRight"), group)).toBeNull();
    // An unfolded group's "+" (add a task in it) is reached by Right.
    expect(gridKey(key("ArrowRight"), { ...group, hasCells: true })).toEqual({ type: "cells" });
    expect(gridKey(key("ArrowLeft"), group)).toEqual({ type: "toggle", expand: false });
    expect(gridKey(key("ArrowLeft"), { ...group, expanded: false })).toBeNull();
    // The "no zone" group cannot be folded.
    expect(gridKey(key("ArrowLeft"), { ...group, canToggle: false })).toBeNull();
  });

  it("Right goes into a task's cells when they take the focus; Left goes up to its group's row", () => {
    expect(gridKey(key("ArrowRight"), task)).toEqual({ type: "cells" });
    expect(gridKey(key("ArrowRight"), { ...task, hasCells: false })).toBeNull();
    expect(gridKey(key("ArrowLeft"), task)).toEqual({ type: "focusRow", index: 3 });
    expect(gridKey(key("ArrowLeft"), { ...task, parent: null })).toBeNull();
  });
});
