// Construction-like plans for the engine benchmark: zones (buildings x levels x flats), each running the same
// chain of trades, crews moving from zone to zone, a few milestones per building, French public holidays and the
// building trade's summer closure. Deterministic for a given seed.
import {
  EventKind,
  LinkType,
  NO_DAY,
  easterSunday,
  formatDay,
  parseDay,
  type PlanColumns,
  type PlanEventInput,
  type PlanLinkInput,
  type ScheduleDocument,
} from "@jalon/engine";

/** mulberry32: a small, fast, seeded 32-bit PRNG; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The chain of trades every zone runs, with a typical duration range in working days (within 1..15). */
export const TRADES: readonly { name: string; min: number; max: number }[] = [
  { name: "Gros œuvre", min: 5, max: 15 },
  { name: "Cloisons", min: 3, max: 8 },
  { name: "Plomberie", min: 2, max: 6 },
  { name: "Électricité", min: 2, max: 6 },
  { name: "Menuiseries intérieures", min: 1, max: 4 },
  { name: "Chapes", min: 1, max: 3 },
  { name: "Carrelage", min: 2, max: 6 },
  { name: "Peinture", min: 3, max: 8 },
  { name: "Sols souples", min: 1, max: 4 },
  { name: "Nettoyage", min: 1, max: 2 },
];

export interface PlanShape {
  buildings: number;
  levels: number;
  flats: number;
}

/** Shapes giving 1k, 10k and 100k tasks with the ten trades above. */
export const SHAPES: Record<string, PlanShape> = {
  "1k": { buildings: 2, levels: 5, flats: 10 },
  "10k": { buildings: 10, levels: 10, flats: 10 },
  "100k": { buildings: 50, levels: 20, flats: 10 },
};

export interface GenerateOptions {
  shape: PlanShape;
  seed: number;
  /** Only end-begin and begin-begin links with non-negative delays (what the tj3 peer understands the same way). */
  tj3Compatible?: boolean;
  /** First day of the project (ISO). */
  projectStart?: string;
}

export interface GeneratedPlan {
  /** Engine columnar input (what GET /planning/data sends to the worker). */
  columns: PlanColumns;
  /** Calendar as day numbers, for createCalendarSet. */
  holidays: number[];
  vacations: [number, number][];
  /** Names, for the tj3 export and for reading. */
  names: string[];
  stats: {
    tasks: number;
    milestones: number;
    events: number;
    links: number;
    linkTypes: Record<string, number>;
    negativeDelays: number;
    holidays: number;
    vacationDays: number;
    calendarYears: [number, number];
  };
}

/** French public holidays of a year (ISO days): fixed ones plus Easter Monday, Ascension and Whit Monday. */
export function frenchHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((md) => `${year}-${md}`);
  return [...fixed, formatDay(easter + 1), formatDay(easter + 39), formatDay(easter + 50)].sort();
}

/** The building trade's summer closure: three weeks from the first Monday of August. */
export function summerClosure(year: number): [number, number] {
  let first = parseDay(`${year}-08-01`);
  while ((first + 3) % 7 !== 0) first++; // day 0 (1970-01-01) was a Thursday: (d + 3) % 7 === 0 on Mondays
  return [first, first + 18];
}

const DAY = (iso: string): number => parseDay(iso);

/**
 * Builds the plan. Event order is creation order (zone by zone, trade by trade, then the milestones of each
 * building), ids 1..n. Links:
 *  - within a zone, trade t -> trade t+1: mostly end-begin 0, some end-begin with a drying delay or a one-day
 *    overlap, some begin-begin with a delay, a few end-end and begin-end;
 *  - a crew moving on: the same trade from one zone to the next zone of the building, end-begin;
 *  - per building: "OS" milestone (root, dated) -> first task of the first zone; the last gros œuvre ->
 *    "Hors d'eau" milestone; the last trade of every zone -> "Réception" milestone.
 */
export function generatePlan(opts: GenerateOptions): GeneratedPlan {
  const rnd = prng(opts.seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  const { buildings, levels, flats } = opts.shape;
  const T = TRADES.length;
  const zonesPerBuilding = levels * flats;
  const tasks = buildings * zonesPerBuilding * T;
  const milestones = buildings * 3;
  const n = tasks + milestones;

  const ids = new Float64Array(n);
  const kind = new Uint8Array(n);
  const duration = new Int32Array(n);
  const requestedStart = new Int32Array(n).fill(NO_DAY);
  const names: string[] = new Array<string>(n);
  const lp: number[] = [];
  const lc: number[] = [];
  const lt: number[] = [];
  const ld: number[] = [];
  const link = (p: number, c: number, type: LinkType, delay: number): void => {
    if (opts.tj3Compatible) {
      if (type !== LinkType.EndBegin && type !== LinkType.BeginBegin) {
        type = LinkType.EndBegin;
        delay = 0;
      }
      if (delay < 0) delay = 0;
    }
    lp.push(p + 1);
    lc.push(c + 1);
    lt.push(type);
    ld.push(delay);
  };

  const taskIndex = (b: number, z: number, t: number): number => (b * zonesPerBuilding + z) * T + t;
  for (let b = 0; b < buildings; b++) {
    for (let z = 0; z < zonesPerBuilding; z++) {
      const level = Math.floor(z / flats);
      const flat = z % flats;
      for (let t = 0; t < T; t++) {
        const i = taskIndex(b, z, t);
        ids[i] = i + 1;
        kind[i] = EventKind.Task;
        duration[i] = int(TRADES[t].min, TRADES[t].max);
        names[i] = `${TRADES[t].name} B${b + 1} N${level} L${flat + 1}`;
        if (t > 0) {
          const r = rnd();
          if (r < 0.75) link(i - 1, i, LinkType.EndBegin, 0);
          else if (r < 0.83) link(i - 1, i, LinkType.EndBegin, int(1, 5));
          else if (r < 0.86) link(i - 1, i, LinkType.EndBegin, -1);
          else if (r < 0.96) link(i - 1, i, LinkType.BeginBegin, int(1, 4));
          else if (r < 0.99) link(i - 1, i, LinkType.EndEnd, int(0, 2));
          else link(i - 1, i, LinkType.BeginEnd, int(2, 6));
        }
        if (z > 0) link(taskIndex(b, z - 1, t), i, LinkType.EndBegin, rnd() < 0.9 ? 0 : 1);
      }
    }
  }
  const start = DAY(opts.projectStart ?? "2026-01-05");
  for (let b = 0; b < buildings; b++) {
    const os = tasks + 3 * b;
    const hors = os + 1;
    const reception = os + 2;
    for (const [i, name] of [
      [os, "OS"],
      [hors, "Hors d'eau"],
      [reception, "Réception"],
    ] as const) {
      ids[i] = i + 1;
      kind[i] = EventKind.Milestone;
      names[i] = `${name} B${b + 1}`;
    }
    // Buildings start one after the other, two to six weeks apart (calendar days: may fall on a weekend).
    requestedStart[os] = start + b * int(14, 42);
    link(os, taskIndex(b, 0, 0), LinkType.EndBegin, 0);
    link(taskIndex(b, zonesPerBuilding - 1, 0), hors, LinkType.EndBegin, 0);
    for (let z = 0; z < zonesPerBuilding; z++) link(taskIndex(b, z, T - 1), reception, LinkType.EndBegin, 0);
  }

  // Calendar: generous span (the 100k plan runs about ten years); the benchmark checks the plan ends inside it.
  const y0 = Number(formatDay(start).slice(0, 4));
  const y1 = y0 + 24;
  const holidays: number[] = [];
  const vacations: [number, number][] = [];
  for (let y = y0; y <= y1; y++) {
    for (const iso of frenchHolidays(y)) holidays.push(DAY(iso));
    vacations.push(summerClosure(y));
  }

  const linkTypes: Record<string, number> = { "end-begin": 0, "begin-begin": 0, "end-end": 0, "begin-end": 0 };
  const typeNames = ["end-begin", "begin-begin", "end-end", "begin-end"];
  for (const t of lt) linkTypes[typeNames[t]]++;
  return {
    columns: {
      ids,
      kind,
      duration,
      requestedStart,
      linkParentId: Float64Array.from(lp),
      linkChildId: Float64Array.from(lc),
      linkType: Uint8Array.from(lt),
      linkDelay: Int32Array.from(ld),
    },
    holidays,
    vacations,
    names,
    stats: {
      tasks,
      milestones,
      events: n,
      links: lp.length,
      linkTypes,
      negativeDelays: ld.filter((d) => d < 0).length,
      holidays: holidays.length,
      vacationDays: vacations.reduce((s, [a, b]) => s + b - a + 1, 0),
      calendarYears: [y0, y1],
    },
  };
}

/** The same plan as engine object input (createPlan). */
export function toObjects(g: GeneratedPlan): { events: PlanEventInput[]; links: PlanLinkInput[] } {
  const c = g.columns;
  const events: PlanEventInput[] = [];
  for (let i = 0; i < c.ids.length; i++) {
    const e: PlanEventInput = { id: c.ids[i], kind: c.kind[i] as EventKind, duration: c.duration[i] };
    if (c.requestedStart[i] !== NO_DAY) e.startDay = c.requestedStart[i];
    events.push(e);
  }
  const links: PlanLinkInput[] = [];
  for (let k = 0; k < c.linkParentId.length; k++) {
    links.push({
      parentId: c.linkParentId[k],
      childId: c.linkChildId[k],
      type: c.linkType[k] as LinkType,
      delay: c.linkDelay[k],
    });
  }
  return { events, links };
}

const TYPE_NAMES = ["end-begin", "begin-begin", "end-end", "begin-end"] as const;

/** The same plan as the engine's JSON document (ISO days): what the CLI reads and what tools write. */
export function asScheduleDocument(g: GeneratedPlan): ScheduleDocument {
  const c = g.columns;
  const events: ScheduleDocument["events"] = [];
  for (let i = 0; i < c.ids.length; i++) {
    const milestone = c.kind[i] === EventKind.Milestone;
    const e: ScheduleDocument["events"][number] = {
      id: c.ids[i],
      type: milestone ? "milestone" : "task",
      numberOfDays: milestone ? 0 : c.duration[i],
    };
    if (c.requestedStart[i] !== NO_DAY) e.startDate = formatDay(c.requestedStart[i]);
    events.push(e);
  }
  const links: NonNullable<ScheduleDocument["links"]> = [];
  for (let k = 0; k < c.linkParentId.length; k++) {
    links.push({
      parentId: c.linkParentId[k],
      childId: c.linkChildId[k],
      type: TYPE_NAMES[c.linkType[k]],
      delay: c.linkDelay[k],
    });
  }
  return {
    calendar: {
      holidays: g.holidays.map(formatDay),
      vacations: g.vacations.map(([a, b]) => ({ startDate: formatDay(a), endDate: formatDay(b) })),
    },
    events,
    links,
  };
}
