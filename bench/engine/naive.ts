// The naive baseline: how a typical JavaScript scheduler is written. Tasks are objects with Date fields, links
// are objects pointing at them, working days are found by stepping one calendar day at a time and looking the
// ISO day up in a Set of holidays, and dates come from a recursive (memoised) walk up the predecessors. It
// implements the same rules as the engine (docs/ARCHITECTURE.md "Engine semantics", one project calendar), so the
// benchmark can check that both give the same dates.
import type { ScheduleDocument } from "@jalon/engine";

type LinkTypeName = "end-begin" | "begin-begin" | "end-end" | "begin-end";

export interface NaiveLink {
  from: NaiveTask;
  to: NaiveTask;
  type: LinkTypeName;
  delay: number;
}

export interface NaiveTask {
  id: number;
  milestone: boolean;
  duration: number;
  requestedStart: Date | null;
  start: Date | null;
  end: Date | null;
  predecessors: NaiveLink[];
  successors: NaiveLink[];
}

export interface NaiveProject {
  tasks: NaiveTask[];
  byId: Map<number, NaiveTask>;
  holidays: Set<string>;
}

function parseIso(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

function addDays(d: Date, n: number): Date {
  const r = new Date(d.getTime());
  r.setUTCDate(r.getUTCDate() + n);
  return r;
}

function isWorkingDay(p: NaiveProject, d: Date): boolean {
  const dow = d.getUTCDay();
  if (dow === 0 || dow === 6) return false;
  return !p.holidays.has(d.toISOString().slice(0, 10));
}

function nextWorkingDay(p: NaiveProject, d: Date): Date {
  let r = d;
  while (!isWorkingDay(p, r)) r = addDays(r, 1);
  return r;
}

/** `d` (moved forward to a working day) shifted by n working days, stepping day by day. */
function shiftWorkingDays(p: NaiveProject, d: Date, n: number): Date {
  let r = nextWorkingDay(p, d);
  const step = n >= 0 ? 1 : -1;
  for (let left = Math.abs(n); left > 0; left--) {
    r = addDays(r, step);
    while (!isWorkingDay(p, r)) r = addDays(r, step);
  }
  return r;
}

export function buildNaive(doc: ScheduleDocument): NaiveProject {
  const holidays = new Set<string>(doc.calendar?.holidays ?? []);
  for (const v of doc.calendar?.vacations ?? []) {
    for (let d = parseIso(v.startDate); d <= parseIso(v.endDate); d = addDays(d, 1))
      holidays.add(d.toISOString().slice(0, 10));
  }
  const tasks: NaiveTask[] = doc.events.map((e) => ({
    id: e.id,
    milestone: e.type === "milestone",
    duration: e.type === "milestone" ? 0 : (e.numberOfDays ?? 1),
    requestedStart: e.startDate ? parseIso(e.startDate) : null,
    start: null,
    end: null,
    predecessors: [],
    successors: [],
  }));
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const l of doc.links ?? []) {
    const from = byId.get(l.parentId);
    const to = byId.get(l.childId);
    if (!from || !to) throw new Error(`lien inconnu ${l.parentId} -> ${l.childId}`);
    const link: NaiveLink = { from, to, type: l.type, delay: l.delay ?? 0 };
    from.successors.push(link);
    to.predecessors.push(link);
  }
  return { tasks, byId, holidays };
}

/** The instant a task ends, as the working day it is the beginning of (a milestone ends where it starts). */
function endInstant(p: NaiveProject, t: NaiveTask): Date {
  if (t.milestone) return t.start as Date;
  return nextWorkingDay(p, addDays(t.end as Date, 1));
}

/** Dates of t, computing its predecessors first (recursively). */
function scheduleTask(p: NaiveProject, t: NaiveTask): void {
  if (t.start) return;
  let start: Date | null = null;
  if (t.predecessors.length === 0) {
    if (!t.requestedStart) throw new Error(`tâche ${t.id} sans date ni prédécesseur`);
    start = nextWorkingDay(p, t.requestedStart);
  } else {
    for (const l of t.predecessors) {
      scheduleTask(p, l.from);
      let s: Date;
      switch (l.type) {
        case "end-begin":
          s = shiftWorkingDays(p, endInstant(p, l.from), l.delay);
          break;
        case "begin-begin":
          s = shiftWorkingDays(p, l.from.start as Date, l.delay);
          break;
        case "end-end":
          s = shiftWorkingDays(p, shiftWorkingDays(p, endInstant(p, l.from), l.delay), -t.duration);
          break;
        default:
          s = shiftWorkingDays(p, shiftWorkingDays(p, l.from.start as Date, l.delay + 1), -t.duration);
      }
      if (!start || s > start) start = s;
    }
  }
  t.start = start as Date;
  let end = t.start;
  for (let k = 1; k < t.duration; k++) end = nextWorkingDay(p, addDays(end, 1));
  t.end = end;
}

/** Full forward pass: forget every date, then compute each task. */
export function naiveSchedule(p: NaiveProject): void {
  for (const t of p.tasks) {
    t.start = null;
    t.end = null;
  }
  for (const t of p.tasks) scheduleTask(p, t);
}

/** Every task reachable from t (t included), breadth first. */
export function naiveDescendants(t: NaiveTask): NaiveTask[] {
  const seen = new Set<NaiveTask>([t]);
  const queue = [t];
  for (let h = 0; h < queue.length; h++) {
    for (const l of queue[h].successors) {
      if (!seen.has(l.to)) {
        seen.add(l.to);
        queue.push(l.to);
      }
    }
  }
  return queue;
}

/**
 * Moves task t (which has predecessors) by k working days the way the engine does (its incoming links' delays
 * grow by k), then recomputes t and everything reachable from it. Returns the recomputed tasks.
 */
export function naiveMove(t: NaiveTask, k: number, p: NaiveProject): NaiveTask[] {
  for (const l of t.predecessors) l.delay += k;
  const affected = naiveDescendants(t);
  for (const a of affected) {
    a.start = null;
    a.end = null;
  }
  for (const a of affected) scheduleTask(p, a);
  return affected;
}

/** Day number (days since 1970-01-01) of a Date at midnight UTC. */
export function dayNumber(d: Date | null): number {
  return d ? Math.round(d.getTime() / 86_400_000) : NaN;
}
