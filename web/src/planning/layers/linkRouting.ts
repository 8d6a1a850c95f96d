import {
  BAR_PADDING,
  collectSpans,
  dayToX,
  MAX_ROUTED_ROWS,
  routeLink,
  type GanttEvent,
  type GanttRow,
  type TimeScale,
} from "@jalon/shared/gantt";
import { LINK_NAMES, type GanttModel } from "../model";

/**
 * The drawn route of a model's link, shared by the canvas (drawLinks), the pointer's pick (linkHit) and the
 * selected link's overlay so that all three agree: the vertical leg keeps off the bars of the rows between its
 * ends (shared/src/gantt/linkRoute.ts). Nothing here allocates per link: the canvas routes each visible link on
 * every frame.
 */
export type LiveOf = (id: number) => readonly [number, number] | undefined;

type Box = { x: number; y: number; width: number; height: number };
const parentBox: Box = { x: 0, y: 0, width: 0, height: 0 };
const childBox: Box = { x: 0, y: 0, width: 0, height: 0 };
// Room for one bar per row between, and a few merged bars of aggregated rows.
const spans = new Float64Array(4 * (MAX_ROUTED_ROWS + 2));

/** eventGeometry (model.ts) written into a reused box. */
export function geometryInto(
  box: Box,
  scale: TimeScale,
  row: Pick<GanttRow, "y" | "height" | "band">,
  e: Pick<GanttEvent, "kind">,
  startDay: number,
  endDay: number,
): Box {
  const h = row.height - (row.band ?? 0);
  if (e.kind === "milestone") {
    const radius = (h - 2 * BAR_PADDING) / 2 + 1;
    box.x = dayToX(scale, startDay) - radius;
    box.y = row.y + h / 2 - radius;
    box.width = 2 * radius;
    box.height = 2 * radius;
    return box;
  }
  const x = dayToX(scale, startDay);
  box.x = x;
  box.y = row.y + BAR_PADDING;
  box.width = Math.max(1, dayToX(scale, endDay + 1) - x);
  box.height = h - 2 * BAR_PADDING;
  return box;
}

// The obstacle reader's context, set before each collectSpans (one function, not a closure per link).
let spanModel: GanttModel | null = null;
let spanScale: TimeScale | null = null;
let spanLive: LiveOf | null = null;
function rowSpans(r: number, out: Float64Array, at: number): number {
  const model = spanModel!;
  const scale = spanScale!;
  const row = model.rows[r];
  if (row.kind === "event") {
    const e = model.events[row.events[0]];
    const d = spanLive?.(e.id);
    const s = d ? d[0] : e.startDay;
    const en = d ? d[1] : e.endDay;
    if (e.kind === "milestone") {
      const h = row.height - (row.band ?? 0);
      const radius = (h - 2 * BAR_PADDING) / 2 + 1;
      out[at] = dayToX(scale, s) - radius;
      out[at + 1] = dayToX(scale, s) + radius;
    } else {
      out[at] = dayToX(scale, s);
      out[at + 1] = dayToX(scale, en + 1);
    }
    return 1;
  }
  if (row.kind === "aggregate" && row.merged) {
    let n = 0;
    for (const b of row.merged) {
      if (at + 2 * n + 1 >= out.length) break;
      out[at + 2 * n] = dayToX(scale, b.startDay);
      out[at + 2 * n + 1] = dayToX(scale, b.endDay + 1);
      n++;
    }
    return n;
  }
  return 0;
}

/**
 * Writes the route of link k into `out` (at least ROUTE_LENGTH long) and returns its length, or 0 when one of its
 * events has no row (filtered out).
 */
export function routeModelLink(
  model: GanttModel,
  scale: TimeScale,
  k: number,
  liveOf: LiveOf | null,
  out: { [i: number]: number },
): number {
  const lc = model.linkColumns;
  const parentId = lc.parentId[k];
  const childId = lc.childId[k];
  const rp = model.rowOfId.get(parentId);
  const rc = model.rowOfId.get(childId);
  if (rp === undefined || rc === undefined) return 0;
  const ep = model.events[model.indexOfId.get(parentId)!];
  const ec = model.events[model.indexOfId.get(childId)!];
  const dp = liveOf?.(parentId);
  const dc = liveOf?.(childId);
  geometryInto(parentBox, scale, model.rows[rp], ep, dp ? dp[0] : ep.startDay, dp ? dp[1] : ep.endDay);
  geometryInto(childBox, scale, model.rows[rc], ec, dc ? dc[0] : ec.startDay, dc ? dc[1] : ec.endDay);
  spanModel = model;
  spanScale = scale;
  spanLive = liveOf;
  const count = collectSpans(rp, rc, rowSpans, spans);
  spanModel = null;
  spanLive = null;
  return routeLink(out, LINK_NAMES[lc.type[k]], parentBox, childBox, 6, spans, count);
}
