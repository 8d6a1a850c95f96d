import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useStore } from "zustand";
import type { TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import type { PlanningQuery } from "../planningApi";
import { edgeNear, extendRange, monthsToFill, rangeMonths, type DayRange, type Edge } from "../range";
import { GRID_WIDTH } from "../RowGrid";
import { topAnchor } from "../viewGeometry";
import type { PlanningSession } from "./PlanningSession";

type Viewport = { left: number; top: number; width: number; height: number };

export interface RangeLoadingOptions {
  scroller: React.RefObject<HTMLDivElement | null>;
  /** The scroll offset last seen or set by the view: only a user's horizontal scroll towards an edge extends. */
  lastLeft: React.MutableRefObject<number>;
  setViewport: React.Dispatch<React.SetStateAction<Viewport>>;
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
 * The range's loading on screen (issue 14), over the session's (PlanningSession.extend / replaceRange): scrolling
 * or wheeling past an edge adds months, kept on the same days and rows; a new base range asks its events alone.
 * Returns what the view calls on each scroll commit.
 */
export function useRangeLoading(session: PlanningSession, o: RangeLoadingOptions): React.MutableRefObject<() => void> {
  const {
    scroller,
    lastLeft,
    setViewport,
    model,
    scale,
    range,
    base,
    baseKey,
    compareIds,
    serverParams,
    publicToken,
    reload,
  } = o;
  const data = useStore(session.store, (s) => s.data);
  // Scrolling past an edge (issue 14): the months beyond it are loaded alone (eventsOnly: the version's graph is
  // held already, so nothing crosses to the engine worker, whose graph is the whole version's), merged into the
  // data, and the range widened in the same commit, the view kept on the same days and rows.
  /** Set by an extension: the days added before the range's start (the scroll moves by their width), the top row. */
  const keepScroll = useRef<{ days: number; anchor: { id: number; offset: number } | null } | null>(null);
  const extendAt = useCallback(
    async (edge: Edge) => {
      const el = scroller.current;
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
      const landing = () =>
        (keepScroll.current = {
          days: range.firstDay - next.firstDay,
          anchor: model ? topAnchor(model, el.scrollTop) : null,
        });
      await session.extend({ ...rangeMonths(added), ...serverParams }, { baseKey: at, range: next }, landing);
    },
    [session, model, range, scale, baseKey, compareIds, serverParams, publicToken, scroller, reload],
  );
  const extendRef = useRef(extendAt);
  extendRef.current = extendAt;

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
  const extendNear = useRef<() => void>(() => undefined);
  extendNear.current = () => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft;
    const moved = left - lastLeft.current;
    lastLeft.current = left;
    if (moved === 0) return;
    const width = el.clientWidth - GRID_WIDTH;
    const edge = edgeNear(left, width, scale.width, Math.min(width / 2, 30 * scale.dayWidth));
    if ((edge === "start" && moved < 0) || (edge === "end" && moved > 0)) void extendAt(edge);
  };
  // At an edge the scroll offset no longer changes: a horizontal wheel (or shift + wheel) past it extends too, and
  // so does any when the range is narrower than the screen.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // A horizontal wheel that moved nothing two frames later was at an edge (the offset's exact maximum is the
    // browser's: sticky columns and the scrollbar gutter make it differ from the content's width by a few pixels).
    const onWheel = (e: WheelEvent) => {
      const dx = e.deltaX !== 0 ? e.deltaX : e.shiftKey ? e.deltaY : 0;
      if (dx === 0 || Math.abs(dx) < Math.abs(e.shiftKey ? 0 : e.deltaY)) return;
      const left = el.scrollLeft;
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (el.scrollLeft === left) void extendRef.current(dx < 0 ? "start" : "end");
        }),
      );
    };
    el.addEventListener("wheel", onWheel, { passive: true });
    return () => el.removeEventListener("wheel", onWheel);
  }, [scroller]);
  useLayoutEffect(() => {
    const k = keepScroll.current;
    const el = scroller.current;
    if (!k || !el || !model) return;
    keepScroll.current = null;
    if (k.days > 0) el.scrollLeft += k.days * scale.dayWidth;
    if (k.anchor) {
      const r = model.rowOfId.get(k.anchor.id);
      if (r !== undefined) el.scrollTop = Math.max(0, model.rows[r].y - k.anchor.offset);
    }
    lastLeft.current = el.scrollLeft;
    setViewport((v) =>
      v.left === el.scrollLeft && v.top === el.scrollTop ? v : { ...v, left: el.scrollLeft, top: el.scrollTop },
    );
  }, [model, scale, scroller, lastLeft, setViewport]);
  return extendNear;
}
