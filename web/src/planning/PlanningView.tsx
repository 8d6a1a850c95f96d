import * as Comlink from "comlink";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay, parseDay } from "@jalon/engine";
import { createTimeScale, defaultRange, type TimeScale } from "@jalon/shared/gantt";
import { withEventColumns, withSlice, type PlanningData } from "@jalon/shared/planning";
import { GanttCanvas } from "./GanttCanvas";
import { TimeHeader, HEADER_HEIGHT } from "./TimeHeader";
import { GridHeader, GRID_WIDTH, RowGrid } from "./RowGrid";
import { buildModel, datesOf, emptyModel, hitTest } from "./model";
import { HANDLE_OFFSET } from "./layers/drawBars";
import { graphToTransfer, type DeltaMessage } from "./engine/transfer";
import { useEngine } from "./engine/useEngine";
import { dragStep, IDLE, type DragEffect, type DragState } from "./tools/dragTool";
import { RESIZE_IDLE, resizeStep, type ResizeState } from "./tools/resizeTool";
import { LINK_IDLE, linkStep, type LinkState } from "./tools/linkTool";
import { eventGeometry, type GanttModel } from "./model";
import { LINK_TYPE_NAMES } from "@jalon/engine";
import { usePlanningStore } from "./planningStore";
import { earlyRequests } from "./earlyRequest";
import { planningApi, type MoveResult } from "./planningApi";
import { ApiError } from "../api/http";
import { buildComparison } from "./compare/compareModel";
import { comparisonTipAt } from "./compare/compareTip";
import { clientFilter, serverFilterParams, type TagRef } from "./filters/filterLogic";
import { linkAt, linkPoints } from "./tools/linkHit";
import { pickStep } from "./tools/pickTool";
import { moveItem } from "./tools/reorder";
import { edgeNear, extendRange, filterRange, fitRange, fitZoom, monthsToFill, projectSpan, rangeMonths, type DayRange, type Edge } from "./range";
import type { LinkTypeName } from "./LinkEditor";

// Loaded when first shown: their Fluent UI components (and the print dialog's schemas) are no part of the first
// paint, which they slowed by about 60 ms of script evaluation at 10k tasks (bench/web).
const PrintMode = lazy(() => import("./print/PrintMode").then((m) => ({ default: m.PrintMode })));
const ComparisonLegend = lazy(() => import("./compare/ComparisonLegend").then((m) => ({ default: m.ComparisonLegend })));
const LinkEditor = lazy(() => import("./LinkEditor").then((m) => ({ default: m.LinkEditor })));

export interface PlanningViewProps {
  projectId: number;
  versionId: number;
  /** Public planning: no editing, no toasts. */
  readOnly?: boolean;
  publicToken?: string;
  /** Today's day number (Europe/Paris), injectable for tests. */
  today: number;
  notify?: (kind: "success" | "warning" | "error" | "info", text: string) => void;
  /** Bumped by the realtime client to make the view refetch. */
  refreshKey?: number;
  /** Dates pushed by another user's move, applied without a refetch. */
  pushedDates?: { ids: number[]; startDates: string[]; endDates: string[]; seq: number } | null;
  onProjectedEnd?: (iso: string | null) => void;
  /** Tags with their category: the tag-category filter reaches the server as tags. */
  tags?: readonly TagRef[];
  /** Events shifted in the recalibration range (null while not loaded). */
  shifted?: ReadonlySet<number> | null;
  onLoaded?: (data: PlanningData) => void;
  /**
   * Versions compared with this one (the page reads them from the URL: the view knows nothing of routing, and the
   * planning's first paint loads no router), and how to stop comparing.
   */
  compareVersionIds?: readonly number[];
  onClearCompare?: () => void;
  /** Double-click on a bar or Enter on a grid row: the task modal. */
  onOpenEvent?: (id: number, kind: "task" | "milestone") => void;
}

function deltaToMap(d: DeltaMessage, into: Map<number, readonly [number, number]>): Map<number, readonly [number, number]> {
  const m = new Map(into);
  for (let k = 0; k < d.ids.length; k++) m.set(d.ids[k], [d.startDay[k], d.endDay[k]]);
  return m;
}

/** The planning screen body: toolbar-less Gantt (grid + time header + canvas) wired to the engine worker. */
export function PlanningView(props: PlanningViewProps) {
  const { t } = useTranslation();
  const { view, zoom, grouping, showCritical, filters, selection, setSelection, mode, pickMode, aggregated, rowOrder, setRowOrder, toggleAggregated, rowMove, focus, rangeRequest } = usePlanningStore();
  // Dates change only in construction and recalibration; ordering reorders rows, signing only reads.
  const editable = !props.readOnly && (mode === "construction" || mode === "recalibration");
  const tagRefs = props.tags;
  const paramsKey = JSON.stringify(serverFilterParams(filters, tagRefs ?? []));
  const serverParams = useMemo(() => JSON.parse(paramsKey) as ReturnType<typeof serverFilterParams>, [paramsKey]);
  const [reloadTick, setReloadTick] = useState(0);
  // First of the render's work: the request leaves before the rest of the first render (bench/web).
  // The displayed range (issue 14): the date filter's months, else the spec's default, unless "Tout le projet"
  // chose the project's (kept while the date filter is unchanged); then widened by scrolling past an edge.
  const defaultMonths = useMemo(() => defaultRange(props.today), [props.today]);
  // A fitted range belongs to its version and date filter: another project, version or filter drops it.
  const filterKey = JSON.stringify([props.projectId, props.versionId, props.publicToken, filters.startDate, filters.endDate]);
  const [fit, setFit] = useState<{ filterKey: string; range: DayRange } | null>(null);
  /** Bumped by a range action: the view scrolls again even when the range did not change. */
  const [rescroll, setRescroll] = useState(0);
  const fitRangeNow = fit && fit.filterKey === filterKey ? fit.range : null;
  const base = useMemo(
    () => fitRangeNow ?? filterRange(defaultMonths, filters.startDate, filters.endDate),
    [fitRangeNow, defaultMonths, filters.startDate, filters.endDate],
  );
  // Per version too: widened months and the scroll to today do not carry over to another project or version.
  const baseKey = JSON.stringify([props.projectId, props.versionId, props.publicToken, base.firstDay, base.lastDay]);
  const [extended, setExtended] = useState<{ baseKey: string; range: DayRange } | null>(null);
  const range = extended && extended.baseKey === baseKey ? extended.range : base;
  /** Read by a load when it leaves: a reload (a refresh, a failed move) asks for every month shown. */
  const rangeNow = useRef(range);
  rangeNow.current = range;
  const baseKeyNow = useRef(baseKey);
  baseKeyNow.current = baseKey;
  /** The base range whose events the data holds (set by a load and by the range effect). */
  const loadedBase = useRef<string | null>(null);
  const compareIds = props.compareVersionIds ?? NO_VERSIONS;
  const clearCompare = props.onClearCompare;

  // Load the version's graph and the displayed months. The request leaves during the render (see earlyRequest.ts);
  // the effect takes its answer.
  const loadData = useCallback(() => {
    const query = {
      projectId: props.projectId,
      versionId: props.versionId,
      ...rangeMonths(rangeNow.current),
      compareVersionIds: props.publicToken ? undefined : compareIds,
      ...serverParams,
    };
    return props.publicToken ? planningApi.publicData(props.publicToken, query) : planningApi.data(query);
  }, [props.projectId, props.versionId, props.publicToken, compareIds, serverParams]);
  // Not the range: months added by scrolling (extendAt) or a new base range with the same filters (the range
  // effect below) are asked alone, without the graph the view holds.
  const loadKey = JSON.stringify([props.projectId, props.versionId, props.publicToken, props.refreshKey, compareIds, paramsKey, reloadTick]);
  const [earlyData] = useState(earlyRequests<PlanningData>);
  earlyData.start(loadKey, loadData);
  const engine = useEngine();
  const [data, setData] = useState<PlanningData | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Committed dates of the whole version (server truth plus our committed moves). */
  const [dates, setDates] = useState<Map<number, readonly [number, number]>>(new Map());
  /**
   * The dates the model was built from (the load's), and the committed dates that changed since (our moves, the
   * server's results, other users' pushed moves). A move is drawn from `moved` over the model instead of rebuilding
   * the model from every event (bench/web: each drop rebuilt the 10k events twice, 150 to 430 ms to settle). Rows
   * keep their order until the next load; aggregated groups, whose merged bars come from the dates, rebuild.
   */
  const [modelDates, setModelDates] = useState<ReadonlyMap<number, readonly [number, number]>>(EMPTY);
  const [moved, setMoved] = useState<ReadonlyMap<number, readonly [number, number]>>(EMPTY);
  const applyCommitted = useCallback((ids: ArrayLike<number>, starts: ArrayLike<number>, ends: ArrayLike<number>) => {
    const put = <M extends Map<number, readonly [number, number]>>(m: M): M => {
      for (let k = 0; k < ids.length; k++) m.set(ids[k], [starts[k], ends[k]]);
      return m;
    };
    setDates((prev) => put(new Map(prev)));
    setMoved((prev) => put(new Map(prev)));
  }, []);
  /** Dates of a drag in progress: drawn over the committed ones. */
  const [preview, setPreview] = useState<Map<number, readonly [number, number]> | null>(null);
  const [violated, setViolated] = useState<Set<string>>(new Set());
  const [projectEnd, setProjectEnd] = useState<number | null>(null);
  /** Revision of each event as last seen (sent back with a write); made from the answer's column on first use. */
  const revisionsOf = useRef<{ graph: PlanningData["graph"] | null; map: Map<number, number> | null }>({ graph: null, map: null });
  const revisions = useCallback((): Map<number, number> => {
    const r = revisionsOf.current;
    if (r.map === null) {
      r.map = new Map<number, number>();
      if (r.graph) for (let i = 0; i < r.graph.ids.length; i++) r.map.set(r.graph.ids[i], r.graph.revision[i]);
    }
    return r.map;
  }, []);
  const onLoadedRef = useRef(props.onLoaded);
  onLoadedRef.current = props.onLoaded;
  // Pushed deltas are numbered: each is applied once, and only when newer than the data it would land on. As an
  // effect on `data` alone, every refetch re-applied the last delta over fresher dates (an undo seen live).
  const pushedRef = useRef(props.pushedDates);
  pushedRef.current = props.pushedDates;
  const appliedPushSeq = useRef(props.pushedDates?.seq ?? 0);

  const scale: TimeScale = useMemo(() => createTimeScale(view, zoom, range.firstDay, range.lastDay), [view, zoom, range]);
  const loadSeq = useRef(0);
  const loadsInFlight = useRef(0);
  useEffect(() => {
    let cancelled = false;
    // A delta pushed before this request is in its answer; one pushed while it runs may not be, so it applies after.
    // The request may have left during the render, before this effect: a delta pushed in between is applied again
    // over the answer, which leaves the same dates.
    const seqAtRequest = pushedRef.current?.seq ?? 0;
    // An extension answered after this load started is dropped: the data it would merge into is being replaced.
    loadSeq.current++;
    loadsInFlight.current++;
    const baseAt = baseKeyNow.current;
    earlyData
      .take(loadKey, loadData)
      .finally(() => loadsInFlight.current--)
      .then(async (d) => {
        if (cancelled) return;
        const transfer = graphToTransfer(d.graph);
        const buffers = Object.values(transfer).map((a) => (a as ArrayBufferView).buffer as ArrayBuffer);
        // Posted before the first render and awaited after it: the worker prepares the plan while the main thread
        // draws (bench/web), and comlink delivers later engine calls after this one.
        const loading = engine.current?.load(Comlink.transfer(transfer, buffers), d.calendars);
        revisionsOf.current = { graph: d.graph, map: null };
        loadedBase.current = baseAt;
        appliedPushSeq.current = seqAtRequest;
        const loadedDates = datesOf(d);
        setDates(loadedDates);
        setModelDates(loadedDates);
        setMoved(EMPTY);
        setPreview(null);
        setData(d);
        setError(null);
        onLoadedRef.current?.(d);
        const loaded = await loading;
        if (cancelled) return;
        setProjectEnd(loaded ? loaded.projectEndDay : null);
        const v = new Set<string>();
        if (loaded) for (let k = 0; k < loaded.violations.length; k += 2) v.add(`${loaded.violations[k + 1]}-${loaded.violations[k]}`);
        setViolated(v);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError ? e.code : "default");
      });
    return () => {
      cancelled = true;
    };
  }, [earlyData, loadKey, loadData, engine]);

  // Another user's move: apply the pushed dates to the engine and the view without refetching.
  const pushed = props.pushedDates;
  useEffect(() => {
    if (!pushed || !data || pushed.seq <= appliedPushSeq.current) return;
    appliedPushSeq.current = pushed.seq;
    const ids = Float64Array.from(pushed.ids);
    const starts = Int32Array.from(pushed.startDates.map(parseDay));
    const ends = Int32Array.from(pushed.endDates.map(parseDay));
    void engine.current?.applyServerDates(ids, starts, ends).then((end) => setProjectEnd(end));
    applyCommitted(pushed.ids, starts, ends);
  }, [pushed, data, engine, applyCommitted]);

  useEffect(() => {
    props.onProjectedEnd?.(projectEnd === null ? null : formatDay(projectEnd));
  }, [projectEnd, props.onProjectedEnd]);

  // The critical path is the worker's (it holds the committed schedule): asked again after each load and move.
  const [critical, setCritical] = useState<ReadonlySet<number> | undefined>(undefined);
  useEffect(() => {
    if (!showCritical || !data) {
      setCritical(undefined);
      return;
    }
    let cancelled = false;
    void engine.current?.criticalIds().then((ids) => {
      if (!cancelled) setCritical(new Set(ids));
    });
    return () => {
      cancelled = true;
    };
  }, [showCritical, data, dates, engine]);
  const keep = useMemo(() => (data ? clientFilter(data, filters, props.shifted ?? null) : null), [data, filters, props.shifted]);
  const aggregatedSet = useMemo(() => new Set(aggregated), [aggregated]);
  const rowOrderMap = useMemo(() => new Map(rowOrder.map((id, i) => [id, i])), [rowOrder]);
  const modelSource = aggregatedSet.size > 0 ? dates : modelDates;
  const modelOptions = useMemo(() => ({ grouping, noGroupLabel: t("planning.noGroup"), keep, aggregated: aggregatedSet, rowOrder: rowOrderMap }), [grouping, t, keep, aggregatedSet, rowOrderMap]);
  const model = useMemo(() => (data ? buildModel(data, modelSource, modelOptions, critical) : null), [data, modelSource, modelOptions, critical]);
  // Printing reads the model's own dates: after moves, it gets a model of the current ones.
  const printModel = useMemo(
    () => (data && model && mode === "print" && modelSource !== dates && moved.size > 0 ? buildModel(data, dates, modelOptions, critical) : model),
    [data, model, mode, modelSource, dates, moved, modelOptions, critical],
  );
  const comparison = useMemo(() => (data && model ? buildComparison(data, dates, model.calendar) : null), [data, dates, model]);
  const holidays = useMemo(() => {
    const set = new Set<number>();
    if (!data) return set;
    for (const h of data.calendars.holidays) set.add(parseDay(h));
    for (const v of data.calendars.vacations) for (let d = parseDay(v.startDate); d <= parseDay(v.endDate); d++) set.add(d);
    return set;
  }, [data]);
  const isHoliday = useCallback((d: number) => holidays.has(d), [holidays]);
  const lotNames = useMemo(() => new Map((data?.lots ?? []).map((l) => [l.id, l.name])), [data]);
  const live = useMemo(() => {
    if (!preview) return moved;
    if (moved.size === 0) return preview;
    const m = new Map(moved);
    for (const [id, d] of preview) m.set(id, d);
    return m;
  }, [preview, moved]);
  const selectionSet = useMemo(() => new Set(selection), [selection]);

  // Scrolling: one scroll element for grid, header and canvas; the canvas redraws at most once per frame.
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ left: 0, top: 0, width: 800, height: 500 });
  // The Konva stages mount once the viewport is measured (in the layout effect below, before the first paint):
  // mounted at a guessed size, their canvases were created, then resized (bench/web: Konva's setSize was the
  // first paint's largest function).
  const [measured, setMeasured] = useState(false);
  // Called by the grid in its scroll commit (RowGrid onScrolled): one commit per scroll frame for grid and canvas.
  const extendNear = useRef<() => void>(() => undefined);
  const onScrolled = useCallback(() => {
    const el = scroller.current;
    if (el) setViewport((v) => (v.left === el.scrollLeft && v.top === el.scrollTop ? v : { ...v, left: el.scrollLeft, top: el.scrollTop }));
    extendNear.current();
  }, []);
  const scrollElement = useCallback(() => scroller.current, []);
  // Start on today, before the viewport is measured and before the first paint: from an effect, the canvas first
  // drew the range's start and redrew at today a few frames later (bench/web). A new base range (date filter,
  // "Tout le projet", back to the default) starts on today when it holds it, else on its first day.
  const scrolledFor = useRef<string | null>(null);
  const scrollToDay = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || scrolledFor.current === baseKey) return;
    const first = scrolledFor.current === null;
    scrolledFor.current = baseKey;
    const target = scrollToDay.current ?? (props.today >= base.firstDay && props.today <= base.lastDay ? props.today - 7 : base.firstDay);
    scrollToDay.current = null;
    el.scrollLeft = Math.max(0, (target - scale.firstDay) * scale.dayWidth);
    lastLeft.current = el.scrollLeft;
    // Later changes: the canvas draws the new position in this commit instead of the next scroll event's.
    if (!first) setViewport((v) => (v.left === el.scrollLeft ? v : { ...v, left: el.scrollLeft }));
  }, [scale, baseKey, base, props.today, rescroll]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const next = { left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight };
      // Unchanged (the data arriving under a stable scrollbar gutter): no second render of the view.
      setViewport((v) => (v.left === next.left && v.top === next.top && v.width === next.width && v.height === next.height ? v : next));
      setMeasured(true);
    };
    measure();
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [data]);

  // Scrolling past an edge (issue 14): the months beyond it are loaded alone (eventsOnly: the version's graph is
  // held already, so nothing crosses to the engine worker, whose graph is the whole version's), merged into the
  // data, and the range widened in the same commit, the view kept on the same days and rows.
  const extending = useRef(false);
  /** The scroll offset last seen or set here: only a user's horizontal scroll towards an edge extends the range. */
  const lastLeft = useRef(0);
  /** Set by an extension: the days added before the range's start (the scroll moves by their width), the top row. */
  const keepScroll = useRef<{ days: number; anchor: { id: number; offset: number } | null } | null>(null);
  const extendAt = useCallback(
    async (edge: Edge) => {
      const el = scroller.current;
      if (!el || !data || extending.current || loadsInFlight.current > 0 || loadedBase.current !== baseKey) return;
      const canvasW = Math.max(50, el.clientWidth - GRID_WIDTH);
      const { range: next, added } = extendRange(range, edge, monthsToFill(canvasW, scale.dayWidth));
      const seq = loadSeq.current;
      const at = baseKey;
      if (compareIds.length > 0 && !props.publicToken) {
        // The compared versions' rows come with the full answer: it is asked again over the wider range.
        setExtended({ baseKey: at, range: next });
        setReloadTick((x) => x + 1);
        return;
      }
      extending.current = true;
      try {
        const query = { projectId: props.projectId, versionId: props.versionId, ...rangeMonths(added), ...serverParams };
        const slice = props.publicToken ? await planningApi.publicSlice(props.publicToken, query) : await planningApi.slice(query);
        // A load that started meanwhile replaces the data this slice would be merged into.
        if (seq !== loadSeq.current || loadsInFlight.current > 0 || loadedBase.current !== at) return;
        keepScroll.current = { days: range.firstDay - next.firstDay, anchor: model ? topAnchor(model, el.scrollTop) : null };
        // A slice read at a later write counter only adds display attributes: the dates are the graph's we hold
        // (kept current by moves and pushed deltas), and a new event reaches us by the realtime refresh.
        const merged = withSlice(data, slice.eventColumns);
        setData(merged);
        setExtended({ baseKey: at, range: next });
        onLoadedRef.current?.(merged);
      } catch (e) {
        props.notify?.("error", t(e instanceof ApiError ? `errors.${e.code}` : "errors.default", { defaultValue: t("errors.default") }));
      } finally {
        extending.current = false;
      }
    },
    [data, model, range, scale, baseKey, compareIds, serverParams, props, t],
  );
  const extendRef = useRef(extendAt);
  extendRef.current = extendAt;

  // A new base range over the same data otherwise ("Tout le projet", back to the default): only its events are
  // asked (eventsOnly) and replace the shown ones; the graph, and the engine worker's copy of it, stay as they are.
  const { projectId, versionId, publicToken } = props;
  useEffect(() => {
    if (!data || loadedBase.current === null || loadedBase.current === baseKey || loadsInFlight.current > 0) return;
    if (compareIds.length > 0 && !publicToken) {
      // The compared versions' rows come with the full answer.
      setReloadTick((x) => x + 1);
      return;
    }
    let cancelled = false;
    const seq = loadSeq.current;
    const at = baseKey;
    const query = { projectId, versionId, ...rangeMonths(base), ...serverParams };
    extending.current = true;
    (publicToken ? planningApi.publicSlice(publicToken, query) : planningApi.slice(query))
      .then((slice) => {
        if (cancelled || seq !== loadSeq.current || loadsInFlight.current > 0) return;
        const next = withEventColumns(data, slice.eventColumns);
        loadedBase.current = at;
        setData(next);
        onLoadedRef.current?.(next);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError ? e.code : "default");
      })
      .finally(() => {
        extending.current = false;
      });
    return () => {
      cancelled = true;
    };
  }, [data, base, baseKey, compareIds, serverParams, projectId, versionId, publicToken]);
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
  }, []);
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
    setViewport((v) => (v.left === el.scrollLeft && v.top === el.scrollTop ? v : { ...v, left: el.scrollLeft, top: el.scrollTop }));
  }, [model, scale]);

  // The toolbar's range actions: "Tout le projet" fits the first to the last event of the version (all its
  // events, whatever the filters) in the year view when the screen allows; "Période par défaut" goes back.
  const { setView, setZoom, setShownRange } = usePlanningStore.getState();
  const lastRangeSeq = useRef(rangeRequest?.seq ?? 0);
  useEffect(() => {
    if (!rangeRequest || rangeRequest.seq === lastRangeSeq.current) return;
    if (rangeRequest.kind === "project" && !data) return;
    lastRangeSeq.current = rangeRequest.seq;
    setExtended(null);
    if (rangeRequest.kind === "default") {
      setFit(null);
    } else {
      const span = projectSpan(dates.values());
      if (!span) return;
      const r = fitRange(span);
      setFit({ filterKey, range: r });
      setView("year");
      setZoom(fitZoom(r, Math.max(50, (scroller.current?.clientWidth ?? 800) - GRID_WIDTH)));
      scrollToDay.current = r.firstDay;
    }
    scrolledFor.current = "";
    setRescroll((x) => x + 1);
  }, [rangeRequest, data, dates, filterKey, setView, setZoom]);
  useEffect(() => {
    setShownRange({ from: formatDay(range.firstDay), to: formatDay(range.lastDay) });
  }, [range, setShownRange]);

  // Drag: the tool decides, the engine previews (one request in flight, the latest wins), the server commits.
  const drag = useRef<DragState>(IDLE);
  const pending = useRef<{ selection: number[]; k: number } | null>(null);
  const inFlight = useRef(false);
  const runPreview = useCallback(() => {
    if (inFlight.current || !pending.current || !engine.current) return;
    const job = pending.current;
    pending.current = null;
    inFlight.current = true;
    void engine.current
      .preview(job.selection, job.k)
      .then((d) => {
        if (drag.current.kind === "dragging") setPreview(deltaToMap(d, new Map()));
      })
      .finally(() => {
        inFlight.current = false;
        runPreview();
      });
  }, [engine]);

  const commit = useCallback(
    async (effect: Extract<DragEffect, { type: "commit" }>) => {
      const eng = engine.current;
      if (!eng || !data) return;
      try {
        const local = await eng.commitMoveTo(effect.selection, effect.anchorId, effect.day);
        applyCommitted(local.ids, local.startDay, local.endDay);
        setPreview(null);
        const v = new Set<string>();
        for (let k = 0; k < local.violations.length; k += 2) v.add(`${local.violations[k + 1]}-${local.violations[k]}`);
        setViolated(v);
        setProjectEnd(local.projectEndDay);
        const result: MoveResult = await planningApi.move({
          projectId: props.projectId,
          versionId: props.versionId,
          events: effect.selection.map((id) => ({ id, revision: revisions().get(id) ?? 0 })),
          anchorId: effect.anchorId,
          startDate: formatDay(effect.day),
        });
        result.ids.forEach((id, k) => revisions().set(id, result.revisions[k]));
        // The server's result is authoritative: it replaces the preview.
        const ids = Float64Array.from(result.ids);
        const starts = Int32Array.from(result.startDates.map(parseDay));
        const ends = Int32Array.from(result.endDates.map(parseDay));
        const end = await eng.applyServerDates(ids, starts, ends);
        applyCommitted(ids, starts, ends);
        setProjectEnd(end);
        drag.current = dragStep(drag.current, { type: "committed" }, toolContext()).state;
        props.notify?.("success", t("planning.moved", { count: effect.selection.length }));
      } catch (e) {
        drag.current = dragStep(drag.current, { type: "failed" }, toolContext()).state;
        setPreview(null);
        const code = e instanceof ApiError ? e.code : e instanceof Error && e.message === "Date invalide" ? "invalidDate" : "default";
        if (code === "invalidDate") props.notify?.("warning", t("planning.invalidDate"));
        else if (code === "conflict") props.notify?.("warning", t("planning.conflict"));
        else props.notify?.("error", t(`errors.${code}`, { defaultValue: t("errors.default") }));
        setReloadTick((x) => x + 1);
      }
    },
    [engine, data, props.projectId, props.versionId, t, applyCommitted],
  );

  const toolContext = useCallback(() => ({ dayWidth: scale.dayWidth, calendarOf: () => model!.calendar }), [scale, model]);

  // Resize and link drawing: their own small state machines; the drag tool handles everything else.
  const resize = useRef<ResizeState>(RESIZE_IDLE);
  const link = useRef<LinkState>(LINK_IDLE);
  const [draft, setDraft] = useState<[number, number, number, number] | null>(null);
  const [cursor, setCursor] = useState("default");

  const structuralWrite = useCallback(
    async (id: number, body: Record<string, unknown>) => {
      try {
        await planningApi.patchEvent(id, { ...body, revision: revisions().get(id) });
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.code === "cycle" && data) {
          const names = new Map(data.events.map((ev) => [ev.id, ev.name]));
          const ids = ((e.details as { ids?: number[] } | undefined)?.ids ?? []) as number[];
          props.notify?.("warning", t("planning.cycle", { names: ids.map((x) => names.get(x) ?? `#${x}`).join(" → ") }));
        } else if (e instanceof ApiError && e.code === "conflict") props.notify?.("warning", t("planning.conflict"));
        else props.notify?.("error", t(e instanceof ApiError ? `errors.${e.code}` : "errors.default", { defaultValue: t("errors.default") }));
        return false;
      } finally {
        setPreview(null);
        setReloadTick((x) => x + 1);
      }
    },
    [data, props, t],
  );

  // The selected link (by its ends: indices change with every reload) and its editor.
  const [selectedLink, setSelectedLink] = useState<{ parentId: number; childId: number } | null>(null);
  const lastDown = useRef<{ id: number; time: number } | null>(null);
  const pendingOpen = useRef<{ id: number; kind: "task" | "milestone" } | null>(null);
  const nameOf = useCallback((id: number) => data?.events.find((ev) => ev.id === id)?.name ?? `#${id}`, [data]);
  const parentsOf = useCallback(
    (childId: number, except?: number) =>
      (model?.links ?? []).filter((l) => l.childId === childId && l.parentId !== except).map((l) => ({ id: l.parentId, type: LINK_TYPE_NAMES[l.type], delay: l.delay })),
    [model],
  );
  const writeLink = useCallback(
    async (parentId: number, childId: number, next: { type: LinkTypeName; delay: number } | null) => {
      const parents = parentsOf(childId, parentId);
      if (next) parents.push({ id: parentId, type: next.type, delay: next.delay });
      const ok = await structuralWrite(childId, { parentsEvents: parents });
      if (ok) {
        setSelectedLink(null);
        props.notify?.("success", t(next ? "planning.link.saved" : "planning.link.removed"));
      }
      return ok;
    },
    [parentsOf, structuralWrite, props, t],
  );
  const setPickMode = usePlanningStore((st) => st.setPickMode);
  const onPick = useCallback(
    (hit: { id: number; kind: "task" | "milestone" } | null) => {
      if (!model) return;
      const r = pickStep(pickMode, selection.length === 1 ? selection[0] : null, hit, (p, c) => model.links.some((l) => l.parentId === p && l.childId === c));
      if (r.type === "warn") props.notify?.("warning", t(`planning.pick.${r.reason}`));
      else if (r.type === "select") {
        setSelection([r.id]);
        setPickMode("none");
      } else if (r.type === "link") {
        setPickMode("none");
        void structuralWrite(r.childId, { parentsEvents: [...parentsOf(r.childId), { id: r.parentId, type: "end-begin", delay: 0 }] }).then((ok) => {
          if (ok) props.notify?.("success", t("planning.pick.linked", { parent: nameOf(r.parentId), child: nameOf(r.childId) }));
        });
      }
    },
    [model, pickMode, selection, props, t, setSelection, setPickMode, structuralWrite, parentsOf, nameOf],
  );

  const onPointer = useCallback(
    (kind: "down" | "move" | "up", x: number, y: number, e: React.PointerEvent) => {
      if (!model || props.readOnly) return;
      if (pendingOpen.current) {
        if (kind === "up") {
          const target = pendingOpen.current;
          pendingOpen.current = null;
          setTimeout(() => props.onOpenEvent?.(target.id, target.kind), 0);
        }
        return;
      }
      if (kind === "down") {
        const liveOfNow = (id: number) => live.get(id) ?? dates.get(id);
        const handleNow = editable ? handleAt(model, scale, selection, x, y, liveOfNow) : null;
        if (!handleNow) {
          const hitNow = hitTest(model, scale, x, y, liveOfNow);
          if (pickMode !== "none") {
            onPick(hitNow ? { id: hitNow.id, kind: hitNow.kind === "milestone" ? "milestone" : "task" } : null);
            return;
          }
          const now = performance.now();
          if (hitNow && lastDown.current?.id === hitNow.id && now - lastDown.current.time < 450) {
            lastDown.current = null;
            drag.current = IDLE;
            // Opened once the click is over: a modal opened under a pressed pointer loses its focus trap.
            pendingOpen.current = { id: hitNow.id, kind: hitNow.kind === "milestone" ? "milestone" : "task" };
            return;
          }
          lastDown.current = hitNow ? { id: hitNow.id, time: now } : null;
          if (!hitNow) {
            const k = linkAt(model, scale, { top: viewport.top, height: viewport.height }, x, y, liveOfNow);
            if (k >= 0) {
              setSelectedLink({ parentId: model.links[k].parentId, childId: model.links[k].childId });
              return;
            }
          }
          setSelectedLink(null);
          if (!editable) {
            const additive = e.shiftKey || e.ctrlKey || e.metaKey;
            if (!hitNow) setSelection([]);
            else setSelection(additive ? (selection.includes(hitNow.id) ? selection.filter((x2) => x2 !== hitNow.id) : [...selection, hitNow.id]) : [hitNow.id]);
            return;
          }
        }
      }
      if (!editable) return;
      const ctx = toolContext();
      const liveOf = (id: number) => live.get(id) ?? dates.get(id);
      if (kind === "down") {
        (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        const handle = handleAt(model, scale, selection, x, y, liveOf);
        if (handle) {
          link.current = linkStep(link.current, { type: "pointerDown", parentId: handle.id, side: handle.side, x: handle.x, y: handle.y }).state;
          return;
        }
        const hit = hitTest(model, scale, x, y, liveOf);
        if (hit && hit.kind === "task") {
          const g = geometryOf(model, scale, hit.id, liveOf);
          if (g && x >= g.x + g.width - 5) {
            const d = liveOf(hit.id) ?? [hit.startDay, hit.endDay];
            resize.current = resizeStep(resize.current, { type: "pointerDown", x, id: hit.id, startDay: d[0], numberOfDays: hit.numberOfDays }, { calendar: model.calendar, dayWidth: scale.dayWidth }).state;
            return;
          }
        }
      }
      if (link.current.kind === "drawing") {
        if (kind === "move") {
          const r = linkStep(link.current, { type: "pointerMove", x, y });
          link.current = r.state;
          for (const ef of r.effects) if (ef.type === "draw") setDraft([ef.from[0], ef.from[1], ef.to[0], ef.to[1]]);
        } else if (kind === "up") {
          const hit = hitTest(model, scale, x, y, liveOf);
          const g = hit ? geometryOf(model, scale, hit.id, liveOf) : null;
          const r = linkStep(link.current, { type: "pointerUp", target: hit && g ? { id: hit.id, x: g.x, width: g.width } : null, x });
          link.current = r.state;
          for (const ef of r.effects) {
            if (ef.type === "clear") setDraft(null);
            if (ef.type === "create") {
              const parents = model.links
                .filter((l) => l.childId === ef.childId && l.parentId !== ef.parentId)
                .map((l) => ({ id: l.parentId, type: LINK_TYPE_NAMES[l.type], delay: l.delay }));
              void structuralWrite(ef.childId, { parentsEvents: [...parents, { id: ef.parentId, type: ef.linkType, delay: 0 }] });
            }
          }
        }
        return;
      }
      if (resize.current.kind === "resizing") {
        const r = resizeStep(resize.current, kind === "move" ? { type: "pointerMove", x } : { type: "pointerUp" }, { calendar: model.calendar, dayWidth: scale.dayWidth });
        resize.current = r.state;
        for (const ef of r.effects) {
          if (ef.type === "preview") void engine.current?.previewDuration(ef.id, ef.days).then((d) => setPreview(deltaToMap(d, new Map())));
          if (ef.type === "clearPreview") setPreview(null);
          if (ef.type === "commit") void structuralWrite(ef.id, { numberOfDays: ef.days }).then(() => (resize.current = RESIZE_IDLE));
        }
        return;
      }
      if (kind === "move" && drag.current.kind === "idle") {
        // Hover: say what a press would do.
        const over = handleAt(model, scale, selection, x, y, liveOf) ? "crosshair" : (() => {
          const hit = hitTest(model, scale, x, y, liveOf);
          if (!hit) return "default";
          const g = geometryOf(model, scale, hit.id, liveOf);
          return hit.kind === "task" && g && x >= g.x + g.width - 5 ? "ew-resize" : "grab";
        })();
        if (over !== cursor) setCursor(over);
      }
      let r: { state: DragState; effects: DragEffect[] };
      if (kind === "down") {
        const hit = hitTest(model, scale, x, y, liveOf);
        r = dragStep(drag.current, { type: "pointerDown", x, hitId: hit?.id ?? null, hitStartDay: hit ? (dates.get(hit.id)?.[0] ?? hit.startDay) : undefined, additive: e.shiftKey || e.ctrlKey || e.metaKey, selected: selection }, ctx);
      } else r = dragStep(drag.current, { type: kind === "move" ? "pointerMove" : "pointerUp", x }, ctx);
      drag.current = r.state;
      for (const effect of r.effects) {
        if (effect.type === "select") setSelection(effect.ids);
        else if (effect.type === "preview") {
          pending.current = { selection: effect.selection, k: effect.k };
          runPreview();
        } else if (effect.type === "clearPreview") setPreview(null);
        else if (effect.type === "commit") void commit(effect);
      }
    },
    [model, props.readOnly, toolContext, scale, live, dates, selection, setSelection, runPreview, commit, structuralWrite, engine, cursor, editable, pickMode, onPick, viewport, props.onOpenEvent],
  );

  // Ordering mode: the selected row moves up or down inside its group, never above its parent or below its child.
  const moveRow = useCallback(
    (id: number, dir: -1 | 1) => {
      if (!model || mode !== "ordering" || props.readOnly) return;
      const r = model.rowOfId.get(id);
      if (r === undefined) return;
      let a = r;
      while (a > 0 && model.rows[a - 1].kind === "event") a--;
      let b = r;
      while (b + 1 < model.rows.length && model.rows[b + 1].kind === "event") b++;
      const idOfRow = (i: number) => model.events[model.rows[i].events[0]].id;
      const run: number[] = [];
      for (let i = a; i <= b; i++) run.push(idOfRow(i));
      const to = r - a + dir;
      if (to < 0 || to >= run.length) return;
      const res = moveItem(run, id, to, model.links);
      if (!res.ok) {
        props.notify?.("warning", t(`planning.reorder.${res.reason}`, { parent: nameOf(res.parentId), child: nameOf(res.childId) }));
        return;
      }
      const all: number[] = [];
      model.rows.forEach((row, i) => {
        if (i === a) all.push(...res.order);
        else if (row.kind === "event" && (i < a || i > b)) all.push(idOfRow(i));
      });
      setRowOrder(all);
    },
    [model, mode, props, t, nameOf, setRowOrder],
  );
  const lastRowMove = useRef(rowMove?.seq ?? 0);
  useEffect(() => {
    if (!rowMove || rowMove.seq === lastRowMove.current) return;
    lastRowMove.current = rowMove.seq;
    if (selection.length === 1) moveRow(selection[0], rowMove.dir);
  }, [rowMove, selection, moveRow]);
  const onGridKey = useCallback(
    (id: number, e: React.KeyboardEvent) => {
      if (e.key === "Enter" && !props.readOnly && props.onOpenEvent && model) {
        const ev = model.events[model.indexOfId.get(id) ?? -1];
        if (ev) props.onOpenEvent(id, ev.kind === "milestone" ? "milestone" : "task");
      } else if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        e.preventDefault();
        moveRow(id, e.key === "ArrowUp" ? -1 : 1);
      }
    },
    [props, model, moveRow],
  );
  const onGroupClick = useCallback((groupId: number | null | undefined) => {
    if (groupId !== null && groupId !== undefined) toggleAggregated(groupId);
  }, [toggleAggregated]);

  // A recalibration picked in the list: select its event and bring it on screen.
  const lastFocus = useRef(focus?.seq ?? 0);
  useEffect(() => {
    if (!focus || !model || focus.seq === lastFocus.current) return;
    lastFocus.current = focus.seq;
    const g = geometryOf(model, scale, focus.id, (x) => dates.get(x));
    const el = scroller.current;
    if (!g || !el) return;
    el.scrollLeft = Math.max(0, g.x - 200);
    el.scrollTop = Math.max(0, g.y - 100);
    // Brought on screen by the view, not scrolled by the user: no months are added for it.
    lastLeft.current = el.scrollLeft;
  }, [focus, model, scale, dates]);

  const onGridSelect = useCallback(
    (id: number, additive: boolean) => setSelection(additive ? (selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id]) : [id]),
    [selection, setSelection],
  );

  // Browser tests (navigator.webdriver) read bar positions here: a canvas has no DOM to query.
  useEffect(() => {
    if (typeof navigator === "undefined" || !navigator.webdriver || !model || !data) return;
    const w = window as unknown as { __jalonPlanning?: unknown };
    w.__jalonPlanning = {
      bar: (id: number) => {
        const canvas = scroller.current?.querySelector('[data-testid="gantt-canvas"]');
        const g = geometryOf(model, scale, id, (x) => live.get(x) ?? dates.get(x));
        if (!canvas || !g) return null;
        const r = canvas.getBoundingClientRect();
        return { x: r.left + g.x - viewport.left, y: r.top + g.y - viewport.top, width: g.width, height: g.height };
      },
      dates: (id: number) => {
        const d = live.get(id) ?? dates.get(id);
        return d ? [formatDay(d[0]), formatDay(d[1])] : null;
      },
      scrollTo: (id: number) => {
        const g = geometryOf(model, scale, id, (x) => dates.get(x));
        const el = scroller.current;
        if (!g || !el) return;
        el.scrollLeft = Math.max(0, g.x - 200);
        el.scrollTop = Math.max(0, g.y - 100);
        lastLeft.current = el.scrollLeft;
      },
      dayWidth: scale.dayWidth,
      /** The displayed range (ISO days) and whether an event's bar is inside the drawn canvas. */
      range: () => [formatDay(scale.firstDay), formatDay(scale.lastDay)],
      /** The day at the left edge of the canvas: what an extension before the range's start must keep there. */
      leftDay: () => formatDay(scale.firstDay + Math.floor(viewport.left / scale.dayWidth)),
      onScreen: (id: number) => {
        const g = geometryOf(model, scale, id, (x) => live.get(x) ?? dates.get(x));
        if (!g) return false;
        const w = Math.max(50, viewport.width - GRID_WIDTH);
        const h = Math.max(50, viewport.height - HEADER_HEIGHT);
        return g.x + g.width > viewport.left && g.x < viewport.left + w && g.y + g.height > viewport.top && g.y < viewport.top + h;
      },
      /**
       * True once the drawn viewport matches the scroll position (the scroll is applied on the next frame) and no
       * months are being loaded (an extension moves the scroll when it lands).
       */
      settled: () => {
        const el = scroller.current;
        return !!el && el.scrollLeft === viewport.left && el.scrollTop === viewport.top && !extending.current;
      },
      ids: () => model.events.map((e) => e.id),
      links: () => model.links,
      tools: () => ({ drag: drag.current.kind, link: link.current.kind, resize: resize.current.kind, selection: usePlanningStore.getState().selection }),
      /** A screen point on the middle segment of a drawn link, to click it. */
      linkPoint: (parentId: number, childId: number) => {
        const k = model.links.findIndex((l) => l.parentId === parentId && l.childId === childId);
        const canvas = scroller.current?.querySelector('[data-testid="gantt-canvas"]');
        const pts = k >= 0 ? linkPoints(model, scale, k, (x) => live.get(x) ?? dates.get(x)) : null;
        if (!pts || !canvas) return null;
        const r = canvas.getBoundingClientRect();
        return { x: r.left + pts[2] - viewport.left, y: r.top + (pts[3] + pts[5]) / 2 - viewport.top };
      },
      rows: () => model.rows.filter((row) => row.kind === "event").map((row) => model.events[row.events[0]].id),
      lotOf: (id: number) => model.events[model.indexOfId.get(id) ?? -1]?.lotId ?? null,
      violated: () => [...violated],
      critical: () => model.events.filter((e) => e.critical).map((e) => e.id),
    };
  }, [model, scale, live, dates, viewport, violated]);

  const compareTip = useCallback(
    (x: number, y: number) => {
      if (!model || !comparison) return null;
      return comparisonTipAt(t, model, scale, comparison, x, y, (id) => live.get(id) ?? dates.get(id));
    },
    [model, comparison, scale, live, dates, t],
  );
  if (error) return <div role="alert">{t("planning.loadError")}</div>;
  // Before the data, the screen is already laid out (time header, grid, empty canvas): the stages and the DOM are
  // made while the request is in flight instead of after it (bench/web, first paint).
  const shown = model ?? emptyModel();
  const rowsHeight = shown.rows.length ? shown.rows[shown.rows.length - 1].y + shown.rows[shown.rows.length - 1].height : 0;
  const canvasWidth = Math.max(50, viewport.width - GRID_WIDTH);
  const canvasHeight = Math.max(50, viewport.height - HEADER_HEIGHT);
  return (
    <div ref={scroller} data-testid="planning-scroller" style={{ flex: 1, minHeight: 0, overflow: "auto", scrollbarGutter: "stable", position: "relative", border: "1px solid #E0E0E0", background: "#FFFFFF" }}>
      {!model && (
        <div style={{ position: "sticky", left: 0, top: 0, height: 0, zIndex: 5 }}>
          <div aria-busy="true" style={{ position: "absolute", top: HEADER_HEIGHT + 8, left: 8, padding: "4px 8px", background: "#FFFFFF", whiteSpace: "nowrap" }}>
            {t("planning.loading")}
          </div>
        </div>
      )}
      <Suspense fallback={null}>
        {mode === "print" && !props.publicToken && model && (
          <PrintMode projectId={props.projectId} versionId={props.versionId} model={printModel ?? model} startMonth={rangeMonths(range).startDate} endMonth={rangeMonths(range).endDate} publicView={!!props.publicToken} />
        )}
        {comparison && <ComparisonLegend comparison={comparison} onClear={clearCompare ?? (() => undefined)} />}
      </Suspense>
      <div style={{ width: GRID_WIDTH + scale.width, height: HEADER_HEIGHT + rowsHeight, position: "relative" }}>
        <div style={{ position: "sticky", top: 0, zIndex: 3, display: "flex", height: HEADER_HEIGHT, width: GRID_WIDTH + scale.width }}>
          <div style={{ position: "sticky", left: 0, zIndex: 4, width: GRID_WIDTH, flex: "none", background: "#FAFAFA" }}>
            <GridHeader />
          </div>
          <div style={{ position: "sticky", left: GRID_WIDTH, width: canvasWidth, flex: "none" }}>
            {measured && <TimeHeader scale={scale} width={canvasWidth} scrollLeft={viewport.left} />}
          </div>
        </div>
        <div style={{ display: "flex", width: GRID_WIDTH + scale.width, height: rowsHeight }}>
          <div style={{ position: "sticky", left: 0, zIndex: 2, width: GRID_WIDTH, flex: "none", background: "#FFFFFF", borderRight: "1px solid #E0E0E0" }}>
            <RowGrid model={shown} comparison={comparison} scrollElement={scrollElement} onScrolled={onScrolled} lotNames={lotNames} live={live} selection={selectionSet} onSelect={onGridSelect} onKeyRow={onGridKey} onGroupClick={grouping === "none" ? undefined : onGroupClick} />
          </div>
          <div style={{ position: "sticky", left: GRID_WIDTH, top: HEADER_HEIGHT, width: canvasWidth, height: Math.min(canvasHeight, rowsHeight || canvasHeight), flex: "none" }}>
            {measured && <GanttCanvas
              model={shown}
              scale={scale}
              width={canvasWidth}
              height={canvasHeight}
              scrollLeft={viewport.left}
              scrollTop={viewport.top}
              selection={selectionSet}
              live={live}
              violated={violated}
              isHoliday={isHoliday}
              today={props.today}
              projectEndDay={projectEnd}
              showCritical={showCritical}
              comparison={comparison}
              tooltipAt={comparison ? compareTip : undefined}
              onPointer={onPointer}
              draft={draft}
              cursor={cursor}
            />}
          </div>
        </div>
        {model && selectedLinkOverlay(model, scale, selectedLink, (x) => live.get(x) ?? dates.get(x), (pts, link) => (
          <Suspense fallback={null}>
          <LinkEditor
            key={`${link.parentId}-${link.childId}-${link.type}-${link.delay}`}
            parentName={nameOf(link.parentId)}
            childName={nameOf(link.childId)}
            type={LINK_TYPE_NAMES[link.type]}
            delay={link.delay}
            left={GRID_WIDTH + Math.max(pts[0], pts[pts.length - 2]) + 12}
            top={HEADER_HEIGHT + (pts[3] + pts[5]) / 2 - 20}
            onSave={(type, delay) => void writeLink(link.parentId, link.childId, { type, delay })}
            onDelete={() => void writeLink(link.parentId, link.childId, null)}
            onClose={() => setSelectedLink(null)}
          />
          </Suspense>
        ))}
      </div>
    </div>
  );
}

const EMPTY: ReadonlyMap<number, readonly [number, number]> = new Map();
const NO_VERSIONS: readonly number[] = [];

/** The selected link drawn over the canvas (in the content's coordinates, so it scrolls with it) and its editor. */
function selectedLinkOverlay(
  model: GanttModel,
  scale: TimeScale,
  selected: { parentId: number; childId: number } | null,
  liveOf: (id: number) => readonly [number, number] | undefined,
  editor: (pts: number[], link: GanttModel["links"][number]) => React.ReactNode,
): React.ReactNode {
  if (!selected) return null;
  const k = model.links.findIndex((l) => l.parentId === selected.parentId && l.childId === selected.childId);
  const pts = k >= 0 ? linkPoints(model, scale, k, liveOf) : null;
  if (!pts) return null;
  const pad = 4;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    minX = Math.min(minX, pts[i]);
    maxX = Math.max(maxX, pts[i]);
    minY = Math.min(minY, pts[i + 1]);
    maxY = Math.max(maxY, pts[i + 1]);
  }
  const points: string[] = [];
  for (let i = 0; i < pts.length; i += 2) points.push(`${pts[i] - minX + pad},${pts[i + 1] - minY + pad}`);
  return (
    <>
      <svg
        data-testid="selected-link"
        width={maxX - minX + 2 * pad}
        height={maxY - minY + 2 * pad}
        style={{ position: "absolute", left: GRID_WIDTH + minX - pad, top: HEADER_HEIGHT + minY - pad, zIndex: 1, pointerEvents: "none" }}
      >
        <polyline points={points.join(" ")} fill="none" stroke="#0F6CBD" strokeWidth={3} />
      </svg>
      {editor(pts, model.links[k])}
    </>
  );
}

/** The first event row at or below the top of the viewport, with its offset from it: kept there by an extension. */
function topAnchor(model: GanttModel, scrollTop: number): { id: number; offset: number } | null {
  for (let r = rowAt(model, scrollTop); r < model.rows.length; r++) {
    const row = model.rows[r];
    if (row.kind === "event") return { id: model.events[row.events[0]].id, offset: row.y - scrollTop };
  }
  return null;
}

function rowAt(model: GanttModel, y: number): number {
  let lo = 0;
  let hi = model.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.rows[mid].y + model.rows[mid].height <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function geometryOf(model: GanttModel, scale: TimeScale, id: number, liveOf: (id: number) => readonly [number, number] | undefined) {
  const r = model.rowOfId.get(id);
  const i = model.indexOfId.get(id);
  if (r === undefined || i === undefined) return null;
  const d = liveOf(id);
  return eventGeometry(scale, model.rows[r], model.events[i], d?.[0], d?.[1]);
}

/** The link handle (drawn beside each selected task) under the pointer, if any. */
function handleAt(model: GanttModel, scale: TimeScale, selection: readonly number[], x: number, y: number, liveOf: (id: number) => readonly [number, number] | undefined): { id: number; side: "begin" | "end"; x: number; y: number } | null {
  for (const id of selection) {
    const g = geometryOf(model, scale, id, liveOf);
    if (!g) continue;
    const cy = g.y + g.height / 2;
    for (const [side, cx] of [["begin", g.x - HANDLE_OFFSET], ["end", g.x + g.width + HANDLE_OFFSET]] as const) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= 36) return { id, side, x: cx, y: cy };
    }
  }
  return null;
}
