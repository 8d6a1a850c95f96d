import { Fragment, memo, useCallback, useRef } from "react";
import { flushSync } from "react-dom";
import { observeElementOffset, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { formatDay } from "@jalon/engine";
import { useTranslation } from "react-i18next";
import type { GanttModel } from "./model";
import { CompareCell } from "./compare/CompareCell";
import { GhostRow } from "./compare/GhostRow";
import type { Comparison } from "./compare/compareModel";
import { GRID_WIDTH } from "./viewport/layout";
import { GroupLabel } from "./layers/GroupLabel";
import { QualityLateMark } from "./layers/QualityLateMark";
import { RoadblockMark } from "./layers/RoadblockMark";
import { LateCountingMark } from "./layers/LateCountingMark";
import { EditableCell } from "./grid/EditableCell";
import type { CellCursor, GridCol } from "./grid/gridCells";
import type { CellEdit } from "./grid/useCellEdit";

export { GRID_WIDTH };
const ADD_BUTTON: React.CSSProperties = {
  position: "absolute",
  right: 4,
  width: 20,
  height: 20,
  padding: 0,
  border: "1px solid #C7C7C7",
  borderRadius: 3,
  background: "#FFFFFF",
  color: "#0F6CBD",
  fontWeight: 700,
  lineHeight: "16px",
  cursor: "pointer",
};
const COLS = [
  { key: "name", width: 200 },
  { key: "lot", width: 90 },
  { key: "start", width: 56 },
  { key: "end", width: 56 },
  { key: "days", width: 38 },
] as const;

function shortDate(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
}

/** Memoised: the planning view re-renders on every scroll frame and drag preview; the column titles never change with them. */
export const GridHeader = memo(function GridHeader() {
  const { t } = useTranslation();
  return (
    <div
      style={{
        display: "flex",
        height: "100%",
        alignItems: "flex-end",
        fontWeight: 600,
        fontSize: 12,
        borderBottom: "1px solid #D6D6D6",
      }}
    >
      {COLS.map((c) => (
        <div key={c.key} style={{ width: c.width, padding: "0 6px 6px" }}>
          {t(`planning.columns.${c.key}`)}
        </div>
      ))}
    </div>
  );
});

/** The left grid, virtualised on the same scroll element as the canvas so both move together. */
export function RowGrid({
  model,
  scrollElement,
  lotNames,
  live,
  selection,
  onSelect,
  onKeyRow,
  onGroupClick,
  comparison,
  onScrolled,
  qualityLate,
  roadblocks,
  lateCounting,
  onAddInGroup,
  cells,
}: {
  model: GanttModel;
  /** "+" at the end of a group's title: a task typed in place in that group (row index given). */
  onAddInGroup?: (rowIndex: number) => void;
  /** Tasks with open roadblocks: their row names the marker in text. */
  roadblocks?: ReadonlySet<number>;
  /** Recalibration mode: the tasks counted late, their row names the canvas's frame in text. */
  lateCounting?: ReadonlySet<number>;
  /** Tasks whose prerequisites are not all compliant by their start: their row names the marker in text. */
  qualityLate?: ReadonlySet<number>;
  /** Versions compared: each task shows its start/end delta in working days. */
  comparison?: Comparison | null;
  scrollElement: () => HTMLElement | null;
  lotNames: ReadonlyMap<number, string>;
  live: ReadonlyMap<number, readonly [number, number]>;
  selection: ReadonlySet<number>;
  onSelect: (id: number, additive: boolean) => void;
  /** Enter opens the task, Alt+arrows reorder (ordering mode). */
  onKeyRow?: (id: number, e: React.KeyboardEvent) => void;
  /** A click on a group's title aggregates or details it. */
  onGroupClick?: (groupId: number | null | undefined) => void;
  /**
   * Called on each scroll of the shared element, in the same synchronous React commit as the grid's new rows: the
   * view updates the canvas's viewport there, so a scroll frame costs one commit and the bars are drawn in the
   * frame the rows moved (before: the grid's commit, then the view's in the next animation frame, bench/web).
   */
  onScrolled?: () => void;
  /** Inline edits of the name, lot, start and duration cells (grid/useCellEdit.ts); absent when read-only. */
  cells?: CellEdit;
}) {
  const { t } = useTranslation();
  const onScrolledRef = useRef(onScrolled);
  onScrolledRef.current = onScrolled;
  const observeOffset = useCallback(
    (instance: Virtualizer<HTMLElement, Element>, cb: (offset: number, isScrolling: boolean) => void) =>
      observeElementOffset(instance, (offset, isScrolling) => {
        // A horizontal scroll moves no row: the virtualizer is told only of vertical moves (and of the end of a
        // scroll it saw start), else each one re-rendered the grid for nothing, the first frame's scroll to today
        // included (8 ms of the first paint, bench/web).
        const rowsMove = offset !== instance.scrollOffset || (instance.isScrolling && !isScrolling);
        flushSync(() => {
          if (rowsMove) cb(offset, isScrolling);
          onScrolledRef.current?.();
        });
      }),
    [],
  );
  const virtualizer = useVirtualizer({
    count: model.rows.length,
    getScrollElement: scrollElement,
    estimateSize: (i) => model.rows[i].height,
    overscan: 10,
    observeElementOffset: observeOffset,
    // The flush is ours (above), shared with the view's update.
    useFlushSync: false,
  });
  return (
    <div style={{ position: "relative", height: virtualizer.getTotalSize(), width: GRID_WIDTH }}>
      {virtualizer.getVirtualItems().map((v) => {
        const row = model.rows[v.index];
        if (row.kind === "ghost")
          return (
            <GhostRow key={row.key} row={row} comparison={comparison} width={GRID_WIDTH} nameWidth={COLS[0].width} />
          );
        if (row.kind !== "event") {
          const addable = onAddInGroup && row.kind === "group" && row.groupId !== null && row.groupId !== undefined;
          return (
            <Fragment key={row.key}>
              <div
                data-testid={row.kind === "aggregate" ? "grid-aggregate" : "grid-group"}
                role={onGroupClick && row.groupId !== null ? "button" : undefined}
                aria-pressed={onGroupClick && row.groupId !== null ? row.kind === "aggregate" : undefined}
                title={
                  onGroupClick && row.groupId !== null
                    ? t("planning.aggregation.toggle", { name: row.label })
                    : row.label
                }
                onClick={onGroupClick && row.groupId !== null ? () => onGroupClick(row.groupId) : undefined}
                style={{
                  position: "absolute",
                  top: row.y,
                  height: row.height,
                  width: GRID_WIDTH,
                  background: row.kind === "aggregate" ? "#EDEBE9" : "#F5F5F5",
                  fontWeight: 600,
                  fontSize: 12,
                  padding: addable ? "0 28px 0 6px" : "0 6px",
                  lineHeight: `${row.height}px`,
                  overflow: "hidden",
                  whiteSpace: "nowrap",
                  textOverflow: "ellipsis",
                  boxSizing: "border-box",
                  cursor: onGroupClick && row.groupId !== null ? "pointer" : undefined,
                }}
              >
                {row.kind === "aggregate" ? "▸ " : ""}
                <GroupLabel
                  label={row.label}
                  width={GRID_WIDTH - (addable ? 34 : 12) - (row.kind === "aggregate" ? 90 : 0)}
                />
                {row.kind === "aggregate"
                  ? ` (${t("planning.aggregation.members", { count: row.events.length })})`
                  : ""}
              </div>
              {addable && (
                <button
                  type="button"
                  data-testid="grid-group-add"
                  aria-label={t("planningDirect.create.add", { name: row.label })}
                  title={t("planningDirect.create.add", { name: row.label })}
                  onClick={() => onAddInGroup(v.index)}
                  style={{ ...ADD_BUTTON, top: row.y + (row.height - 20) / 2 }}
                >
                  +
                </button>
              )}
            </Fragment>
          );
        }
        const e = model.events[row.events[0]];
        const d = live.get(e.id) ?? [e.startDay, e.endDay];
        return (
          <EventRow
            key={row.key}
            id={e.id}
            y={row.y}
            height={row.height}
            name={e.name}
            milestone={e.kind === "milestone"}
            lotName={e.lotId ? (lotNames.get(e.lotId) ?? "") : ""}
            start={d[0]}
            end={d[1]}
            days={e.numberOfDays}
            selected={selection.has(e.id)}
            onSelect={onSelect}
            onKeyRow={onKeyRow}
            comparison={comparison}
            qualityLate={qualityLate?.has(e.id) ?? false}
            roadblock={roadblocks?.has(e.id) ?? false}
            lateCounting={lateCounting?.has(e.id) ?? false}
            cells={cells?.editing ? cells : undefined}
            cursor={cells?.cursor?.rowId === e.id ? cells.cursor : null}
            cellError={cells?.error?.rowId === e.id ? cells.error.text : null}
          />
        );
      })}
    </div>
  );
}

/**
 * One task or milestone row, memoised on plain values: a drag preview re-renders only the rows whose dates moved,
 * and the view's own render of each scroll frame none of them (bench/web: every visible row used to re-render).
 */
const EventRow = memo(function EventRow({
  id,
  y,
  height,
  name,
  milestone,
  lotName,
  start,
  end,
  days,
  selected,
  onSelect,
  onKeyRow,
  comparison,
  qualityLate,
  roadblock,
  lateCounting,
  cells,
  cursor,
  cellError,
}: {
  id: number;
  y: number;
  height: number;
  name: string;
  milestone: boolean;
  lotName: string;
  start: number;
  end: number;
  days: number;
  selected: boolean;
  onSelect: (id: number, additive: boolean) => void;
  onKeyRow?: (id: number, e: React.KeyboardEvent) => void;
  comparison?: Comparison | null;
  qualityLate?: boolean;
  roadblock?: boolean;
  lateCounting?: boolean;
  cells?: CellEdit;
  /** The grid's cell cursor when it is on this row. */
  cursor?: CellCursor | null;
  cellError?: string | null;
}) {
  // With inline edits, each editable column is an EditableCell (grid/EditableCell.tsx); otherwise plain text.
  const cell = (
    col: GridCol,
    width: number,
    style: React.CSSProperties,
    text: string,
    content: React.ReactNode,
    testId?: string,
    editorWidth?: number,
  ) =>
    cells ? (
      <EditableCell
        rowId={id}
        col={col}
        taskName={name}
        width={width}
        editorWidth={editorWidth}
        style={style}
        cells={cells}
        active={cursor?.col === col}
        focusSeq={cursor?.focusSeq ?? 0}
        draft={cursor?.col === col ? cursor.draft : null}
        error={cursor?.col === col ? (cellError ?? null) : null}
        text={text}
        testId={testId}
      >
        {content}
      </EditableCell>
    ) : (
      <div data-testid={testId} title={col === "name" ? name : undefined} style={{ width, ...style }}>
        {content}
      </div>
    );
  return (
    <div
      data-testid="grid-row"
      data-event-id={id}
      tabIndex={0}
      // aria-selected needs a row of a grid (axe: aria-allowed-attr, critical) and these rows are not one yet
      // (the treegrid of issue 22); aria-current says which rows are selected on any element.
      aria-current={selected ? "true" : undefined}
      onClick={(ev) => onSelect(id, ev.shiftKey || ev.ctrlKey || ev.metaKey)}
      onKeyDown={onKeyRow ? (ev) => onKeyRow(id, ev) : undefined}
      // Contained: a row whose dates change during a drag is laid out alone, not with the whole grid.
      style={{
        position: "absolute",
        top: y,
        height,
        width: GRID_WIDTH,
        display: "flex",
        fontSize: 12,
        lineHeight: `${height}px`,
        background: selected ? "#EBF3FC" : undefined,
        borderBottom: "1px solid #F0F0F0",
        cursor: "pointer",
        boxSizing: "border-box",
        contain: "size layout style",
        // The row being edited stands over the next ones: its editor's message hangs below it.
        zIndex: cursor ? 2 : undefined,
      }}
    >
      {cell(
        "name",
        COLS[0].width,
        { padding: "0 6px 0 14px", overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" },
        name,
        <>
          {milestone ? "◆ " : ""}
          {qualityLate ? <QualityLateMark /> : null}
          {roadblock && !milestone ? <RoadblockMark /> : null}
          {lateCounting && !milestone ? <LateCountingMark /> : null}
          {name}
        </>,
      )}
      {cell(
        "lot",
        COLS[1].width,
        { padding: "0 6px", overflow: "hidden", whiteSpace: "nowrap", textOverflow: "ellipsis" },
        lotName,
        lotName,
        undefined,
        150,
      )}
      {cell("start", COLS[2].width, { padding: "0 4px" }, shortDate(start), shortDate(start), "grid-start", 92)}
      <div data-testid="grid-end" style={{ width: COLS[3].width, padding: "0 4px" }}>
        {shortDate(end)}
      </div>
      {cell(
        "days",
        COLS[4].width,
        { padding: "0 4px", textAlign: "right" },
        String(milestone ? 0 : days),
        milestone ? 0 : days,
        "grid-days",
        48,
      )}
      {comparison && <CompareCell comparison={comparison} eventId={id} right={GRID_WIDTH - COLS[0].width + 2} />}
    </div>
  );
});
