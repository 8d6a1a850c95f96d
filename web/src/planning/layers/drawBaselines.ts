import type { PlannedEventType } from "@jalon/shared";
import { barGeometry, baselineGeometry, visibleRows, type GanttRow } from "@jalon/shared/gantt";
import { eventGeometry } from "../model";
import type { LayerInput } from "./drawBars";
import { isOnlyHere, type Comparison } from "../compare/compareModel";

export interface BaselinesInput extends LayerInput {
  comparison: Comparison;
}

/** Marks what is not in every version: the corner flag of a task and the outline of a compared-only row. */
export const MISSING_COLOR = "#C50F1F";
const GHOST_OUTLINE = "#616161";

/**
 * Thin bars of the compared versions in the band the layout keeps under each visible task's bar (one slot per
 * version, in its colour), a flag on tasks that a compared version does not have, and for the events that only
 * compared versions have, a dashed outline where the bar would be over their baselines.
 */
export function drawBaselines(c: CanvasRenderingContext2D, b: BaselinesInput): number {
  const { model, scale, comparison } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  if (comparison.versions.length === 0) return 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  const visible = (x: number, w: number) => x <= right && x + w >= left;
  let drawn = 0;
  const drawBars = (
    row: GanttRow,
    kind: PlannedEventType,
    bars: readonly ({ startDay: number; endDay: number } | null)[],
  ) => {
    bars.forEach((bar, k) => {
      if (!bar || k >= comparison.versions.length) return;
      const g = baselineGeometry(scale, row, k, kind, bar.startDay, bar.endDay);
      if (!visible(g.x, g.width)) return;
      c.fillStyle = comparison.versions[k].color;
      c.fillRect(g.x, g.y, g.width, g.height);
      drawn++;
    });
  };
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind === "ghost" && row.ghost) {
      const ghost = row.ghost;
      drawBars(row, ghost.kind, ghost.baselines);
      const g = barGeometry(scale, row, ghost.startDay, ghost.kind === "milestone" ? ghost.startDay : ghost.endDay);
      if (!visible(g.x, g.width)) continue;
      c.fillStyle = "rgba(97, 97, 97, 0.08)";
      c.fillRect(g.x, g.y, g.width, g.height);
      c.strokeStyle = GHOST_OUTLINE;
      c.lineWidth = 1;
      c.setLineDash([3, 2]);
      c.strokeRect(g.x + 0.5, g.y + 0.5, Math.max(1, g.width - 1), g.height - 1);
      c.setLineDash([]);
      flag(c, g.x, g.y);
      continue;
    }
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    const bars = comparison.byId.get(e.id);
    if (!bars) continue;
    drawBars(row, e.kind, bars);
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    if (isOnlyHere(bars) && visible(g.x, g.width)) flag(c, g.x, g.y);
  }
  c.restore();
  return drawn;
}

/** A small corner flag: this row is not in every version compared. */
function flag(c: CanvasRenderingContext2D, x: number, y: number) {
  c.fillStyle = MISSING_COLOR;
  c.beginPath();
  c.moveTo(x, y);
  c.lineTo(x + 7, y);
  c.lineTo(x, y + 7);
  c.closePath();
  c.fill();
}
