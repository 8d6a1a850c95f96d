/**
 * The grid's cell cursor and inline editing as a pure state machine (issue 20), like a spreadsheet's: one cell is
 * active; F2, Enter, a double click or a typed character starts its edit (the character replacing the value);
 * Enter commits and goes down (Shift+Enter up), Tab commits and goes right (Shift+Tab left, wrapping to the next or
 * previous row), Escape cancels. While not editing, as in APG's treegrid (issue 22): arrows move without wrapping,
 * Left from the first cell gives the focus back to the row (the cursor ends), Home/End go to the row's first or
 * last cell, Ctrl+Home/Ctrl+End to the first or last row's, PageUp/PageDown by a screen of rows; Tab past the grid's
 * last cell (Shift+Tab before its first) is the browser's, so the keyboard leaves the grid (Left to the row, then Tab,
 * from anywhere). The React grid renders the state and runs the
 * effects (a write, a focus); tested with key sequences in gridCells.test.ts.
 */
export type GridCol = "name" | "lot" | "start" | "days";
/** The editable columns in their on-screen order (the end date follows from the start and the duration). */
export const GRID_COLS: readonly GridCol[] = ["name", "lot", "start", "days"];

export interface CellCursor {
  rowId: number;
  col: GridCol;
  /** The edit in progress: its text (for the lot, the chosen lot id as text, "" for none). */
  draft: string | null;
  /** Bumped on each move the grid must follow with the focus (a keyboard move, the end of an edit). */
  focusSeq: number;
}

export interface CellKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface GridShape {
  /** The event rows' ids in their on-screen order. */
  rows: readonly number[];
  /** Whether a cell can be edited (a milestone has no duration; a read-only planning none). */
  editable: (rowId: number, col: GridCol) => boolean;
  /** The cell's value as its editor starts it (dd/MM/yyyy for a start, the lot id as text). */
  valueOf: (rowId: number, col: GridCol) => string;
  /** Rows in one screen (PageUp/PageDown); 10 when not told. */
  page?: number;
}

export type CellEffect = { type: "commit"; rowId: number; col: GridCol; value: string } | { type: "cancel" };

export interface CellStep {
  cursor: CellCursor | null;
  effect?: CellEffect;
  /** The key was the grid's (the browser's default and the row's handler must not see it). */
  handled: boolean;
}

export function activate(cursor: CellCursor | null, rowId: number, col: GridCol): CellCursor {
  return { rowId, col, draft: null, focusSeq: (cursor?.focusSeq ?? 0) + 1 };
}

/** A double click, F2 or Enter: the edit starts with the cell's value. */
export function startEdit(cursor: CellCursor | null, rowId: number, col: GridCol, shape: GridShape): CellCursor | null {
  if (!shape.editable(rowId, col)) return cursor;
  return { rowId, col, draft: shape.valueOf(rowId, col), focusSeq: cursor?.focusSeq ?? 0 };
}

/** The cursor moved by rows (dy) or columns (dx, wrapping over rows); it stays when there is nowhere to go. */
export function moved(cursor: CellCursor, dx: number, dy: number, shape: GridShape): CellCursor {
  const r = shape.rows.indexOf(cursor.rowId);
  if (r < 0) return cursor;
  let row = r + dy;
  let c = GRID_COLS.indexOf(cursor.col) + dx;
  if (c >= GRID_COLS.length) {
    c = 0;
    row++;
  } else if (c < 0) {
    c = GRID_COLS.length - 1;
    row--;
  }
  if (row < 0 || row >= shape.rows.length) return { ...cursor, draft: null, focusSeq: cursor.focusSeq + 1 };
  return { rowId: shape.rows[row], col: GRID_COLS[c], draft: null, focusSeq: cursor.focusSeq + 1 };
}

/** The cursor on another row (clamped to the first and last) and column, not editing. */
function placed(cursor: CellCursor, row: number, col: number, shape: GridShape): CellCursor {
  if (shape.rows.length === 0) return cursor;
  const r = Math.max(0, Math.min(shape.rows.length - 1, row));
  return { rowId: shape.rows[r], col: GRID_COLS[col], draft: null, focusSeq: cursor.focusSeq + 1 };
}

/** The cursor on the grid's last cell going right, or its first going left. */
function atEdge(cursor: CellCursor, dx: number, shape: GridShape): boolean {
  const r = shape.rows.indexOf(cursor.rowId);
  const c = GRID_COLS.indexOf(cursor.col);
  return dx > 0 ? r === shape.rows.length - 1 && c === GRID_COLS.length - 1 : r === 0 && c === 0;
}

/** A character that starts an edit by replacing the value (not a shortcut, not a named key). */
function typed(k: CellKey): boolean {
  return k.key.length === 1 && !k.ctrlKey && !k.metaKey && !k.altKey && k.key !== " ";
}

/** One key on the active cell. */
export function cellKey(cursor: CellCursor | null, k: CellKey, shape: GridShape): CellStep {
  if (!cursor) return { cursor, handled: false };
  const editing = cursor.draft !== null;
  const commit = (next: CellCursor): CellStep => ({
    cursor: next,
    effect: editing ? { type: "commit", rowId: cursor.rowId, col: cursor.col, value: cursor.draft! } : undefined,
    handled: true,
  });
  switch (k.key) {
    case "Tab":
      // Like a spreadsheet; past the grid's first or last cell the browser's, so the keyboard leaves the grid.
      if (!editing && atEdge(cursor, k.shiftKey ? -1 : 1, shape)) return { cursor, handled: false };
      return commit(moved(cursor, k.shiftKey ? -1 : 1, 0, shape));
    case "Enter":
      if (!editing && !k.shiftKey) {
        const edit = startEdit(cursor, cursor.rowId, cursor.col, shape);
        if (edit !== cursor) return { cursor: edit, handled: true };
      }
      return commit(moved(cursor, 0, k.shiftKey ? -1 : 1, shape));
    case "Escape":
      if (!editing) return { cursor, handled: false };
      return {
        cursor: { ...cursor, draft: null, focusSeq: cursor.focusSeq + 1 },
        effect: { type: "cancel" },
        handled: true,
      };
    case "F2":
      return { cursor: editing ? cursor : startEdit(cursor, cursor.rowId, cursor.col, shape), handled: true };
    default:
      break;
  }
  if (editing) return { cursor, handled: false };
  const arrows: Record<string, [number, number]> = {
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
  };
  const arrow = arrows[k.key];
  const row = shape.rows.indexOf(cursor.rowId);
  const col = GRID_COLS.indexOf(cursor.col);
  // Alt+arrows reorder rows (ordering mode): the row's handler has them.
  if (k.altKey || row < 0) return { cursor, handled: false };
  // Left from the first cell: the row takes the focus back (the grid follows the cursor's end).
  if (k.key === "ArrowLeft" && col === 0) return { cursor: null, handled: true };
  if (arrow)
    return {
      cursor: placed(cursor, row + arrow[1], Math.max(0, Math.min(GRID_COLS.length - 1, col + arrow[0])), shape),
      handled: true,
    };
  const ctrl = !!(k.ctrlKey || k.metaKey);
  const page = Math.max(1, shape.page ?? 10);
  if (k.key === "Home") return { cursor: placed(cursor, ctrl ? 0 : row, 0, shape), handled: true };
  if (k.key === "End")
    return { cursor: placed(cursor, ctrl ? shape.rows.length - 1 : row, GRID_COLS.length - 1, shape), handled: true };
  if (k.key === "PageDown") return { cursor: placed(cursor, row + page, col, shape), handled: true };
  if (k.key === "PageUp") return { cursor: placed(cursor, row - page, col, shape), handled: true };
  if (typed(k) && shape.editable(cursor.rowId, cursor.col) && cursor.col !== "lot")
    return { cursor: { ...cursor, draft: k.key }, handled: true };
  return { cursor, handled: false };
}

/** The editor's text changed. */
export function typedDraft(cursor: CellCursor | null, draft: string): CellCursor | null {
  return cursor && cursor.draft !== null ? { ...cursor, draft } : cursor;
}
