// The follow-up lists' filters (spec 001 section 3 "Task filters": tags, category, deliverables, macro-task,
// status, lot, participant, due date, parent tasks), applied on screen to the version's whole list (one call
// of 99,999 rows at most): an external user reads no reference list, so every option comes from the controls.
import type { QualityControl } from "../../api/quality";

export interface ControlFilters {
  tagId: number | null;
  category: string | null;
  /** "event:12", "sequence:3" or "macroTask:5". */
  deliverable: string | null;
  macroTaskId: number | null;
  /** A status key, or "undefined" for controls without one. */
  status: string | null;
  lot: string | null;
  participant: string | null;
  dueFrom: string | null;
  dueTo: string | null;
  eventId: number | null;
}

export const NO_FILTERS: ControlFilters = {
  tagId: null,
  category: null,
  deliverable: null,
  macroTaskId: null,
  status: null,
  lot: null,
  participant: null,
  dueFrom: null,
  dueTo: null,
  eventId: null,
};

/** The macro-task of a control: its own, or its task's. */
export function macroTaskIdOf(c: QualityControl): number | null {
  return c.macroTaskId ?? c.event?.macroTaskId ?? null;
}

/** What the control is delivered to, as option keys (its deliverables, else what it is attached to). */
export function deliverableKeysOf(c: QualityControl): string[] {
  const keys = c.deliverables.map((d) => `${d.kind}:${d.id}`);
  if (c.eventId !== null) keys.push(`event:${c.eventId}`);
  if (c.sequenceId !== null) keys.push(`sequence:${c.sequenceId}`);
  if (c.macroTaskId !== null) keys.push(`macroTask:${c.macroTaskId}`);
  return keys;
}

export function matches(c: QualityControl, f: ControlFilters): boolean {
  if (f.tagId !== null && !c.tags.some((t) => t.id === f.tagId)) return false;
  if (f.category !== null && c.category !== f.category) return false;
  if (f.deliverable !== null && !deliverableKeysOf(c).includes(f.deliverable)) return false;
  if (f.macroTaskId !== null && macroTaskIdOf(c) !== f.macroTaskId) return false;
  if (f.status !== null && (c.status ?? "undefined") !== f.status) return false;
  if (f.lot !== null && c.participantGroup !== f.lot) return false;
  if (f.participant !== null && c.participantName !== f.participant) return false;
  if (f.dueFrom && (!c.dueDate || c.dueDate < f.dueFrom)) return false;
  if (f.dueTo && (!c.dueDate || c.dueDate > f.dueTo)) return false;
  if (f.eventId !== null && c.eventId !== f.eventId) return false;
  return true;
}

export function filterControls(rows: readonly QualityControl[], f: ControlFilters): QualityControl[] {
  return rows.filter((c) => matches(c, f));
}

export function activeFilters(f: ControlFilters): number {
  return Object.values(f).filter((v) => v !== null && v !== "").length;
}

export interface Option<V> {
  value: V;
  label: string;
}

const byLabel = <V>(a: Option<V>, b: Option<V>) => a.label.localeCompare(b.label, "fr", { numeric: true });

/** The options each filter offers: what the controls carry, by name. */
export function filterOptions(rows: readonly QualityControl[], macroTaskNames: ReadonlyMap<number, string>) {
  const tags = new Map<number, string>();
  const deliverables = new Map<string, string>();
  const macroTasks = new Map<number, string>();
  const lots = new Set<string>();
  const participants = new Set<string>();
  const events = new Map<number, string>();
  for (const c of rows) {
    for (const t of c.tags) tags.set(t.id, t.name);
    for (const d of c.deliverables) deliverables.set(`${d.kind}:${d.id}`, d.name);
    if (c.eventId !== null) {
      const name = c.eventName ?? c.event?.name ?? `#${c.eventId}`;
      deliverables.set(`event:${c.eventId}`, name);
      events.set(c.eventId, name);
    }
    if (c.sequenceId !== null) deliverables.set(`sequence:${c.sequenceId}`, c.sequence?.name ?? `#${c.sequenceId}`);
    if (c.macroTaskId !== null)
      deliverables.set(`macroTask:${c.macroTaskId}`, c.macroTask?.name ?? `#${c.macroTaskId}`);
    const m = macroTaskIdOf(c);
    if (m !== null) macroTasks.set(m, c.macroTask?.id === m ? c.macroTask.name : (macroTaskNames.get(m) ?? `#${m}`));
    if (c.participantGroup) lots.add(c.participantGroup);
    if (c.participantName) participants.add(c.participantName);
  }
  const named = <V>(m: Map<V, string>) => [...m].map(([value, label]) => ({ value, label })).sort(byLabel);
  const plain = (s: Set<string>) => [...s].map((v) => ({ value: v, label: v })).sort(byLabel);
  return {
    tags: named(tags),
    deliverables: named(deliverables),
    macroTasks: named(macroTasks),
    lots: plain(lots),
    participants: plain(participants),
    events: named(events),
  };
}
