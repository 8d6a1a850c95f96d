import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { gridKey } from "../tools/gridKeys";
import { moveRowInGroup } from "../tools/reorder";
import type { PlanningSession } from "./PlanningSession";

/**
 * The grid's rows: a click selects (Ctrl/Shift adds), Enter opens the event, a group's header folds it into one
 * row, and in the ordering mode Alt+Up/Down (or the mode bar's arrows) moves the row inside its group, never above
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
  const onGridKey = useCallback(
    (id: number, e: React.KeyboardEvent) => {
      const action = gridKey(e, { canOpen: !readOnly && !!onOpenEvent && !!model });
      if (action?.type === "open" && model) {
        const ev = model.events[model.indexOfId.get(id) ?? -1];
        if (ev) onOpenEvent?.(id, ev.kind === "milestone" ? "milestone" : "task");
      } else if (action?.type === "moveRow") {
        e.preventDefault();
        moveRow(id, action.dir);
      }
    },
    [readOnly, onOpenEvent, model, moveRow],
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
