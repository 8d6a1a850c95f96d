import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PlannedEventType } from "@jalon/shared";
import type { PlanningData } from "@jalon/shared/planning";
import { useTranslation } from "react-i18next";
import { formatInTimeZone } from "date-fns-tz";
import { formatDay, parseDay } from "@jalon/engine";
import { PlanningToolbar } from "./PlanningToolbar";
import { PlanningView } from "./PlanningView";
import { usePlanningStore } from "./planningStore";
import { usePersistedView } from "./view/usePersistedView";
import { useProject } from "../store/project";
import { useSession } from "../store/session";
import { useRefresh } from "../store/refresh";
import { toast } from "../store/toasts";
import { confirmAfterProgress } from "../realtime/handleEvent";
import { usePlanningLive } from "./usePlanningLive";
import { useFilterOptions } from "./filters/useFilterOptions";
import { shiftedEventIds } from "./filters/filterLogic";
import { shiftRows, type ShiftEntry } from "./filters/filterOptions";
import { PlanningModeBar } from "./PlanningModeBar";
import { useComparedVersions } from "./compare/useComparedVersions";
import { RecalibrationList } from "./RecalibrationList";
import { RecalibrationPanel } from "./RecalibrationPanel";
import { useLateTasks } from "./useLateTasks";

// Loaded when first opened: the event editor and the filter drawer are no part of the planning's first paint.
const FiltersPanel = lazy(() => import("./filters/FiltersPanel").then((m) => ({ default: m.FiltersPanel })));
const TaskDialog = lazy(() => import("./TaskDialog").then((m) => ({ default: m.TaskDialog })));
const InstantiateDialog = lazy(() =>
  import("../features/sequences/instantiate/InstantiateDialog").then((m) => ({ default: m.InstantiateDialog })),
);

/** Today as a Europe/Paris calendar day, whatever the machine's time zone. */
export function parisToday(now = new Date()): number {
  return parseDay(formatInTimeZone(now, "Europe/Paris", "yyyy-MM-dd"));
}

export default function PlanningPage() {
  const { t } = useTranslation();
  const { projectId, versionId, project } = useProject();
  const refreshKey = useRefresh((s) => s.counters.planning);
  const enterProject = usePlanningStore((s) => s.enterProject);
  const isManager = useSession((s) => s.isManager);
  const today = useMemo(() => parisToday(), []);
  const pushed = usePlanningLive(projectId);
  const compared = useComparedVersions(versionId ?? 0);
  useEffect(() => {
    if (projectId !== null) enterProject(projectId);
  }, [projectId, enterProject]);
  usePersistedView(projectId);
  const filters = usePlanningStore((s) => s.filters);
  const mode = usePlanningStore((s) => s.mode);
  const grouping = usePlanningStore((s) => s.grouping);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [data, setData] = useState<PlanningData | null>(null);
  const [dialog, setDialog] = useState<{ id: number; kind: PlannedEventType } | null>(null);
  // Kept mounted once opened, so that closing them animates as before.
  const [filtersUsed, setFiltersUsed] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (filtersOpen && !filtersUsed) setFiltersUsed(true);
  if (dialog && !dialogUsed) setDialogUsed(true);
  const filterOptions = useFilterOptions(
    versionId ?? 0,
    data,
    versionId !== null && (filtersOpen || filters.categoryIds.length > 0),
  );

  // Recalibrations: the list of recalibration mode and the recalibration-range filter read the shift history.
  const recalibrationRange = filters.recalibrationFrom !== null || filters.recalibrationTo !== null;
  const [shifts, setShifts] = useState<ShiftEntry[] | null>(null);
  useEffect(() => {
    if (projectId === null || versionId === null || (mode !== "recalibration" && !recalibrationRange)) return;
    let cancelled = false;
    shiftRows(projectId, versionId)
      .then((rows) => !cancelled && setShifts(rows))
      .catch(() => !cancelled && setShifts([]));
    return () => {
      cancelled = true;
    };
  }, [projectId, versionId, mode, recalibrationRange, refreshKey]);
  // Recalibration mode: the tasks counted late at the date, marked on the planning and re-dated from the side panel.
  const [recalibrationDate, setRecalibrationDate] = useState("");
  const recalibrating = mode === "recalibration" && isManager && project?.isArchived !== true;
  const late = useLateTasks(projectId, versionId, recalibrationDate, recalibrating, refreshKey);
  const frozenVersion = useProject((s) => s.versions.find((v) => v.id === versionId)?.isArchived === true);
  const shifted = useMemo(
    () =>
      recalibrationRange && shifts ? shiftedEventIds(shifts, filters.recalibrationFrom, filters.recalibrationTo) : null,
    [recalibrationRange, shifts, filters.recalibrationFrom, filters.recalibrationTo],
  );
  const groupIds = useMemo(() => {
    if (!data) return [];
    if (grouping === "zone") return data.zones.map((z) => z.id);
    if (grouping === "lot") return data.lots.map((l) => l.id);
    if (grouping === "sequence") return data.sequences.map((x) => x.id);
    return [];
  }, [data, grouping]);
  // Names are looked up on a warning or a picked link, not on the first paint: the map is made on the first one.
  const nameOf = useMemo(() => {
    let names: Map<number, string> | null = null;
    return (id: number) => (names ??= new Map((data?.events ?? []).map((e) => [e.id, e.name]))).get(id) ?? `#${id}`;
  }, [data]);
  const closeDialog = useCallback((saved: boolean) => {
    setDialog(null);
    if (saved) useRefresh.getState().bump("planning");
  }, []);
  // "Instancier un modèle" (toolbar, or Maj+I outside a field): the dialog returns the focus to its opener.
  const [instantiating, setInstantiating] = useState(false);
  const [instantiateUsed, setInstantiateUsed] = useState(false);
  if (instantiating && !instantiateUsed) setInstantiateUsed(true);
  const opener = useRef<HTMLElement | null>(null);
  // The context menu's "Instancier un modèle ici" presets the clicked zone and day; the toolbar, none.
  const [instantiatePreset, setInstantiatePreset] = useState<{ zoneId: number | null; day: string } | null>(null);
  const openInstantiate = useCallback((preset?: { zoneId: number | null; day: string }) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setInstantiatePreset(preset ?? null);
    setInstantiating(true);
  }, []);
  const closeInstantiate = useCallback((created: boolean) => {
    setInstantiating(false);
    if (created) useRefresh.getState().bump("planning");
    const back = opener.current;
    setTimeout(() => back?.isConnected && back.focus(), 0);
  }, []);
  const instantiable = isManager && project?.isArchived !== true;
  useEffect(() => {
    if (!instantiable) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest?.("input, textarea, select, [contenteditable='true'], [role='dialog']");
      if (e.key === "I" && e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && !typing) {
        e.preventDefault();
        openInstantiate();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [instantiable, openInstantiate]);
  const referenceDaysOf = useMemo(() => {
    let days: Map<number, readonly [number, number]> | null = null;
    return (id: number) => {
      if (!days) {
        days = new Map();
        const g = data?.graph;
        if (g) for (let i = 0; i < g.ids.length; i++) days.set(g.ids[i], [g.startDay[i], g.endDay[i]]);
      }
      return days.get(id) ?? null;
    };
  }, [data]);
  const references = useMemo(
    () =>
      (data?.events ?? [])
        .map((e) => ({ id: e.id, name: e.name, type: e.type }))
        .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name, "fr") : a.type === "milestone" ? -1 : 1)),
    [data],
  );
  if (projectId === null || versionId === null) return null;
  // External users read the planning; an archived project or a frozen version is read-only for everyone.
  const readOnly = !isManager || project?.isArchived === true;
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "calc(100vh - 120px)", minHeight: 400, gap: 8 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>
        {t("planning.title")}
        {project ? ` — ${project.name}` : ""}
      </h1>
      <PlanningToolbar
        readOnly={readOnly}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        groupIds={groupIds}
        onInstantiate={readOnly ? undefined : () => openInstantiate()}
      />
      <PlanningModeBar readOnly={readOnly} nameOf={nameOf} />
      <div style={{ flex: 1, minHeight: 0, display: "flex" }}>
        <div style={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <PlanningView
            projectId={projectId}
            versionId={versionId}
            today={today}
            refreshKey={refreshKey}
            pushedDates={pushed}
            readOnly={readOnly}
            notify={(kind, text, o) => (o?.afterProgress ? confirmAfterProgress(kind, text) : toast[kind](text))}
            tags={filterOptions.tags}
            shifted={shifted}
            lateCounting={recalibrating ? late.ids : undefined}
            onLoaded={setData}
            compareVersionIds={compared.ids}
            onClearCompare={compared.clear}
            onOpenEvent={readOnly ? undefined : (id, kind) => setDialog({ id, kind })}
            onInstantiateAt={readOnly ? undefined : openInstantiate}
          />
        </div>
        {recalibrating ? (
          <aside
            aria-label={t("planning.modes.recalibration")}
            style={{
              width: 300,
              flex: "none",
              overflowY: "auto",
              borderLeft: "1px solid #E0E0E0",
              padding: 8,
              display: "flex",
              flexDirection: "column",
              gap: 16,
            }}
          >
            <RecalibrationPanel
              projectId={projectId}
              versionId={versionId}
              date={recalibrationDate}
              onDate={setRecalibrationDate}
              tasks={late.tasks}
              loading={late.loading}
              frozen={frozenVersion}
              // This tab's own live event is not applied again (realtime/handleEvent.ts): the planning, the late
              // tasks and the shift history reload from the server, successors re-planned included.
              onDone={() => useRefresh.getState().bump("planning")}
            />
            <RecalibrationList entries={shifts ?? []} />
          </aside>
        ) : null}
        {filtersUsed && (
          <Suspense fallback={null}>
            <FiltersPanel
              open={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              options={filterOptions.options}
              projectId={projectId}
              versionId={versionId}
            />
          </Suspense>
        )}
      </div>
      {dialogUsed && (
        <Suspense fallback={null}>
          <TaskDialog target={dialog} onClose={closeDialog} />
        </Suspense>
      )}
      {instantiateUsed && !readOnly && (
        <Suspense fallback={null}>
          <InstantiateDialog
            open={instantiating}
            projectId={projectId}
            versionId={versionId}
            calendars={data?.calendars ?? null}
            references={references}
            referenceDaysOf={referenceDaysOf}
            defaultStartDate={instantiatePreset?.day ?? formatDay(today)}
            defaultZoneIds={instantiatePreset?.zoneId != null ? [instantiatePreset.zoneId] : undefined}
            onClose={closeInstantiate}
          />
        </Suspense>
      )}
    </div>
  );
}
