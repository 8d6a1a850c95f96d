import { visibleRows, type TimeScale } from "@jalon/shared/gantt";
import { eventGeometry, type GanttModel } from "../model";
import { isOnlyHere, type Comparison } from "../compare/compareModel";

export interface BaselinesInput {
  model: GanttModel;
  scale: TimeScale;
  width: number;
  height: number;
  scrollLeft: number;
  scrollTop: number;
  comparison: Comparison;
  live: ReadonlyMap<number, readonly [number, number]>;
}

/**
 * Thin bars of the compared versions under each visible task's bar (one line per version, in its colour, over
 * the lower part of the row), and a marker on tasks that a compared version does not have.
 */
export function drawBaselines(c: CanvasRenderingContext2D, b: BaselinesInput): number {
  const { model, scale, comparison } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  const n = comparison.versions.length;
  if (n === 0) return 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  let drawn = 0;
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    const bars = comparison.byId.get(e.id);
    if (!bars) continue;
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    // From the bar's lower third to the row's bottom, shared by the compared versions.
    const top = g.y + (g.height * 2) / 3;
    const step = (row.y + row.height - 1 - top) / n;
    const h = Math.max(1.5, step - 0.5);
    bars.forEach((bar, k) => {
      if (!bar) return;
      const bg = e.kind === "milestone" ? eventGeometry(scale, row, e, bar.startDay, bar.startDay) : eventGeometry(scale, row, e, bar.startDay, bar.endDay);
      if (bg.x > right || bg.x + bg.width < left) return;
      c.fillStyle = comparison.versions[k].color;
      c.fillRect(bg.x, top + k * step, Math.max(2, bg.width), h);
      drawn++;
    });
    if (isOnlyHere(bars) && g.x <= right && g.x + g.width >= left) {
      // A small corner flag: this task is not in every compared version.
      c.fillStyle = "#C50F1F";
      c.beginPath();
      c.moveTo(g.x, g.y);
      c.lineTo(g.x + 7, g.y);
      c.lineTo(g.x, g.y + 7);
      c.closePath();
      c.fill();
    }
  }
  c.restore();
  return drawn;
}
