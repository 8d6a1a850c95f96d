import { linkPath, visibleRows, type TimeScale } from "@jalon/shared/gantt";
import { eventGeometry, LINK_NAMES, type GanttModel } from "../model";

/** Distance from (x, y) to the segment (x0, y0)-(x1, y1). */
export function segmentDistance(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2));
  return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy));
}

/** Distance from (x, y) to a polyline given as flat [x0, y0, x1, y1, ...]. */
export function polylineDistance(pts: readonly number[], x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k + 3 < pts.length; k += 2)
    best = Math.min(best, segmentDistance(x, y, pts[k], pts[k + 1], pts[k + 2], pts[k + 3]));
  return best;
}

/** The drawn path of link k, with the live (preview) dates when there are some. */
export function linkPoints(
  model: GanttModel,
  scale: TimeScale,
  k: number,
  liveOf: (id: number) => readonly [number, number] | undefined,
): number[] | null {
  const lc = model.linkColumns;
  const link = { parentId: lc.parentId[k], childId: lc.childId[k], type: lc.type[k] };
  const rp = model.rowOfId.get(link.parentId);
  const rc = model.rowOfId.get(link.childId);
  if (rp === undefined || rc === undefined) return null;
  const ep = model.events[model.indexOfId.get(link.parentId)!];
  const ec = model.events[model.indexOfId.get(link.childId)!];
  const dp = liveOf(ep.id);
  const dc = liveOf(ec.id);
  return linkPath(
    LINK_NAMES[link.type],
    eventGeometry(scale, model.rows[rp], ep, dp?.[0], dp?.[1]),
    eventGeometry(scale, model.rows[rc], ec, dc?.[0], dc?.[1]),
  );
}

/**
 * The link whose arrow passes within `tolerance` pixels of (x, y), among the links drawn in the viewport (the
 * same rows drawLinks visits), nearest first; -1 when none.
 */
export function linkAt(
  model: GanttModel,
  scale: TimeScale,
  viewport: { top: number; height: number },
  x: number,
  y: number,
  liveOf: (id: number) => readonly [number, number] | undefined,
  tolerance = 4,
): number {
  const { from, to } = visibleRows(model.rows, viewport.top, viewport.height);
  let best = -1;
  let bestDistance = tolerance;
  const seen = new Set<number>();
  for (let r = from; r < to; r++) {
    for (const k of model.linksOfRow[r]) {
      if (seen.has(k)) continue;
      seen.add(k);
      const pts = linkPoints(model, scale, k, liveOf);
      if (!pts) continue;
      const d = polylineDistance(pts, x, y);
      if (d <= bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
  }
  return best;
}
