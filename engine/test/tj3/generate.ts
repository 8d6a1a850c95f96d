import type { DocumentLink, ScheduleDocument } from "../../src/document.js";
import { addDays, daysBetween, weekday } from "./days.js";

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Rng {
  float(): number;
  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: T[]): T[];
}

export function rng(seed: number): Rng {
  const next = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    float: next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(0, i);
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
  };
}

/** French public holidays (Easter Monday, Ascension and Whit Monday included). */
export const FRENCH_HOLIDAYS = [
  "2026-01-01",
  "2026-04-06",
  "2026-05-01",
  "2026-05-08",
  "2026-05-14",
  "2026-05-25",
  "2026-07-14",
  "2026-08-15",
  "2026-11-01",
  "2026-11-11",
  "2026-12-25",
  "2027-01-01",
  "2027-03-29",
  "2027-05-01",
  "2027-05-06",
  "2027-05-08",
  "2027-05-17",
  "2027-07-14",
  "2027-08-15",
  "2027-11-01",
  "2027-11-11",
  "2027-12-25",
];

/** A calendar shared by all the projects of one tj3 run. Vacations are inclusive ranges of days. */
export interface CalendarVariant {
  name: string;
  holidays: string[];
  vacations: { startDate: string; endDate: string }[];
}

export const CALENDAR_VARIANTS: CalendarVariant[] = [
  { name: "jours fériés", holidays: FRENCH_HOLIDAYS, vacations: [] },
  {
    name: "jours fériés et congés du bâtiment",
    holidays: FRENCH_HOLIDAYS,
    vacations: [
      { startDate: "2026-08-03", endDate: "2026-08-21" },
      { startDate: "2026-12-21", endDate: "2027-01-01" },
      { startDate: "2027-08-02", endDate: "2027-08-20" },
    ],
  },
  {
    name: "jours fériés de mai seulement",
    holidays: FRENCH_HOLIDAYS.filter((d) => d.slice(5, 7) === "05"),
    vacations: [],
  },
];

/** Every non-working weekday of a variant (holidays and vacation days). */
export function offDays(variant: CalendarVariant): string[] {
  return [...variant.holidays, ...variant.vacations.flatMap((v) => daysBetween(v.startDate, v.endDate))];
}

export interface GeneratedProject {
  /** 1-based index, also the tj3 container id `p<index>`. */
  index: number;
  seed: number;
  variant: CalendarVariant;
  doc: ScheduleDocument;
  /** Ids in creation order: parents always come before their children. */
  topoIds: number[];
  /** Ids of the roots (events with a startDate and no links). */
  rootIds: number[];
}

export interface GenerateOptions {
  minTasks?: number;
  maxTasks?: number;
  maxDelay?: number;
  maxDuration?: number;
}

/**
 * One random project: a DAG of tasks (N = 1..10 working days) where the first few are roots with a start date
 * (some on weekends, holidays or in a vacation) and every other task has 1 to 3 parents among the tasks created
 * before it, joined end-begin or begin-begin with a delay of 0..5 working days. Ids are a shuffled range and the
 * events and links arrays are shuffled, so nothing may rely on their order. Some linked tasks also carry a
 * startDate, which the engine must ignore.
 */
export function generateProject(
  index: number,
  seed: number,
  variant: CalendarVariant,
  options: GenerateOptions = {},
): GeneratedProject {
  const r = rng(seed);
  const { minTasks = 20, maxTasks = 80, maxDelay = 5, maxDuration = 10 } = options;
  const n = r.int(minTasks, maxTasks);
  const ids = r.shuffle(Array.from({ length: n }, (_, i) => i + 1));
  const rootCount = Math.min(n, r.int(1, 4));
  const off = offDays(variant).filter((d) => d >= "2026-03-01" && d <= "2026-12-31");

  const randomStart = (): string => {
    const roll = r.float();
    if (roll < 0.25 && off.length > 0) return r.pick(off);
    const day = addDays("2026-03-02", r.int(0, 290));
    if (roll < 0.45) {
      // The Saturday or Sunday of that week.
      return addDays(day, 5 - weekday(day) + r.int(0, 1));
    }
    return day;
  };

  const events: ScheduleDocument["events"] = [];
  const links: DocumentLink[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    const numberOfDays = r.int(1, maxDuration);
    if (i < rootCount) {
      events.push({ id, type: "task", numberOfDays, startDate: randomStart() });
      continue;
    }
    const parentCount = Math.min(i, r.float() < 0.5 ? 1 : r.float() < 0.6 ? 2 : 3);
    const parents = new Set<number>();
    while (parents.size < parentCount) {
      // Favour recent tasks, so that chains get long, but keep some long-range links.
      const back = r.float() < 0.7 ? r.int(1, Math.min(i, 6)) : r.int(1, i);
      parents.add(ids[i - back]);
    }
    for (const parentId of parents) {
      const delay = r.float() < 0.4 ? 0 : r.int(0, maxDelay);
      links.push({ parentId, childId: id, type: r.float() < 0.65 ? "end-begin" : "begin-begin", delay });
    }
    events.push(
      r.float() < 0.1
        ? { id, type: "task", numberOfDays, startDate: randomStart() }
        : { id, type: "task", numberOfDays },
    );
  }
  return {
    index,
    seed,
    variant,
    doc: {
      calendar: { holidays: [...variant.holidays], vacations: variant.vacations.map((v) => ({ ...v })) },
      events: r.shuffle(events),
      links: r.shuffle(links),
    },
    topoIds: ids,
    rootIds: ids.slice(0, rootCount),
  };
}

/** The ids of `id` and all its ancestors. */
export function ancestorsOf(doc: ScheduleDocument, id: number): Set<number> {
  const parents = new Map<number, number[]>();
  for (const l of doc.links ?? []) parents.set(l.childId, [...(parents.get(l.childId) ?? []), l.parentId]);
  const seen = new Set<number>([id]);
  const stack = [id];
  while (stack.length > 0) {
    for (const p of parents.get(stack.pop() as number) ?? []) {
      if (!seen.has(p)) {
        seen.add(p);
        stack.push(p);
      }
    }
  }
  return seen;
}

/** The sub-document made of the given events and the links between them (dates are unchanged by this cut). */
export function subDocument(doc: ScheduleDocument, keep: Set<number>): ScheduleDocument {
  return {
    calendar: doc.calendar,
    events: doc.events.filter((e) => keep.has(e.id)),
    links: (doc.links ?? []).filter((l) => keep.has(l.parentId) && keep.has(l.childId)),
  };
}
