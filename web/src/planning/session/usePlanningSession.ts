import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { formatDay } from "@jalon/engine";
import type { PlanningData } from "@jalon/shared/planning";
import { earlyRequests } from "../earlyRequest";
import { serverFilterParams, type TagRef } from "../filters/filterLogic";
import { planningApi, type PlanningLoad } from "../planningApi";
import { usePlanningStore } from "../planningStore";
import { rangeMonths } from "../range";
import { displayedRange, sameRange, type DisplayedRange } from "../viewport/displayedRange";
import { lastPushedSeq } from "../../store/refresh";
import { PlanningSession, type Notify, type PushedDates, type SessionHost } from "./PlanningSession";

/** What the screen gives the planning session: the version, today, messages, live pushes, the compared versions. */
export interface PlanningSessionProps {
  projectId: number;
  versionId: number;
  /** Public planning: no editing, no toasts. */
  readOnly?: boolean;
  publicToken?: string;
  /** Today's day number (Europe/Paris), injectable for tests. */
  today: number;
  notify?: Notify;
  /** Bumped by the realtime client to make the view refetch. */
  refreshKey?: number;
  /** Dates pushed by another user's move, applied without a refetch. */
  pushedDates?: readonly PushedDates[] | null;
  onProjectedEnd?: (iso: string | null) => void;
  /** Tags with their category: the tag-category filter reaches the server as tags. */
  tags?: readonly TagRef[];
  onLoaded?: (data: PlanningData) => void;
  /**
   * Versions compared with this one (the page reads them from the URL: the view knows nothing of routing, and the
   * planning's first paint loads no router).
   */
  compareVersionIds?: readonly number[];
}

const NO_VERSIONS: readonly number[] = [];

/**
 * The session of a planning on screen (session/PlanningSession.ts): made once, told of its host on each render, and
 * loaded with the version and the displayed months whenever they change. The request leaves during the render,
 * before the rest of the view's work (earlyRequest.ts, bench/web); the effect takes its answer. Other users'
 * pushed dates are applied without a refetch, and the projected end goes to the page.
 */
export function usePlanningSession(props: PlanningSessionProps) {
  const { t } = useTranslation();
  const filters = usePlanningStore((s) => s.filters);
  const [reloadTick, setReloadTick] = useState(0);
  const reload = useCallback(() => setReloadTick((x) => x + 1), []);
  const host: SessionHost = {
    projectId: props.projectId,
    versionId: props.versionId,
    publicToken: props.publicToken,
    notify: props.notify,
    t,
    onLoaded: props.onLoaded,
    reload,
  };
  const [session] = useState(() => new PlanningSession(host, { pushedSeq: lastPushedSeq(props.pushedDates ?? []) }));
  session.host = host;
  useEffect(() => session.start(), [session]);
  const { fit, extended } = useStore(
    session.store,
    useShallow((s) => ({ fit: s.fit, extended: s.extended })),
  );

  // The displayed range (viewport/displayedRange.ts), the same object while its keys are unchanged.
  const next = displayedRange({ ...props, startDate: filters.startDate, endDate: filters.endDate, fit, extended });
  const shownRef = useRef<DisplayedRange>(next);
  if (!sameRange(shownRef.current, next)) shownRef.current = next;
  const shown = shownRef.current;

  const paramsKey = JSON.stringify(serverFilterParams(filters, props.tags ?? []));
  const serverParams = useMemo(() => JSON.parse(paramsKey) as ReturnType<typeof serverFilterParams>, [paramsKey]);
  const compareIds = props.compareVersionIds ?? NO_VERSIONS;
  /** Read by a load when it leaves: a reload (a refresh, a failed move) asks for every month shown. */
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const { projectId, versionId, publicToken } = props;
  const loadData = useCallback(() => {
    const query = {
      projectId,
      versionId,
      ...rangeMonths(shownNow.current.range),
      compareVersionIds: publicToken ? undefined : compareIds,
      ...serverParams,
    };
    return publicToken ? planningApi.publicLoad(publicToken, query) : planningApi.load(query);
  }, [projectId, versionId, publicToken, compareIds, serverParams]);
  // Not the range: months added by scrolling or a new base range with the same filters are asked alone, without
  // the graph the view holds (viewport/useRangeLoading.ts).
  const loadKey = JSON.stringify([
    projectId,
    versionId,
    publicToken,
    props.refreshKey,
    compareIds,
    paramsKey,
    reloadTick,
  ]);
  const [earlyData] = useState(earlyRequests<PlanningLoad>);
  earlyData.start(loadKey, loadData);
  // The engine worker is made now, during the first render (after the request has left), not in the effect after
  // the commit (see prewarmEngineWorker); a no-op once the session's worker runs.
  session.prewarm();
  // Pushed deltas are numbered (the session applies each once, when newer than its data). As an effect on `data`
  // alone, every refetch re-applied the last delta over fresher dates (an undo seen live).
  const pushedRef = useRef(props.pushedDates);
  pushedRef.current = props.pushedDates;
  useEffect(() => {
    let cancelled = false;
    // A delta pushed before this request is in its answer; one pushed while it runs may not be, so it applies after.
    // The request may have left during the render, before this effect: a delta pushed in between is applied again
    // over the answer, which leaves the same dates.
    const seqAtRequest = lastPushedSeq(pushedRef.current ?? []);
    session
      .load(earlyData.take(loadKey, loadData), shownNow.current.baseKey, seqAtRequest, () => !cancelled)
      .catch((e: unknown) => {
        if (!cancelled) session.failed(e);
      });
    return () => {
      cancelled = true;
    };
  }, [earlyData, loadKey, loadData, session]);

  // Another user's move: apply the pushed dates to the engine and the view without refetching.
  const pushed = props.pushedDates;
  const data = useStore(session.store, (s) => s.data);
  useEffect(() => session.applyPushed(pushed), [pushed, data, session]);
  const projectEnd = useStore(session.store, (s) => s.projectEnd);
  const onProjectedEnd = props.onProjectedEnd;
  useEffect(() => onProjectedEnd?.(projectEnd === null ? null : formatDay(projectEnd)), [projectEnd, onProjectedEnd]);

  return { session, shown, serverParams, compareIds, reload };
}
