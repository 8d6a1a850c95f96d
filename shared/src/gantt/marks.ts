/**
 * Marks that tell a bar's state without colour (issue 22, WCAG 1.4.1 / RGAA 3.1), laid out here, pure, for every
 * drawing of the chart: the progress of a counted task (its done share underlined and closed by a tick, and its
 * percentage written after its label) and a locked task's padlock. The critical path has its own (a hatch and a thick
 * outline), the recalibration's late tasks a dashed frame, quality and roadblock flags their glyphs (▲, ●).
 */

export interface MarkBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The underline's thickness and the tick's width, in pixels. */
export const PROGRESS_LINE = 3;
export const PROGRESS_TICK = 2;

/**
 * A counted task's progress: the width of its done share, and whether the share is closed by a tick (not at 0 nor
 * 100 %, where the underline alone says it). Null for a task never counted.
 */
export function progressMark(
  g: MarkBox,
  percentage: number | null | undefined,
): { done: number; tick: boolean } | null {
  const p = Math.max(0, Math.min(100, percentage ?? 0));
  if (!(p > 0)) return null;
  return { done: (g.width * p) / 100, tick: p < 100 && g.width >= 2 * PROGRESS_TICK + 2 };
}

/** The bar's label with its progress written after it ("FPX 45 %"); the label alone for a task never counted. */
export function progressLabel(label: string, percentage: number | null | undefined): string {
  const p = Math.round(Math.max(0, Math.min(100, percentage ?? 0)));
  return p > 0 ? `${label ? `${label} ` : ""}${p} %` : label;
}

/** The padlock's size: a shackle over a body. */
export const LOCK_WIDTH = 7;
export const LOCK_HEIGHT = 9;

/**
 * Where a locked task's padlock goes: inside its bar at the right end when the bar is wide enough to keep its label,
 * else just after the bar (in the chart's ink, not the bar's).
 */
export function lockMark(g: MarkBox): { x: number; y: number; inside: boolean } {
  const inside = g.width >= 3 * LOCK_WIDTH;
  return {
    x: inside ? g.x + g.width - LOCK_WIDTH - 3 : g.x + g.width + 3,
    y: g.y + Math.round((g.height - LOCK_HEIGHT) / 2),
    inside,
  };
}
