import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { gridKey, type GridKeyAction, type GridRowPlace } from "../tools/gridKeys";
import { moveRowInGroup } from "../tools/reorder";
import type { PlanningSession } from "./PlanningSession";

/**
 * The grid's rows: a click selects (Ctrl/Shift adds), Enter opens the event, a group's header (a click, Enter,
 * Left/Right on its row) folds it into one row, and in the ordering mode Alt+Up/Down (or the mode bar's arrows) moves the row inside its group, never above
 * its parent or below its child.
 */
export function useGridInput(
  session: PlanningSession,
  o: {
    model: GanttModel | null;
    readOnly?: boolean;
    notify?: (kind: "warning", text: string) => void;
    onOpenEvent?: (id: number, kind: "task" | "milestone") => void;
  },
) {
  const { t } = useTranslation();
  const { selection, setSelection, mode, setRowOrder, toggleAggregated, rowMove } = usePlanningStore();
  const { model, readOnly, notify, onOpenEvent } = o;
  // Ordering mode: the selected row moves up or down inside its group, never above its parent or below its child.
  const moveRow = useCallback(
    (id: number, dir: -1 | 1) => {
      if (!model || mode !== "ordering" || readOnly) return;
      const res = moveRowInGroup(model, id, dir);
      if (res && !res.ok)
        notify?.(
          "warning",
          t(`planning.reorder.${res.reason}`, {
            parent: session.nameOf(res.parentId),
            child: session.nameOf(res.childId),
          }),
        );
      else if (res) setRowOrder(res.order);
    },
    [model, mode, readOnly, notify, t, session, setRowOrder],
  );
  const lastRowMove = useRef(rowMove?.seq ?? 0);
  useEffect(() => {
    if (!rowMove || rowMove.seq === lastRowMove.current) return;
    lastRowMove.current = rowMove.seq;
    if (selection.length === 1) moveRow(selection[0], rowMove.dir);
  }, [rowMove, selection, moveRow]);
  // A key on a focused row of the grid (tools/gridKeys.ts): opening, reordering and folding are run here; the
  // focus moves are the grid's (RowGrid.tsx).
  const onGridKey = useCallback(
    (rowIndex: number, e: React.KeyboardEvent, place: GridRowPlace): GridKeyAction => {
      const row = model?.rows[rowIndex];
      if (!model || !row) return null;
      const action = gridKey(e, { ...place, canOpen: !readOnly && !!onOpenEvent });
      const id = row.kind === "event" ? model.events[row.events[0]].id : null;
      if (action?.type === "open" && id !== null) {
        const ev = model.events[row.events[0]];
        onOpenEvent?.(id, ev.kind === "milestone" ? "milestone" : "task");
      } else if (action?.type === "moveRow" && id !== null) moveRow(id, action.dir);
      else if (action?.type === "toggle" && row.groupId !== null && row.groupId !== undefined)
        toggleAggregated(row.groupId);
      return action;
    },
    [readOnly, onOpenEvent, model, moveRow, toggleAggregated],
  );
  const onGroupClick = useCallback(
    (groupId: number | null | undefined) => {
      if (groupId !== null && groupId !== undefined) toggleAggregated(groupId);
    },
    [toggleAggregated],
  );
  const onGridSelect = useCallback(
    (id: number, additive: boolean) =>
      setSelection(additive ? (selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id]) : [id]),
    [selection, setSelection],
  );
  return { onGridSelect, onGridKey, onGroupClick };
}
