import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GanttModel } from "./model";
import { rowColumnsOf, type GanttRow } from "@jalon/shared/gantt";
import { CompareCell } from "./compare/CompareCell";
import { GhostRow } from "./compare/GhostRow";
import type { Comparison } from "./compare/compareModel";
import { GRID_WIDTH } from "./viewport/layout";
import { GroupLabel } from "./layers/GroupLabel";
import { QualityLateMark } from "./layers/QualityLateMark";
import { RoadblockMark } from "./layers/RoadblockMark";
import { LateCountingMark } from "./layers/LateCountingMark";
import { EditableCell } from "./grid/EditableCell";
import { dayToInput } from "./grid/cellValues";
import type { CellCursor, GridCol } from "./grid/gridCells";
import type { CellEdit } from "./grid/useCellEdit";
import { focusKeyOf, treeRows } from "./grid/treeRows";
import { rowWindow, windowRows } from "./grid/rowWindow";
import { groupRowLabel, taskDatesLabel, taskTailLabel } from "./grid/rowLabels";
import type { GridKeyAction, GridRowPlace } from "./tools/gridKeys";
import { HEADER_HEIGHT } from "./TimeHeader";
import { visuallyHidden } from "../components/visuallyHidden";
import { GRID_COLUMNS } from "./grid/columnWidths";
import { usePlanningStore } from "./planningStore";
import { committedLive } from "./session/liveDates";

export { GRID_WIDTH };
/** A cell without an editor: as wide as its column, the header's title above it (border-box, as EditableCell). */
const PLAIN: React.CSSProperties = { flex: "none", boxSizing: "border-box" };
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
const TreeHeaderRow = memo(function TreeHeaderRow() {
  const { t } = useTranslation();
  return (
    <div role="row" aria-rowindex={1} style={visuallyHidden}>
      {GRID_COLUMNS.map((key) => (
        <span key={key} role="columnheader">
          {t(`planning.columns.${key}`)}
        </span>
      ))}
    </div>
  );
});

/** Rows rendered above and below the screen: a fast scroll shows rendered rows while the next commit comes. */
const OVERSCAN = 10;

/**
 * The left grid, virtualised on the same scroll element as the canvas so both move together. An ARIA treegrid
 * (issue 22, APG's treegrid pattern): groups are rows that fold (aria-expanded), tasks rows of gridcells below them;
 * aria-rowcount/aria-rowindex tell the whole count as only the rows on screen exist. One Tab stop: the focused row
 * (or the active cell of grid/gridCells.ts) has tabIndex 0 and the keys of tools/gridKeys.ts move it; that row is
 * always rendered (grid/rowWindow.ts) so the focus never falls into an unmounted row, and the browser scrolls it into
 * view as it takes the focus (scroll-margin under the sticky header).
 */
export function RowGrid({
  model,
  lotNames,
  live: liveDates,
  selection,
  onSelect,
  onKeyRow,
  onGroupClick,
  comparison,
  view,
  qualityLate,
  roadblocks,
  lateCounting,
  onAddInGroup,
  cells,
  page = 10,
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
  lotNames: ReadonlyMap<number, string>;
  live: ReadonlyMap<number, readonly [number, number]>;
  selection: ReadonlySet<number>;
  onSelect: (id: number, additive: boolean) => void;
  /** A key on a focused row (session/useGridInput.ts): it runs opening, reordering and folding, returns the action. */
  onKeyRow?: (rowIndex: number, e: React.KeyboardEvent, place: GridRowPlace) => GridKeyAction;
  /** A click on a group's title aggregates or details it. */
  onGroupClick?: (groupId: number | null | undefined) => void;
  /** The scroll element's offset and height (viewport/Viewport.ts): the rows on screen are rendered. */
  view: { top: number; height: number };
  /** Inline edits of the name, lot, start and duration cells (grid/useCellEdit.ts); absent when read-only. */
  cells?: CellEdit;
  /** Rows in one screen: PageUp/PageDown. */
  page?: number;
}) {
  const { t } = useTranslation();
  // The committed dates: a drag's preview moves the bars and the tooltip tells its dates, the rows change on the drop
  // (as in MS Project, Bryntum and DHTMLX). Re-rendering and laying out the moved rows' text was a third of each drag
  // frame (bench/web).
  const live = committedLive(liveDates);
  // The columns' widths the user chose (grid/GridHeader.tsx), kept with the view.
  const widths = usePlanningStore((s) => s.columnWidths);
  const containerRef = useRef<HTMLDivElement>(null);
  const tree = useMemo(() => treeRows(model.rows), [model.rows]);
  // Made on the first look-up, once a row has the focus: not on the first paint (110,400 keys at 100k events, 30 ms of
  // it in bench/web's profile).
  const indexOfKey = useMemo(() => {
    let m: Map<string, number> | null = null;
    return (key: string) => {
      if (m === null) {
        m = new Map<string, number>();
        for (let i = 0; i < model.rows.length; i++) m.set(focusKeyOf(model.rows[i]), i);
      }
      return m.get(key);
    };
  }, [model.rows]);
  // The roving focus: the row (by its identity, kept over folds and reloads) and a sequence bumped on each keyboard
  // move the DOM focus must follow.
  const [focus, setFocus] = useState<{ key: string | null; seq: number }>({ key: null, seq: 0 });
  const lastIndex = useRef(0);
  const focusedIndex = focus.key !== null ? (indexOfKey(focus.key) ?? -1) : -1;
  // A row gone (filtered, folded into its group): the row now at its place takes the tab stop.
  const rowIndex = focusedIndex >= 0 ? focusedIndex : Math.min(lastIndex.current, model.rows.length - 1);
  lastIndex.current = Math.max(0, rowIndex);
  // Cells take the focus only while the planning takes edits (its mode, the user's rights).
  const editCells = cells?.editing ? cells : undefined;
  const cursor = editCells?.cursor ?? null;
  const cursorIndex = cursor ? (model.rowOfId.get(cursor.rowId) ?? -1) : -1;
  // The tab stop is the active cell when there is one, else the focused row.
  const activeIndex = cursorIndex >= 0 ? cursorIndex : rowIndex;
  const tabRow = cursorIndex >= 0 ? -1 : rowIndex;
  const columns = rowColumnsOf(model.rows);
  const win = rowWindow(columns.y, columns.height, view.top, view.height, OVERSCAN);
  const shown = windowRows(win, activeIndex < model.rows.length ? activeIndex : -1);
  // A keyboard move: the row takes the DOM focus (it is rendered, windowRows) and the browser scrolls to it.
  // Only on a move's sequence: a row taking the focus by itself (a click, a Tab) must not pull it back.
  const focusRef = useRef(focus);
  focusRef.current = focus;
  useEffect(() => {
    const { seq, key } = focusRef.current;
    if (seq === 0 || key === null) return;
    containerRef.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  }, [focus.seq]);
  // The cell cursor ended (Left from the first cell): its row takes the focus back.
  const lastCursor = useRef(cursor);
  useEffect(() => {
    const was = lastCursor.current;
    lastCursor.current = cursor;
    if (was && !cursor) setFocus((f) => ({ key: `e${was.rowId}`, seq: f.seq + 1 }));
  }, [cursor]);
  const onFocusRow = useCallback((key: string) => setFocus((f) => (f.key === key ? f : { key, seq: f.seq })), []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    const rowEl = target.closest<HTMLElement>("[data-row-index]");
    if (!rowEl || !onKeyRow) return;
    const index = Number(rowEl.dataset.rowIndex);
    const row = model.rows[index];
    if (!row) return;
    const group = row.kind === "group" || row.kind === "aggregate";
    const place: GridRowPlace = {
      index,
      count: model.rows.length,
      page,
      kind: group ? "group" : row.kind === "event" ? "event" : "other",
      expanded: row.kind === "group",
      canToggle: group && !!onGroupClick && row.groupId !== null && row.groupId !== undefined,
      parent: tree.parent[index] >= 0 ? tree.parent[index] : null,
      canOpen: true,
      // A group's only widget is its "+" (Right reaches it, APG: the first cell's widget).
      hasCells: group ? !!rowEl.querySelector("button") : !!editCells,
    };
    // Inside a cell (or the group's "+"), the cell machine had its keys: only Alt+arrows (reordering) reach here,
    // and Left from the group's "+" back to its row.
    if (rowEl !== target) {
      if (group && e.key === "ArrowLeft" && target.tagName === "BUTTON") {
        e.preventDefault();
        rowEl.focus();
      }
      if (!e.altKey) return;
    }
    const action = onKeyRow(index, e, place);
    if (!action) return;
    e.preventDefault();
    if (action.type === "focusRow") {
      const next = model.rows[action.index];
      if (next) setFocus((f) => ({ key: focusKeyOf(next), seq: f.seq + 1 }));
    } else if (action.type === "cells" && group) {
      rowEl.querySelector<HTMLElement>("button")?.focus();
    } else if (action.type === "cells" && row.kind === "event") {
      editCells?.onCellClick(model.events[row.events[0]].id, "name");
    }
  };
  return (
    <div
      ref={containerRef}
      role="treegrid"
      aria-label={t("planningGrid.tree.label")}
      aria-rowcount={model.rows.length + 1}
      aria-colcount={GRID_COLUMNS.length}
      aria-multiselectable="true"
      aria-readonly={editCells ? undefined : true}
      onKeyDown={onKeyDown}
      style={{ position: "relative", height: win.total, width: GRID_WIDTH }}
    >
      <TreeHeaderRow />
      {shown.map((index) => {
        const row = model.rows[index];
        const aria = {
          "aria-rowindex": index + 2,
          "aria-level": tree.level[index],
          "aria-posinset": tree.posinset[index],
          "aria-setsize": tree.setsize[index],
        };
        if (row.kind === "ghost")
          return (
            <GhostRow
              key={row.key}
              row={row}
              comparison={comparison}
              width={GRID_WIDTH}
              nameWidth={widths[0]}
              aria={aria}
            />
          );
        if (row.kind !== "event")
          return (
            <GroupRow
              key={focusKeyOf(row)}
              row={row}
              index={index}
              level={tree.level[index]}
              posinset={tree.posinset[index]}
              setsize={tree.setsize[index]}
              tasks={tree.tasks[index]}
              tabbable={index === tabRow}
              onFocusRow={onFocusRow}
              onGroupClick={onGroupClick}
              onAddInGroup={onAddInGroup}
            />
          );
        const e = model.events[row.events[0]];
        const d = live.get(e.id) ?? [e.startDay, e.endDay];
        return (
          <EventRow
            key={row.key}
            id={e.id}
            rowKey={row.key}
            rowIndex={index}
            level={tree.level[index]}
            posinset={tree.posinset[index]}
            setsize={tree.setsize[index]}
            tabbable={index === tabRow}
            onFocusRow={onFocusRow}
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
            comparison={comparison}
            qualityLate={qualityLate?.has(e.id) ?? false}
            roadblock={roadblocks?.has(e.id) ?? false}
            lateCounting={lateCounting?.has(e.id) ?? false}
            cells={editCells}
            cursor={editCells?.cursor?.rowId === e.id ? editCells.cursor : null}
            cellError={cells?.error?.rowId === e.id ? cells.error.text : null}
            widths={widths}
          />
        );
      })}
    </div>
  );
}

/**
 * A group's row (its heading, or its merged bars' row when folded), memoised like EventRow: the grid's render of
 * each drag preview made every visible heading's name and titles again (i18next, bench/web's drag profile).
 */
const GroupRow = memo(function GroupRow({
  row,
  index,
  level,
  posinset,
  setsize,
  tasks,
  tabbable,
  onFocusRow,
  onGroupClick,
  onAddInGroup,
}: {
  row: GanttRow;
  index: number;
  level: number;
  posinset: number;
  setsize: number;
  tasks: number;
  tabbable: boolean;
  onFocusRow: (key: string) => void;
  onGroupClick?: (groupId: number | null | undefined) => void;
  onAddInGroup?: (rowIndex: number) => void;
}) {
  const { t } = useTranslation();
  const addable = onAddInGroup && row.kind === "group" && row.groupId !== null && row.groupId !== undefined;
  const toggles = !!onGroupClick && row.groupId !== null && row.groupId !== undefined;
  const key = focusKeyOf(row);
  return (
    <div
      aria-rowindex={index + 2}
      aria-level={level}
      aria-posinset={posinset}
      aria-setsize={setsize}
      data-testid={row.kind === "aggregate" ? "grid-aggregate" : "grid-group"}
      data-row-index={index}
      data-focus-key={key}
      role="row"
      aria-label={groupRowLabel(t, {
        label: row.label,
        tasks,
        folded: row.kind === "aggregate",
      })}
      tabIndex={tabbable ? 0 : -1}
      aria-expanded={row.kind === "group"}
      title={toggles ? t("planning.aggregation.toggle", { name: row.label }) : row.label}
      onFocus={() => onFocusRow(key)}
      onClick={toggles ? () => onGroupClick(row.groupId) : undefined}
      style={{
        position: "absolute",
        top: row.y,
        height: row.height,
        width: GRID_WIDTH,
        background: row.kind === "aggregate" ? "#EDEBE9" : "#F5F5F5",
        fontWeight: 600,
        fontSize: 12,
        lineHeight: `${row.height}px`,
        boxSizing: "border-box",
        scrollMarginTop: HEADER_HEIGHT,
        cursor: toggles ? "pointer" : undefined,
      }}
    >
      <div
        role="gridcell"
        aria-colspan={GRID_COLUMNS.length}
        style={{
          padding: addable ? "0 28px 0 6px" : "0 6px",
          overflow: "hidden",
          whiteSpace: "nowrap",
          textOverflow: "ellipsis",
          height: "100%",
          boxSizing: "border-box",
        }}
      >
        {row.kind === "aggregate" ? "▸ " : ""}
        <GroupLabel label={row.label} width={GRID_WIDTH - (addable ? 34 : 12) - (row.kind === "aggregate" ? 90 : 0)} />
        {row.kind === "aggregate" ? ` (${t("planning.aggregation.members", { count: row.events.length })})` : ""}
        {addable && (
          <button
            type="button"
            data-testid="grid-group-add"
            // Reached by Right on its row: the grid stays one Tab stop.
            tabIndex={-1}
            aria-label={t("planningDirect.create.add", { name: row.label })}
            title={t("planningDirect.create.add", { name: row.label })}
            onClick={(ev) => {
              // The row's own click folds the group.
              ev.stopPropagation();
              onAddInGroup(index);
            }}
            style={{ ...ADD_BUTTON, top: (row.height - 20) / 2 }}
          >
            +
          </button>
        )}
      </div>
    </div>
  );
});

/**
 * One task or milestone row, memoised on plain values: a drag preview re-renders only the rows whose dates moved,
 * and the view's own render of each scroll frame none of them (bench/web: every visible row used to re-render).
 */
const NAME_CELL: React.CSSProperties = {
  padding: "0 6px 0 14px",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
};
const LOT_CELL: React.CSSProperties = {
  padding: "0 6px",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
};
const DATE_CELL: React.CSSProperties = { padding: "0 4px" };
const DAYS_CELL: React.CSSProperties = { padding: "0 4px", textAlign: "right" };

const EventRow = memo(function EventRow({
  id,
  rowKey,
  rowIndex,
  level,
  posinset,
  setsize,
  tabbable,
  onFocusRow,
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
  comparison,
  qualityLate,
  roadblock,
  lateCounting,
  cells,
  cursor,
  cellError,
  widths,
}: {
  id: number;
  rowKey: string;
  rowIndex: number;
  level: number;
  posinset: number;
  setsize: number;
  /** The grid's one Tab stop is this row. */
  tabbable: boolean;
  onFocusRow: (key: string) => void;
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
  comparison?: Comparison | null;
  qualityLate?: boolean;
  roadblock?: boolean;
  lateCounting?: boolean;
  cells?: CellEdit;
  /** The grid's cell cursor when it is on this row. */
  cursor?: CellCursor | null;
  cellError?: string | null;
  /** The columns' widths, in GRID_COLUMNS order. */
  widths: readonly number[];
}) {
  const { t } = useTranslation();
  // The same content (and styles, module constants) while the name and marks are unchanged, so that a row whose dates
  // move in a drag preview renders its date cells alone: EditableCell is memoised (bench/web's drag profile).
  const nameContent = useMemo(
    () => (
      <>
        {milestone ? "◆ " : ""}
        {qualityLate ? <QualityLateMark /> : null}
        {roadblock && !milestone ? <RoadblockMark /> : null}
        {lateCounting && !milestone ? <LateCountingMark /> : null}
        {name}
        {comparison && <CompareCell comparison={comparison} eventId={id} right={2} />}
      </>
    ),
    [milestone, qualityLate, roadblock, lateCounting, name, comparison, id],
  );
  // The row's name (grid/rowLabels.ts taskRowLabel) in two parts: what follows the dates is kept while they move.
  const tail = useMemo(
    () => taskTailLabel(t, { milestone, lotName, qualityLate, roadblock, lateCounting }),
    [t, milestone, lotName, qualityLate, roadblock, lateCounting],
  );
  // With inline edits, each editable column is an EditableCell (grid/EditableCell.tsx); otherwise plain text.
  const cell = (
    col: GridCol,
    width: number,
    style: React.CSSProperties,
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
        testId={testId}
        t={t}
      >
        {content}
      </EditableCell>
    ) : (
      <div
        role="gridcell"
        data-testid={testId}
        title={col === "name" ? name : undefined}
        style={{ ...PLAIN, width, ...style }}
      >
        {content}
      </div>
    );
  return (
    <div
      data-testid="grid-row"
      data-event-id={id}
      data-row-index={rowIndex}
      data-focus-key={rowKey}
      role="row"
      aria-label={`${name}, ${taskDatesLabel(t, { milestone, start, end })}, ${tail}`}
      aria-rowindex={rowIndex + 2}
      aria-level={level}
      aria-posinset={posinset}
      aria-setsize={setsize}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      onFocus={() => onFocusRow(rowKey)}
      onClick={(ev) => onSelect(id, ev.shiftKey || ev.ctrlKey || ev.metaKey)}
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
        scrollMarginTop: HEADER_HEIGHT,
        contain: "size layout style",
        // The row being edited stands over the next ones: its editor's message hangs below it.
        zIndex: cursor ? 2 : undefined,
      }}
    >
      {cell("name", widths[0], NAME_CELL, nameContent)}
      {cell("lot", widths[1], LOT_CELL, lotName, undefined, 150)}
      {cell("start", widths[2], DATE_CELL, dayToInput(start), "grid-start", 92)}
      <div role="gridcell" data-testid="grid-end" style={{ ...PLAIN, width: widths[3], padding: "0 4px" }}>
        {dayToInput(end)}
      </div>
      {cell("days", widths[4], DAYS_CELL, milestone ? 0 : days, "grid-days", 48)}
    </div>
  );
});
