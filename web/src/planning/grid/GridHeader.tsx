import { memo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePlanningStore } from "../planningStore";
import { COLUMN_KEY_STEP, GRID_COLUMNS, MIN_COLUMN_WIDTHS, maxColumnWidth, resizeColumn } from "./columnWidths";

/**
 * The grid's visible column titles, with a handle on each border between two columns (issue 20): a drag moves the
 * border, and so do the arrow keys on the focused handle (a window splitter's `separator`, APG), Shift for larger
 * steps. The widths go to the planning store, kept with the view. Memoised: the planning view re-renders on every
 * scroll frame and drag preview. The titles are hidden from assistive technologies: the treegrid's own header row
 * holds them as column headers, inside the grid where a screen reader relates them to the cells.
 */
export const GridHeader = memo(function GridHeader() {
  const { t } = useTranslation();
  const widths = usePlanningStore((s) => s.columnWidths);
  let left = 0;
  const borders = widths.slice(0, -1).map((w) => (left += w));
  return (
    <div style={HEADER}>
      {GRID_COLUMNS.map((key, i) => (
        <div key={key} aria-hidden="true" style={{ ...TITLE, width: widths[i] }}>
          {t(`planning.columns.${key}`)}
        </div>
      ))}
      {borders.map((x, i) => (
        <ColumnHandle
          key={GRID_COLUMNS[i]}
          index={i}
          x={x}
          label={t("planning.columns.resize", { name: t(`planning.columns.${GRID_COLUMNS[i]}`) })}
        />
      ))}
    </div>
  );
});

function ColumnHandle({ index, x, label }: { index: number; x: number; label: string }) {
  const widths = usePlanningStore((s) => s.columnWidths);
  const setWidths = usePlanningStore((s) => s.setColumnWidths);
  // The drag's start: the pointer's x and the widths then, so the border follows the pointer exactly.
  const drag = useRef<{ x: number; widths: readonly number[] } | null>(null);
  const move = (delta: number, from = usePlanningStore.getState().columnWidths) => {
    const next = resizeColumn(from, index, delta);
    if (next !== usePlanningStore.getState().columnWidths) setWidths(next);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={widths[index]}
      aria-valuemin={MIN_COLUMN_WIDTHS[index]}
      aria-valuemax={maxColumnWidth(widths, index)}
      aria-valuetext={`${widths[index]} px`}
      tabIndex={0}
      title={label}
      data-testid={`grid-resize-${GRID_COLUMNS[index]}`}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        e.currentTarget.focus();
        drag.current = { x: e.clientX, widths: usePlanningStore.getState().columnWidths };
      }}
      onPointerMove={(e) => {
        if (drag.current) move(e.clientX - drag.current.x, drag.current.widths);
      }}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 4 * COLUMN_KEY_STEP : COLUMN_KEY_STEP;
        const delta = e.key === "ArrowRight" ? step : e.key === "ArrowLeft" ? -step : 0;
        if (delta === 0) return;
        e.preventDefault();
        move(delta);
      }}
      style={{ ...HANDLE, left: x - HANDLE_WIDTH / 2 }}
    />
  );
}

const HANDLE_WIDTH = 9;
const HEADER: React.CSSProperties = {
  position: "relative",
  display: "flex",
  height: "100%",
  alignItems: "flex-end",
  fontWeight: 600,
  fontSize: 12,
  borderBottom: "1px solid #D6D6D6",
  boxSizing: "border-box",
};
const TITLE: React.CSSProperties = {
  flex: "none",
  boxSizing: "border-box",
  padding: "0 4px 6px",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
};
// A thin line in a wider hit area; the focus ring of the browser shows where the keys act.
const HANDLE: React.CSSProperties = {
  position: "absolute",
  top: 4,
  bottom: 0,
  width: HANDLE_WIDTH,
  cursor: "col-resize",
  touchAction: "none",
  background: "linear-gradient(to right, transparent 4px, #D1D1D1 4px, #D1D1D1 5px, transparent 5px)",
};
