import { xToDay, type GanttRow, type Grouping, type TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";

/**
 * Where a task typed in place goes (a double click on an empty place of the chart, "+" at a zone group's end,
 * "Nouvelle tâche ici"): the row under the pointer, its zone (or lot) and the working day under it. Pure.
 */
export interface CreatePlace {
  zoneId: number | null;
  lotId: number | null;
  /** The clicked day, moved to its first working day (a write on a non-working day is refused). */
  day: number;
  /** The row (content coordinates), where the name is typed. */
  rowY: number;
  rowHeight: number;
  /** Left of the clicked day (content coordinates). */
  x: number;
}

/** The row at content height y (rows are sorted by y), or null below the last one. */
export function rowAt(model: GanttModel, y: number): GanttRow | null {
  const rows = model.rows;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = rows[mid];
    if (y < r.y) hi = mid - 1;
    else if (y >= r.y + r.height) lo = mid + 1;
    else return r;
  }
  return null;
}

/** The zone and lot a new task of `row` gets: an event row's own, a group's when grouped by zone or by lot. */
export function presetOf(
  model: GanttModel,
  row: GanttRow,
  grouping: Grouping,
): { zoneId: number | null; lotId: number | null } | null {
  if (row.kind === "ghost") return null;
  if (row.kind === "event") {
    const ev = model.events[row.events[0]];
    return ev ? { zoneId: ev.zoneId ?? null, lotId: ev.lotId ?? null } : null;
  }
  const g = row.groupId ?? null;
  if (grouping === "zone") return { zoneId: g, lotId: null };
  if (grouping === "lot") return { zoneId: null, lotId: g };
  return { zoneId: null, lotId: null };
}

/** The place of a task created at (x, y) on the chart, or null where no task can go (no row, a compared row). */
export function createPlaceAt(
  model: GanttModel,
  scale: TimeScale,
  grouping: Grouping,
  x: number,
  y: number,
): CreatePlace | null {
  const row = rowAt(model, y);
  if (!row) return null;
  const preset = presetOf(model, row, grouping);
  if (!preset) return null;
  const day = model.calendar.nextWorking(Math.min(scale.lastDay, Math.max(scale.firstDay, xToDay(scale, x))));
  return { ...preset, day, rowY: row.y, rowHeight: row.height, x: (day - scale.firstDay) * scale.dayWidth };
}
