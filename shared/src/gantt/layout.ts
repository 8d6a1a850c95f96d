import { mergeRow, type Calendar } from "@jalon/engine";
import { dayToX, type TimeScale } from "./timeScale.js";
import { compareFrench, frenchKey } from "../frenchOrder.js";
import { routeLink, ROUTE_LENGTH, type BarGeometry, type LinkTypeName } from "./linkRoute.js";
import type { PlannedEventType } from "../contract/event.js";
import { lazyArray } from "../lazyArray.js";
import { denseSpan } from "../denseSpan.js";

/**
 * Rows and geometry of the Gantt as plain data: the web draws it on a Konva canvas, the server prints it with
 * jspdf. Nothing here knows about either.
 */
export const ROW_HEIGHT = 24;
export const GROUP_ROW_HEIGHT = 22;
export const BAR_PADDING = 4;
/** Thin bars of the compared versions, stacked under the task's bar in a band added to the row. */
export const BASELINE_HEIGHT = 3;
export const BASELINE_GAP = 1;
export const MAX_BASELINES = 4;

/** Height added below the bar of an event row for `count` compared versions (0 when not comparing). */
export function baselineBand(count: number): number {
  const n = Math.max(0, Math.min(MAX_BASELINES, Math.floor(count)));
  return n === 0 ? 0 : n * (BASELINE_HEIGHT + BASELINE_GAP) + BASELINE_GAP;
}

export type Grouping = "none" | "zone" | "lot" | "sequence";

export interface GanttEvent {
  readonly id: number;
  readonly kind: PlannedEventType;
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

/**
 * An event that exists only in compared versions: it gets a row of its own (in its group) that shows its
 * baselines alone and cannot be edited. Group ids are the current version's (matched by trackingId).
 */
export interface GanttGhost {
  readonly key: string;
  readonly kind: PlannedEventType;
  readonly name: string;
  /** Earliest start over the versions that have it: where it sorts among the rows. */
  readonly startDay: number;
  readonly endDay: number;
  readonly zoneId?: number | null;
  readonly lotId?: number | null;
  readonly sequenceId?: number | null;
  /** One entry per compared version, in the comparison's order: its dates there, or null when absent. */
  readonly baselines: readonly ({ readonly startDay: number; readonly endDay: number } | null)[];
}

export interface GanttRow {
  readonly key: string;
  readonly kind: "group" | "event" | "aggregate" | "ghost";
  readonly label: string;
  readonly y: number;
  readonly height: number;
  /** Indices into the events array drawn on this row. */
  readonly events: readonly number[];
  /** For aggregated rows: merged bars. */
  readonly merged?: readonly { startDay: number; endDay: number; members: readonly number[] }[];
  readonly groupId?: number | null;
  /** Height at the bottom of the row kept for the compared versions' baselines (see baselineBand). */
  readonly band?: number;
  /** For ghost rows: the event that exists only in compared versions. */
  readonly ghost?: GanttGhost;
}

export interface RowOptions {
  grouping: Grouping;
  /** Label of each group id (zone, lot or sequence names). */
  groupLabels?: ReadonlyMap<number, string>;
  /** The French sort key of each label (frenchKey), when the caller has them; made from the labels otherwise. */
  groupKeys?: ReadonlyMap<number, string>;
  /** Group ids whose events are merged on one row (aggregation). */
  aggregated?: ReadonlySet<number>;
  calendar?: Calendar;
  noGroupLabel?: string;
  /** Number of compared versions (0..4): event rows grow by baselineBand(baselines). */
  baselines?: number;
  /** Events of the compared versions that this version does not have: one read-only row each. */
  ghosts?: readonly GanttGhost[];
}

/**
 * The events' numbers as columns, for the readers that walk every event (the row order, the grouping, the legend):
 * read without making the event objects. Absent ids (no zone, lot or sequence) are NaN.
 */
export interface GanttEventColumns {
  readonly id: ArrayLike<number>;
  readonly startDay: ArrayLike<number>;
  readonly endDay: ArrayLike<number>;
  readonly zoneId: ArrayLike<number>;
  readonly lotId: ArrayLike<number>;
  readonly sequenceId: ArrayLike<number>;
  /** 1 for a milestone. */
  readonly milestone: ArrayLike<number>;
  readonly progress: ArrayLike<number>;
  /** 1 when locked. */
  readonly locked: ArrayLike<number>;
}

const eventColumns = new WeakMap<readonly GanttEvent[], GanttEventColumns>();

/** Keeps the columns of an array of events made on first read (lazyArray.ts): eventColumnsFor reads them. */
export function keepEventColumns(events: readonly GanttEvent[], columns: GanttEventColumns): void {
  eventColumns.set(events, columns);
}

/** The columns of events (kept by keepEventColumns; for other arrays, made once from the objects). */
export function eventColumnsFor(events: readonly GanttEvent[]): GanttEventColumns {
  let c = eventColumns.get(events);
  if (c) return c;
  const n = events.length;
  const id = new Float64Array(n);
  const startDay = new Float64Array(n);
  const endDay = new Float64Array(n);
  const zoneId = new Float64Array(n);
  const lotId = new Float64Array(n);
  const sequenceId = new Float64Array(n);
  const milestone = new Uint8Array(n);
  const progress = new Float64Array(n);
  const locked = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const e = events[i];
    id[i] = e.id;
    startDay[i] = e.startDay;
    endDay[i] = e.endDay;
    zoneId[i] = e.zoneId ?? NaN;
    lotId[i] = e.lotId ?? NaN;
    sequenceId[i] = e.sequenceId ?? NaN;
    milestone[i] = e.kind === "milestone" ? 1 : 0;
    progress[i] = e.progress ?? 0;
    locked[i] = e.locked ? 1 : 0;
  }
  c = { id, startDay, endDay, zoneId, lotId, sequenceId, milestone, progress, locked };
  eventColumns.set(events, c);
  return c;
}

/** An event's group id from the columns (null for none). */
function groupColumn(c: GanttEventColumns, grouping: Grouping): ArrayLike<number> {
  return grouping === "zone" ? c.zoneId : grouping === "lot" ? c.lotId : c.sequenceId;
}

/**
 * Numbers the groups as they are met (pushed to `ids`, null for none): `at(i)` is event i's group's number, `of(g)`
 * group g's. Group ids of a version are dense: a table over their span (the events' zones, 100k look-ups at 100k
 * events, were a Map's), a Map otherwise.
 */
function groupNumbers(col: ArrayLike<number>, ids: (number | null)[]) {
  const span = denseSpan(col, true);
  const min = span?.min ?? 0;
  const map = new Map<number | null, number>();
  const table = span ? new Int32Array(span.max - min + 2).fill(-1) : null;
  const of = (g: number | null): number => {
    let q = map.get(g);
    if (q === undefined) {
      q = ids.length;
      map.set(g, q);
      ids.push(g);
    }
    return q;
  };
  // Slot 0 of the table is "no group", slot v - min + 1 group v.
  const at = (i: number): number => {
    const v = col[i];
    if (table === null) return of(Number.isNaN(v) ? null : v);
    const slot = Number.isNaN(v) ? 0 : v - min + 1;
    const q = table[slot];
    return q >= 0 ? q : (table[slot] = of(Number.isNaN(v) ? null : v));
  };
  return { at, of };
}

function groupOf(e: Pick<GanttEvent, "zoneId" | "lotId" | "sequenceId">, grouping: Grouping): number | null {
  if (grouping === "zone") return e.zoneId ?? null;
  if (grouping === "lot") return e.lotId ?? null;
  if (grouping === "sequence") return e.sequenceId ?? null;
  return null;
}

/**
 * Event indices sorted by start, then end, then id: the row order. When the events come in id order (as the server
 * sends them), the position stands for the id, and each event's (start, length) packs into 32 bits: a stable radix
 * sort of those keys, two passes of 16 bits over typed arrays, keeps equal keys in position order (bench/web: a
 * comparator sort of the 10k events was the largest part of the first paint's buildRows; a native sort of packed
 * doubles then was 20 ms of the 100k first paint). Otherwise, or for days out of the packed range, a comparator sort.
 */
function byStart(events: readonly GanttEvent[]): ArrayLike<number> {
  const { startDay, endDay, id } = eventColumnsFor(events);
  const n = events.length;
  const keys = new Uint32Array(n);
  let packable = true;
  for (let i = 0; i < n && packable; i++) {
    const s = startDay[i];
    const length = endDay[i] - s;
    packable = s >= 0 && s < START_SPAN && length >= 0 && length < LENGTH_SPAN && (i === 0 || id[i - 1] < id[i]);
    keys[i] = s * LENGTH_SPAN + length;
  }
  if (!packable) {
    const order = Array.from({ length: n }, (_, i) => i);
    return order.sort((a, b) => startDay[a] - startDay[b] || endDay[a] - endDay[b] || id[a] - id[b]);
  }
  // Low 16 bits first, then high: each pass a counting sort, stable.
  const counts = new Int32Array(RADIX);
  const first = new Int32Array(n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) counts[keys[i] & 0xffff]++;
  for (let b = 0, at = 0; b < RADIX; b++) {
    const c = counts[b];
    counts[b] = at;
    at += c;
  }
  for (let i = 0; i < n; i++) first[counts[keys[i] & 0xffff]++] = i;
  counts.fill(0);
  for (let i = 0; i < n; i++) counts[keys[i] >>> 16]++;
  for (let b = 0, at = 0; b < RADIX; b++) {
    const c = counts[b];
    counts[b] = at;
    at += c;
  }
  for (let k = 0; k < n; k++) {
    const i = first[k];
    order[counts[keys[i] >>> 16]++] = i;
  }
  return order;
}
// 17 + 15 bits: a start day up to year 2328 (day numbers from 1970), a length up to 89 years.
const START_SPAN = 2 ** 17;
const LENGTH_SPAN = 2 ** 15;
const RADIX = 2 ** 16;

/** What a row is, in RowColumns.kind. */
export const ROW_KIND = { group: 0, event: 1, aggregate: 2, ghost: 3 } as const;

/**
 * The rows' numbers as columns, for the readers that walk every row (the grid's heights and tree, the ids in row
 * order, the link lists): read without making the row objects (see buildRows).
 */
export interface RowColumns {
  /** ROW_KIND of each row. */
  readonly kind: Uint8Array;
  readonly y: Float64Array;
  readonly height: Float64Array;
  /** An event row's index into the events; -1 for the other rows. */
  readonly event: Int32Array;
}

const rowColumns = new WeakMap<readonly GanttRow[], RowColumns>();

/** The columns of rows (buildRows keeps them; for other arrays of rows, made once from the objects). */
export function rowColumnsOf(rows: readonly GanttRow[]): RowColumns {
  let c = rowColumns.get(rows);
  if (c) return c;
  const n = rows.length;
  c = { kind: new Uint8Array(n), y: new Float64Array(n), height: new Float64Array(n), event: new Int32Array(n) };
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    c.kind[i] = ROW_KIND[r.kind];
    c.y[i] = r.y;
    c.height[i] = r.height;
    c.event[i] = r.kind === "event" ? r.events[0] : -1;
  }
  rowColumns.set(rows, c);
  return c;
}

/**
 * The Gantt's rows: groups in French order of their labels, each followed by its events by start (then end, then
 * id), or the events alone when ungrouped. Row order and geometry are computed as columns (RowColumns); each row
 * object is made on its first read (lazyArray.ts), so a screen that shows 40 rows makes about 40.
 */
export function buildRows(events: readonly GanttEvent[], options: RowOptions): GanttRow[] {
  const band = baselineBand(options.baselines ?? 0);
  const eventHeight = ROW_HEIGHT + band;
  const ghosts = options.ghosts ?? [];
  // Items are event indices (>= 0) or ghosts as -(k + 1): plain numbers, so a plan without ghosts costs what it did.
  let order: ArrayLike<number> = byStart(events);
  if (ghosts.length > 0) {
    // Ghosts sort among the events by their start (then end), after the events of the same dates.
    const sorted = ghosts
      .map((_, k) => k)
      .sort(
        (a, b) =>
          ghosts[a].startDay - ghosts[b].startDay ||
          ghosts[a].endDay - ghosts[b].endDay ||
          ghosts[a].key.localeCompare(ghosts[b].key),
      );
    const merged: number[] = [];
    const { startDay, endDay } = eventColumnsFor(events);
    let k = 0;
    for (const g of sorted) {
      while (k < order.length) {
        const s = startDay[order[k]];
        if (s > ghosts[g].startDay || (s === ghosts[g].startDay && endDay[order[k]] > ghosts[g].endDay)) break;
        merged.push(order[k++]);
      }
      merged.push(-(g + 1));
    }
    while (k < order.length) merged.push(order[k++]);
    order = merged;
  }
  const n = order.length;
  const grouped = options.grouping !== "none";
  // Items by group, kept in their order: each item's group numbered as met, then a counting sort by that number
  // (typed arrays; a list per group grown by push was a fifth of buildRows at 100k events, bench/web).
  const groupIds: (number | null)[] = [];
  const itemGroup = new Int32Array(n);
  if (grouped) {
    const columns = eventColumnsFor(events);
    const numberOf = groupNumbers(groupColumn(columns, options.grouping), groupIds);
    for (let k = 0; k < n; k++) {
      const it = order[k];
      itemGroup[k] = it < 0 ? numberOf.of(groupOf(ghosts[-it - 1], options.grouping)) : numberOf.at(it);
    }
  }
  const first = new Int32Array(groupIds.length + 1);
  for (let k = 0; k < n; k++) first[itemGroup[k] + 1]++;
  for (let q = 0; q < groupIds.length; q++) first[q + 1] += first[q];
  const byGroup = grouped ? new Int32Array(n) : Int32Array.from(order);
  if (grouped) {
    const next = first.slice(0, groupIds.length);
    for (let k = 0; k < n; k++) byGroup[next[itemGroup[k]]++] = order[k];
  }
  const labelOf = (g: number | null) =>
    g === null ? (options.noGroupLabel ?? "—") : (options.groupLabels?.get(g) ?? String(g));
  // Group headings in French order (frenchOrder.ts: the server's list order), each label and key made once.
  const labels = groupIds.map((g) => {
    const label = labelOf(g);
    return { label, key: (g !== null && options.groupKeys?.get(g)) || frenchKey(label) };
  });
  const sorted = groupIds
    .map((_, q) => q)
    .sort((a, b) => {
      if (groupIds[a] === null) return 1;
      if (groupIds[b] === null) return -1;
      return compareFrench(labels[a].label, labels[b].label, labels[a].key, labels[b].key);
    });
  // The columns: a row per group (one row in all for an aggregated group), then a row per item.
  const total = n + groupIds.length;
  const kind = new Uint8Array(total);
  const ys = new Float64Array(total);
  const heights = new Float64Array(total);
  const eventOf = new Int32Array(total).fill(-1);
  /** Per row: the item (event index, or ghost as -(k + 1)) of an item row, the group number of a group's row. */
  const itemOf = new Int32Array(total);
  /** Per row: its group's number (-1 when ungrouped). */
  const groupOfRow = new Int32Array(total).fill(-1);
  const members: number[][] = new Array<number[]>(groupIds.length);
  const aggregates = new Map<number, GanttRow>();
  let r = 0;
  let y = 0;
  /** Adds a row of this kind and height in group q (-1: none) below the others; returns its index. */
  const place = (k: number, height: number, q: number): number => {
    kind[r] = k;
    groupOfRow[r] = q;
    ys[r] = y;
    heights[r] = height;
    y += height;
    return r++;
  };
  const addItems = (from: number, to: number, q: number) => {
    for (let k = from; k < to; k++) {
      const it = byGroup[k];
      const row = place(it < 0 ? ROW_KIND.ghost : ROW_KIND.event, eventHeight, q);
      if (it >= 0) eventOf[row] = it;
      itemOf[row] = it;
    }
  };
  if (!grouped) addItems(0, n, -1);
  for (const q of sorted) {
    const g = groupIds[q];
    const from = first[q];
    const to = first[q + 1];
    let count = 0;
    for (let k = from; k < to; k++) if (byGroup[k] >= 0) count++;
    const list = new Array<number>(count);
    for (let k = from, j = 0; k < to; k++) if (byGroup[k] >= 0) list[j++] = byGroup[k];
    members[q] = list;
    if (g !== null && options.aggregated?.has(g) && options.calendar) {
      const merged = mergeRow(
        list.map((i) => ({
          startDay: events[i].startDay,
          endDay: events[i].endDay,
          duration: events[i].kind === "milestone" ? 0 : events[i].numberOfDays,
        })),
        options.calendar,
      ).map((b) => ({ ...b, members: b.members.map((k) => list[k]) }));
      aggregates.set(r, {
        key: `a${g}`,
        kind: "aggregate",
        label: labels[q].label,
        y,
        height: ROW_HEIGHT,
        events: list,
        merged,
        groupId: g,
      });
      place(ROW_KIND.aggregate, ROW_HEIGHT, q);
      continue;
    }
    itemOf[place(ROW_KIND.group, GROUP_ROW_HEIGHT, q)] = q;
    addItems(from, to, q);
  }
  const columns: RowColumns = {
    kind: kind.subarray(0, r),
    y: ys.subarray(0, r),
    height: heights.subarray(0, r),
    event: eventOf.subarray(0, r),
  };
  // Every row of a kind has the same fields in the same order (groupId undefined when ungrouped): one shape each.
  const eventBand = band || undefined;
  const rows = lazyArray<GanttRow>(r, (i) => {
    const q = groupOfRow[i];
    const groupId = q < 0 ? undefined : groupIds[q];
    const k = kind[i];
    if (k === ROW_KIND.event) {
      const it = itemOf[i];
      const e = events[it];
      return {
        key: `e${e.id}`,
        kind: "event",
        label: e.name,
        y: ys[i],
        height: heights[i],
        events: [it],
        groupId,
        band: eventBand,
      };
    }
    if (k === ROW_KIND.ghost) {
      const ghost = ghosts[-itemOf[i] - 1];
      return {
        key: `x${ghost.key}`,
        kind: "ghost",
        label: ghost.name,
        y: ys[i],
        height: heights[i],
        events: [],
        groupId,
        band,
        ghost,
      };
    }
    if (k === ROW_KIND.aggregate) return aggregates.get(i)!;
    return {
      key: `g${groupId ?? "none"}`,
      kind: "group",
      label: labels[q].label,
      y: ys[i],
      height: heights[i],
      events: members[q],
      groupId,
    };
  });
  rowColumns.set(rows, columns);
  return rows;
}

export function totalHeight(rows: readonly GanttRow[]): number {
  const c = rowColumnsOf(rows);
  const n = c.y.length;
  return n > 0 ? c.y[n - 1] + c.height[n - 1] : 0;
}

/** Index of the first row whose bottom is below y (binary search): rows are sorted by y. */
export function firstRowAt(rows: readonly GanttRow[], y: number): number {
  const c = rowColumnsOf(rows);
  let lo = 0;
  let hi = c.y.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c.y[mid] + c.height[mid] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows that intersect [top, top + height): only these are drawn. */
export function visibleRows(rows: readonly GanttRow[], top: number, height: number): { from: number; to: number } {
  const from = firstRowAt(rows, top);
  const c = rowColumnsOf(rows);
  let to = from;
  while (to < c.y.length && c.y[to] < top + height) to++;
  return { from, to };
}

export type { BarGeometry, LinkTypeName } from "./linkRoute.js";

/** A task covers its days from the left edge of its first to the right edge of its last. */
export function barGeometry(
  scale: TimeScale,
  row: Pick<GanttRow, "y" | "height" | "band">,
  startDay: number,
  endDay: number,
): BarGeometry {
  const x = dayToX(scale, startDay);
  return {
    x,
    y: row.y + BAR_PADDING,
    width: Math.max(1, dayToX(scale, endDay + 1) - x),
    height: row.height - (row.band ?? 0) - 2 * BAR_PADDING,
  };
}

/**
 * The thin bar of compared version k (0..3) in the band under the row's bar: the same days as a bar, a
 * milestone as a short mark centred on its instant.
 */
export function baselineGeometry(
  scale: TimeScale,
  row: Pick<GanttRow, "y" | "height" | "band">,
  k: number,
  kind: PlannedEventType,
  startDay: number,
  endDay: number,
): BarGeometry {
  const y = row.y + row.height - (row.band ?? 0) + BASELINE_GAP + k * (BASELINE_HEIGHT + BASELINE_GAP);
  if (kind === "milestone")
    return { x: dayToX(scale, startDay) - BASELINE_HEIGHT, y, width: 2 * BASELINE_HEIGHT, height: BASELINE_HEIGHT };
  const x = dayToX(scale, startDay);
  return { x, y, width: Math.max(2, dayToX(scale, endDay + 1) - x), height: BASELINE_HEIGHT };
}

/** A milestone is a diamond centred on the left edge of its day (the instant at the beginning of day D). */
export function milestoneGeometry(
  scale: TimeScale,
  row: Pick<GanttRow, "y" | "height" | "band">,
  day: number,
): { cx: number; cy: number; radius: number } {
  const h = row.height - (row.band ?? 0);
  return { cx: dayToX(scale, day), cy: row.y + h / 2, radius: (h - 2 * BAR_PADDING) / 2 + 1 };
}

/**
 * An orthogonal arrow from the parent's side named by the link type (begin = left edge, end = right edge) to
 * the child's side; points are [x0, y0, x1, y1, ...] ending at the arrow tip. `spans` ([x0, x1, ...], `count` of
 * them) are the bars of the rows between the two: the vertical leg keeps off them where it can (linkRoute.ts).
 */
export function linkPath(
  type: LinkTypeName,
  parent: BarGeometry,
  child: BarGeometry,
  lead = 6,
  spans: ArrayLike<number> | null = null,
  count = 0,
): number[] {
  const out = new Array<number>(ROUTE_LENGTH);
  out.length = routeLink(out, type, parent, child, lead, spans, count);
  return out;
}

/** A sequence's summary bar inside a group row: a train's instance in its zone, from its first start to its last end. */
export interface SequenceSummary {
  readonly sequenceId: number;
  readonly startDay: number;
  readonly endDay: number;
  /** Events of the sequence among the row's members. */
  readonly count: number;
}

/**
 * The summary bars of the sequences among a group row's members (`members`: indices into `events`), in order of
 * their first start; `live` gives the days drawn for an event when they differ from the model's (a drag).
 */
export function sequenceSummaries(
  events: readonly Pick<GanttEvent, "id" | "startDay" | "endDay" | "sequenceId">[],
  members: readonly number[],
  live?: (id: number) => readonly [number, number] | undefined,
): SequenceSummary[] {
  const byId = new Map<number, { sequenceId: number; startDay: number; endDay: number; count: number }>();
  for (const i of members) {
    const e = events[i];
    if (e.sequenceId === null || e.sequenceId === undefined) continue;
    const d = live?.(e.id);
    const start = d ? d[0] : e.startDay;
    const end = d ? d[1] : e.endDay;
    const s = byId.get(e.sequenceId);
    if (!s) byId.set(e.sequenceId, { sequenceId: e.sequenceId, startDay: start, endDay: end, count: 1 });
    else {
      if (start < s.startDay) s.startDay = start;
      if (end > s.endDay) s.endDay = end;
      s.count++;
    }
  }
  return [...byId.values()].sort(
    (a, b) => a.startDay - b.startDay || a.endDay - b.endDay || a.sequenceId - b.sequenceId,
  );
}
