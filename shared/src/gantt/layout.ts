import { mergeRow, type Calendar } from "@jalon/engine";
import { dayToX, type TimeScale } from "./timeScale.js";
import { compareFrench, frenchKey } from "../frenchOrder.js";
import { routeLink, ROUTE_LENGTH, type BarGeometry, type LinkTypeName } from "./linkRoute.js";
import type { PlannedEventType } from "../contract/event.js";

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
  /** Group ids whose events are merged on one row (aggregation). */
  aggregated?: ReadonlySet<number>;
  calendar?: Calendar;
  noGroupLabel?: string;
  /** Number of compared versions (0..4): event rows grow by baselineBand(baselines). */
  baselines?: number;
  /** Events of the compared versions that this version does not have: one read-only row each. */
  ghosts?: readonly GanttGhost[];
}

function groupOf(e: Pick<GanttEvent, "zoneId" | "lotId" | "sequenceId">, grouping: Grouping): number | null {
  if (grouping === "zone") return e.zoneId ?? null;
  if (grouping === "lot") return e.lotId ?? null;
  if (grouping === "sequence") return e.sequenceId ?? null;
  return null;
}

/**
 * Event indices sorted by start, then end, then id: the row order. Each event's (start, length, position) is packed
 * in one number and the numbers sorted natively, without a comparator (bench/web: the comparator sort of 10k events
 * was the largest part of the first paint's buildRows, run once and cold). The position stands for the id when
 * the events come in id order, as the server sends them; otherwise, or for days out of the packed range, the
 * comparator sort decides.
 */
function byStart(events: readonly GanttEvent[]): number[] {
  const n = events.length;
  let packable = n < INDEX_SPAN;
  for (let i = 0; i < n && packable; i++) {
    const e = events[i];
    packable =
      e.startDay >= 0 &&
      e.startDay < START_SPAN &&
      e.endDay >= e.startDay &&
      e.endDay - e.startDay < LENGTH_SPAN &&
      (i === 0 || events[i - 1].id < e.id);
  }
  if (!packable) {
    const order = events.map((_, i) => i);
    return order.sort(
      (a, b) =>
        events[a].startDay - events[b].startDay || events[a].endDay - events[b].endDay || events[a].id - events[b].id,
    );
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = events[i];
    keys[i] = (e.startDay * LENGTH_SPAN + (e.endDay - e.startDay)) * INDEX_SPAN + i;
  }
  keys.sort();
  const order = new Array<number>(n);
  for (let k = 0; k < n; k++) order[k] = keys[k] % INDEX_SPAN;
  return order;
}
// 17 + 15 + 21 bits: exact in a double (53 bits). Days up to year 2328, lengths up to 89 years, 2M events.
const START_SPAN = 2 ** 17;
const LENGTH_SPAN = 2 ** 15;
const INDEX_SPAN = 2 ** 21;

export function buildRows(events: readonly GanttEvent[], options: RowOptions): GanttRow[] {
  const rows: GanttRow[] = [];
  let y = 0;
  const band = baselineBand(options.baselines ?? 0);
  const eventHeight = ROW_HEIGHT + band;
  const ghosts = options.ghosts ?? [];
  // Items are event indices (>= 0) or ghosts as -(k + 1): plain numbers, so a plan without ghosts costs what it did.
  let order = byStart(events);
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
    let k = 0;
    for (const g of sorted) {
      while (k < order.length) {
        const e = events[order[k]];
        if (e.startDay > ghosts[g].startDay || (e.startDay === ghosts[g].startDay && e.endDay > ghosts[g].endDay))
          break;
        merged.push(order[k++]);
      }
      merged.push(-(g + 1));
    }
    while (k < order.length) merged.push(order[k++]);
    order = merged;
  }
  // Rows are built field by field, not with spreads: one object per row instead of three (bench/web, first paint).
  // Every event row has the same fields in the same order (groupId undefined when not grouped): one shape.
  const eventBand = band || undefined;
  const push = (it: number, groupId: number | null | undefined) => {
    if (it < 0) {
      const ghost = ghosts[-it - 1];
      rows.push({
        key: `x${ghost.key}`,
        kind: "ghost",
        label: ghost.name,
        y,
        height: eventHeight,
        events: [],
        groupId,
        band,
        ghost,
      });
    } else {
      const e = events[it];
      rows.push({
        key: `e${e.id}`,
        kind: "event",
        label: e.name,
        y,
        height: eventHeight,
        events: [it],
        groupId,
        band: eventBand,
      });
    }
    y += eventHeight;
  };
  if (options.grouping === "none") {
    for (const it of order) push(it, undefined);
    return rows;
  }
  // Items by group, kept in their order: each item's group numbered as met, then a counting sort by that number
  // (typed arrays; a list per group grown by push was a fifth of buildRows at 100k events, bench/web).
  const n = order.length;
  const groupIds: (number | null)[] = [];
  const numberOf = new Map<number | null, number>();
  const itemGroup = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const it = order[k];
    const g = groupOf(it < 0 ? ghosts[-it - 1] : events[it], options.grouping);
    let q = numberOf.get(g);
    if (q === undefined) {
      q = groupIds.length;
      numberOf.set(g, q);
      groupIds.push(g);
    }
    itemGroup[k] = q;
  }
  const first = new Int32Array(groupIds.length + 1);
  for (let k = 0; k < n; k++) first[itemGroup[k] + 1]++;
  for (let q = 0; q < groupIds.length; q++) first[q + 1] += first[q];
  const byGroup = new Int32Array(n);
  const next = first.slice(0, groupIds.length);
  for (let k = 0; k < n; k++) byGroup[next[itemGroup[k]]++] = order[k];
  const labelOf = (g: number | null) =>
    g === null ? (options.noGroupLabel ?? "—") : (options.groupLabels?.get(g) ?? String(g));
  // Group headings in French order (frenchOrder.ts: the server's list order), each label and key made once.
  const labels = groupIds.map((g) => {
    const label = labelOf(g);
    return { label, key: frenchKey(label) };
  });
  const sorted = groupIds
    .map((_, q) => q)
    .sort((a, b) => {
      if (groupIds[a] === null) return 1;
      if (groupIds[b] === null) return -1;
      return compareFrench(labels[a].label, labels[b].label, labels[a].key, labels[b].key);
    });
  for (const q of sorted) {
    const g = groupIds[q];
    const from = first[q];
    const to = first[q + 1];
    let count = 0;
    for (let k = from; k < to; k++) if (byGroup[k] >= 0) count++;
    const members = new Array<number>(count);
    for (let k = from, j = 0; k < to; k++) if (byGroup[k] >= 0) members[j++] = byGroup[k];
    if (g !== null && options.aggregated?.has(g) && options.calendar) {
      const merged = mergeRow(
        members.map((i) => ({
          startDay: events[i].startDay,
          endDay: events[i].endDay,
          duration: events[i].kind === "milestone" ? 0 : events[i].numberOfDays,
        })),
        options.calendar,
      ).map((b) => ({ ...b, members: b.members.map((k) => members[k]) }));
      rows.push({
        key: `a${g}`,
        kind: "aggregate",
        label: labels[q].label,
        y,
        height: ROW_HEIGHT,
        events: members,
        merged,
        groupId: g,
      });
      y += ROW_HEIGHT;
      continue;
    }
    rows.push({
      key: `g${g ?? "none"}`,
      kind: "group",
      label: labels[q].label,
      y,
      height: GROUP_ROW_HEIGHT,
      events: members,
      groupId: g,
    });
    y += GROUP_ROW_HEIGHT;
    for (let k = from; k < to; k++) push(byGroup[k], g);
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
