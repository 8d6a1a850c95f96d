import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createTimeScale } from "@jalon/shared/gantt";
import { comparisonTipAt } from "../compare/compareTip";
import { useOpenRoadblocks } from "../layers/drawRoadblocks";
import { useLateQuality } from "../layers/qualityLate";
import { usePlanningStore } from "../planningStore";
import { usePlanningModel } from "./usePlanningModel";
import { usePlanningSession, type PlanningSessionProps } from "./usePlanningSession";

export interface PlanningSceneProps extends PlanningSessionProps {
  /** Events shifted in the recalibration range (null while not loaded). */
  shifted?: ReadonlySet<number> | null;
}

/**
 * What the planning view renders, read from its session and the screen's choices: the session itself (made and
 * loaded by usePlanningSession, whose request leaves first), the shown range and its time scale, the store's error,
 * dates, violated links, projected end and selected link, the drawn model and what goes over it (comparison, live
 * dates, the quality and roadblock marks), and the lookups the view's parts share (`liveOf`, the comparison's tip).
 */
export function usePlanningScene(props: PlanningSceneProps) {
  const { t } = useTranslation();
  // First of the render's work: the version's request leaves before the rest of the first render (bench/web).
  const { session, shown, serverParams, compareIds, reload } = usePlanningSession(props);
  const { range } = shown;
  const { error, dates, violated, projectEnd, selectedLink } = useStore(
    session.store,
    useShallow((s) => ({
      error: s.error,
      dates: s.dates,
      violated: s.violated,
      projectEnd: s.projectEnd,
      selectedLink: s.selectedLink,
    })),
  );
  const { view, zoom } = usePlanningStore(useShallow((s) => ({ view: s.view, zoom: s.zoom })));
  const scale = useMemo(() => createTimeScale(view, zoom, range.firstDay, range.lastDay), [view, zoom, range]);
  const planningData = useStore(session.store, (s) => s.data);
  const roadblocks = useOpenRoadblocks(session);
  const qualityLate = useLateQuality(planningData);
  const drawn = usePlanningModel(session, props.shifted ?? null, qualityLate);
  const { model, comparison, live } = drawn;
  const liveOf = useCallback((id: number) => live.get(id) ?? dates.get(id), [live, dates]);
  const compareTip = useCallback(
    (x: number, y: number) => (model && comparison ? comparisonTipAt(t, model, scale, comparison, x, y, liveOf) : null),
    [model, comparison, scale, liveOf, t],
  );
  return {
    session,
    shown,
    range,
    serverParams,
    compareIds,
    reload,
    error,
    dates,
    violated,
    projectEnd,
    selectedLink,
    scale,
    roadblocks,
    qualityLate,
    ...drawn,
    liveOf,
    /** The tooltip of a compared bar (with a comparison only). */
    compareTip: comparison ? compareTip : undefined,
  };
}

export type PlanningScene = ReturnType<typeof usePlanningScene>;
