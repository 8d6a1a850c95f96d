import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import type { Context } from "konva/lib/Context";
import { useStore, type StoreApi } from "zustand";
import { createStore } from "zustand/vanilla";
import type { ChartOverlay } from "./session/PlanningSession";
import type { ChartKeyboard } from "./session/useKeyboardInput";
import { KEYBOARD_IDLE } from "./tools/keyboardTool";
import { geometryOf } from "./viewGeometry";
import { useKonvaStage } from "./konvaStage";
import { drawGrid } from "./layers/drawGrid";
import { drawBars, type LayerInput } from "./layers/drawBars";
import { drawLinks } from "./layers/drawLinks";
import { drawBaselines } from "./layers/drawBaselines";
import { drawRoadblockMarkers } from "./layers/drawRoadblocks";
import { drawQualityMarkers } from "./layers/drawQualityMarkers";
import { drawLateCountingMarkers } from "./layers/drawLateCounting";
import type { Comparison } from "./compare/compareModel";
import { useReferenceIndex } from "./compare/reference";
import { drawCompareBadges } from "./layers/drawCompareBadges";
import { useLinkDisplay } from "./layers/linkFilter";
import { onPreview } from "./session/liveDates";
import { ChartLegend } from "./layers/ChartLegend";
import { useTranslation } from "react-i18next";

/** The canvas draws every layer: their common input (model, scale, viewport, live dates) and each one's own. */
export interface GanttCanvasProps extends LayerInput {
  selection: ReadonlySet<number>;
  violated: ReadonlySet<string>;
  isHoliday: (day: number) => boolean;
  today: number;
  projectEndDay: number | null;
  showCritical: boolean;
  /** Tasks whose prerequisites are not all compliant by their start: a marker on their bar. */
  qualityLate?: ReadonlySet<number>;
  /** Tasks with open roadblocks: a marker on their bar. */
  roadblocks?: ReadonlySet<number>;
  /** Recalibration mode: the tasks counted late a recalibration would re-date, framed. */
  lateCounting?: ReadonlySet<number>;
  /** Compared versions: thin baseline bars under each task. */
  comparison?: Comparison | null;
  /** The tooltip of the point under the pointer (content coordinates), e.g. a compared task's deltas. */
  tooltipAt?: (x: number, y: number) => string | null;
  onPointer?: (kind: "down" | "move" | "up", x: number, y: number, e: React.PointerEvent) => void;
  /** The pointer's cursor, the link being drawn and the rubber band (the session's): read here alone. */
  overlay: StoreApi<ChartOverlay>;
  /** The keyboard's current task (and the link's parent while linking), outlined while the keyboard has the chart. */
  keyboard?: StoreApi<ChartKeyboard>;
}

const NO_KEYBOARD = createStore<ChartKeyboard>(() => ({
  state: KEYBOARD_IDLE,
  focused: false,
  focusVisible: false,
  confirmDelete: null,
}));
/** The keyboard focus's outline: dark on the chart's white and on every bar colour's edge (WCAG 2.4.7, 1.4.11). */
const FOCUS_COLOUR = "#1B1B1B";
const FOCUS_GAP = 3;

const raw = (ctx: Context) => (ctx as unknown as { _context: CanvasRenderingContext2D })._context;

/**
 * The Gantt body: a viewport-sized Konva stage with one layer of custom Shapes (grid, then links and bars, then the
 * overlay: the link being drawn and the rubber band) drawing only what is on screen. Konva batches redraws to one
 * per animation frame. The overlay comes from its own store: a pointer move re-renders this component alone.
 * One layer, not one per kind: each Konva layer is a scene and a hit canvas, created, sized and composited in every
 * frame; with three layers that cost more on the first paint and each scroll frame than redrawing the grid with the
 * bars (0.2 ms a draw, bench/web).
 * Pointer input is read on the wrapper and given in content coordinates to the interaction tools.
 */
export function GanttCanvas(p: GanttCanvasProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const rowsHeight = p.model.rows.length
    ? p.model.rows[p.model.rows.length - 1].y + p.model.rows[p.model.rows.length - 1].height
    : 0;
  const allLinks = useLinkDisplay((s) => s.allLinks);
  const reference = useReferenceIndex(p.comparison?.versions);
  const { t } = useTranslation();
  const newLabel = t("compare.onlyHere");
  const gridFunc = useMemo(
    () => (ctx: Context) =>
      drawGrid(raw(ctx), {
        scale: p.scale,
        width: p.width,
        height: p.height,
        scrollLeft: p.scrollLeft,
        scrollTop: p.scrollTop,
        rowsHeight,
        isHoliday: p.isHoliday,
        today: p.today,
        projectEndDay: p.projectEndDay,
      }),
    [p.scale, p.width, p.height, p.scrollLeft, p.scrollTop, rowsHeight, p.isHoliday, p.today, p.projectEndDay],
  );
  const barsFunc = useMemo(
    () => (ctx: Context) => {
      const c = raw(ctx);
      // What every layer draws from; each adds its own marks.
      const base: LayerInput = {
        model: p.model,
        scale: p.scale,
        width: p.width,
        height: p.height,
        scrollLeft: p.scrollLeft,
        scrollTop: p.scrollTop,
        live: p.live,
      };
      drawLinks(c, {
        ...base,
        violated: p.violated,
        selection: p.selection,
        showCritical: p.showCritical,
        allLinks,
      });
      drawBars(c, { ...base, selection: p.selection, showCritical: p.showCritical });
      if (p.qualityLate) drawQualityMarkers(c, { ...base, late: p.qualityLate });
      if (p.roadblocks?.size) drawRoadblockMarkers(c, { ...base, open: p.roadblocks });
      if (p.lateCounting?.size) drawLateCountingMarkers(c, { ...base, late: p.lateCounting });
      if (p.comparison) {
        drawBaselines(c, { ...base, comparison: p.comparison });
        drawCompareBadges(c, { ...base, comparison: p.comparison, reference }, newLabel);
      }
    },
    [
      p.model,
      p.scale,
      p.width,
      p.height,
      p.scrollLeft,
      p.scrollTop,
      p.selection,
      p.live,
      p.violated,
      p.showCritical,
      p.roadblocks,
      p.comparison,
      p.qualityLate,
      p.lateCounting,
      allLinks,
      reference,
      newLabel,
    ],
  );
  const { draft, box, cursor } = useStore(p.overlay);
  const keyboard = p.keyboard ?? NO_KEYBOARD;
  const focusId = useStore(keyboard, (s) => (s.focusVisible ? s.state.current : null));
  const linkFrom = useStore(keyboard, (s) => (s.focusVisible ? s.state.linkFrom : null));
  const overlayFunc = useMemo(
    () => (ctx: Context) => {
      if (!draft && !box && focusId === null) return;
      const c = raw(ctx);
      c.save();
      c.translate(-p.scrollLeft, -p.scrollTop);
      // The keyboard's current task: a solid outline around its bar; the link's parent a dashed one.
      for (const [id, dash] of [
        [linkFrom, [4, 3]],
        [focusId, []],
      ] as const) {
        if (id === null) continue;
        const g = geometryOf(p.model, p.scale, id, (x) => p.live.get(x));
        if (!g) continue;
        c.strokeStyle = FOCUS_COLOUR;
        c.setLineDash([...dash]);
        c.lineWidth = 2;
        c.strokeRect(g.x - FOCUS_GAP, g.y - FOCUS_GAP, g.width + 2 * FOCUS_GAP, g.height + 2 * FOCUS_GAP);
      }
      if (draft) {
        c.strokeStyle = "#0F6CBD";
        c.setLineDash([4, 3]);
        c.lineWidth = 2;
        c.beginPath();
        c.moveTo(draft[0], draft[1]);
        c.lineTo(draft[2], draft[3]);
        c.stroke();
      }
      if (box) {
        const [x, y, w, h] = [
          Math.min(box[0], box[2]),
          Math.min(box[1], box[3]),
          Math.abs(box[2] - box[0]),
          Math.abs(box[3] - box[1]),
        ];
        c.fillStyle = "rgba(15, 108, 189, 0.12)";
        c.fillRect(x, y, w, h);
        c.strokeStyle = "#0F6CBD";
        c.setLineDash([]);
        c.lineWidth = 1;
        c.strokeRect(x + 0.5, y + 0.5, w, h);
      }
      c.restore();
    },
    [draft, box, focusId, linkFrom, p.model, p.scale, p.live, p.scrollLeft, p.scrollTop],
  );
  const stageBox = useRef<HTMLDivElement>(null);
  const redraw = useKonvaStage(
    stageBox,
    p.width,
    p.height,
    useMemo(() => [gridFunc, barsFunc, overlayFunc], [gridFunc, barsFunc, overlayFunc]),
  );
  // A drag's preview redraws the stage without rendering anything in React: the layers read the dates of the
  // moment from `live` when they draw (session/liveDates.ts).
  useLayoutEffect(() => onPreview(p.live, redraw), [p.live, redraw]);
  const onPointer = p.onPointer;
  const tooltipAt = p.tooltipAt;
  // The stage's place on the page, read on press and on hover only: during a drag every move follows a commit
  // that changed the grid's text, and reading it then forced a layout per move (bench/web profile). The stage is
  // sticky in the scroller, so it does not move while a button is held.
  const pressRect = useRef<DOMRect | null>(null);
  const handler = useCallback(
    (kind: "down" | "move" | "up") => (e: React.PointerEvent) => {
      if (!wrapper.current) return;
      const held = kind !== "down" && e.buttons !== 0 && pressRect.current !== null;
      const rect = held ? pressRect.current! : wrapper.current.getBoundingClientRect();
      pressRect.current = kind === "up" ? null : rect;
      // The native tooltip follows the pointer without re-rendering the canvas.
      if (kind === "move" && tooltipAt)
        wrapper.current.title =
          tooltipAt(e.clientX - rect.left + p.scrollLeft, e.clientY - rect.top + p.scrollTop) ?? "";
      if (!onPointer) return;
      onPointer(kind, e.clientX - rect.left + p.scrollLeft, e.clientY - rect.top + p.scrollTop, e);
    },
    [onPointer, tooltipAt, p.scrollLeft, p.scrollTop],
  );
  return (
    <div
      ref={wrapper}
      data-testid="gantt-canvas"
      style={{ position: "relative", width: p.width, height: p.height, touchAction: "none", cursor }}
      onPointerDown={handler("down")}
      onPointerMove={handler("move")}
      onPointerUp={handler("up")}
    >
      <div ref={stageBox} />
      <ChartLegend showCritical={p.showCritical} events={p.model.events} />
    </div>
  );
}
