import { mergeRow, type Calendar } from "@jalon/engine";
import { dayToX, type TimeScale } from "./timeScale.js";

/**
 * Rows and geometry of the Gantt as plain data: the web draws it on a Konva canvas, the server prints it with
 * jspdf. Nothing here knows about either.
 */
export const ROW_HEIGHT = 24;
export const GROUP_ROW_HEIGHT = 22;
export const BAR_PADDING = 4;

export type Grouping = "none" | "zone" | "lot" | "sequence";

export interface GanttEvent {
  readonly id: number;
  readonly kind: "task" | "milestone";
  readonly name: string;
  readonly startDay: number;
  readonly endDay: number;
  readonly numberOfDays: number;
  readonly color: string;
  readonly trigram?: string | null;
  /** 0..100 */
  readonly progress?: number;
  readonly zoneId?: number | null;
  readonly lotId?: number | null;
  readonly sequenceId?: number | null;
  readonly critical?: boolean;
  readonly locked?: boolean;
}

export interface GanttRow {
  readonly key: string;
  readonly kind: "group" | "event" | "aggregate";
  readonly label: string;
  readonly y: number;
  readonly height: number;
  /** Indices into the events array drawn on this row. */
  readonly events: readonly number[];
  /** For aggregated rows: merged bars. */
  readonly merged?: readonly { startDay: number; endDay: number; members: readonly number[] }[];
  readonly groupId?: number | null;
}

export interface RowOptions {
  grouping: Grouping;
  /** Label of each group id (zone, lot or sequence names). */
  groupLabels?: ReadonlyMap<number, string>;
  /** Group ids whose events are merged on one row (aggregation). */
  aggregated?: ReadonlySet<number>;
  calendar?: Calendar;
  noGroupLabel?: string;
}

function groupOf(e: GanttEvent, grouping: Grouping): number | null {
  if (grouping === "zone") return e.zoneId ?? null;
  if (grouping === "lot") return e.lotId ?? null;
  if (grouping === "sequence") return e.sequenceId ?? null;
  return null;
}

function byStart(events: readonly GanttEvent[]) {
  return (a: number, b: number) => events[a].startDay - events[b].startDay || events[a].endDay - events[b].endDay || events[a].id - events[b].id;
}

export function buildRows(events: readonly GanttEvent[], options: RowOptions): GanttRow[] {
  const rows: GanttRow[] = [];
  let y = 0;
  const order = events.map((_, i) => i).sort(byStart(events));
  if (options.grouping === "none") {
    for (const i of order) {
      rows.push({ key: `e${events[i].id}`, kind: "event", label: events[i].name, y, height: ROW_HEIGHT, events: [i] });
      y += ROW_HEIGHT;
    }
    return rows;
  }
  const groups = new Map<number | null, number[]>();
  for (const i of order) {
    const g = groupOf(events[i], options.grouping);
    const list = groups.get(g);
    if (list) list.push(i);
    else groups.set(g, [i]);
  }
  const labelOf = (g: number | null) => (g === null ? (options.noGroupLabel ?? "—") : (options.groupLabels?.get(g) ?? String(g)));
  const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : labelOf(a).localeCompare(labelOf(b), "fr")));
  for (const g of keys) {
    const members = groups.get(g)!;
    if (g !== null && options.aggregated?.has(g) && options.calendar) {
      const merged = mergeRow(
        members.map((i) => ({ startDay: events[i].startDay, endDay: events[i].endDay, duration: events[i].kind === "milestone" ? 0 : events[i].numberOfDays })),
        options.calendar,
      ).map((b) => ({ ...b, members: b.members.map((k) => members[k]) }));
      rows.push({ key: `a${g}`, kind: "aggregate", label: labelOf(g), y, height: ROW_HEIGHT, events: members, merged, groupId: g });
      y += ROW_HEIGHT;
      continue;
    }
    rows.push({ key: `g${g ?? "none"}`, kind: "group", label: labelOf(g), y, height: GROUP_ROW_HEIGHT, events: members, groupId: g });
    y += GROUP_ROW_HEIGHT;
    for (const i of members) {
      rows.push({ key: `e${events[i].id}`, kind: "event", label: events[i].name, y, height: ROW_HEIGHT, events: [i], groupId: g });
      y += ROW_HEIGHT;
    }
  }
  return rows;
}

export function totalHeight(rows: readonly GanttRow[]): number {
  const last = rows[rows.length - 1];
  return last ? last.y + last.height : 0;
}

/** Index of the first row whose bottom is below y (binary search): rows are sorted by y. */
export function firstRowAt(rows: readonly GanttRow[], y: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].y + rows[mid].height <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows that intersect [top, top + height): only these are drawn. */
export function visibleRows(rows: readonly GanttRow[], top: number, height: number): { from: number; to: number } {
  const from = firstRowAt(rows, top);
  let to = from;
  while (to < rows.length && rows[to].y < top + height) to++;
  return { from, to };
}

export interface BarGeometry {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A task covers its days from the left edge of its first to the right edge of its last. */
export function barGeometry(scale: TimeScale, row: Pick<GanttRow, "y" | "height">, startDay: number, endDay: number): BarGeometry {
  const x = dayToX(scale, startDay);
  return { x, y: row.y + BAR_PADDING, width: Math.max(1, dayToX(scale, endDay + 1) - x), height: row.height - 2 * BAR_PADDING };
}

/** A milestone is a diamond centred on the left edge of its day (the instant at the beginning of day D). */
export function milestoneGeometry(scale: TimeScale, row: Pick<GanttRow, "y" | "height">, day: number): { cx: number; cy: number; radius: number } {
  return { cx: dayToX(scale, day), cy: row.y + row.height / 2, radius: (row.height - 2 * BAR_PADDING) / 2 + 1 };
}

export type LinkTypeName = "end-begin" | "begin-begin" | "end-end" | "begin-end";

/**
 * An orthogonal arrow from the parent's side named by the link type (begin = left edge, end = right edge) to
 * the child's side; points are [x0, y0, x1, y1, ...] ending at the arrow tip.
 */
export function linkPath(type: LinkTypeName, parent: BarGeometry, child: BarGeometry, stub = 6): number[] {
  const fromEnd = type === "end-begin" || type === "end-end";
  const toEnd = type === "end-end" || type === "begin-end";
  const x0 = fromEnd ? parent.x + parent.width : parent.x;
  const y0 = parent.y + parent.height / 2;
  const x3 = toEnd ? child.x + child.width : child.x;
  const y3 = child.y + child.height / 2;
  const out = fromEnd ? x0 + stub : x0 - stub;
  const into = toEnd ? x3 + stub : x3 - stub;
  const straight = fromEnd === toEnd || (fromEnd ? out <= into : out >= into);
  if (straight) {
    // Out, down (or up), in.
    const mid = fromEnd === toEnd ? (toEnd ? Math.max(out, into) : Math.min(out, into)) : out;
    return [x0, y0, mid, y0, mid, y3, x3, y3];
  }
  // Otherwise go around between the rows.
  const yMid = y3 > y0 ? child.y - 2 : child.y + child.height + 2;
  return [x0, y0, out, y0, out, yMid, into, yMid, into, y3, x3, y3];
}
