import { useShallow } from "zustand/react/shallow";
import type { PlannedEventType } from "@jalon/shared";
import { useCellEdit } from "../grid/useCellEdit";
import { useDirectManipulation } from "../overlays/useDirectManipulation";
import { usePlanningStore } from "../planningStore";
import { useUndoKeys } from "../undo/useUndoKeys";
import type { useViewport } from "../viewport/useViewport";
import type { Notify } from "./PlanningSession";
import type { PlanningScene } from "./usePlanningScene";
import { useGridInput } from "./useGridInput";
import { useKeyboardInput } from "./useKeyboardInput";
import { usePointerInput } from "./usePointerInput";

export interface PlanningInputProps {
  projectId: number;
  versionId: number;
  readOnly?: boolean;
  today: number;
  notify?: Notify;
  onOpenEvent?: (id: number, kind: PlannedEventType) => void;
  onInstantiateAt?: (preset: { zoneId: number | null; day: string }) => void;
}

/**
 * Every input of the planning view bound to its session, each by its own hook: the canvas's pointer (the pointer
 * machine, which pans through the viewport), the grid's rows and cells, the chart's keyboard, the direct
 * manipulation (tooltip, context menu, tasks typed in place) and Ctrl+Z / Ctrl+Y. Returns what the view spreads or
 * passes on: handlers, props and what each renders over the chart.
 */
export function usePlanningInput(
  scene: PlanningScene,
  chart: ReturnType<typeof useViewport>,
  props: PlanningInputProps,
) {
  const { session, model, scale, live, dates, lotNames } = scene;
  const { readOnly, notify, onOpenEvent } = props;
  const { mode, grouping } = usePlanningStore(useShallow((s) => ({ mode: s.mode, grouping: s.grouping })));
  // Dates change only in construction and recalibration; ordering reorders rows, signing only reads.
  const editable = !readOnly && (mode === "construction" || mode === "recalibration");
  const { onPointer, writeLink, onPick } = usePointerInput(session, {
    model,
    scale,
    live,
    dates,
    viewport: chart.viewport,
    editable,
    readOnly,
    notify,
    onOpenEvent,
    panBy: chart.panBy,
  });
  const grid = useGridInput(session, { model, readOnly, notify, onOpenEvent });
  const direct = useDirectManipulation(session, {
    model,
    scale,
    live,
    dates,
    lotNames,
    grouping,
    today: props.today,
    readOnly,
    onOpenEvent,
    onInstantiateAt: props.onInstantiateAt,
  });
  // Issue 20: the grid's inline edits, and Ctrl+Z / Ctrl+Y over the planning.
  const cells = useCellEdit(session, { model, live, editable, page: chart.pageRows });
  useUndoKeys(session, { projectId: props.projectId, versionId: props.versionId, enabled: !readOnly });
  // Issue 22: the chart as one Tab stop, edited with the keyboard, and the planning's live region.
  const keyboard = useKeyboardInput(session, {
    model,
    scale,
    live,
    dates,
    lotNames,
    editable,
    readOnly,
    canvasWidth: chart.canvasWidth,
    canvasHeight: chart.canvasHeight,
    onOpenEvent,
    onPick,
  });
  return { onPointer, writeLink, ...grid, direct, cells, keyboard };
}
