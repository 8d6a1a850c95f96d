import type { TimeScale } from "@jalon/shared/gantt";
import { HANDLE_OFFSET } from "./layers/drawBars";
import { eventGeometry, type GanttModel } from "./model";

// Where things are on the Gantt canvas, in content coordinates: shared by the view, its pointer world and the test API.

export type LiveOf = (id: number) => readonly [number, number] | undefined;

/** The first event row at or below the top of the viewport, with its offset from it: kept there by an extension. */
export function topAnchor(model: GanttModel, scrollTop: number): { id: number; offset: number } | null {
  for (let r = rowAt(model, scrollTop); r < model.rows.length; r++) {
    const row = model.rows[r];
    if (row.kind === "event") return { id: model.events[row.events[0]].id, offset: row.y - scrollTop };
  }
  return null;
}

function rowAt(model: GanttModel, y: number): number {
  let lo = 0;
  let hi = model.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (model.rows[mid].y + model.rows[mid].height <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function geometryOf(model: GanttModel, scale: TimeScale, id: number, liveOf: LiveOf) {
  const r = model.rowOfId.get(id);
  const i = model.indexOfId.get(id);
  if (r === undefined || i === undefined) return null;
  const d = liveOf(id);
  return eventGeometry(scale, model.rows[r], model.events[i], d?.[0], d?.[1]);
}

/** The link handle (drawn beside each selected task) under the pointer, if any. */
export function handleAt(
  model: GanttModel,
  scale: TimeScale,
  selection: readonly number[],
  x: number,
  y: number,
  liveOf: LiveOf,
): { id: number; side: "begin" | "end"; x: number; y: number } | null {
  for (const id of selection) {
    const g = geometryOf(model, scale, id, liveOf);
    if (!g) continue;
    const cy = g.y + g.height / 2;
    for (const [side, cx] of [
      ["begin", g.x - HANDLE_OFFSET],
      ["end", g.x + g.width + HANDLE_OFFSET],
    ] as const) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= 36) return { id, side, x: cx, y: cy };
    }
  }
  return null;
}

/** The events whose drawn bars touch the rectangle [x0, y0, x1, y1] (any corner order): the rubber band's. */
export function barsIn(
  model: GanttModel,
  scale: TimeScale,
  rect: readonly [number, number, number, number],
  liveOf: LiveOf,
): number[] {
  const [left, right] = rect[0] <= rect[2] ? [rect[0], rect[2]] : [rect[2], rect[0]];
  const [top, bottom] = rect[1] <= rect[3] ? [rect[1], rect[3]] : [rect[3], rect[1]];
  const ids: number[] = [];
  for (let r = rowAt(model, top); r < model.rows.length && model.rows[r].y <= bottom; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    const d = liveOf(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    if (g.x <= right && g.x + g.width >= left && g.y <= bottom && g.y + g.height >= top) ids.push(e.id);
  }
  return ids;
}
