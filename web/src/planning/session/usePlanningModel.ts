import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { parseDay } from "@jalon/engine";
import { buildComparison } from "../compare/compareModel";
import { clientFilter } from "../filters/filterLogic";
import { buildModel } from "../model";
import { KeptOrder } from "../grid/keptOrder";
import { usePlanningStore } from "../planningStore";
import type { PlanningSession } from "./PlanningSession";
import { LiveDates } from "./liveDates";

const NO_ORDER: ReadonlyMap<number, number> = new Map();

/**
 * What the view draws, derived from the session's state and the screen's choices (grouping, filters, aggregated
 * groups, row order, the critical path): the model, the print model, the comparison, the live dates over it.
 * Memoized, and blind to a drag's preview: `live` reads the preview when asked (session/liveDates.ts), and only
 * the parts that draw dates re-render with each one (bench/web: the whole view's render was half of a drag frame).
 */
export function usePlanningModel(
  session: PlanningSession,
  shifted: ReadonlySet<number> | null,
  lateQuality?: ReadonlySet<number>,
) {
  const { t } = useTranslation();
  const { data, dates, modelDates, moved } = useStore(
    session.store,
    useShallow((s) => ({ data: s.data, dates: s.dates, modelDates: s.modelDates, moved: s.moved })),
  );
  const { grouping, showCritical, filters, selection, mode, aggregated, rowOrder } = usePlanningStore();
  // The critical path is the worker's (it holds the committed schedule): asked again after each load and move.
  const [critical, setCritical] = useState<ReadonlySet<number> | undefined>(undefined);
  useEffect(() => {
    if (!showCritical || !data) {
      setCritical(undefined);
      return;
    }
    let cancelled = false;
    void session.criticalIds().then((ids) => {
      if (!cancelled) setCritical(ids);
    });
    return () => {
      cancelled = true;
    };
  }, [showCritical, data, dates, session]);
  const keep = useMemo(
    () => (data ? clientFilter(data, filters, shifted, lateQuality) : null),
    [data, filters, shifted, lateQuality],
  );
  const aggregatedSet = useMemo(() => new Set(aggregated), [aggregated]);
  // The user's order (ordering mode), else the order of the first load kept across reloads (grid/keptOrder.ts).
  const [kept] = useState(() => new KeptOrder());
  const rowOrderMap = useMemo(
    () =>
      rowOrder.length > 0
        ? new Map(rowOrder.map((id, i) => [id, i]))
        : ((data && kept.orderFor(data, modelDates)) ?? NO_ORDER),
    [rowOrder, kept, data, modelDates],
  );
  const modelSource = aggregatedSet.size > 0 ? dates : modelDates;
  const modelOptions = useMemo(
    () => ({ grouping, noGroupLabel: t("planning.noGroup"), keep, aggregated: aggregatedSet, rowOrder: rowOrderMap }),
    [grouping, t, keep, aggregatedSet, rowOrderMap],
  );
  const model = useMemo(
    () => (data ? buildModel(data, modelSource, modelOptions, critical) : null),
    [data, modelSource, modelOptions, critical],
  );
  // Printing reads the model's own dates: after moves, it gets a model of the current ones.
  const printModel = useMemo(
    () =>
      data && model && mode === "print" && modelSource !== dates && moved.size > 0
        ? buildModel(data, dates, modelOptions, critical)
        : model,
    [data, model, mode, modelSource, dates, moved, modelOptions, critical],
  );
  const comparison = useMemo(
    () => (data && model ? buildComparison(data, dates, model.calendar) : null),
    [data, dates, model],
  );
  const holidays = useMemo(() => {
    const set = new Set<number>();
    if (!data) return set;
    for (const h of data.calendars.holidays) set.add(parseDay(h));
    for (const v of data.calendars.vacations)
      for (let d = parseDay(v.startDate); d <= parseDay(v.endDate); d++) set.add(d);
    return set;
  }, [data]);
  const isHoliday = useCallback((d: number) => holidays.has(d), [holidays]);
  const lotNames = useMemo(() => new Map((data?.lots ?? []).map((l) => [l.id, l.name])), [data]);
  const live = useMemo(() => new LiveDates(session.store, moved), [session, moved]);
  const selectionSet = useMemo(() => new Set(selection), [selection]);
  return { model, printModel, comparison, isHoliday, lotNames, live, selectionSet };
}
