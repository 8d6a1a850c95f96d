import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventRowIds, type GanttModel } from "../model";
import type { DayMap, PlanningSession } from "../session/PlanningSession";
import { cellWrite, dayToInput } from "./cellValues";
import { activate, cellKey, startEdit, typedDraft, type CellCursor, type GridCol, type GridShape } from "./gridCells";

/** What the grid's rows need to show and run the inline edits (issue 20). */
export interface CellEdit {
  cursor: CellCursor | null;
  /** The refusal shown under the cell being edited ('Date invalide'). */
  error: { rowId: number; col: GridCol; text: string } | null;
  lots: readonly { id: number; name: string }[];
  editable: (rowId: number, col: GridCol) => boolean;
  /** Whether the planning takes edits now (its mode, the user's rights). */
  editing: boolean;
  onCellClick: (rowId: number, col: GridCol) => void;
  onCellDoubleClick: (rowId: number, col: GridCol) => void;
  /** True when the key was the grid's (then neither the row nor the browser sees it). */
  onCellKey: (e: React.KeyboardEvent) => boolean;
  onDraft: (text: string) => void;
  /** The editor lost the focus to something else than the grid's keys: its text is committed where it is. */
  onEditorBlur: (rowId: number, col: GridCol) => void;
}

/**
 * The grid's cell cursor and inline edits (grid/gridCells.ts) bound to the session: a name, a lot or a duration is
 * a PATCH of the event (session.structuralWrite, successors re-planned by the server), a start is a move of the
 * event (session.commitMove, drawn at once by the engine, its successors following); each is one undo step. A
 * refused text keeps the edit open with its reason.
 */
export function useCellEdit(
  session: PlanningSession,
  o: { model: GanttModel | null; live: DayMap; editable: boolean; page?: number },
): CellEdit {
  const { t } = useTranslation();
  const { model, live, editable, page } = o;
  const [cursor, setCursor] = useState<CellCursor | null>(null);
  const [error, setError] = useState<CellEdit["error"]>(null);
  const liveRef = useRef(live);
  liveRef.current = live;
  const cursorRef = useRef(cursor);
  cursorRef.current = cursor;
  const data = session.state.data;
  const lots = useMemo(() => (data?.lots ?? []).map((l) => ({ id: l.id, name: l.name })), [data?.lots]);
  const eventOf = useCallback(
    (id: number) => (model ? model.events[model.indexOfId.get(id) ?? -1] : undefined),
    [model],
  );
  const shape = useMemo<GridShape>(() => {
    return {
      // The event rows' ids, made on the first key that moves the cursor (a walk over every row, kept per model):
      // not at the first paint, where 100k ids were pushed for nothing.
      get rows() {
        return model ? eventRowIds(model) : [];
      },
      page,
      editable: (id, col) => {
        const e = eventOf(id);
        return editable && !!e && !(col === "days" && e.kind === "milestone");
      },
      valueOf: (id, col) => {
        const e = eventOf(id);
        if (!e) return "";
        if (col === "name") return e.name;
        if (col === "lot") return e.lotId === null || e.lotId === undefined ? "" : String(e.lotId);
        if (col === "start") return dayToInput(live.get(id)?.[0] ?? e.startDay);
        return String(e.numberOfDays);
      },
    };
  }, [model, eventOf, editable, live, page]);
  const shapeRef = useRef(shape);
  shapeRef.current = shape;

  const commit = useCallback(
    (rowId: number, col: GridCol, value: string, keepOpen = true): boolean => {
      const e = eventOf(rowId);
      if (!e || !model) return true;
      const start = liveRef.current.get(rowId)?.[0] ?? e.startDay;
      const w = cellWrite(
        col,
        value,
        { name: e.name, startDay: start, days: e.numberOfDays, lotId: e.lotId ?? null },
        (d) => model.calendar.isWorking(d),
      );
      if (w.kind === "refused" && !keepOpen) {
        // Focus gone elsewhere: the wrong text is dropped rather than calling the focus back.
        setError(null);
        return true;
      }
      if (w.kind === "refused") {
        const text =
          w.reason === "invalidDate"
            ? t("planningGrid.notWorkingDay")
            : t(w.reason === "emptyName" ? "planningGrid.emptyName" : "planningGrid.invalidDuration");
        setError({ rowId, col, text });
        // The edit stays open on its cell with the text typed, so the user corrects it.
        setCursor((c) => ({ rowId, col, draft: value, focusSeq: (c?.focusSeq ?? 0) + 1 }));
        return false;
      }
      setError(null);
      if (w.kind === "same") return true;
      if (w.kind === "start") void session.commitMove({ selection: [rowId], anchorId: rowId, day: w.day });
      else if (w.kind === "days") void session.structuralWrite(rowId, { numberOfDays: w.days });
      else if (w.kind === "name") void session.structuralWrite(rowId, { name: w.name });
      else void session.structuralWrite(rowId, { participantGroupProId: w.lotId });
      return true;
    },
    [eventOf, model, session, t],
  );

  const onCellKey = useCallback(
    (e: React.KeyboardEvent) => {
      const step = cellKey(cursorRef.current, e, shapeRef.current);
      if (!step.handled) return false;
      e.preventDefault();
      e.stopPropagation();
      cursorRef.current = step.cursor;
      setCursor(step.cursor);
      if (step.effect?.type === "cancel") setError(null);
      if (step.effect?.type === "commit") commit(step.effect.rowId, step.effect.col, step.effect.value);
      return true;
    },
    [commit],
  );
  const onCellClick = useCallback((rowId: number, col: GridCol) => {
    const c = cursorRef.current;
    if (c && c.rowId === rowId && c.col === col) return;
    setError(null);
    setCursor(activate(c, rowId, col));
  }, []);
  const onCellDoubleClick = useCallback((rowId: number, col: GridCol) => {
    setCursor((c) => startEdit(c, rowId, col, shapeRef.current) ?? c);
  }, []);
  const onDraft = useCallback((text: string) => setCursor((c) => typedDraft(c, text)), []);
  const onEditorBlur = useCallback(
    (rowId: number, col: GridCol) => {
      const c = cursorRef.current;
      if (!c || c.draft === null || c.rowId !== rowId || c.col !== col) return;
      commit(rowId, col, c.draft, false);
      setCursor({ ...c, draft: null });
    },
    [commit],
  );
  // Stable between cursor moves: a drag frame (new `live`) re-renders no row for the cells.
  const isEditable = useCallback((id: number, col: GridCol) => shapeRef.current.editable(id, col), []);
  return useMemo(
    () => ({
      cursor,
      error,
      lots,
      editable: isEditable,
      editing: editable,
      onCellClick,
      onCellDoubleClick,
      onCellKey,
      onDraft,
      onEditorBlur,
    }),
    [cursor, error, lots, isEditable, editable, onCellClick, onCellDoubleClick, onCellKey, onDraft, onEditorBlur],
  );
}
