import { visibleRows } from "@jalon/shared/gantt";
import { eventGeometry } from "../model";
import type { LayerInput } from "./drawBars";

/** The marker's colour: the quality indicator's orange, dark enough on any bar (WCAG 1.4.11 3:1 on white). */
export const QUALITY_MARKER_COLOR = "#BC4B09";
const SIZE = 9;

/**
 * Tasks whose prerequisites are not all compliant by their start (issue 18): a small orange flag with a white "!"
 * at the top-left corner of the bar, drawn over it, for the visible rows only. The grid's row names the same
 * marker in text (RowGrid), the canvas having no text alternative of its own.
 */
export function drawQualityMarkers(c: CanvasRenderingContext2D, b: LayerInput & { late: ReadonlySet<number> }): number {
  if (b.late.size === 0) return 0;
  const { model, scale } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  let drawn = 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  c.font = "bold 8px 'Segoe UI', system-ui, sans-serif";
  c.textAlign = "center";
  c.textBaseline = "middle";
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    if (e.kind !== "task" || !b.late.has(e.id)) continue;
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    if (g.x > right || g.x + g.width < left) continue;
    const x = g.x - 2;
    const y = g.y - 3;
    c.beginPath();
    c.moveTo(x, y);
    c.lineTo(x + SIZE + 2, y);
    c.lineTo(x, y + SIZE + 2);
    c.closePath();
    c.fillStyle = QUALITY_MARKER_COLOR;
    c.fill();
    c.strokeStyle = "#FFFFFF";
    c.lineWidth = 1;
    c.stroke();
    c.fillStyle = "#FFFFFF";
    c.fillText("!", x + 3.5, y + 3.5);
    drawn++;
  }
  c.restore();
  return drawn;
}
