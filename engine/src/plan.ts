import type { Calendar, CalendarSet } from "./calendar.js";
import { NO_DAY } from "./days.js";
import {
  DuplicateEventError,
  InvalidDateError,
  InvalidDurationError,
  InvalidLinkError,
  UnknownEventError,
} from "./errors.js";
import { buildGraph, type Graph } from "./graph.js";

export const EventKind = { Task: 0, Milestone: 1 } as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

export const LinkType = { EndBegin: 0, BeginBegin: 1, EndEnd: 2, BeginEnd: 3 } as const;
export type LinkType = (typeof LinkType)[keyof typeof LinkType];

export const LINK_TYPE_NAMES = ["end-begin", "begin-begin", "end-end", "begin-end"] as const;
export type LinkTypeName = (typeof LINK_TYPE_NAMES)[number];

export function linkTypeOf(name: unknown): LinkType {
  const k = LINK_TYPE_NAMES.indexOf(name as LinkTypeName);
  if (k < 0) throw new InvalidLinkError(`Type de lien inconnu : ${String(name)}`);
  return k as LinkType;
}

/**
 * A version's schedule graph in structure-of-arrays form: event i has id ids[i], kind kind[i], duration
 * duration[i] in working days (0 for milestones), requested start day requestedStart[i] (NO_DAY when its dates
 * come from its links), locked[i], and calendar calendarOf[i]. Link k goes from linkParent[k] to linkChild[k]
 * (event indices) with type linkType[k] and delay linkDelay[k] in working days of the child's calendar.
 *
 * A Plan is immutable: `withChanges` returns a new one sharing whatever did not change (the graph survives
 * every change but adding or removing links).
 */
export interface Plan {
  readonly size: number;
  readonly ids: Float64Array;
  readonly kind: Uint8Array;
  readonly duration: Int32Array;
  readonly requestedStart: Int32Array;
  readonly locked: Uint8Array;
  readonly calendarOf: Uint16Array;
  readonly calendars: readonly Calendar[];
  readonly linkParent: Int32Array;
  readonly linkChild: Int32Array;
  readonly linkType: Uint8Array;
  readonly linkDelay: Int32Array;
  readonly graph: Graph;
  /** True when every event uses calendar 0, which lets the passes skip calendar conversions. */
  readonly singleCalendar: boolean;
  /** Event id -> index. */
  readonly index: ReadonlyMap<number, number>;
}

export function indexOf(plan: Plan, id: number): number {
  const i = plan.index.get(id);
  if (i === undefined) throw new UnknownEventError(id, "événement");
  return i;
}

export interface PlanEventInput {
  id: number;
  kind: EventKind;
  /** Working days; ignored (0) for milestones. */
  duration?: number;
  /** Day number, or undefined when the event's dates come from its links. */
  startDay?: number;
  locked?: boolean;
  /** Index into the calendar set; 0 (the project's) when absent. */
  calendar?: number;
}

export interface PlanLinkInput {
  parentId: number;
  childId: number;
  type: LinkType;
  delay?: number;
}

/** Columnar input: the shape the server reads from SQL and GET /planning/data sends to the worker. */
export interface PlanColumns {
  ids: ArrayLike<number>;
  kind: ArrayLike<number>;
  duration: ArrayLike<number>;
  requestedStart: ArrayLike<number>;
  locked?: ArrayLike<number>;
  calendarOf?: ArrayLike<number>;
  linkParentId: ArrayLike<number>;
  linkChildId: ArrayLike<number>;
  linkType: ArrayLike<number>;
  linkDelay: ArrayLike<number>;
}

export function createPlan(
  events: readonly PlanEventInput[],
  links: readonly PlanLinkInput[],
  calendars: CalendarSet | readonly Calendar[],
): Plan {
  const cols: PlanColumns = {
    ids: events.map((e) => e.id),
    kind: events.map((e) => e.kind),
    duration: events.map((e) => (e.kind === EventKind.Milestone ? 0 : (e.duration ?? 1))),
    requestedStart: events.map((e) => (e.startDay === undefined ? NO_DAY : e.startDay)),
    locked: events.map((e) => (e.locked ? 1 : 0)),
    calendarOf: events.map((e) => e.calendar ?? 0),
    linkParentId: links.map((l) => l.parentId),
    linkChildId: links.map((l) => l.childId),
    linkType: links.map((l) => l.type),
    linkDelay: links.map((l) => l.delay ?? 0),
  };
  return createPlanFromColumns(cols, calendars);
}

export function createPlanFromColumns(cols: PlanColumns, calendarInput: CalendarSet | readonly Calendar[]): Plan {
  const calendars = "calendars" in calendarInput ? calendarInput.calendars : calendarInput;
  const n = cols.ids.length;
  const ids = Float64Array.from(cols.ids);
  const index = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const id = ids[i];
    if (index.has(id)) throw new DuplicateEventError(id);
    index.set(id, i);
  }
  const kind = Uint8Array.from(cols.kind);
  const duration = new Int32Array(n);
  const requestedStart = Int32Array.from(cols.requestedStart);
  const locked = cols.locked ? Uint8Array.from(cols.locked) : new Uint8Array(n);
  const calendarOf = cols.calendarOf ? Uint16Array.from(cols.calendarOf) : new Uint16Array(n);
  let singleCalendar = true;
  for (let i = 0; i < n; i++) {
    if (kind[i] !== EventKind.Task && kind[i] !== EventKind.Milestone)
      throw new InvalidLinkError(`Type d'événement inconnu pour ${ids[i]}`);
    const d = cols.duration[i];
    if (kind[i] === EventKind.Task) {
      if (!Number.isInteger(d) || d < 1) throw new InvalidDurationError(ids[i], d);
      duration[i] = d;
    }
    const s = requestedStart[i];
    if (s !== NO_DAY && !Number.isInteger(cols.requestedStart[i]))
      throw new InvalidDateError(cols.requestedStart[i], "unparsable", ids[i]);
    if (calendarOf[i] >= calendars.length) throw new InvalidLinkError(`Calendrier inconnu pour ${ids[i]}`);
    if (calendarOf[i] !== 0) singleCalendar = false;
  }
  const m = cols.linkParentId.length;
  const linkParent = new Int32Array(m);
  const linkChild = new Int32Array(m);
  const linkType = Uint8Array.from(cols.linkType);
  const linkDelay = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const p = index.get(cols.linkParentId[k]);
    const c = index.get(cols.linkChildId[k]);
    if (p === undefined) throw new UnknownEventError(cols.linkParentId[k], "prédécesseur");
    if (c === undefined) throw new UnknownEventError(cols.linkChildId[k], "successeur");
    if (linkType[k] > 3) throw new InvalidLinkError(`Type de lien inconnu : ${cols.linkType[k]}`);
    const delay = cols.linkDelay[k];
    if (!Number.isInteger(delay))
      throw new InvalidLinkError(
        `Décalage invalide sur le lien ${cols.linkParentId[k]} → ${cols.linkChildId[k]} : ${delay}`,
      );
    linkParent[k] = p;
    linkChild[k] = c;
    linkDelay[k] = delay;
  }
  const graph = buildGraph(n, linkParent, linkChild, (i) => ids[i]);
  return {
    size: n,
    ids,
    kind,
    duration,
    requestedStart,
    locked,
    calendarOf,
    calendars,
    linkParent,
    linkChild,
    linkType,
    linkDelay,
    graph,
    singleCalendar,
    index,
  };
}

export interface PlanChanges {
  /** [event index, working days] */
  durations?: readonly (readonly [number, number])[];
  /** [link index, delay] */
  delays?: readonly (readonly [number, number])[];
  /** [event index, day] */
  starts?: readonly (readonly [number, number])[];
  /** [event index, locked] */
  locks?: readonly (readonly [number, boolean])[];
}

/** A new plan with these field changes; arrays that do not change are shared, never written. */
export function withChanges(plan: Plan, changes: PlanChanges): Plan {
  let { duration, linkDelay, requestedStart, locked } = plan;
  if (changes.durations?.length) {
    duration = duration.slice();
    for (const [i, d] of changes.durations) {
      if (plan.kind[i] !== EventKind.Task) continue;
      if (!Number.isInteger(d) || d < 1) throw new InvalidDurationError(plan.ids[i], d);
      duration[i] = d;
    }
  }
  if (changes.delays?.length) {
    linkDelay = linkDelay.slice();
    for (const [k, d] of changes.delays) {
      if (!Number.isInteger(d)) throw new InvalidLinkError(`Décalage invalide : ${d}`);
      linkDelay[k] = d;
    }
  }
  if (changes.starts?.length) {
    requestedStart = requestedStart.slice();
    for (const [i, d] of changes.starts) requestedStart[i] = d;
  }
  if (changes.locks?.length) {
    locked = locked.slice();
    for (const [i, l] of changes.locks) locked[i] = l ? 1 : 0;
  }
  return { ...plan, duration, linkDelay, requestedStart, locked };
}
