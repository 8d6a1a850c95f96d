import type { Calendar } from "./calendar.js";
import { InvalidDateError, InvalidDurationError, InvalidLinkError } from "./errors.js";
import { buildGraph } from "./graph.js";
import { LINK_TYPE_NAMES, LinkType, type LinkTypeName } from "./plan.js";

/**
 * Instantiation of a sequence template over zones (spec 000 sections 3-5, issue 16): a pure function from the
 * template's small network, the ordered zones and the project calendar to the events, their links and their
 * dates. No I/O, inputs never written, integer day numbers, typed errors.
 *
 * The train it builds, every link an ordinary link of the planning so that the version's scheduler derives the
 * same dates later (a move, a sync, a takt change only change delays):
 *
 *   train start T0 (milestone): at the reference (a date, or after a reference event);
 *   instance k start Sk (milestone): T0 --begin-begin, takt×(k−1)--> Sk, so instance k starts takt×(k−1)
 *     working days after instance 1;
 *   Sk --end-begin 0--> every root task of the instance (a milestone's end is its instant: same day);
 *   inside the instance, the template's own links (four types, delays in working days), reconnected around
 *     the tasks that the zone's typology filters out;
 *   every sink task --end-begin 0--> Ek, the instance's end milestone (the instant its last task finishes);
 *   every Ek --end-begin 0--> T1, the train's end milestone.
 *
 * Takt 0 puts every instance in parallel. A task longer than the takt overlaps itself in the next instance:
 * allowed, and reported as a warning.
 */

export const InstantiationRole = { TrainStart: 0, TrainEnd: 1, InstanceStart: 2, InstanceEnd: 3, Task: 4 } as const;
export type InstantiationRole = (typeof InstantiationRole)[keyof typeof InstantiationRole];

export type MilestoneReferenceType = "milestone_only" | "earliest" | "latest";

export interface InstantiationTemplateTask {
  /** The task template's id (event_template_pros.id on the server). */
  id: number;
  /** Working days; 0 makes a milestone. */
  numberOfDays: number;
  /** Zone typologies this task is created for; empty or absent = every zone. */
  typology?: readonly string[];
}

export interface InstantiationTemplateLink {
  parentId: number;
  childId: number;
  /** A link type name ("end-begin"...) or its LinkType number; end-begin when absent. */
  type?: LinkTypeName | LinkType;
  /** Working days of the project calendar; 0 when absent. */
  delay?: number;
}

export interface InstantiationZone {
  id: number;
  typology: string | null;
}

/**
 * Where instance 1 starts.
 * - `date`: on `day`, moved forward to a working day.
 * - `event`: after a reference event, shifted by `delay` working days: after a task's last day (end-begin); on
 *   a milestone's day (`milestone_only`, the default), or, for a milestone of an instantiated sequence, on the
 *   earliest start of that sequence's instances (`earliest`, `instancesStartDay`) or after their latest end
 *   (`latest`, `instancesEndDay`).
 */
export type InstantiationReference =
  | { kind: "date"; day: number }
  | {
      kind: "event";
      startDay: number;
      endDay: number;
      milestone: boolean;
      delay?: number;
      milestoneReferenceType?: MilestoneReferenceType | null;
      instancesStartDay?: number;
      instancesEndDay?: number;
    };

/** A per-instance change of one task template: only the fields that differ from the template. */
export interface InstantiationOverride {
  zoneId: number;
  taskId: number;
  numberOfDays?: number;
  /** Working days added to every link entering the task in that instance (what a move of it records). */
  shift?: number;
}

export interface InstantiationInput {
  tasks: readonly InstantiationTemplateTask[];
  links: readonly InstantiationTemplateLink[];
  /** In train order: instance k is zones[k-1]. */
  zones: readonly InstantiationZone[];
  /** The project calendar: takt and delays count its working days. */
  calendar: Calendar;
  takt: number;
  reference: InstantiationReference;
  overrides?: readonly InstantiationOverride[];
}

export type InstantiationWarning =
  | {
      code: "task_overlaps_next_instance";
      /** The task template. */
      taskId: number;
      /** The first pair of consecutive instances where it overlaps itself, and how many pairs do. */
      zoneId: number;
      nextZoneId: number;
      /** Working days both instances of the task share in the first pair. */
      days: number;
      count: number;
    }
  | { code: "no_task_in_zone"; zoneId: number };

/** Events in structure-of-arrays form: event i of the result. */
export interface InstantiationEvents {
  readonly size: number;
  readonly role: Uint8Array;
  /** 0-based instance (index into zones); -1 for the train's two milestones. */
  readonly instance: Int32Array;
  /** Index into input.tasks; -1 for milestones the train adds. */
  readonly task: Int32Array;
  /** Working days; 0 for milestones. */
  readonly duration: Int32Array;
  readonly startDay: Int32Array;
  readonly endDay: Int32Array;
}

export interface InstantiationLinks {
  readonly size: number;
  /** Event indices into InstantiationEvents. */
  readonly parent: Int32Array;
  readonly child: Int32Array;
  readonly type: Uint8Array;
  readonly delay: Int32Array;
}

export interface InstantiationInstance {
  readonly zoneId: number;
  /** 1-based position in the train. */
  readonly index: number;
  readonly startEvent: number;
  readonly endEvent: number;
  /** Its task events are firstTask .. firstTask + taskCount - 1. */
  readonly firstTask: number;
  readonly taskCount: number;
  /** First and last day of the instance (its milestones and tasks). */
  readonly startDay: number;
  readonly endDay: number;
}

export interface InstantiationResult {
  readonly events: InstantiationEvents;
  readonly links: InstantiationLinks;
  readonly instances: readonly InstantiationInstance[];
  readonly trainStartEvent: number;
  readonly trainEndEvent: number;
  readonly startDay: number;
  readonly endDay: number;
  readonly warnings: readonly InstantiationWarning[];
}

export type InstantiationErrorCode =
  | "invalid_takt"
  | "invalid_delay"
  | "no_zone"
  | "duplicate_zone"
  | "duplicate_task"
  | "unknown_task"
  | "invalid_override";

export class InstantiationError extends Error {
  readonly code: InstantiationErrorCode;
  constructor(code: InstantiationErrorCode, message: string) {
    super(message);
    this.name = "InstantiationError";
    this.code = code;
  }
}

const NONE = -2147483648;
/** Link type -> does it leave from the parent's end / arrive at the child's end. */
const FROM_END = [true, false, true, false];
const TO_END = [false, false, true, true];

function typeOf(fromEnd: boolean, toEnd: boolean): LinkType {
  if (fromEnd) return toEnd ? LinkType.EndEnd : LinkType.EndBegin;
  return toEnd ? LinkType.BeginEnd : LinkType.BeginBegin;
}

function linkTypeValue(t: LinkTypeName | LinkType | undefined): LinkType {
  if (t === undefined) return LinkType.EndBegin;
  if (typeof t === "number") {
    if (t === 0 || t === 1 || t === 2 || t === 3) return t;
    throw new InvalidLinkError(`Type de lien inconnu : ${String(t)}`);
  }
  const k = LINK_TYPE_NAMES.indexOf(t);
  if (k < 0) throw new InvalidLinkError(`Type de lien inconnu : ${String(t)}`);
  return k as LinkType;
}

/** The earliest start rank of a child of `childDuration` days that link (type, delay) from a parent allows. */
function requirement(type: number, delay: number, parentStart: number, parentDuration: number, childDuration: number) {
  const ps = parentStart + delay;
  return type === 0
    ? ps + parentDuration
    : type === 1
      ? ps
      : type === 2
        ? ps + parentDuration - childDuration
        : ps + 1 - childDuration;
}

/** The template's links among the tasks a zone keeps, reconnected around the ones it skips. */
interface Network {
  /** Kept task indices in topological order. */
  readonly order: Int32Array;
  /** Position of each task in the instance's task events (-1 when skipped). */
  readonly slot: Int32Array;
  /** Incoming links per kept task (CSR on task index): parent task index, type, delay. */
  readonly inOffsets: Int32Array;
  readonly inParent: Int32Array;
  readonly inType: Uint8Array;
  readonly inDelay: Int32Array;
  /** Kept tasks without kept successors. */
  readonly sinks: Int32Array;
}

interface Composite {
  parent: number;
  type: number;
  delay: number;
}

function buildNetwork(
  n: number,
  keep: Uint8Array,
  topo: Int32Array,
  tplIn: readonly Composite[][],
  duration: Int32Array,
): Network {
  // For each task in topological order, its incoming links from kept tasks, composing through skipped ones.
  const incoming: Composite[][] = new Array<Composite[]>(n);
  for (let o = 0; o < n; o++) {
    const c = topo[o];
    const list: Composite[] = [];
    for (const l of tplIn[c]) {
      if (keep[l.parent] === 1) list.push(l);
      else
        for (const up of incoming[l.parent])
          list.push({
            parent: up.parent,
            type: typeOf(FROM_END[up.type], TO_END[l.type]),
            delay: up.delay + l.delay,
          });
    }
    // One link per pair (the database keeps one): the one that asks the latest start with template durations.
    const best = new Map<number, Composite>();
    for (const l of list) {
      const prev = best.get(l.parent);
      if (
        prev === undefined ||
        requirement(l.type, l.delay, 0, duration[l.parent], duration[c]) >
          requirement(prev.type, prev.delay, 0, duration[prev.parent], duration[c])
      )
        best.set(l.parent, l);
    }
    incoming[c] = [...best.values()];
  }
  const order: number[] = [];
  const slot = new Int32Array(n).fill(-1);
  for (let t = 0; t < n; t++)
    if (keep[t] === 1) {
      slot[t] = order.length;
      order.push(t);
    }
  // Slots follow the input order; the pass below follows the topological one.
  const topoKept: number[] = [];
  for (let o = 0; o < n; o++) if (keep[topo[o]] === 1) topoKept.push(topo[o]);
  const inOffsets = new Int32Array(n + 1);
  for (let t = 0; t < n; t++) inOffsets[t + 1] = inOffsets[t] + (keep[t] === 1 ? incoming[t].length : 0);
  const m = inOffsets[n];
  const inParent = new Int32Array(m);
  const inType = new Uint8Array(m);
  const inDelay = new Int32Array(m);
  const hasChild = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (keep[t] !== 1) continue;
    let e = inOffsets[t];
    for (const l of incoming[t]) {
      inParent[e] = l.parent;
      inType[e] = l.type;
      inDelay[e] = l.delay;
      hasChild[l.parent] = 1;
      e++;
    }
  }
  const sinks: number[] = [];
  for (let t = 0; t < n; t++) if (keep[t] === 1 && hasChild[t] === 0) sinks.push(t);
  return {
    order: Int32Array.from(topoKept),
    slot,
    inOffsets,
    inParent,
    inType,
    inDelay,
    sinks: Int32Array.from(sinks),
  };
}

function checkInteger(value: unknown, what: string, code: InstantiationErrorCode, min = -Infinity): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min)
    throw new InstantiationError(code, `${what} invalide : ${String(value)}`);
  return value;
}

/** The start rank of instance 1 in the project calendar. */
export function referenceRank(calendar: Calendar, reference: InstantiationReference): number {
  if (reference.kind === "date") {
    if (!Number.isInteger(reference.day)) throw new InvalidDateError(reference.day);
    return calendar.rank(reference.day);
  }
  const delay = checkInteger(reference.delay ?? 0, "Décalage avec l'événement de référence", "invalid_delay");
  for (const d of [reference.startDay, reference.endDay]) if (!Number.isInteger(d)) throw new InvalidDateError(d);
  if (!reference.milestone) return calendar.rank(reference.endDay + 1) + delay;
  switch (reference.milestoneReferenceType ?? "milestone_only") {
    case "earliest": {
      const day = reference.instancesStartDay ?? reference.startDay;
      if (!Number.isInteger(day)) throw new InvalidDateError(day);
      return calendar.rank(day) + delay;
    }
    case "latest": {
      const day = reference.instancesEndDay;
      if (day === undefined) return calendar.rank(reference.startDay) + delay;
      if (!Number.isInteger(day)) throw new InvalidDateError(day);
      return calendar.rank(day + 1) + delay;
    }
    default:
      return calendar.rank(reference.startDay) + delay;
  }
}

/**
 * Lays the template over the zones. Throws InstantiationError (bad takt, delay, zones, overrides), CycleError
 * (a loop in the template's links, naming the task template ids), InvalidDurationError, InvalidLinkError or
 * InvalidDateError.
 */
export function instantiateSequence(input: InstantiationInput): InstantiationResult {
  const { tasks, links, zones, calendar } = input;
  const takt = checkInteger(input.takt, "Takt", "invalid_takt", 0);
  if (zones.length === 0) throw new InstantiationError("no_zone", "Aucune zone à instancier");
  const zoneIndex = new Map<number, number>();
  zones.forEach((z, k) => {
    if (zoneIndex.has(z.id)) throw new InstantiationError("duplicate_zone", `Zone en double : ${z.id}`);
    zoneIndex.set(z.id, k);
  });

  // The template network.
  const n = tasks.length;
  const taskIndex = new Map<number, number>();
  const duration = new Int32Array(n);
  for (let t = 0; t < n; t++) {
    const task = tasks[t];
    if (taskIndex.has(task.id)) throw new InstantiationError("duplicate_task", `Tâche type en double : ${task.id}`);
    taskIndex.set(task.id, t);
    const d = task.numberOfDays;
    if (!Number.isInteger(d) || d < 0) throw new InvalidDurationError(task.id, d);
    duration[t] = d;
  }
  const m = links.length;
  const lp = new Int32Array(m);
  const lc = new Int32Array(m);
  const tplIn: Composite[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < m; k++) {
    const l = links[k];
    const p = taskIndex.get(l.parentId);
    const c = taskIndex.get(l.childId);
    if (p === undefined || c === undefined)
      throw new InstantiationError(
        "unknown_task",
        `Lien vers une tâche type absente du modèle : ${l.parentId} → ${l.childId}`,
      );
    const delay = l.delay ?? 0;
    if (!Number.isInteger(delay))
      throw new InvalidLinkError(`Décalage invalide sur le lien ${l.parentId} → ${l.childId} : ${String(delay)}`);
    lp[k] = p;
    lc[k] = c;
    tplIn[c].push({ parent: p, type: linkTypeValue(l.type), delay });
  }
  const topo = buildGraph(n, lp, lc, (i) => tasks[i].id).order;

  // Overrides by (instance, task).
  const overrideDays = new Map<number, number>();
  const overrideShift = new Map<number, number>();
  for (const o of input.overrides ?? []) {
    const k = zoneIndex.get(o.zoneId);
    const t = taskIndex.get(o.taskId);
    if (k === undefined || t === undefined) continue; // an override of a zone or task no longer in the train
    const key = k * n + t;
    if (o.numberOfDays !== undefined) {
      if (!Number.isInteger(o.numberOfDays) || o.numberOfDays < (duration[t] === 0 ? 0 : 1))
        throw new InstantiationError("invalid_override", `Durée invalide : ${String(o.numberOfDays)}`);
      overrideDays.set(key, duration[t] === 0 ? 0 : o.numberOfDays);
    }
    if (o.shift !== undefined) overrideShift.set(key, checkInteger(o.shift, "Décalage", "invalid_override"));
  }

  // One network per distinct set of kept tasks (zones of one typology share it).
  const networks = new Map<string, Network>();
  const zoneNetwork: Network[] = [];
  const keepAll = (typology: string | null): Uint8Array => {
    const keep = new Uint8Array(n);
    for (let t = 0; t < n; t++) {
      const list = tasks[t].typology;
      keep[t] = !list || list.length === 0 || (typology !== null && list.includes(typology)) ? 1 : 0;
    }
    return keep;
  };
  let total = 2;
  for (const z of zones) {
    const keep = keepAll(z.typology);
    const key = keep.join("");
    let net = networks.get(key);
    if (!net) {
      net = buildNetwork(n, keep, topo, tplIn, duration);
      networks.set(key, net);
    }
    zoneNetwork.push(net);
    total += 2 + net.order.length;
  }
  let linkTotal = 0;
  for (const net of zoneNetwork) {
    const kept = net.order.length;
    let roots = 0;
    for (let o = 0; o < kept; o++) if (net.inOffsets[net.order[o] + 1] === net.inOffsets[net.order[o]]) roots++;
    // T0->Sk, Sk->roots, inside links, sinks->Ek (or Sk->Ek when empty), Ek->T1.
    linkTotal += 1 + roots + net.inOffsets[n] + Math.max(net.sinks.length, kept === 0 ? 1 : 0) + 1;
  }

  const role = new Uint8Array(total);
  const instance = new Int32Array(total).fill(-1);
  const task = new Int32Array(total).fill(-1);
  const dur = new Int32Array(total);
  const startDay = new Int32Array(total);
  const endDay = new Int32Array(total);
  const rank = new Int32Array(total);
  const parent = new Int32Array(linkTotal);
  const child = new Int32Array(linkTotal);
  const type = new Uint8Array(linkTotal);
  const delay = new Int32Array(linkTotal);
  let e = 0;
  let l = 0;
  const addLink = (p: number, c: number, t: number, d: number) => {
    parent[l] = p;
    child[l] = c;
    type[l] = t;
    delay[l] = d;
    l++;
  };
  const place = (i: number, s: number) => {
    rank[i] = s;
    const sd = calendar.dayAt(s);
    startDay[i] = sd;
    const d = dur[i];
    endDay[i] = d > 1 ? calendar.dayAt(s + d - 1) : sd;
  };

  const base = referenceRank(calendar, input.reference);
  const T0 = e++;
  role[T0] = InstantiationRole.TrainStart;
  place(T0, base);
  const T1 = e++;
  role[T1] = InstantiationRole.TrainEnd;

  const instances: InstantiationInstance[] = [];
  const warnings: InstantiationWarning[] = [];
  const eventOf = new Int32Array(n);
  // Per task template, the instance and start rank of its previous occurrence (for the overlap warning).
  const lastEvent = new Int32Array(n).fill(-1);
  const overlapWarnings = new Map<number, InstantiationWarning & { code: "task_overlaps_next_instance" }>();
  let trainEnd = base;
  for (let k = 0; k < zones.length; k++) {
    const net = zoneNetwork[k];
    const s0 = base + takt * k;
    const S = e++;
    role[S] = InstantiationRole.InstanceStart;
    instance[S] = k;
    place(S, s0);
    addLink(T0, S, LinkType.BeginBegin, takt * k);
    const E = e++;
    role[E] = InstantiationRole.InstanceEnd;
    instance[E] = k;
    const firstTask = e;
    const kept = net.order.length;
    // Event slots in template order, positions in topological order.
    for (let t = 0; t < n; t++) {
      const sl = net.slot[t];
      if (sl < 0) continue;
      const i = firstTask + sl;
      eventOf[t] = i;
      role[i] = InstantiationRole.Task;
      instance[i] = k;
      task[i] = t;
      dur[i] = overrideDays.get(k * n + t) ?? duration[t];
    }
    e += kept;
    let lo = startDay[S];
    let hi = startDay[S];
    for (let o = 0; o < kept; o++) {
      const t = net.order[o];
      const i = eventOf[t];
      const shift = overrideShift.get(k * n + t) ?? 0;
      const a = net.inOffsets[t];
      const b = net.inOffsets[t + 1];
      let s: number;
      if (a === b) {
        s = s0 + shift;
        addLink(S, i, LinkType.EndBegin, shift);
      } else {
        s = NONE;
        for (let x = a; x < b; x++) {
          const p = eventOf[net.inParent[x]];
          const d = net.inDelay[x] + shift;
          const v = requirement(net.inType[x], d, rank[p], dur[p], dur[i]);
          if (v > s) s = v;
          addLink(p, i, net.inType[x], d);
        }
      }
      place(i, s);
      if (startDay[i] < lo) lo = startDay[i];
      if (endDay[i] > hi) hi = endDay[i];
      const prev = lastEvent[t];
      if (takt > 0 && prev >= 0 && instance[prev] === k - 1 && endDay[prev] >= startDay[i]) {
        const w = overlapWarnings.get(t);
        if (w) w.count++;
        else
          overlapWarnings.set(t, {
            code: "task_overlaps_next_instance",
            taskId: tasks[t].id,
            zoneId: zones[k - 1].id,
            nextZoneId: zones[k].id,
            days: calendar.countWorkingDays(startDay[i], endDay[prev]),
            count: 1,
          });
      }
      lastEvent[t] = i;
    }
    let endRank = s0;
    if (kept === 0) {
      addLink(S, E, LinkType.EndBegin, 0);
      warnings.push({ code: "no_task_in_zone", zoneId: zones[k].id });
    } else
      for (let x = 0; x < net.sinks.length; x++) {
        const i = eventOf[net.sinks[x]];
        const v = rank[i] + dur[i];
        if (v > endRank) endRank = v;
        addLink(i, E, LinkType.EndBegin, 0);
      }
    place(E, endRank);
    if (startDay[E] > hi) hi = startDay[E];
    addLink(E, T1, LinkType.EndBegin, 0);
    if (endRank > trainEnd) trainEnd = endRank;
    instances.push({
      zoneId: zones[k].id,
      index: k + 1,
      startEvent: S,
      endEvent: E,
      firstTask,
      taskCount: kept,
      startDay: lo,
      endDay: hi,
    });
  }
  place(T1, trainEnd);
  warnings.unshift(...overlapWarnings.values());
  let lo = startDay[T0];
  let hi = startDay[T1];
  for (const inst of instances) {
    if (inst.startDay < lo) lo = inst.startDay;
    if (inst.endDay > hi) hi = inst.endDay;
  }
  return {
    events: { size: total, role, instance, task, duration: dur, startDay, endDay },
    links: { size: linkTotal, parent, child, type, delay },
    instances,
    trainStartEvent: T0,
    trainEndEvent: T1,
    startDay: lo,
    endDay: hi,
    warnings,
  };
}
