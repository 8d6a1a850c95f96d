import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "@jalon/engine";
import { createTimeScale, defaultRange, type TimeScale } from "@jalon/shared/gantt";
import type { PlanningData } from "@jalon/shared/planning";
import { GanttCanvas } from "./GanttCanvas";
import { TimeHeader, HEADER_HEIGHT } from "./TimeHeader";
import { GridHeader, GRID_WIDTH, RowGrid } from "./RowGrid";
import { emptyModel } from "./model";
import { useStore } from "zustand";
import { PlanningSession, type SessionHost } from "./session/PlanningSession";
import { exposeTestApi } from "./session/testApi";
import { geometryOf } from "./viewGeometry";
import { LINK_TYPE_NAMES } from "@jalon/engine";
import { usePlanningStore } from "./planningStore";
import { selectedLinkOverlay } from "./SelectedLink";
import { usePlanningModel } from "./session/usePlanningModel";
import { usePointerInput } from "./session/usePointerInput";
import { useGridInput } from "./session/useGridInput";
import { useRangeLoading } from "./session/useRangeLoading";
import { earlyRequests } from "./earlyRequest";
import { planningApi } from "./planningApi";
import { comparisonTipAt } from "./compare/compareTip";
import { serverFilterParams, type TagRef } from "./filters/filterLogic";
import { filterRange, fitRange, fitZoom, projectSpan, rangeMonths } from "./range";

// Loaded when first shown: their Fluent UI components (and the print dialog's schemas) are no part of the first
// paint, which they slowed by about 60 ms of script evaluation at 10k tasks (bench/web).
const PrintMode = lazy(() => import("./print/PrintMode").then((m) => ({ default: m.PrintMode })));
const ComparisonLegend = lazy(() =>
  import("./compare/ComparisonLegend").then((m) => ({ default: m.ComparisonLegend })),
);
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

/**
 * The planning screen body: toolbar-less Gantt (grid + time header + canvas), the React shell of a PlanningSession
 * (session/PlanningSession.ts: the version, the engine worker, the writes, the range loading). The view keeps the
 * scroll element, the displayed range's choice and the layout; pointer input goes through the pointer machine
 * (tools/pointerMachine.ts via session/usePointerInput.ts). Browser tests read it through session/testApiTypes.ts.
 */
export function PlanningView(props: PlanningViewProps) {
  const { t } = useTranslation();
  const { view, zoom, grouping, showCritical, filters, mode, focus, rangeRequest } = usePlanningStore();
  // Dates change only in construction and recalibration; ordering reorders rows, signing only reads.
  const editable = !props.readOnly && (mode === "construction" || mode === "recalibration");
  const tagRefs = props.tags;
  const paramsKey = JSON.stringify(serverFilterParams(filters, tagRefs ?? []));
  const serverParams = useMemo(() => JSON.parse(paramsKey) as ReturnType<typeof serverFilterParams>, [paramsKey]);
  const [reloadTick, setReloadTick] = useState(0);
  const reload = useCallback(() => setReloadTick((x) => x + 1), []);
  // The session (session/PlanningSession.ts) holds the version, the engine and the writes; the view renders its store.
  const [session] = useState(() => new PlanningSession(sessionHost(), { pushedSeq: props.pushedDates?.seq ?? 0 }));
  session.host = sessionHost();
  function sessionHost(): SessionHost {
    return {
      projectId: props.projectId,
      versionId: props.versionId,
      publicToken: props.publicToken,
      notify: props.notify,
      t,
      onLoaded: props.onLoaded,
      reload,
    };
  }
  useEffect(() => session.start(), [session]);
  const { data, error, dates, violated, projectEnd, extended, fit } = useStore(session.store);
  // First of the render's work: the request leaves before the rest of the first render (bench/web).
  // The displayed range (issue 14): the date filter's months, else the spec's default, unless "Tout le projet"
  // chose the project's (kept while the date filter is unchanged); then widened by scrolling past an edge.
  const defaultMonths = useMemo(() => defaultRange(props.today), [props.today]);
  // A fitted range belongs to its version and date filter: another project, version or filter drops it.
  const filterKey = JSON.stringify([
    props.projectId,
    props.versionId,
    props.publicToken,
    filters.startDate,
    filters.endDate,
  ]);
  /** Bumped by a range action: the view scrolls again even when the range did not change. */
  const [rescroll, setRescroll] = useState(0);
  const fitRangeNow = fit && fit.filterKey === filterKey ? fit.range : null;
  const base = useMemo(
    () => fitRangeNow ?? filterRange(defaultMonths, filters.startDate, filters.endDate),
    [fitRangeNow, defaultMonths, filters.startDate, filters.endDate],
  );
  // Per version too: widened months and the scroll to today do not carry over to another project or version.
  const baseKey = JSON.stringify([props.projectId, props.versionId, props.publicToken, base.firstDay, base.lastDay]);
  const range = extended && extended.baseKey === baseKey ? extended.range : base;
  /** Read by a load when it leaves: a reload (a refresh, a failed move) asks for every month shown. */
  const rangeNow = useRef(range);
  rangeNow.current = range;
  const baseKeyNow = useRef(baseKey);
  baseKeyNow.current = baseKey;
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
  const loadKey = JSON.stringify([
    props.projectId,
    props.versionId,
    props.publicToken,
    props.refreshKey,
    compareIds,
    paramsKey,
    reloadTick,
  ]);
  const [earlyData] = useState(earlyRequests<PlanningData>);
  earlyData.start(loadKey, loadData);
  // Pushed deltas are numbered (the session applies each once, when newer than its data). As an effect on `data`
  // alone, every refetch re-applied the last delta over fresher dates (an undo seen live).
  const pushedRef = useRef(props.pushedDates);
  pushedRef.current = props.pushedDates;

  const scale: TimeScale = useMemo(
    () => createTimeScale(view, zoom, range.firstDay, range.lastDay),
    [view, zoom, range],
  );
  useEffect(() => {
    let cancelled = false;
    // A delta pushed before this request is in its answer; one pushed while it runs may not be, so it applies after.
    // The request may have left during the render, before this effect: a delta pushed in between is applied again
    // over the answer, which leaves the same dates.
    const seqAtRequest = pushedRef.current?.seq ?? 0;
    session
      .load(earlyData.take(loadKey, loadData), baseKeyNow.current, seqAtRequest, () => !cancelled)
      .catch((e: unknown) => {
        if (!cancelled) session.failed(e);
      });
    return () => {
      cancelled = true;
    };
  }, [earlyData, loadKey, loadData, session]);

  // Another user's move: apply the pushed dates to the engine and the view without refetching.
  const pushed = props.pushedDates;
  useEffect(() => session.applyPushed(pushed), [pushed, data, session]);

  useEffect(() => {
    props.onProjectedEnd?.(projectEnd === null ? null : formatDay(projectEnd));
  }, [projectEnd, props.onProjectedEnd]);

  const { model, printModel, comparison, isHoliday, lotNames, live, selectionSet } = usePlanningModel(
    session,
    props.shifted ?? null,
  );

  // Scrolling: one scroll element for grid, header and canvas; the canvas redraws at most once per frame.
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ left: 0, top: 0, width: 800, height: 500 });
  // The Konva stages mount once the viewport is measured (in the layout effect below, before the first paint):
  // mounted at a guessed size, their canvases were created, then resized (bench/web: Konva's setSize was the
  // first paint's largest function).
  const [measured, setMeasured] = useState(false);
  /** The scroll offset last seen or set here: only a user's horizontal scroll towards an edge extends the range. */
  const lastLeft = useRef(0);
  // Called by the grid in its scroll commit (RowGrid onScrolled): one commit per scroll frame for grid and canvas.
  const onScrolled = useCallback(() => {
    const el = scroller.current;
    if (el)
      setViewport((v) =>
        v.left === el.scrollLeft && v.top === el.scrollTop ? v : { ...v, left: el.scrollLeft, top: el.scrollTop },
      );
    extendNear.current();
  }, []);
  const scrollElement = useCallback(() => scroller.current, []);
  /** Brings a place on screen (a picked recalibration, a test): scrolled by the view, so no months are added for it. */
  const scrollTo = useCallback((left: number, top: number) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollLeft = left;
    el.scrollTop = top;
    lastLeft.current = el.scrollLeft;
  }, []);
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
    const target =
      scrollToDay.current ??
      (props.today >= base.firstDay && props.today <= base.lastDay ? props.today - 7 : base.firstDay);
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
      setViewport((v) =>
        v.left === next.left && v.top === next.top && v.width === next.width && v.height === next.height ? v : next,
      );
      setMeasured(true);
    };
    measure();
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, [data]);

  // Scrolling past an edge (issue 14) and a new base range: session/useRangeLoading.ts.
  const extendNear = useRangeLoading(session, {
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
    publicToken: props.publicToken,
    reload,
  });

  // The toolbar's range actions: "Tout le projet" fits the first to the last event of the version (all its
  // events, whatever the filters) in the year view when the screen allows; "Période par défaut" goes back.
  const { setView, setZoom, setShownRange } = usePlanningStore.getState();
  const lastRangeSeq = useRef(rangeRequest?.seq ?? 0);
  useEffect(() => {
    if (!rangeRequest || rangeRequest.seq === lastRangeSeq.current) return;
    if (rangeRequest.kind === "project" && !data) return;
    lastRangeSeq.current = rangeRequest.seq;
    if (rangeRequest.kind === "default") {
      session.store.setState({ extended: null, fit: null });
    } else {
      const span = projectSpan(dates.values());
      if (!span) return session.store.setState({ extended: null });
      const r = fitRange(span);
      session.store.setState({ extended: null, fit: { filterKey, range: r } });
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

  // Pointer input on the canvas (session/usePointerInput.ts): the pointer machine decides, the session writes.
  const { pointer, onPointer, draft, cursor, selectedLink, setSelectedLink, writeLink } = usePointerInput(session, {
    model,
    scale,
    live,
    dates,
    viewport,
    editable,
    readOnly: props.readOnly,
    notify: props.notify,
    onOpenEvent: props.onOpenEvent,
  });

  // A recalibration picked in the list: select its event and bring it on screen.
  const lastFocus = useRef(focus?.seq ?? 0);
  useEffect(() => {
    if (!focus || !model || focus.seq === lastFocus.current) return;
    lastFocus.current = focus.seq;
    const g = geometryOf(model, scale, focus.id, (x) => dates.get(x));
    if (g) scrollTo(Math.max(0, g.x - 200), Math.max(0, g.y - 100));
  }, [focus, model, scale, dates, scrollTo]);

  // Keys, clicks and the ordering mode on the grid's rows (session/useGridInput.ts).
  const { onGridSelect, onGridKey, onGroupClick } = useGridInput(session, {
    model,
    readOnly: props.readOnly,
    notify: props.notify,
    onOpenEvent: props.onOpenEvent,
  });

  // Browser tests read the Gantt through the session's test API (session/testApiTypes.ts): what was drawn last
  // (after the commit's other effects, e.g. the toolbar's shown range).
  useEffect(() => {
    session.drawn = {
      model,
      scale,
      viewport,
      scroller: scroller.current,
      canvasWidth: Math.max(50, viewport.width - GRID_WIDTH),
      canvasHeight: Math.max(50, viewport.height - HEADER_HEIGHT),
      liveOf: (x) => live.get(x) ?? dates.get(x),
      committedOf: (x) => dates.get(x),
      violated,
      tools: () => ({
        drag: pointer.current.drag.kind,
        link: pointer.current.link.kind,
        resize: pointer.current.resize.kind,
      }),
      selection: () => usePlanningStore.getState().selection,
      loading: () => session.extending,
      scrollTo,
    };
  });
  useEffect(() => exposeTestApi(session.testApi), [session]);

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
  const rowsHeight = shown.rows.length
    ? shown.rows[shown.rows.length - 1].y + shown.rows[shown.rows.length - 1].height
    : 0;
  const canvasWidth = Math.max(50, viewport.width - GRID_WIDTH);
  const canvasHeight = Math.max(50, viewport.height - HEADER_HEIGHT);
  return (
    <div
      ref={scroller}
      data-testid="planning-scroller"
      style={{
        flex: 1,
        minHeight: 0,
        overflow: "auto",
        scrollbarGutter: "stable",
        position: "relative",
        border: "1px solid #E0E0E0",
        background: "#FFFFFF",
      }}
    >
      {!model && (
        <div style={{ position: "sticky", left: 0, top: 0, height: 0, zIndex: 5 }}>
          <div
            aria-busy="true"
            style={{
              position: "absolute",
              top: HEADER_HEIGHT + 8,
              left: 8,
              padding: "4px 8px",
              background: "#FFFFFF",
              whiteSpace: "nowrap",
            }}
          >
            {t("planning.loading")}
          </div>
        </div>
      )}
      <Suspense fallback={null}>
        {mode === "print" && !props.publicToken && model && (
          <PrintMode
            projectId={props.projectId}
            versionId={props.versionId}
            model={printModel ?? model}
            startMonth={rangeMonths(range).startDate}
            endMonth={rangeMonths(range).endDate}
            publicView={!!props.publicToken}
          />
        )}
        {comparison && <ComparisonLegend comparison={comparison} onClear={clearCompare ?? (() => undefined)} />}
      </Suspense>
      <div style={{ width: GRID_WIDTH + scale.width, height: HEADER_HEIGHT + rowsHeight, position: "relative" }}>
        <div
          style={{
            position: "sticky",
            top: 0,
            zIndex: 3,
            display: "flex",
            height: HEADER_HEIGHT,
            width: GRID_WIDTH + scale.width,
          }}
        >
          <div
            style={{ position: "sticky", left: 0, zIndex: 4, width: GRID_WIDTH, flex: "none", background: "#FAFAFA" }}
          >
            <GridHeader />
          </div>
          <div style={{ position: "sticky", left: GRID_WIDTH, width: canvasWidth, flex: "none" }}>
            {measured && <TimeHeader scale={scale} width={canvasWidth} scrollLeft={viewport.left} />}
          </div>
        </div>
        <div style={{ display: "flex", width: GRID_WIDTH + scale.width, height: rowsHeight }}>
          <div
            style={{
              position: "sticky",
              left: 0,
              zIndex: 2,
              width: GRID_WIDTH,
              flex: "none",
              background: "#FFFFFF",
              borderRight: "1px solid #E0E0E0",
            }}
          >
            <RowGrid
              model={shown}
              comparison={comparison}
              scrollElement={scrollElement}
              onScrolled={onScrolled}
              lotNames={lotNames}
              live={live}
              selection={selectionSet}
              onSelect={onGridSelect}
              onKeyRow={onGridKey}
              onGroupClick={grouping === "none" ? undefined : onGroupClick}
            />
          </div>
          <div
            style={{
              position: "sticky",
              left: GRID_WIDTH,
              top: HEADER_HEIGHT,
              width: canvasWidth,
              height: Math.min(canvasHeight, rowsHeight || canvasHeight),
              flex: "none",
            }}
          >
            {measured && (
              <GanttCanvas
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
              />
            )}
          </div>
        </div>
        {model &&
          selectedLinkOverlay(
            model,
            scale,
            selectedLink,
            (x) => live.get(x) ?? dates.get(x),
            (pts, link) => (
              <Suspense fallback={null}>
                <LinkEditor
                  key={`${link.parentId}-${link.childId}-${link.type}-${link.delay}`}
                  parentName={session.nameOf(link.parentId)}
                  childName={session.nameOf(link.childId)}
                  type={LINK_TYPE_NAMES[link.type]}
                  delay={link.delay}
                  left={GRID_WIDTH + Math.max(pts[0], pts[pts.length - 2]) + 12}
                  top={HEADER_HEIGHT + (pts[3] + pts[5]) / 2 - 20}
                  onSave={(type, delay) => void writeLink(link.parentId, link.childId, { type, delay })}
                  onDelete={() => void writeLink(link.parentId, link.childId, null)}
                  onClose={() => setSelectedLink(null)}
                />
              </Suspense>
            ),
          )}
      </div>
    </div>
  );
}

const NO_VERSIONS: readonly number[] = [];
