import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { flushSync } from "react-dom";
import { useStore } from "zustand";
import { formatDay } from "@jalon/engine";
import { ROW_HEIGHT } from "@jalon/shared/gantt";
import { usePlanningStore } from "../planningStore";
import { fitRange, fitZoom, projectSpan } from "../range";
import { HEADER_HEIGHT } from "../TimeHeader";
import type { DayMap, PlanningSession } from "../session/PlanningSession";
import { geometryOf } from "../viewGeometry";
import type { DisplayedRange } from "./displayedRange";
import { GRID_WIDTH } from "./layout";
import { useRangeLoading, type RangeLoadingOptions } from "./useRangeLoading";

export interface ViewportOptions extends Omit<RangeLoadingOptions, "range" | "base" | "baseKey"> {
  shown: DisplayedRange;
  today: number;
  dates: DayMap;
}

/** The canvas's size in the scroll element's, and the rows in one screen (the grid's PageUp/PageDown). */
export function chartSize(viewport: { width: number; height: number }) {
  return {
    canvasWidth: Math.max(50, viewport.width - GRID_WIDTH),
    canvasHeight: Math.max(50, viewport.height - HEADER_HEIGHT),
    pageRows: Math.max(1, Math.floor((viewport.height - HEADER_HEIGHT) / ROW_HEIGHT) - 1),
  };
}

/**
 * The React side of the session's viewport (Viewport.ts): the scroll starts on today before the first paint (from
 * an effect, the canvas first drew the range's start and redrew at today a few frames later, bench/web), the size
 * is measured before the Konva stages mount (and gives the canvas's, `chartSize`), each scroll commit moves the
 * drawing and may widen the range, and the toolbar's range actions and a picked recalibration move the scroll.
 */
export function useViewport(session: PlanningSession, o: ViewportOptions) {
  const { model, scale, shown, today, dates } = o;
  const vp = session.viewport;
  const viewport = useStore(vp.store);
  const data = useStore(session.store, (s) => s.data);
  const { base, baseKey, range, filterKey } = shown;
  useLayoutEffect(() => vp.place(baseKey, base, today, scale), [vp, scale, baseKey, base, today, viewport.placeSeq]);
  useLayoutEffect(() => {
    vp.measure();
    const el = vp.el;
    const ro =
      el instanceof Element && typeof ResizeObserver !== "undefined" ? new ResizeObserver(() => vp.measure()) : null;
    if (el instanceof Element) ro?.observe(el);
    return () => ro?.disconnect();
  }, [vp, data]);

  const extendAt = useRangeLoading(session, { ...o, range, base, baseKey });
  const extendRef = useRef(extendAt);
  extendRef.current = extendAt;
  // Each scroll of the element (Viewport.onScroll): the grid's rows and the canvas's offset in one synchronous
  // commit per scroll frame, the bars drawn in the frame the rows moved.
  const onScrolled = () => {
    const edge = vp.scrolled(scale);
    if (edge) void extendAt(edge);
  };
  const onScrolledRef = useRef(onScrolled);
  onScrolledRef.current = onScrolled;
  useLayoutEffect(() => {
    vp.onScroll = () => flushSync(() => onScrolledRef.current());
    return () => {
      vp.onScroll = null;
    };
  }, [vp]);
  const panBy = useCallback(
    (dx: number, dy: number) => {
      const edge = vp.panBy(dx, dy);
      if (edge) void extendRef.current(edge);
    },
    [vp],
  );
  // At an edge the scroll offset no longer changes: a horizontal wheel (or shift + wheel) past it extends too, and
  // so does any when the range is narrower than the screen.
  useEffect(() => {
    const el = vp.el;
    if (!(el instanceof HTMLElement)) return;
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
  }, [vp]);

  // The toolbar's range actions: "Tout le projet" fits the first to the last event of the version (all its
  // events, whatever the filters) in the year view when the screen allows; "Période par défaut" goes back.
  const rangeRequest = usePlanningStore((s) => s.rangeRequest);
  const lastRangeSeq = useRef(rangeRequest?.seq ?? 0);
  useEffect(() => {
    if (!rangeRequest || rangeRequest.seq === lastRangeSeq.current) return;
    if (rangeRequest.kind === "project" && !data) return;
    lastRangeSeq.current = rangeRequest.seq;
    let day: number | null = null;
    if (rangeRequest.kind === "default") session.store.setState({ extended: null, fit: null });
    else {
      const span = projectSpan(dates.values());
      if (!span) return session.store.setState({ extended: null });
      const r = fitRange(span);
      session.store.setState({ extended: null, fit: { filterKey, range: r } });
      const { setView, setZoom } = usePlanningStore.getState();
      setView("year");
      setZoom(fitZoom(r, Math.max(50, (vp.el?.clientWidth ?? 800) - GRID_WIDTH)));
      day = r.firstDay;
    }
    vp.placeAgain(day);
  }, [rangeRequest, data, dates, filterKey, session, vp]);
  useEffect(() => {
    usePlanningStore.getState().setShownRange({ from: formatDay(range.firstDay), to: formatDay(range.lastDay) });
  }, [range]);

  // A recalibration picked in the list: its event is brought on screen.
  const focus = usePlanningStore((s) => s.focus);
  const lastFocus = useRef(focus?.seq ?? 0);
  useEffect(() => {
    if (!focus || !model || focus.seq === lastFocus.current) return;
    lastFocus.current = focus.seq;
    const g = geometryOf(model, scale, focus.id, (x) => dates.get(x));
    if (g) vp.scrollTo(Math.max(0, g.x - 200), Math.max(0, g.y - 100));
  }, [focus, model, scale, dates, vp]);

  return { viewport, ...chartSize(viewport), attach: vp.attach, panBy };
}
