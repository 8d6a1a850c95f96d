import { memo, useMemo, useRef } from "react";
import type { Context } from "konva/lib/Context";
import { useKonvaStage } from "./konvaStage";
import { headerTicks, type Tick, type TimeScale } from "@jalon/shared/gantt";
import { chooseLabels, labelAt, tickForms } from "./layers/headerLabels";

const FONT = "11px 'Segoe UI', system-ui, sans-serif";
let measureCtx: CanvasRenderingContext2D | null | undefined;
const widthCache = new Map<string, number>();
/** Text widths in the header's font (a plain estimate where there is no canvas, as in unit tests). */
function measurer(bold: boolean): (text: string) => number {
  return (text) => {
    const key = `${bold ? "b" : ""}${text}`;
    let w = widthCache.get(key);
    if (w === undefined) {
      if (measureCtx === undefined) {
        try {
          measureCtx = document.createElement("canvas").getContext("2d");
        } catch {
          measureCtx = null;
        }
      }
      if (measureCtx) {
        measureCtx.font = `${bold ? "600 " : ""}${FONT}`;
        w = measureCtx.measureText(text).width;
      } else w = text.length * (bold ? 7 : 6.5);
      widthCache.set(key, w);
    }
    return w;
  };
}

export const HEADER_HEIGHT = 44;

/**
 * The time scale over the canvas: two bands (years/months, months/weeks/days), only the visible ticks.
 * Memoised: the planning view re-renders on every vertical scroll frame and every drag preview, which leave the
 * header as it is; without memo each of those frames redrew it for nothing (bench/web).
 */
export const TimeHeader = memo(function TimeHeader({
  scale,
  width,
  scrollLeft,
}: {
  scale: TimeScale;
  width: number;
  scrollLeft: number;
}) {
  const ticks = useMemo(() => headerTicks(scale), [scale]);
  // Each band's label forms and the one that fits (layers/headerLabels.ts): chosen once per scale, not per frame.
  const bands = useMemo(() => {
    const band = (list: Tick[], which: "top" | "bottom", bold: boolean) => {
      const measure = measurer(bold);
      const forms = list.map((t) => tickForms(scale.view, which, t));
      return { list, forms, measure, choice: chooseLabels(list, forms, measure) };
    };
    return [band(ticks.top, "top", true), band(ticks.bottom, "bottom", false)] as const;
  }, [ticks, scale.view]);
  const sceneFunc = useMemo(
    () => (ctx: Context) => {
      const c = (ctx as unknown as { _context: CanvasRenderingContext2D })._context;
      c.save();
      c.fillStyle = "#FAFAFA";
      c.fillRect(0, 0, width, HEADER_HEIGHT);
      c.translate(-scrollLeft, 0);
      c.textBaseline = "middle";
      c.strokeStyle = "#D6D6D6";
      const h = HEADER_HEIGHT / 2;
      bands.forEach(({ list, forms, measure, choice }, b) => {
        const y = b * h;
        c.font = `${b === 0 ? "600 " : ""}${FONT}`;
        c.fillStyle = "#242424";
        for (let i = 0; i < list.length; i++) {
          const t = list[i];
          // A label spans `step` ticks: one that starts left of the view may still show.
          if (t.x >= scrollLeft + width) break;
          if (t.x + t.width > scrollLeft) c.strokeRect(Math.round(t.x) + 0.5, y + 0.5, t.width, h);
          const label = labelAt(list, forms, choice, i, measure);
          if (!label || t.x + label.width <= scrollLeft) continue;
          const w = measure(label.text);
          // The label follows the left edge while its ticks are cut by it, and leaves with their end instead of
          // being drawn over the next one (a range widened before its start lands on a month's first day).
          c.fillText(label.text, Math.min(Math.max(t.x, scrollLeft), t.x + label.width - w - 6) + 4, y + h / 2);
        }
      });
      c.restore();
    },
    [bands, width, scrollLeft],
  );
  const box = useRef<HTMLDivElement>(null);
  useKonvaStage(
    box,
    width,
    HEADER_HEIGHT,
    useMemo(() => [sceneFunc], [sceneFunc]),
  );
  return <div ref={box} />;
});
