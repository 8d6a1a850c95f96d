import { ROUTE_LENGTH, visibleRows } from "@jalon/shared/gantt";
import type { LayerInput } from "./drawBars";
import { routeModelLink } from "./linkRouting";
import { beginFrame, linkDisplay, linkShown, markDrawn, useLinkDisplay } from "./linkFilter";
import { drawnRecord, recording } from "./drawnRecord";
import { CRITICAL_COLOR } from "./criticalStyle";

export interface LinksInput extends LayerInput {
  violated: ReadonlySet<string>;
  selection: ReadonlySet<number>;
  showCritical: boolean;
  /** The toolbar's "Toutes les liaisons": every link even when there are many (linkFilter.ts). */
  allLinks: boolean;
}

const LINK_COLOR = "#616161";
const VIOLATED_COLOR = "#D13438";
// One route buffer for every link of every frame.
const pts = new Float64Array(ROUTE_LENGTH);

/**
 * Arrows of links with at least one end on a visible row, routed around the bars between their ends. Critical
 * links (both ends on the critical path, the switch on) are thicker and in the critical colour; broken links are
 * dashed red. Past MANY_LINKS on screen only the selection's (and critical) links are drawn.
 */
export function drawLinks(c: CanvasRenderingContext2D, l: LinksInput): void {
  const { model } = l;
  const { from, to } = visibleRows(model.rows, l.scrollTop, l.height);
  const lc = model.linkColumns;
  // Each link once: from the first of its rows that is visible.
  let onScreen = 0;
  for (let r = from; r < to; r++)
    for (const k of model.linksOfRow.of(r)) if (firstVisibleRow(l, k, from) === r) onScreen++;
  const display = linkDisplay(onScreen, l.allLinks);
  beginFrame(model, lc.parentId.length, display !== "all");
  if (recording) {
    drawnRecord.criticalLinks.length = 0;
    drawnRecord.linksOnScreen = onScreen;
  }
  let drawn = 0;
  if (from < to) {
    c.save();
    c.translate(-l.scrollLeft, -l.scrollTop);
    const liveOf = l.live.size ? (id: number) => l.live.get(id) : null;
    for (let r = from; r < to; r++) {
      for (const k of model.linksOfRow.of(r)) {
        if (firstVisibleRow(l, k, from) !== r) continue;
        const parentId = lc.parentId[k];
        const childId = lc.childId[k];
        const critical = l.showCritical && isCritical(l, parentId) && isCritical(l, childId);
        if (!linkShown(display, parentId, childId, l.selection, critical)) continue;
        const n = routeModelLink(model, l.scale, k, liveOf, pts);
        if (n === 0) continue;
        let minX = pts[0];
        let maxX = pts[0];
        for (let i = 2; i < n; i += 2) {
          if (pts[i] < minX) minX = pts[i];
          if (pts[i] > maxX) maxX = pts[i];
        }
        if (maxX + 12 < l.scrollLeft || minX - 12 > l.scrollLeft + l.width) continue;
        markDrawn(k);
        drawn++;
        const bad = l.violated.size > 0 && l.violated.has(`${parentId}-${childId}`);
        stroke(c, n, bad ? VIOLATED_COLOR : critical ? CRITICAL_COLOR : LINK_COLOR, critical ? 2.5 : 1, bad);
        if (recording && critical) drawnRecord.criticalLinks.push(`${parentId}-${childId}`);
      }
    }
    c.restore();
  }
  if (recording) drawnRecord.linksDrawn = drawn;
  const hidden = display === "all" ? 0 : onScreen - drawn;
  // The legend says how many are hidden; set only on change (a store write re-renders its readers).
  if (useLinkDisplay.getState().hidden !== hidden) queueMicrotask(() => useLinkDisplay.setState({ hidden }));
}

function firstVisibleRow(l: LinksInput, k: number, from: number): number {
  const lc = l.model.linkColumns;
  const rp = l.model.rowOfId.get(lc.parentId[k]);
  const rc = l.model.rowOfId.get(lc.childId[k]);
  if (rp === undefined || rc === undefined) return -1;
  const first = Math.min(rp, rc);
  return first >= from ? first : Math.max(rp, rc);
}

function isCritical(l: LinksInput, id: number): boolean {
  const i = l.model.indexOfId.get(id);
  return i !== undefined && l.model.events[i].critical === true;
}

function stroke(c: CanvasRenderingContext2D, n: number, color: string, width: number, dashed: boolean): void {
  c.strokeStyle = color;
  c.fillStyle = color;
  c.lineWidth = width;
  if (dashed) c.setLineDash(DASH);
  c.beginPath();
  c.moveTo(pts[0], pts[1]);
  for (let k = 2; k < n; k += 2) c.lineTo(pts[k], pts[k + 1]);
  c.stroke();
  if (dashed) c.setLineDash(SOLID);
  // Arrow head pointing along the last segment, larger on a thick line.
  const x = pts[n - 2];
  const y = pts[n - 1];
  const dir = Math.sign(x - pts[n - 4]) || 1;
  const s = width > 1 ? 1.4 : 1;
  c.beginPath();
  c.moveTo(x, y);
  c.lineTo(x - 5 * s * dir, y - 3 * s);
  c.lineTo(x - 5 * s * dir, y + 3 * s);
  c.closePath();
  c.fill();
}
const DASH = [4, 3];
const SOLID: number[] = [];
