import { useEffect } from "react";
import type { TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { pointerMode } from "../tools/pointerMachine";
import type { ViewportState } from "../viewport/Viewport";
import type { DayMap, PlanningSession } from "./PlanningSession";
import { exposeTestApi } from "./testApi";
import { chartKeyboardOf } from "./useKeyboardInput";

/**
 * Browser tests read the Gantt through the session's test API (session/testApiTypes.ts): what was drawn last, set
 * after each commit (after the commit's other effects, e.g. the toolbar's shown range).
 */
export function useTestApi(
  session: PlanningSession,
  d: { model: GanttModel | null; scale: TimeScale; viewport: ViewportState; canvasWidth: number; canvasHeight: number },
  live: DayMap,
  dates: DayMap,
  violated: ReadonlySet<string>,
): void {
  useEffect(() => {
    const vp = session.viewport;
    session.drawn = {
      ...d,
      scroller: vp.el instanceof HTMLElement ? vp.el : null,
      liveOf: (x) => live.get(x) ?? dates.get(x),
      committedOf: (x) => dates.get(x),
      violated,
      tools: () => ({
        mode: pointerMode(session.pointer),
        drag: session.pointer.drag.kind,
        link: session.pointer.link.kind,
        resize: session.pointer.resize.kind,
      }),
      selection: () => usePlanningStore.getState().selection,
      keyboard: () => {
        const k = chartKeyboardOf(session).getState();
        return { mode: k.state.mode, current: k.state.current, linkFrom: k.state.linkFrom, focused: k.focused };
      },
      loading: () => session.extending,
      scrollTo: (left, top) => vp.scrollTo(left, top),
    };
  });
  useEffect(() => exposeTestApi(session.testApi), [session]);
}
