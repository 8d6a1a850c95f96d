import {
  barColor,
  barGeometry,
  LOCK_HEIGHT,
  LOCK_WIDTH,
  lockMark,
  outlineOf,
  PROGRESS_LINE,
  PROGRESS_TICK,
  progressLabel,
  progressMark,
  sequenceSummaries,
  textColorOn,
  visibleRows,
  type GanttRow,
  type TimeScale,
} from "@jalon/shared/gantt";
import { eventGeometry, type GanttModel } from "../model";
import { CRITICAL_COLOR, CRITICAL_OUTLINE, drawCriticalBar } from "./criticalStyle";
import { drawnRecord, recording } from "./drawnRecord";

/** What every layer draws from: the model in the viewport (content coordinates scrolled by scrollLeft/Top). */
export interface LayerInput {
  model: GanttModel;
  scale: TimeScale;
  width: number;
  height: number;
  scrollLeft: number;
  scrollTop: number;
  /** Dates that differ from the model's (drag preview or pushed by another user). */
  live: ReadonlyMap<number, readonly [number, number]>;
}

export interface BarsInput extends LayerInput {
  selection: ReadonlySet<number>;
  showCritical: boolean;
}

/** Link handles sit this far outside a selected bar's ends. */
export const HANDLE_OFFSET = 8;

/** Bars, milestones, aggregated bars and group rows of the visible rows only. */
export function drawBars(c: CanvasRenderingContext2D, b: BarsInput): number {
  const { model, scale } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  c.font = "11px 'Segoe UI', system-ui, sans-serif";
  c.textBaseline = "middle";
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  let drawn = 0;
  if (recording) drawnRecord.criticalBars.length = drawnRecord.progressBars.length = drawnRecord.lockedBars.length = 0;
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind === "group") {
      c.fillStyle = "#F5F5F5";
      c.fillRect(left, row.y, b.width, row.height);
      if (model.sequences && row.groupId !== null && row.groupId !== undefined)
        drawn += drawSummaries(c, b, row, left, right);
      continue;
    }
    if (row.kind === "aggregate") {
      for (const bar of row.merged ?? []) {
        const e = model.events[bar.members[0]];
        const g = eventGeometry(scale, row, { ...e, kind: "task" }, bar.startDay, bar.endDay);
        if (g.x > right || g.x + g.width < left) continue;
        c.fillStyle = e.color;
        c.fillRect(g.x, g.y, g.width, g.height);
        c.strokeStyle = outlineOf(e.color);
        c.strokeRect(g.x + 0.5, g.y + 0.5, g.width - 1, g.height - 1);
        drawn++;
      }
      continue;
    }
    const e = model.events[row.events[0]];
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    if (g.x > right || g.x + g.width < left) continue;
    drawn++;
    const selected = b.selection.has(e.id);
    if (e.kind === "milestone") {
      const cx = g.x + g.width / 2;
      const cy = g.y + g.height / 2;
      const rad = g.width / 2;
      c.beginPath();
      c.moveTo(cx, cy - rad);
      c.lineTo(cx + rad, cy);
      c.lineTo(cx, cy + rad);
      c.lineTo(cx - rad, cy);
      c.closePath();
      c.fillStyle = e.color;
      c.fill();
      const criticalMark = b.showCritical && e.critical;
      c.lineWidth = selected ? 2 : criticalMark ? CRITICAL_OUTLINE : 1;
      c.strokeStyle = selected ? "#0F6CBD" : criticalMark ? CRITICAL_COLOR : "#424242";
      c.stroke();
      c.lineWidth = 1;
      if (criticalMark && recording) drawnRecord.criticalBars.push(e.id);
      if (g.width + 6 < 400) {
        c.fillStyle = "#242424";
        c.fillText(e.name, cx + rad + 4, cy);
      }
      continue;
    }
    c.fillStyle = e.color;
    c.fillRect(g.x, g.y, g.width, g.height);
    // The bar's ink: its label's colour, at 4.5:1 on its fill, for the marks drawn on it too.
    const ink = textColorOn(e.color);
    drawProgress(c, g, e.progress, ink);
    if (recording && (e.progress ?? 0) > 0) drawnRecord.progressBars.push(e.id);
    if (b.showCritical && e.critical) {
      drawCriticalBar(c, g);
      if (recording) drawnRecord.criticalBars.push(e.id);
    }
    if (selected || !(b.showCritical && e.critical)) {
      c.lineWidth = selected ? 2 : 1;
      c.strokeStyle = selected ? "#0F6CBD" : outlineOf(e.color);
      c.strokeRect(g.x + 0.5, g.y + 0.5, g.width - 1, g.height - 1);
    }
    c.lineWidth = 1;
    if (selected) {
      // Link handles: drag from one to another bar to draw a link.
      c.fillStyle = "#0F6CBD";
      for (const hx of [g.x - HANDLE_OFFSET, g.x + g.width + HANDLE_OFFSET]) {
        c.beginPath();
        c.arc(hx, g.y + g.height / 2, 4, 0, Math.PI * 2);
        c.fill();
      }
    }
    if (e.locked) {
      drawLock(c, g, ink);
      if (recording) drawnRecord.lockedBars.push(e.id);
    }
    // The progress also in words after the label (issue 22: not by shade alone).
    const label = progressLabel(e.trigram || (g.width > 40 ? e.name : ""), e.progress);
    if (label && g.width > 14) {
      c.save();
      c.beginPath();
      c.rect(g.x, g.y, g.width, g.height);
      c.clip();
      c.fillStyle = ink;
      c.fillText(label, g.x + 4, g.y + g.height / 2);
      c.restore();
    }
  }
  c.restore();
  return drawn;
}

const SUMMARY_HEIGHT = 4;
const SUMMARY_TICK = 3;

/**
 * The sequences of a zone's row (grouped by zone) as summary bars on the zone's heading row: a train's instance
 * in that zone, from its first start to its last end (live while dragging), a bracket in the sequence's colour
 * with its name when there is room.
 */
function drawSummaries(c: CanvasRenderingContext2D, b: BarsInput, row: GanttRow, left: number, right: number): number {
  const { model, scale } = b;
  const names = model.sequences!;
  let drawn = 0;
  for (const s of sequenceSummaries(model.events, row.events, b.live.size ? (id) => b.live.get(id) : undefined)) {
    const g = barGeometry(scale, row, s.startDay, s.endDay);
    if (g.x > right || g.x + g.width < left) continue;
    const info = names.get(s.sequenceId);
    const color = barColor(info?.color, "#605E5C");
    const y = row.y + row.height - SUMMARY_HEIGHT - SUMMARY_TICK - 1;
    c.fillStyle = color;
    c.beginPath();
    // A bracket: the bar and a tick down at each end, as planning tools draw a summary task.
    c.moveTo(g.x, y);
    c.lineTo(g.x + g.width, y);
    c.lineTo(g.x + g.width, y + SUMMARY_HEIGHT + SUMMARY_TICK);
    c.lineTo(g.x + g.width - SUMMARY_TICK, y + SUMMARY_HEIGHT);
    c.lineTo(g.x + SUMMARY_TICK, y + SUMMARY_HEIGHT);
    c.lineTo(g.x, y + SUMMARY_HEIGHT + SUMMARY_TICK);
    c.closePath();
    c.fill();
    c.strokeStyle = outlineOf(color);
    c.lineWidth = 1;
    c.stroke();
    if (info?.name && g.width > 60) {
      c.save();
      c.beginPath();
      c.rect(g.x, row.y, g.width, row.height);
      c.clip();
      c.fillStyle = "#242424";
      c.fillText(info.name, g.x + 2, y / 2 + row.y / 2);
      c.restore();
    }
    drawn++;
  }
  return drawn;
}

/**
 * The completed part of a bar from its task's last counting (issue 17): the counted share of the bar shaded over its
 * whole height, and, so that it reads without colour (issue 22, shared/src/gantt/marks.ts), underlined in the bar's
 * ink and closed by a tick of the same ink; nothing for a task never counted.
 */
export function drawProgress(
  c: CanvasRenderingContext2D,
  g: { x: number; y: number; width: number; height: number },
  percentage: number | null | undefined,
  ink: string,
): void {
  const mark = progressMark(g, percentage);
  if (!mark) return;
  c.fillStyle = "rgba(0,0,0,0.18)";
  c.fillRect(g.x, g.y, mark.done, g.height);
  c.fillStyle = ink;
  c.fillRect(g.x, g.y + g.height - PROGRESS_LINE, mark.done, PROGRESS_LINE);
  if (mark.tick) c.fillRect(g.x + mark.done - PROGRESS_TICK / 2, g.y, PROGRESS_TICK, g.height);
}

/**
 * A locked task's padlock (issue 22: was a 3 px square, unseen on a dark bar): a shackle over a body, in the bar's ink
 * at its right end, or in the chart's ink just after a narrow bar.
 */
export function drawLock(
  c: CanvasRenderingContext2D,
  g: { x: number; y: number; width: number; height: number },
  ink: string,
): void {
  const m = lockMark(g);
  const color = m.inside ? ink : "#424242";
  const body = Math.ceil(LOCK_HEIGHT / 2);
  c.fillStyle = color;
  c.fillRect(m.x, m.y + LOCK_HEIGHT - body, LOCK_WIDTH, body);
  c.strokeStyle = color;
  c.lineWidth = 1.5;
  c.beginPath();
  c.arc(m.x + LOCK_WIDTH / 2, m.y + LOCK_HEIGHT - body, LOCK_WIDTH / 2 - 1, Math.PI, 0);
  c.stroke();
  c.lineWidth = 1;
}
