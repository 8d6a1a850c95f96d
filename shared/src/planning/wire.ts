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
}

export type PlanningDataWire = Omit<PlanningData, "events"> & { eventColumns: EventColumns };

export function eventsToColumns(events: readonly PlanningEventView[]): EventColumns {
  const n = events.length;
  const c: EventColumns = {
    id: new Array(n), name: new Array(n), type: new Array(n), color: new Array(n), trigram: new Array(n), zoneId: new Array(n),
    participantGroupProId: new Array(n), sequenceId: new Array(n), macroTaskId: new Array(n), numberOfPeople: new Array(n),
    progress: new Array(n), isTracked: new Array(n), milestoneToHide: new Array(n),
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
