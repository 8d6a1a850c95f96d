import { linkPath, visibleRows } from "@jalon/shared/gantt";
import { eventGeometry, LINK_NAMES } from "../model";
import type { LayerInput } from "./drawBars";

export interface LinksInput extends LayerInput {
  violated: ReadonlySet<string>;
}

/** Arrows of links with at least one end on a visible row. */
export function drawLinks(c: CanvasRenderingContext2D, l: LinksInput): void {
  const { model } = l;
  const { from, to } = visibleRows(model.rows, l.scrollTop, l.height);
  if (from >= to) return;
  c.save();
  c.translate(-l.scrollLeft, -l.scrollTop);
  c.lineWidth = 1;
  for (let r = from; r < to; r++) {
    for (const k of model.linksOfRow[r]) {
      const lc = model.linkColumns;
      const link = { parentId: lc.parentId[k], childId: lc.childId[k], type: lc.type[k] };
      const rp = model.rowOfId.get(link.parentId)!;
      const rc = model.rowOfId.get(link.childId)!;
      // Draw each link once: from the first of its rows that is visible.
      const firstRow = Math.min(rp, rc);
      if (firstRow >= from && firstRow !== r) continue;
      drawLink(c, l, link, rp, rc);
    }
  }
  c.restore();
}

function drawLink(
  c: CanvasRenderingContext2D,
  l: LinksInput,
  link: { parentId: number; childId: number; type: number },
  rp: number,
  rc: number,
): void {
  const { model, scale } = l;
  const rowP = model.rows[rp];
  const rowC = model.rows[rc];
  const ep = model.events[model.indexOfId.get(link.parentId)!];
  const ec = model.events[model.indexOfId.get(link.childId)!];
  const dp = l.live.get(ep.id);
  const dc = l.live.get(ec.id);
  const pts = linkPath(
    LINK_NAMES[link.type],
    eventGeometry(scale, rowP, ep, dp?.[0], dp?.[1]),
    eventGeometry(scale, rowC, ec, dc?.[0], dc?.[1]),
  );
  const minX = Math.min(pts[0], pts[pts.length - 2]);
  const maxX = Math.max(pts[0], pts[pts.length - 2]);
  if (maxX + 12 < l.scrollLeft || minX - 12 > l.scrollLeft + l.width) return;
  const bad = l.violated.has(`${link.parentId}-${link.childId}`);
  c.strokeStyle = bad ? "#D13438" : "#616161";
  c.fillStyle = c.strokeStyle;
  c.beginPath();
  c.moveTo(pts[0], pts[1]);
  for (let k = 2; k < pts.length; k += 2) c.lineTo(pts[k], pts[k + 1]);
  c.stroke();
  // Arrow head pointing along the last segment.
  const x = pts[pts.length - 2];
  const y = pts[pts.length - 1];
  const dir = Math.sign(x - pts[pts.length - 4]) || 1;
  c.beginPath();
  c.moveTo(x, y);
  c.lineTo(x - 5 * dir, y - 3);
  c.lineTo(x - 5 * dir, y + 3);
  c.closePath();
  c.fill();
}
