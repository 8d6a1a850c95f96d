/**
 * The grid rows' keys when a row itself has the focus (the treegrid of issue 22, APG's treegrid pattern), decided
 * without React (tested in gridKeys.test.ts). Up/Down, Home/End (Ctrl or not: a row has no cells to go along),
 * PageUp/PageDown move the focus between rows; Right expands a folded group, or goes into a task's cells (an unfolded
 * group's "+" button); Left folds
 * an unfolded group, or goes from a task to its group's row; Enter opens the event (not on a read-only planning) or
 * folds/unfolds a group; Alt+Up/Down moves the row inside its group in the ordering mode (the caller checks the
 * mode and the group's rules, tools/reorder.ts). Keys inside a cell are the cell machine's (grid/gridCells.ts).
 */
export type GridKeyAction =
  | { type: "open" }
  | { type: "moveRow"; dir: -1 | 1 }
  | { type: "focusRow"; index: number }
  | { type: "toggle"; expand: boolean }
  | { type: "cells" }
  | null;

export interface GridKey {
  key: string;
  altKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** The focused row as the keys see it. */
export interface GridRowPlace {
  /** Its index among the grid's rows, and their count. */
  index: number;
  count: number;
  /** Rows in one screen (PageUp/PageDown). */
  page: number;
  kind: "group" | "event" | "other";
  /** A group's state: unfolded (its tasks shown) or folded into one row. */
  expanded?: boolean;
  /** The group can be folded (grouped by zone or lot, a real group). */
  canToggle?: boolean;
  /** The row of the task's group, null when ungrouped. */
  parent?: number | null;
  canOpen: boolean;
  /** The task's cells take the focus (inline edits on); for a group, it has a "+" button. */
  hasCells?: boolean;
}

export function gridKey(key: GridKey, row: GridRowPlace): GridKeyAction {
  const last = row.count - 1;
  const to = (index: number): GridKeyAction => ({ type: "focusRow", index: Math.max(0, Math.min(last, index)) });
  if (key.altKey) {
    if (row.kind === "event" && (key.key === "ArrowUp" || key.key === "ArrowDown"))
      return { type: "moveRow", dir: key.key === "ArrowUp" ? -1 : 1 };
    return null;
  }
  switch (key.key) {
    case "Enter":
      if (row.kind === "group") return row.canToggle ? { type: "toggle", expand: !row.expanded } : null;
      return row.kind === "event" && row.canOpen ? { type: "open" } : null;
    case "ArrowDown":
      return to(row.index + 1);
    case "ArrowUp":
      return to(row.index - 1);
    case "Home":
      return to(0);
    case "End":
      return to(last);
    case "PageDown":
      return to(row.index + Math.max(1, row.page));
    case "PageUp":
      return to(row.index - Math.max(1, row.page));
    case "ArrowRight":
      if (row.kind === "group") {
        if (row.canToggle && !row.expanded) return { type: "toggle", expand: true };
        return row.hasCells ? { type: "cells" } : null;
      }
      return row.kind === "event" && row.hasCells ? { type: "cells" } : null;
    case "ArrowLeft":
      if (row.kind === "group") return row.canToggle && row.expanded ? { type: "toggle", expand: false } : null;
      return row.parent !== null && row.parent !== undefined ? to(row.parent) : null;
    default:
      return null;
  }
}
