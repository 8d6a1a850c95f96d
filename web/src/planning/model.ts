import { createCalendarSet, type Calendar } from "@jalon/engine";
import {
  barColor,
  barGeometry,
  buildRows,
  comparedOnlyGhosts,
  milestoneGeometry,
  eventColumnsFor,
  keepEventColumns,
  PATH_SEPARATOR,
  rowColumnsOf,
  zonePathTexts,
  type BarGeometry,
  type GanttEvent,
  type GanttRow,
  type Grouping,
  type TimeScale,
} from "@jalon/shared/gantt";
import {
  calendarSetOf,
  columnReader,
  eventColumnsOf,
  eventsToColumns,
  storedColumn,
  storedNumbers,
  type PlanningData,
} from "@jalon/shared/planning";
import { frenchKey, lazyArray } from "@jalon/shared";
import { applyOrder } from "./tools/reorder";
import { DayColumns, IdIndex, RowOfId } from "./idIndex";

/**
 * The planning screen's view model: plain data derived from GET /planning/data, the grouping and the live
 * dates (committed + preview). Konva layers draw from it; hit testing reads it; nothing here touches the DOM.
 */
export interface GanttModel {
  readonly events: GanttEvent[];
  readonly rows: GanttRow[];
  /** Event id -> index into events. */
  readonly indexOfId: ReadonlyMap<number, number>;
  /** Event id -> row index. */
  readonly rowOfId: ReadonlyMap<number, number>;
  readonly links: { parentId: number; childId: number; type: number; delay: number }[];
  /** The same links as columns (the graph's own arrays): what drawing reads. */
  readonly linkColumns: LinkColumns;
  /** For each row, the links with an end on it, so drawing visits only the visible rows' links. */
  readonly linksOfRow: RowLinks;
  readonly calendar: Calendar;
  /** Grouped by zone: the sequences' names and colours, drawn as summary bars on their zone's row (issue 16). */
  readonly sequences?: ReadonlyMap<number, { name: string; color: string | null }>;
}

export interface LinkColumns {
  readonly parentId: ArrayLike<number>;
  readonly childId: ArrayLike<number>;
  readonly type: ArrayLike<number>;
  readonly delay: ArrayLike<number>;
}

export const LINK_NAMES = ["end-begin", "begin-begin", "end-end", "begin-end"] as const;

export interface ModelOptions {
  grouping: Grouping;
  aggregated?: ReadonlySet<number>;
  noGroupLabel?: string;
  /** Client-side filters: events it refuses are not drawn (their dates still move with the graph). */
  keep?: ((id: number) => boolean) | null;
  /** The user's row order (event id -> position), applied inside each group. */
  rowOrder?: ReadonlyMap<number, number>;
}

/**
 * Dates of every event of the version, read from the graph columns the server sent (no Map or array per event:
 * see idIndex.ts). A move's dates are then kept in a Map made from it (PlanningSession).
 */
export function datesOf(data: PlanningData): ReadonlyMap<number, readonly [number, number]> {
  const g = data.graph;
  const out = new DayColumns(graphIndex(g), g.ids, g.startDay, g.endDay);
  loadDates.set(out, g);
  return out;
}

const graphIndexes = new WeakMap<PlanningData["graph"], IdIndex>();
/** Id -> index in the graph, made once per loaded graph. */
function graphIndex(g: PlanningData["graph"]): IdIndex {
  let x = graphIndexes.get(g);
  if (!x) graphIndexes.set(g, (x = new IdIndex(g.ids)));
  return x;
}
/** Maps made by datesOf, with the graph they copy: a model built from one reads the graph's columns instead. */
const loadDates = new WeakMap<ReadonlyMap<number, readonly [number, number]>, PlanningData["graph"]>();

export function buildModel(
  data: PlanningData,
  dates: ReadonlyMap<number, readonly [number, number]>,
  options: ModelOptions,
  critical?: ReadonlySet<number>,
): GanttModel {
  const lotColor = new Map(data.lots.map((l) => [l.id, l.color]));
  // A plan has a few colours (its lots', some events'): each pair is resolved once, not parsed again per event
  // (parseHex was a third of buildModel at 10k tasks, bench/web).
  // Most events have no colour of their own and take their lot's: those are looked up by lot id, without
  // building a key string per event.
  const ofLot = new Map<number | null, string>();
  const colors = new Map<string, string>();
  const colorOf = (own: string | null, lot: number | null): string => {
    const lotHex = lot === null ? null : lotColor.get(lot);
    if (own === null) {
      let c = ofLot.get(lot);
      if (c === undefined) ofLot.set(lot, (c = barColor(null, lotHex)));
      return c;
    }
    const key = `${own}|${lot ?? ""}`;
    let c = colors.get(key);
    if (c === undefined) colors.set(key, (c = barColor(own, lotHex)));
    return c;
  };
  // A plan has a few trigrams (its lots'): each upper-cased once, not a new string per event.
  const uppers = new Map<string, string>();
  const upperOf = (x: string): string => {
    let u = uppers.get(x);
    if (u === undefined) uppers.set(x, (u = x.toUpperCase()));
    return u;
  };
  const g = data.graph;
  const inGraph = graphIndex(g);
  const indexInGraph = (id: number) => inGraph.get(id) ?? -1;
  // The load's own dates (datesOf this graph): read from the graph's columns, no lookup per event.
  const fromGraph = loadDates.get(dates) === g;
  // Which events are drawn (in the graph, with dates, kept by the filters) and their numbers, as columns; each
  // event object is made on its first read (lazyArray): the first paint reads the 40 or so on screen.
  // Data whose events are objects (a JSON answer read by fromWire's caller, tests) is read as columns too.
  const c = eventColumnsOf(data) ?? eventsToColumns(data.events);
  const total = c.id.length;
  // The usual load: every event of the answer is the graph's of the same position, with the load's dates, no
  // filter. Its columns are then the model's, read as they are (no copy, no lookup per event).
  let identity = fromGraph && !options.keep && total === g.ids.length;
  for (let k = 0; k < total && identity; k++) identity = c.id[k] === g.ids[k];
  let n = total;
  let from: Int32Array | null = null;
  let graphAt: Int32Array | null = null;
  let startDays: ArrayLike<number> = g.startDay;
  let endDays: ArrayLike<number> = g.endDay;
  if (!identity) {
    from = new Int32Array(total);
    graphAt = new Int32Array(total);
    const starts = new Float64Array(total);
    const ends = new Float64Array(total);
    n = 0;
    for (let k = 0; k < total; k++) {
      const id = c.id[k];
      const gi = indexInGraph(id);
      if (gi < 0) continue;
      let startDay: number;
      let endDay: number;
      if (fromGraph) {
        startDay = g.startDay[gi];
        endDay = g.endDay[gi];
      } else {
        const d = dates.get(id);
        if (!d) continue;
        startDay = d[0];
        endDay = d[1];
      }
      if (options.keep && !options.keep(id)) continue;
      from[n] = k;
      graphAt[n] = gi;
      starts[n] = startDay;
      ends[n] = endDay;
      n++;
    }
    startDays = starts;
    endDays = ends;
  }
  /** The answer's position of event i, and its graph's. */
  const fromAt = (i: number) => (from === null ? i : from[i]);
  const graphOf = (i: number) => (graphAt === null ? i : graphAt[i]);
  /**
   * A column of the drawn events as numbers, null as `none`: a typed column of the answer is already one, and a
   * nullable one is read from its stored values (compact.ts storedNumbers), never made a plain array.
   */
  const numbers = (
    key: "id" | "zoneId" | "participantGroupProId" | "sequenceId" | "type" | "progress",
    none: number,
  ) => {
    const s = storedColumn(c, key);
    if (s) return storedNumbers(s, from, n, none);
    const col: ArrayLike<number | null> = c[key];
    if (identity && ArrayBuffer.isView(col)) return col as ArrayLike<number>;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = col[fromAt(i)] ?? none;
    return out;
  };
  const ids = numbers("id", NaN);
  const zoneIds = numbers("zoneId", NaN);
  const lotIds = numbers("participantGroupProId", NaN);
  const sequenceIds = numbers("sequenceId", NaN);
  // Type 1 is a milestone, 0 a task (wire.ts).
  const milestone = numbers("type", 0);
  const progress = numbers("progress", 0);
  const colorAt = columnReader<string>(c, "color");
  const trigramAt = columnReader<string>(c, "trigram");
  let locked: ArrayLike<number> = g.locked;
  if (!identity) {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = g.locked[graphOf(i)] === 1 ? 1 : 0;
    locked = out;
  }
  const nullable = (v: number) => (Number.isNaN(v) ? null : v);
  const events = lazyArray<GanttEvent>(n, (i) => {
    const k = fromAt(i);
    const lot = nullable(lotIds[i]);
    const own = colorAt(k);
    const trigram = trigramAt(k);
    // The same fields in the same order as before the columns: one shape for every event.
    return {
      id: ids[i],
      kind: milestone[i] === 1 ? "milestone" : "task",
      name: c.name[k],
      startDay: startDays[i],
      endDay: endDays[i],
      numberOfDays: g.duration[graphOf(i)],
      color: colorOf(own, lot),
      trigram: trigram ? upperOf(trigram) : null,
      progress: progress[i],
      zoneId: nullable(zoneIds[i]),
      lotId: lot,
      sequenceId: nullable(sequenceIds[i]),
      critical: critical?.has(ids[i]) ?? false,
      locked: locked[i] === 1,
    };
  });
  keepEventColumns(events, {
    id: ids,
    startDay: startDays,
    endDay: endDays,
    zoneId: zoneIds,
    lotId: lotIds,
    sequenceId: sequenceIds,
    milestone,
    progress,
    locked,
  });
  let labels = new Map<number, string>();
  let keys: Map<number, string> | null = null;
  if (options.grouping === "zone") {
    // A plan's zones repeat a few names (levels, flats): each name's key is made once, and a path's key is its
    // names' keys joined (frenchKey maps character by character).
    const nameKeys = new Map<string, string>();
    const keyOf = (name: string): string => {
      let k = nameKeys.get(name);
      if (k === undefined) nameKeys.set(name, (k = frenchKey(name)));
      return k;
    };
    ({ labels, keys } = zonePathTexts(data.zones, keyOf, frenchKey(PATH_SEPARATOR)));
  }
  if (options.grouping === "lot") for (const l of data.lots) labels.set(l.id, l.name);
  if (options.grouping === "sequence") for (const s of data.sequences) labels.set(s.id, s.name);
  const calendar = projectCalendar(data);
  // Compared versions: room under each bar for their baselines, and a read-only row for each event only they have.
  const baselines = data.comparisons?.length ?? 0;
  const ghosts = baselines > 0 ? comparedOnlyGhosts(data) : undefined;
  const built = buildRows(events, {
    grouping: options.grouping,
    groupLabels: labels,
    groupKeys: keys ?? undefined,
    aggregated: options.aggregated,
    calendar,
    noGroupLabel: options.noGroupLabel,
    baselines,
    ghosts,
  });
  const rows = options.rowOrder?.size ? reorderRows(built, events, options.rowOrder) : built;
  // The graph's own index when the events are the graph's, in its order: the same positions, not made again.
  const indexOfId = identity ? inGraph : new IdIndex(ids);
  const rowOfEvent = new Int32Array(events.length).fill(-1);
  let eventRows = 0;
  const eventOfRow = rowColumnsOf(rows).event;
  for (let ri = 0; ri < eventOfRow.length; ri++)
    if (eventOfRow[ri] >= 0) {
      rowOfEvent[eventOfRow[ri]] = ri;
      eventRows++;
    }
  const rowOfId = new RowOfId(indexOfId, ids, rowOfEvent, eventRows);
  const linksOfRow = rowLinks(rows.length, rowOfId.rowsOf(g.linkParentId), rowOfId.rowsOf(g.linkChildId));
  const sequences =
    options.grouping === "zone" && data.sequences.length > 0
      ? new Map(data.sequences.map((x) => [x.id, { name: x.name, color: x.color }]))
      : undefined;
  return withLinks(
    { events, rows, indexOfId, rowOfId, linksOfRow, calendar, ...(sequences ? { sequences } : {}) },
    { parentId: g.linkParentId, childId: g.linkChildId, type: g.linkType, delay: g.linkDelay },
  );
}

/**
 * The model with its links: drawing reads the graph's link columns; `links`, the same as objects for the
 * interaction tools (pick, reorder, link editor), is made on first read (20k objects the first paint never needs).
 */
function withLinks(m: Omit<GanttModel, "links" | "linkColumns">, columns: LinkColumns): GanttModel {
  let links: GanttModel["links"] | null = null;
  return Object.defineProperty({ ...m, linkColumns: columns } as GanttModel, "links", {
    enumerable: true,
    get: () => {
      if (links === null) {
        const n = columns.parentId.length;
        links = new Array<GanttModel["links"][number]>(n);
        for (let k = 0; k < n; k++)
          links[k] = {
            parentId: columns.parentId[k],
            childId: columns.childId[k],
            type: columns.type[k],
            delay: columns.delay[k],
          };
      }
      return links;
    },
  });
}

let empty: GanttModel | null = null;
/** The model drawn before the data arrives: no rows, a calendar without holidays. */
export function emptyModel(): GanttModel {
  return (empty ??= withLinks(
    {
      events: [],
      rows: [],
      indexOfId: new Map(),
      rowOfId: new Map(),
      linksOfRow: rowLinks(0, new Int32Array(0), new Int32Array(0)),
      calendar: createCalendarSet({}).calendars[0],
    },
    { parentId: [], childId: [], type: [], delay: [] },
  ));
}

const calendars = new WeakMap<PlanningData["calendars"], Calendar>();
/** The project's calendar, built once per loaded data: a model is rebuilt on every filter, grouping or move. */
function projectCalendar(data: PlanningData): Calendar {
  let c = calendars.get(data.calendars);
  if (!c) calendars.set(data.calendars, (c = calendarSetOf(data.calendars).calendars[0]));
  return c;
}

/**
 * The links with an end on each row, as one array of link indices sliced by row (`start[r]` to `start[r + 1]`): at
 * 100k tasks a list per row was 100k small arrays, each grown by push to 17 slots, that the first paint's garbage
 * collector then copied (bench/web).
 */
export class RowLinks {
  constructor(
    private readonly start: Int32Array,
    private readonly links: Int32Array,
  ) {}

  /** The indices (into the link columns) of the links with an end on row r. */
  of(r: number): Int32Array {
    return this.links.subarray(this.start[r], this.start[r + 1]);
  }
}

/** The links' rows by row: `parentRow[k]` and `childRow[k]` are link k's ends' rows (-1: not drawn). */
function rowLinks(rowCount: number, parentRow: Int32Array, childRow: Int32Array): RowLinks {
  const n = parentRow.length;
  // Rows of each link's ends (-1: not drawn), counted per row, then placed: two passes, no array per row.
  const ends = new Int32Array(2 * n);
  const start = new Int32Array(rowCount + 1);
  for (let k = 0; k < n; k++) {
    const rp = parentRow[k];
    const rc = childRow[k];
    if (rp < 0 || rc < 0) {
      ends[2 * k] = ends[2 * k + 1] = -1;
      continue;
    }
    ends[2 * k] = rp;
    ends[2 * k + 1] = rc === rp ? -1 : rc;
    start[rp + 1]++;
    if (rc !== rp) start[rc + 1]++;
  }
  for (let r = 0; r < rowCount; r++) start[r + 1] += start[r];
  const links = new Int32Array(start[rowCount]);
  const next = start.slice(0, rowCount);
  for (let k = 0; k < n; k++) {
    const rp = ends[2 * k];
    if (rp < 0) continue;
    links[next[rp]++] = k;
    const rc = ends[2 * k + 1];
    if (rc >= 0) links[next[rc]++] = k;
  }
  return new RowLinks(start, links);
}

/** Event rows of each group (each run of consecutive event rows) put in the user's order, keeping their y. */
function reorderRows(rows: GanttRow[], events: readonly GanttEvent[], order: ReadonlyMap<number, number>): GanttRow[] {
  const out = rows.slice();
  let k = 0;
  while (k < out.length) {
    if (out[k].kind !== "event") {
      k++;
      continue;
    }
    let end = k;
    while (end < out.length && out[end].kind === "event") end++;
    const run = out.slice(k, end);
    const ids = applyOrder(
      run.map((r) => events[r.events[0]].id),
      order,
    );
    const rowById = new Map(run.map((r) => [events[r.events[0]].id, r]));
    ids.forEach((id, j) => {
      const r = rowById.get(id)!;
      out[k + j] = { ...r, y: run[j].y };
    });
    k = end;
  }
  return out;
}

const rowIds = new WeakMap<GanttModel, number[]>();
/** The ids of the event rows, in row order (the grid's and the keyboard's rows), made once per model. */
export function eventRowIds(model: GanttModel): readonly number[] {
  let ids = rowIds.get(model);
  if (!ids) {
    const eventOf = rowColumnsOf(model.rows).event;
    const idOf = eventColumnsFor(model.events).id;
    ids = [];
    for (let r = 0; r < eventOf.length; r++) if (eventOf[r] >= 0) ids.push(idOf[eventOf[r]]);
    rowIds.set(model, ids);
  }
  return ids;
}

/** Geometry of event e on its row with the given dates (a preview may move it). */
export function eventGeometry(
  scale: TimeScale,
  row: GanttRow,
  e: GanttEvent,
  startDay = e.startDay,
  endDay = e.endDay,
): BarGeometry {
  if (e.kind === "milestone") {
    const m = milestoneGeometry(scale, row, startDay);
    return { x: m.cx - m.radius, y: m.cy - m.radius, width: 2 * m.radius, height: 2 * m.radius };
  }
  return barGeometry(scale, row, startDay, endDay);
}

/** The event under (x, y) in canvas content coordinates, or null. Reads only the row under the pointer. */
export function hitTest(
  model: GanttModel,
  scale: TimeScale,
  x: number,
  y: number,
  live?: (id: number) => readonly [number, number] | undefined,
): GanttEvent | null {
  let lo = 0;
  let hi = model.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const r = model.rows[mid];
    if (r.y + r.height <= y) lo = mid + 1;
    else hi = mid;
  }
  const row = model.rows[lo];
  if (!row || row.y > y || row.kind !== "event") return null;
  const e = model.events[row.events[0]];
  const d = live?.(e.id);
  const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
  const slop = 3;
  return x >= g.x - slop && x <= g.x + g.width + slop ? e : null;
}
