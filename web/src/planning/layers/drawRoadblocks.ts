import { useMemo } from "react";
import { useStore } from "zustand";
import { visibleRows } from "@jalon/shared/gantt";
import { eventColumnsOf, type PlanningData } from "@jalon/shared/planning";
import { eventGeometry } from "../model";
import type { PlanningSession } from "../session/PlanningSession";
import type { LayerInput } from "./drawBars";

/** The marker's colour: the danger red of the app's badges, distinct from the critical path's outline. */
export const ROADBLOCK_MARKER_COLOR = "#C50F1F";
export const ROADBLOCK_MARKER_RADIUS = 5;

/** The events of the data with open roadblocks (read from the answer's columns when it has them). */
export function openRoadblockIds(data: PlanningData | null): ReadonlySet<number> {
  const out = new Set<number>();
  if (!data) return out;
  const c = eventColumnsOf(data);
  if (c) {
    const open = c.numberOfRoadblocks;
    if (open) for (let i = 0; i < c.id.length; i++) if (open[i] > 0) out.add(c.id[i]);
    return out;
  }
  for (const e of data.events) if ((e.numberOfRoadblocks ?? 0) > 0) out.add(e.id);
  return out;
}

/** The session's events with open roadblocks, recomputed when its data changes (a load, a refetch, a slice). */
export function useOpenRoadblocks(session: PlanningSession): ReadonlySet<number> {
  const data = useStore(session.store, (s) => s.data);
  return useMemo(() => openRoadblockIds(data), [data]);
}

/**
 * A task with open roadblocks (issue 18): a red dot ringed in white on its bar's top right corner, drawn over the
 * bars, for the visible rows only. Live dates (a drag) carry the marker with the bar.
 */
export function drawRoadblockMarkers(
  c: CanvasRenderingContext2D,
  b: LayerInput & { open: ReadonlySet<number> },
): number {
  if (b.open.size === 0) return 0;
  const { model, scale } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  const left = b.scrollLeft - ROADBLOCK_MARKER_RADIUS;
  const right = b.scrollLeft + b.width + ROADBLOCK_MARKER_RADIUS;
  let drawn = 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  c.fillStyle = ROADBLOCK_MARKER_COLOR;
  c.strokeStyle = "#FFFFFF";
  c.lineWidth = 1.5;
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    if (e.kind !== "task" || !b.open.has(e.id)) continue;
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    const cx = g.x + g.width;
    if (cx < left || cx > right) continue;
    c.beginPath();
    c.arc(cx, g.y, ROADBLOCK_MARKER_RADIUS, 0, Math.PI * 2);
    c.fill();
    c.stroke();
    drawn++;
  }
  c.restore();
  return drawn;
}
