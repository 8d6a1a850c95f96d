import type { PlanningData, PlanningEventView } from "./data.js";

/**
 * GET /planning/data on the wire: the events' display attributes in columns, like the graph, instead of one object
 * per event. Half the bytes at 10k events (3.3 -> 1.7 MB), so half the body a browser decodes and parses on its
 * main thread before the first paint (bench/web: decoding and parsing the object form took 60 ms of it), and no
 * key repeated 10,000 times. Clients decode it once with `fromWire`; everything past the HTTP client reads
 * PlanningData.
 */
export interface EventColumns {
  id: number[];
  name: string[];
  /** 0 task, 1 milestone */
  type: number[];
  color: (string | null)[];
  trigram: (string | null)[];
  zoneId: (number | null)[];
  participantGroupProId: (number | null)[];
  sequenceId: (number | null)[];
  macroTaskId: (number | null)[];
  numberOfPeople: number[];
  progress: (number | null)[];
  /** 0 or 1 */
  isTracked: number[];
  /** 0 or 1 */
  milestoneToHide: number[];
  /** Open roadblocks of each event. */
  numberOfRoadblocks: number[];
  /** 1 when a prerequisite of the task is not compliant by its start (PlanningEventView.qualityLate). */
  qualityLate: number[];
}

export type PlanningDataWire = Omit<PlanningData, "events"> & { eventColumns: EventColumns };

/** GET /planning/data?eventsOnly=true: the range's display attributes for a client that holds the graph. */
export interface PlanningSliceWire {
  projectId: number;
  versionId: number;
  writeCounter: number;
  eventColumns: EventColumns;
}

export function eventsToColumns(events: readonly PlanningEventView[]): EventColumns {
  const n = events.length;
  const c: EventColumns = {
    id: new Array(n),
    name: new Array(n),
    type: new Array(n),
    color: new Array(n),
    trigram: new Array(n),
    zoneId: new Array(n),
    participantGroupProId: new Array(n),
    sequenceId: new Array(n),
    macroTaskId: new Array(n),
    numberOfPeople: new Array(n),
    progress: new Array(n),
    isTracked: new Array(n),
    milestoneToHide: new Array(n),
    numberOfRoadblocks: new Array(n),
    qualityLate: new Array(n),
  };
  for (let i = 0; i < n; i++) {
    const e = events[i];
    c.id[i] = e.id;
    c.name[i] = e.name;
    c.type[i] = e.type === "milestone" ? 1 : 0;
    c.color[i] = e.color;
    c.trigram[i] = e.trigram;
    c.zoneId[i] = e.zoneId;
    c.participantGroupProId[i] = e.participantGroupProId;
    c.sequenceId[i] = e.sequenceId;
    c.macroTaskId[i] = e.macroTaskId;
    c.numberOfPeople[i] = e.numberOfPeople;
    c.progress[i] = e.progress;
    c.isTracked[i] = e.isTracked ? 1 : 0;
    c.milestoneToHide[i] = e.milestoneToHide ? 1 : 0;
    c.numberOfRoadblocks[i] = e.numberOfRoadblocks ?? 0;
    c.qualityLate[i] = e.qualityLate ? 1 : 0;
  }
  return c;
}

export function eventsFromColumns(c: EventColumns): PlanningEventView[] {
  const n = c.id.length;
  const out = new Array<PlanningEventView>(n);
  for (let i = 0; i < n; i++) {
    out[i] = {
      id: c.id[i],
      name: c.name[i],
      type: c.type[i] === 1 ? "milestone" : "task",
      color: c.color[i],
      trigram: c.trigram[i],
      zoneId: c.zoneId[i],
      participantGroupProId: c.participantGroupProId[i],
      sequenceId: c.sequenceId[i],
      macroTaskId: c.macroTaskId[i],
      numberOfPeople: c.numberOfPeople[i],
      progress: c.progress[i],
      isTracked: c.isTracked[i] === 1,
      milestoneToHide: c.milestoneToHide[i] === 1,
    };
    // Only a task with open roadblocks carries the count (an answer cached before the column had none).
    const open = c.numberOfRoadblocks?.[i];
    if (open) out[i].numberOfRoadblocks = open;
    if (c.qualityLate?.[i]) out[i].qualityLate = true;
  }
  return out;
}

export function toWire(data: PlanningData): PlanningDataWire {
  const { events, ...rest } = data;
  return { ...rest, eventColumns: eventsToColumns(events) };
}

const columnsOf = new WeakMap<PlanningData, EventColumns>();

/**
 * The planning data of a wire answer. Its `events` objects are made on first read: the planning screen builds its
 * model from the columns (`eventColumnsOf`) and its first paint never needs them (bench/web: 10k objects of 13
 * fields and their garbage collection). Reading `events` anywhere, or spreading the data, gives them as usual.
 */
export function fromWire(wire: PlanningDataWire): PlanningData {
  const { eventColumns, ...rest } = wire;
  let events: PlanningEventView[] | null = null;
  const data = rest as PlanningData;
  Object.defineProperty(data, "events", {
    enumerable: true,
    configurable: true,
    get: () => (events ??= eventsFromColumns(eventColumns)),
    set: (v: PlanningEventView[]) => {
      events = v;
      columnsOf.delete(data);
    },
  });
  columnsOf.set(data, eventColumns);
  return data;
}

/** The event columns a wire answer came with, while its `events` were not replaced; null for other data. */
export function eventColumnsOf(data: PlanningData): EventColumns | null {
  return columnsOf.get(data) ?? null;
}

const COLUMN_KEYS: readonly (keyof EventColumns)[] = [
  "id",
  "name",
  "type",
  "color",
  "trigram",
  "zoneId",
  "participantGroupProId",
  "sequenceId",
  "macroTaskId",
  "numberOfPeople",
  "progress",
  "isTracked",
  "milestoneToHide",
  "numberOfRoadblocks",
  "qualityLate",
];

/**
 * The data with the events of a slice (another range of the same version) added: the graph, calendars and lists
 * are kept as they are (same objects, so nothing derived from them is rebuilt), the events stay in id order like
 * the server's, and an event in both (it spans the seam) is kept once, as the slice has it (the newer read).
 */
export function withSlice(data: PlanningData, slice: EventColumns): PlanningData {
  const own = eventColumnsOf(data) ?? eventsToColumns(data.events);
  const out = {} as EventColumns;
  for (const k of COLUMN_KEYS) (out as unknown as Record<string, unknown[]>)[k] = [];
  const push = (c: EventColumns, i: number) => {
    for (const k of COLUMN_KEYS)
      (out as unknown as Record<string, unknown[]>)[k].push((c as unknown as Record<string, unknown[]>)[k][i]);
  };
  let i = 0;
  let j = 0;
  while (i < own.id.length || j < slice.id.length) {
    const a = i < own.id.length ? own.id[i] : Infinity;
    const b = j < slice.id.length ? slice.id[j] : Infinity;
    if (b <= a) {
      push(slice, j++);
      if (a === b) i++;
    } else push(own, i++);
  }
  return withEventColumns(data, out);
}

/** The data with other events (another range's): the graph, calendars and lists kept as they are (same objects). */
export function withEventColumns(data: PlanningData, columns: EventColumns): PlanningData {
  // Not a spread of `data`: that would read its `events` and make the objects fromWire defers.
  const rest: Record<string, unknown> = {};
  for (const k of Object.keys(data)) if (k !== "events") rest[k] = (data as unknown as Record<string, unknown>)[k];
  return fromWire({ ...(rest as Omit<PlanningData, "events">), eventColumns: columns });
}
