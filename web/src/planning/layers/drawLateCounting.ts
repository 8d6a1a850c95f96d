import { visibleRows } from "@jalon/shared/gantt";
import { eventGeometry } from "../model";
import type { LayerInput } from "./drawBars";

/** Dark violet: apart from the critical path's red, the quality flag's orange and the selection's blue (3:1 on white). */
export const LATE_COUNTING_COLOR = "#5C2E91";

/**
 * Recalibration mode (issue 17): the tasks counted late that a recalibration would re-date get a dashed violet
 * frame around their bar, drawn over the bars for the visible rows only; live dates (a drag) carry it with the
 * bar. The grid's row names the same mark in text (LateCountingMark).
 */
export function drawLateCountingMarkers(
  c: CanvasRenderingContext2D,
  b: LayerInput & { late: ReadonlySet<number> },
): number {
  if (b.late.size === 0) return 0;
  const { model, scale } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  let drawn = 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  c.strokeStyle = LATE_COUNTING_COLOR;
  c.lineWidth = 2;
  c.setLineDash([5, 3]);
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    if (e.kind !== "task" || !b.late.has(e.id)) continue;
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    if (g.x > right || g.x + g.width < left) continue;
    c.strokeRect(g.x - 3, g.y - 3, g.width + 6, g.height + 6);
    drawn++;
  }
  c.restore();
  return drawn;
}
