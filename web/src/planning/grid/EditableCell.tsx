import { memo, useEffect, useRef } from "react";
import type { CellEdit } from "./useCellEdit";
import type { GridCol } from "./gridCells";

const EDITOR: React.CSSProperties = {
  position: "absolute",
  left: 0,
  top: 1,
  height: "calc(100% - 2px)",
  boxSizing: "border-box",
  font: "inherit",
  fontSize: 12,
  padding: "0 4px",
  border: "2px solid #0F6CBD",
  borderRadius: 2,
  background: "#FFFFFF",
  zIndex: 3,
};

/**
 * One editable cell of a grid row (issue 20): its text, focusable; the active cell outlined; while edited, a text
 * field (a list of the project's lots for the lot) labelled with the column and the task. Keys go to the grid's
 * cell machine (grid/gridCells.ts); the focus comes back to the cell after an edit.
 */
export const EditableCell = memo(function EditableCell({
  rowId,
  col,
  taskName,
  width,
  editorWidth,
  style,
  cells,
  active,
  focusSeq,
  draft,
  error,
  children,
  testId,
  t,
}: {
  rowId: number;
  col: GridCol;
  taskName: string;
  width: number;
  /** The editor may be wider than the cell (a date typed in full over a short one). */
  editorWidth?: number;
  style?: React.CSSProperties;
  cells: CellEdit;
  active: boolean;
  focusSeq: number;
  draft: string | null;
  error: string | null;
  children: React.ReactNode;
  testId?: string;
  /** The row's translation function (stable): one useTranslation per row, not per cell. */
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const hint = hintOf(t);
  const ref = useRef<HTMLDivElement>(null);
  const editing = active && draft !== null;
  useEffect(() => {
    if (active && !editing && ref.current && !ref.current.contains(document.activeElement)) ref.current.focus();
  }, [active, editing, focusSeq]);
  const editable = cells.editable(rowId, col);
  const commonEditor = {
    // Translated only while edited: a drag preview renders the moved rows' date cells every frame.
    "aria-label": editing ? t(`planningGrid.edit.${col}`, { name: taskName }) : undefined,
    "aria-invalid": error ? true : undefined,
    "data-testid": "grid-editor",
    onBlur: () => cells.onEditorBlur(rowId, col),
  };
  return (
    <div
      ref={ref}
      data-testid={testId}
      data-col={col}
      // A cell of the treegrid (issue 22): its column header and its text name it; while edited, the field inside is
      // what the keyboard and the screen reader reach.
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-readonly={editable ? undefined : true}
      aria-description={editable && !editing ? hint : undefined}
      onClick={() => cells.onCellClick(rowId, col)}
      onDoubleClick={() => cells.onCellDoubleClick(rowId, col)}
      onKeyDown={(e) => {
        cells.onCellKey(e);
      }}
      style={{
        width,
        flex: "none",
        position: "relative",
        boxSizing: "border-box",
        outline: active && !editing ? "2px solid #0F6CBD" : undefined,
        outlineOffset: -2,
      }}
    >
      {/* The text is clipped in its own box: the editor may overflow the cell. */}
      <div style={{ ...style, width: "100%", boxSizing: "border-box" }}>{children}</div>
      {editing &&
        (col === "lot" ? (
          <select
            {...commonEditor}
            autoFocus
            value={draft}
            onChange={(e) => cells.onDraft(e.target.value)}
            style={{ ...EDITOR, width: editorWidth ?? width }}
          >
            <option value="">{t("planningGrid.edit.noLot")}</option>
            {cells.lots.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...commonEditor}
            autoFocus
            value={draft}
            inputMode={col === "days" ? "numeric" : undefined}
            placeholder={col === "start" ? "jj/mm/aaaa" : undefined}
            onChange={(e) => cells.onDraft(e.target.value)}
            // The caret at the end: a typed first character is not selected and overwritten by the next one.
            onFocus={(e) => {
              const n = e.currentTarget.value.length;
              e.currentTarget.setSelectionRange(n, n);
            }}
            style={{ ...EDITOR, width: editorWidth ?? width }}
          />
        ))}
      {editing && error && (
        <div
          role="alert"
          data-testid="grid-editor-error"
          style={{
            position: "absolute",
            left: 0,
            top: "100%",
            zIndex: 4,
            whiteSpace: "nowrap",
            background: "#FDF3F4",
            color: "#B10E1C",
            border: "1px solid #EEACB2",
            borderRadius: 2,
            padding: "0 6px",
            lineHeight: "20px",
            fontSize: 12,
          }}
        >
          {error}
        </div>
      )}
    </div>
  );
});

const hints = new WeakMap<(key: string) => string, string>();
/** The cells' hint, translated once per `t` (one per language): each of the 200 cells on screen asked it on mount. */
function hintOf(t: (key: string) => string): string {
  let hint = hints.get(t);
  if (hint === undefined) hints.set(t, (hint = t("planningGrid.edit.hint")));
  return hint;
}
