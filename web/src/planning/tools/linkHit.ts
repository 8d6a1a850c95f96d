import { ROUTE_LENGTH, visibleRows, type TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import { routeModelLink } from "../layers/linkRouting";
import { wasDrawn } from "../layers/linkFilter";

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

/** The drawn path of link k (routed as the canvas draws it), with the live (preview) dates when there are some. */
export function linkPoints(
  model: GanttModel,
  scale: TimeScale,
  k: number,
  liveOf: (id: number) => readonly [number, number] | undefined,
): number[] | null {
  const out = new Array<number>(ROUTE_LENGTH);
  const n = routeModelLink(model, scale, k, liveOf, out);
  if (n === 0) return null;
  out.length = n;
  return out;
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
    for (const k of model.linksOfRow.of(r)) {
      if (seen.has(k)) continue;
      seen.add(k);
      // A link the chart did not draw (many links, not the selection's) cannot be picked.
      if (!wasDrawn(model, k)) continue;
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
