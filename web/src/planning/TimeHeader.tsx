import { memo, useMemo, useRef } from "react";
import type { Context } from "konva/lib/Context";
import { useKonvaStage } from "./konvaStage";
import { headerTicks, type TimeScale } from "@jalon/shared/gantt";

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
  const sceneFunc = useMemo(
    () => (ctx: Context) => {
      const c = (ctx as unknown as { _context: CanvasRenderingContext2D })._context;
      c.save();
      c.fillStyle = "#FAFAFA";
      c.fillRect(0, 0, width, HEADER_HEIGHT);
      c.translate(-scrollLeft, 0);
      c.font = "11px 'Segoe UI', system-ui, sans-serif";
      c.textBaseline = "middle";
      c.strokeStyle = "#D6D6D6";
      const band = (list: typeof ticks.top, y: number, h: number, bold: boolean) => {
        for (const t of list) {
          if (t.x + t.width <= scrollLeft || t.x >= scrollLeft + width) continue;
          c.strokeRect(Math.round(t.x) + 0.5, y + 0.5, t.width, h);
          c.fillStyle = "#242424";
          c.font = `${bold ? "600 " : ""}11px 'Segoe UI', system-ui, sans-serif`;
          const w = c.measureText(t.label).width;
          // The label follows the left edge while its tick is cut by it, and leaves with the tick's end instead
          // of being drawn over the next one (a range widened before its start lands on a month's first day).
          if (w + 6 < t.width)
            c.fillText(t.label, Math.min(Math.max(t.x, scrollLeft), t.x + t.width - w - 6) + 4, y + h / 2);
        }
      };
      band(ticks.top, 0, HEADER_HEIGHT / 2, true);
      band(ticks.bottom, HEADER_HEIGHT / 2, HEADER_HEIGHT / 2, false);
      c.restore();
    },
    [ticks, width, scrollLeft],
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
