// The planning grid's column widths (issue 20): the user moves the border between two columns (a drag on the
// header's handle, or its arrow keys), kept with the view (view/persistedView.ts). As DHTMLX's keep_grid_width,
// the grid keeps its width: what one column gains the next one gives, so the chart, the pointer's geometry and the
// overlays that stand at GRID_WIDTH stay where they are.
import { GRID_WIDTH } from "../viewport/layout";

export const GRID_COLUMNS = ["name", "lot", "start", "end", "days"] as const;
export type GridColumnKey = (typeof GRID_COLUMNS)[number];

/**
 * Dates dd/MM/yyyy take 72 px, "Jours" 44 (its title whole); the name and the lot share the rest. Their sum is
 * GRID_WIDTH.
 */
export const DEFAULT_COLUMN_WIDTHS: readonly number[] = [172, 80, 72, 72, 44];
/** Below these a column's content is no longer readable (a whole date, the title "Jours", a name's start). */
export const MIN_COLUMN_WIDTHS: readonly number[] = [80, 40, 70, 70, 44];
/** One arrow key press. */
export const COLUMN_KEY_STEP = 8;

/**
 * The widths with the border after column `index` moved by `delta` px, each side kept at its minimum. The same
 * array when nothing moves (the store keeps its state, nothing is saved).
 */
export function resizeColumn(widths: readonly number[], index: number, delta: number): readonly number[] {
  if (index < 0 || index >= widths.length - 1) return widths;
  const grow = Math.max(
    MIN_COLUMN_WIDTHS[index] - widths[index],
    Math.min(delta, widths[index + 1] - MIN_COLUMN_WIDTHS[index + 1]),
  );
  const step = Math.round(grow);
  if (step === 0) return widths;
  const next = [...widths];
  next[index] += step;
  next[index + 1] -= step;
  return next;
}

/** The widest column `index` may become: what the next one can give. */
export function maxColumnWidth(widths: readonly number[], index: number): number {
  return index < widths.length - 1 ? widths[index] + widths[index + 1] - MIN_COLUMN_WIDTHS[index + 1] : widths[index];
}

/** Saved widths as read back from the user's views: whole, each at least its minimum, the grid's width in all. */
export function readColumnWidths(v: unknown): readonly number[] | undefined {
  if (!Array.isArray(v) || v.length !== GRID_COLUMNS.length) return undefined;
  if (!v.every((w, i) => Number.isInteger(w) && (w as number) >= MIN_COLUMN_WIDTHS[i])) return undefined;
  return (v as number[]).reduce((a, b) => a + b, 0) === GRID_WIDTH ? (v as number[]) : undefined;
}
