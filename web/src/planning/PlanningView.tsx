import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LINK_TYPE_NAMES } from "@jalon/engine";
import { GanttCanvas } from "./GanttCanvas";
import { TimeHeader, HEADER_HEIGHT } from "./TimeHeader";
import { RowGrid } from "./RowGrid";
import { emptyModel } from "./model";
import { usePlanningStore } from "./planningStore";
import { SelectedLinkOverlay } from "./SelectedLink";
import { rangeMonths } from "./range";
import { usePlanningScene, type PlanningSceneProps } from "./session/usePlanningScene";
import { usePlanningInput, type PlanningInputProps } from "./session/usePlanningInput";
import { chartKeyboardOf } from "./session/useKeyboardInput";
import { useTestApi } from "./session/useTestApi";
import { GRID_WIDTH } from "./viewport/layout";
import { LoadingNotice, PlanningFrame } from "./viewport/PlanningFrame";
import { useViewport } from "./viewport/useViewport";
import { visuallyHidden } from "../components/visuallyHidden";

// Loaded when first shown: their Fluent UI components (and the print dialog's schemas) are no part of the first
// paint, which they slowed by about 60 ms of script evaluation at 10k tasks (bench/web).
const PrintMode = lazy(() => import("./print/PrintMode").then((m) => ({ default: m.PrintMode })));
const ComparisonLegend = lazy(() =>
  import("./compare/ComparisonLegend").then((m) => ({ default: m.ComparisonLegend })),
);
const PlanningTable = lazy(() => import("./table/PlanningTable").then((m) => ({ default: m.PlanningTable })));
const LinkEditor = lazy(() => import("./LinkEditor").then((m) => ({ default: m.LinkEditor })));

export interface PlanningViewProps extends PlanningSceneProps, PlanningInputProps {
  /** Recalibration mode: the tasks counted late that a recalibration would re-date (marked on grid and bars). */
  lateCounting?: ReadonlySet<number>;
  /** How to stop comparing versions. */
  onClearCompare?: () => void;
}

/**
 * The planning screen body: toolbar-less Gantt (grid + time header + canvas), the React shell of a PlanningSession
 * (after tldraw's Editor and its React shell). The session (session/PlanningSession.ts) holds the version, the
 * engine worker, the writes and the range loading; its viewport (viewport/Viewport.ts) the scroll; the pointer
 * machine (tools/pointerMachine.ts) decides what the pointer and keys do. This view renders their state, through
 * three hooks: usePlanningScene (the session and what is drawn), useViewport (scrolling, range, the chart's size)
 * and usePlanningInput (pointer, grid, keyboard, direct manipulation, undo keys); useTestApi (testApiTypes.ts).
 */
export function PlanningView(props: PlanningViewProps) {
  const { t } = useTranslation();
  const { grouping, showCritical, mode, tableView } = usePlanningStore();
  const scene = usePlanningScene(props);
  const { session, range, error, violated, projectEnd, selectedLink, scale, roadblocks, qualityLate } = scene;
  const { model, printModel, comparison, isHoliday, lotNames, live, selectionSet, liveOf } = scene;
  const chart = useViewport(session, { ...scene, today: props.today, publicToken: props.publicToken });
  const { viewport, canvasWidth, canvasHeight, pageRows } = chart;
  const { onPointer, writeLink, onGridSelect, onGridKey, onGroupClick, direct, cells, keyboard } = usePlanningInput(
    scene,
    chart,
    props,
  );
  useTestApi(session, { model, scale, viewport, canvasWidth, canvasHeight }, live, scene.dates, violated);
  if (error) return <div role="alert">{t("planning.loadError")}</div>;
  // Before the data, the screen is already laid out (time header, grid, empty canvas): the stages and the DOM are
  // made while the request is in flight instead of after it (bench/web, first paint).
  const shownModel = model ?? emptyModel();
  const lastRow = shownModel.rows[shownModel.rows.length - 1];
  const before = (
    <>
      {!model && <LoadingNotice text={t("planning.loading")} />}
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
        {comparison && <ComparisonLegend comparison={comparison} onClear={props.onClearCompare ?? (() => undefined)} />}
      </Suspense>
    </>
  );
  const linkEditor = model && selectedLink && (
    <SelectedLinkOverlay
      model={model}
      scale={scale}
      selected={selectedLink}
      live={live}
      dates={scene.dates}
      editor={(pts, link) => (
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
            onClose={() => session.store.setState({ selectedLink: null })}
          />
        </Suspense>
      )}
    />
  );
  // Issue 22's table view: the chart as a table, in place of the grid and the canvas.
  if (tableView && model)
    return (
      <>
        {before}
        <Suspense fallback={<LoadingNotice text={t("planning.loading")} />}>
          <PlanningTable
            session={session}
            model={model}
            lotNames={lotNames}
            datesOf={liveOf}
            firstDay={range.firstDay}
            lastDay={range.lastDay}
            today={props.today}
            projectEnd={projectEnd}
          />
        </Suspense>
      </>
    );
  return (
    <PlanningFrame
      attach={chart.attach}
      contentWidth={scale.width}
      rowsHeight={lastRow ? lastRow.y + lastRow.height : 0}
      canvasWidth={canvasWidth}
      canvasHeight={canvasHeight}
      before={before}
      header={viewport.measured && <TimeHeader scale={scale} width={canvasWidth} scrollLeft={viewport.left} />}
      grid={
        <div {...direct.gridProps}>
          <RowGrid
            model={shownModel}
            comparison={comparison}
            view={viewport}
            lotNames={lotNames}
            live={live}
            selection={selectionSet}
            onSelect={onGridSelect}
            onKeyRow={onGridKey}
            onGroupClick={grouping === "none" ? undefined : onGroupClick}
            qualityLate={qualityLate}
            roadblocks={roadblocks}
            lateCounting={props.lateCounting}
            cells={cells}
            page={pageRows}
            onAddInGroup={grouping === "zone" || grouping === "lot" ? direct.onAddInGroup : undefined}
          />
        </div>
      }
      canvas={
        viewport.measured && (
          <div {...direct.canvasProps} {...keyboard.chartProps} style={CHART_BOX}>
            {/* The canvases are role="presentation": their text is the table view's. */}
            <p style={visuallyHidden}>{t("planningTable.chartAlternative")}</p>
            <GanttCanvas
              model={shownModel}
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
              qualityLate={qualityLate}
              roadblocks={roadblocks}
              lateCounting={props.lateCounting}
              comparison={comparison}
              tooltipAt={scene.compareTip}
              onPointer={onPointer}
              overlay={session.overlay}
              keyboard={chartKeyboardOf(session)}
            />
            {keyboard.focusVisible && <div aria-hidden="true" style={FOCUS_RING} />}
          </div>
        )
      }
      over={
        <>
          {linkEditor}
          {direct.over}
          {keyboard.over}
        </>
      }
    />
  );
}

const CHART_BOX: React.CSSProperties = { position: "relative", outline: "none" };
/** The chart's focus ring, over the canvas (an outline of the box would be under it): 2 px at 3:1 on white and on bars. */
const FOCUS_RING: React.CSSProperties = {
  position: "absolute",
  inset: 0,
  border: "2px solid #0F6CBD",
  boxShadow: "inset 0 0 0 1px #FFFFFF",
  pointerEvents: "none",
  zIndex: 1,
};
