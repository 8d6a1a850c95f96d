import { useCallback, useEffect, useLayoutEffect } from "react";
import { useStore } from "zustand";
import type { TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import type { PlanningQuery } from "../planningApi";
import { extendRange, monthsToFill, rangeMonths, type DayRange, type Edge } from "../range";
import type { PlanningSession } from "../session/PlanningSession";
import { GRID_WIDTH } from "./layout";

export interface RangeLoadingOptions {
  model: GanttModel | null;
  scale: TimeScale;
  /** The displayed range, the base range (filter, default or project) and its key (per version). */
  range: DayRange;
  base: DayRange;
  baseKey: string;
  compareIds: readonly number[];
  serverParams: Omit<PlanningQuery, "projectId" | "versionId" | "startDate" | "endDate">;
  publicToken?: string;
  /** Loads everything again (compared versions come only with the full answer). */
  reload: () => void;
}

/**
 * The range's loading on screen (issue 14), over the session's (PlanningSession.extend / replaceRange): scrolling,
 * wheeling or panning past an edge adds months, kept on the same days and rows (Viewport.willKeep / keep); a new
 * base range asks its events alone. Returns what the viewport calls at an edge.
 */
export function useRangeLoading(session: PlanningSession, o: RangeLoadingOptions): (edge: Edge) => Promise<void> {
  const { model, scale, range, base, baseKey, compareIds, serverParams, publicToken, reload } = o;
  const vp = session.viewport;
  const data = useStore(session.store, (s) => s.data);
  // Scrolling past an edge (issue 14): the months beyond it are loaded alone (eventsOnly: the version's graph is
  // held already, so nothing crosses to the engine worker, whose graph is the whole version's), merged into the
  // data, and the range widened in the same commit, the view kept on the same days and rows.
  const extendAt = useCallback(
    async (edge: Edge) => {
      const el = vp.el;
      if (!el || !session.canExtend(baseKey)) return;
      const canvasW = Math.max(50, el.clientWidth - GRID_WIDTH);
      const { range: next, added } = extendRange(range, edge, monthsToFill(canvasW, scale.dayWidth));
      const at = baseKey;
      if (compareIds.length > 0 && !publicToken) {
        // The compared versions' rows come with the full answer: it is asked again over the wider range.
        session.store.setState({ extended: { baseKey: at, range: next } });
        reload();
        return;
      }
      const landing = () => vp.willKeep(range.firstDay - next.firstDay, model);
      await session.extend({ ...rangeMonths(added), ...serverParams }, { baseKey: at, range: next }, landing);
    },
    [session, vp, model, range, scale, baseKey, compareIds, serverParams, publicToken, reload],
  );

  // A new base range over the same data otherwise ("Tout le projet", back to the default): only its events are
  // asked (eventsOnly) and replace the shown ones; the graph, and the engine worker's copy of it, stay as they are.
  useEffect(() => {
    if (!session.needsRange(baseKey)) return;
    if (compareIds.length > 0 && !publicToken) {
      // The compared versions' rows come with the full answer.
      reload();
      return;
    }
    let cancelled = false;
    void session.replaceRange({ ...rangeMonths(base), ...serverParams }, baseKey, () => !cancelled);
    return () => {
      cancelled = true;
    };
  }, [session, data, base, baseKey, compareIds, serverParams, publicToken, reload]);
  useLayoutEffect(() => vp.keep(model, scale.dayWidth), [vp, model, scale]);
  return extendAt;
}
