import { dayOfWeek } from "@jalon/engine";
import { dayToX, headerTicks, type TimeScale } from "@jalon/shared/gantt";

export interface GridInput {
  scale: TimeScale;
  width: number;
  height: number;
  scrollLeft: number;
  scrollTop: number;
  rowsHeight: number;
  isHoliday: (day: number) => boolean;
  today: number;
  projectEndDay: number | null;
}

/** Weekend and holiday shading, month separators, today and the projected end: only the visible days. */
export function drawGrid(c: CanvasRenderingContext2D, g: GridInput): void {
  const { scale } = g;
  c.save();
  c.translate(-g.scrollLeft, -g.scrollTop);
  const first = Math.max(scale.firstDay, scale.firstDay + Math.floor(g.scrollLeft / scale.dayWidth));
  const last = Math.min(scale.lastDay, scale.firstDay + Math.ceil((g.scrollLeft + g.width) / scale.dayWidth));
  const top = g.scrollTop;
  const h = g.height;
  if (scale.dayWidth >= 2) {
    // In the year view weekends would stripe the whole chart: only holidays and closures are shaded there.
    const shadeWeekends = scale.dayWidth >= 8;
    for (let d = first; d <= last; d++) {
      const weekend = dayOfWeek(d) >= 5;
      if (!(weekend && shadeWeekends) && !g.isHoliday(d)) continue;
      c.fillStyle = weekend ? "#F0F0F0" : "#FCE8D8";
      c.fillRect(dayToX(scale, d), top, scale.dayWidth, h);
    }
  }
  c.strokeStyle = "#D6D6D6";
  c.lineWidth = 1;
  c.beginPath();
  for (const t of headerTicks(scale).bottom) {
    const x = Math.round(t.x) + 0.5;
    if (t.x + t.width < g.scrollLeft || t.x > g.scrollLeft + g.width) continue;
    c.moveTo(x, top);
    c.lineTo(x, top + h);
  }
  c.stroke();
  if (g.today >= scale.firstDay && g.today <= scale.lastDay) {
    c.strokeStyle = "#D13438";
    c.lineWidth = 2;
    c.beginPath();
    const x = dayToX(scale, g.today) + scale.dayWidth / 2;
    c.moveTo(x, top);
    c.lineTo(x, top + h);
    c.stroke();
  }
  if (g.projectEndDay !== null && g.projectEndDay >= scale.firstDay && g.projectEndDay <= scale.lastDay) {
    c.strokeStyle = "#0F6CBD";
    c.setLineDash([6, 4]);
    c.lineWidth = 2;
    c.beginPath();
    const x = dayToX(scale, g.projectEndDay + 1);
    c.moveTo(x, top);
    c.lineTo(x, top + h);
    c.stroke();
    c.setLineDash([]);
  }
  c.restore();
}
