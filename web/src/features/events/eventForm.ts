// Task and milestone form values and their request bodies (spec 000 sections 3-5):
// defaults 1 day and 1 person (milestones: 0 days, white); strings trimmed; numeric fields (numberOfDays,
// numberOfPeople, delays) sent only when numeric; only changed fields sent on update, with the revision;
// a parent task or milestone (a task or milestone reference) clears the start date, which the engine derives.
import {
  DEFAULT_MILESTONE_COLOR,
  DEFAULT_NUMBER_OF_DAYS,
  DEFAULT_NUMBER_OF_PEOPLE,
  TEXT_MAX_LENGTH,
} from "@jalon/shared";
import type {
  EventCreateBody,
  EventItem,
  EventLink,
  EventLinkInput,
  EventUpdateBody,
  LinkType,
  PlannedEventType,
  ReferenceType,
} from "../../api/events";

export const NAME_MAX_LENGTH = TEXT_MAX_LENGTH;
export const TRIGRAM_MAX_LENGTH = 10;
export const LINK_TYPES: readonly LinkType[] = ["end-begin", "begin-begin", "end-end", "begin-end"];

/** A link row of the form: the other event, its type, and the delay as typed. */
export interface LinkRow {
  id: number;
  name: string;
  eventType?: PlannedEventType;
  type: LinkType;
  delay: string;
  startDate?: string | null;
  endDate?: string | null;
}

export interface EventFormValues {
  name: string;
  type: PlannedEventType;
  /** yyyy-MM-dd, or "" when derived from the reference. */
  startDate: string;
  numberOfDays: string;
  numberOfPeople: string;
  /** #rrggbb, or "" for none (a task then takes its lot's colour). */
  color: string;
  trigram: string;
  participantGroupProId: number | null;
  zoneId: number | null;
  macroTaskId: number | null;
  specialityId: number | null;
  participantId: number | null;
  /** The task's tags (ids of the version's tags), in the order chosen. */
  tagIds: number[];
  description: string;
  comments: string;
  isTracked: boolean;
  isContractual: boolean;
  milestoneToHide: boolean;
  locked: boolean;
  parents: LinkRow[];
  children: LinkRow[];
}

export function emptyEventValues(type: PlannedEventType): EventFormValues {
  const milestone = type === "milestone";
  return {
    name: "",
    type,
    startDate: "",
    numberOfDays: milestone ? "0" : String(DEFAULT_NUMBER_OF_DAYS),
    numberOfPeople: String(DEFAULT_NUMBER_OF_PEOPLE),
    color: milestone ? DEFAULT_MILESTONE_COLOR : "",
    trigram: "",
    participantGroupProId: null,
    zoneId: null,
    macroTaskId: null,
    specialityId: null,
    participantId: null,
    tagIds: [],
    description: "",
    comments: "",
    isTracked: false,
    isContractual: false,
    milestoneToHide: false,
    locked: false,
    parents: [],
    children: [],
  };
}

export function linkRowOf(link: EventLink): LinkRow {
  return {
    id: link.id,
    name: link.name ?? `#${link.id}`,
    eventType: link.eventType,
    type: link.type,
    delay: String(link.delay ?? 0),
    startDate: link.startDate ?? null,
    endDate: link.endDate ?? null,
  };
}

/** The form values of a loaded event. An event with parents has no start of its own: its field is empty. */
export function toEventValues(event: EventItem): EventFormValues {
  const parents = (event.parentsEvents ?? []).map(linkRowOf);
  return {
    name: event.name ?? "",
    type: event.type,
    startDate: derivesStart({ parents, locked: event.locked }) ? "" : (event.startDate ?? ""),
    numberOfDays: String(event.numberOfDays ?? (event.type === "milestone" ? 0 : DEFAULT_NUMBER_OF_DAYS)),
    numberOfPeople: String(event.numberOfPeople ?? DEFAULT_NUMBER_OF_PEOPLE),
    color: event.color ?? "",
    trigram: (event.trigram ?? "").toUpperCase(),
    participantGroupProId: event.participantGroupProId ?? null,
    zoneId: event.zoneId ?? null,
    macroTaskId: event.macroTaskId ?? null,
    specialityId: event.specialityId ?? null,
    participantId: event.participantId ?? null,
    tagIds: (event.tags ?? []).map((x) => x.id),
    description: event.description ?? "",
    comments: event.comments ?? "",
    isTracked: Boolean(event.isTracked),
    isContractual: Boolean(event.isContractual),
    milestoneToHide: Boolean(event.milestoneToHide),
    locked: Boolean(event.locked),
    parents,
    children: (event.childrenEvents ?? []).map(linkRowOf),
  };
}

/** With a parent task or milestone the start is derived from the reference (a locked event keeps its own). */
export function derivesStart(values: Pick<EventFormValues, "parents" | "locked">): boolean {
  return values.parents.length > 0 && !values.locked;
}

/** The spec's reference type: the first parent decides between a task and a milestone reference. */
export function referenceTypeOf(values: Pick<EventFormValues, "parents">): ReferenceType {
  const first = values.parents[0];
  if (!first) return "dateReference";
  return first.eventType === "milestone" ? "milestoneReference" : "taskReference";
}

/** Adds a parent: the start date is cleared, it now comes from the reference. */
export function addParent(values: EventFormValues, row: LinkRow): EventFormValues {
  if (values.parents.some((p) => p.id === row.id)) return values;
  const next = { ...values, parents: [...values.parents, row] };
  return derivesStart(next) ? { ...next, startDate: "" } : next;
}

export function addChild(values: EventFormValues, row: LinkRow): EventFormValues {
  if (values.children.some((c) => c.id === row.id)) return values;
  return { ...values, children: [...values.children, row] };
}

/** Switching to a milestone: 0 days and white unless a colour was chosen. */
export function changeType(values: EventFormValues, type: PlannedEventType): EventFormValues {
  if (type === values.type) return values;
  if (type === "milestone")
    return { ...values, type, numberOfDays: "0", color: values.color || DEFAULT_MILESTONE_COLOR };
  return {
    ...values,
    type,
    numberOfDays: values.numberOfDays === "0" ? String(DEFAULT_NUMBER_OF_DAYS) : values.numberOfDays,
  };
}

const INTEGER = /^-?\d+$/;
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

/** A whole number as typed (spaces allowed around), or undefined when the text is not numeric. */
export function integerOf(text: string): number | undefined {
  const s = text.trim();
  return INTEGER.test(s) ? Number(s) : undefined;
}

/** A non-negative decimal ("1,5" and "1.5"), or undefined when not numeric. */
export function decimalOf(text: string): number | undefined {
  const s = text.trim();
  return DECIMAL.test(s) ? Number(s.replace(",", ".")) : undefined;
}

function linksBody(rows: LinkRow[]): EventLinkInput[] {
  return rows.map((row) => {
    const delay = integerOf(row.delay);
    return delay === undefined ? { id: row.id, type: row.type } : { id: row.id, type: row.type, delay };
  });
}

function linksKey(rows: LinkRow[]): string {
  return JSON.stringify(linksBody(rows).map((l) => [l.id, l.type, l.delay ?? 0]));
}

const nullable = (s: string) => {
  const v = s.trim();
  return v === "" ? null : v;
};

type Body = Partial<EventCreateBody>;

/** Every field of a new event (absent numeric fields are left to the server's defaults). */
function fullBody(values: EventFormValues): Body {
  const milestone = values.type === "milestone";
  const body: Body = { name: values.name.trim(), type: values.type };
  if (!derivesStart(values) && values.startDate) body.startDate = values.startDate;
  if (milestone) body.numberOfDays = 0;
  else {
    const days = integerOf(values.numberOfDays);
    if (days !== undefined) body.numberOfDays = days;
  }
  const people = decimalOf(values.numberOfPeople);
  if (people !== undefined) body.numberOfPeople = people;
  body.color = values.color.trim() || (milestone ? DEFAULT_MILESTONE_COLOR : null);
  body.trigram = nullable(values.trigram.toUpperCase());
  body.participantGroupProId = values.participantGroupProId;
  body.zoneId = values.zoneId;
  body.macroTaskId = values.macroTaskId;
  body.specialityId = values.specialityId;
  body.participantId = values.participantId;
  // Tags are the task's (spec 000: a milestone has none).
  if (!milestone) body.tags = values.tagIds;
  body.description = nullable(values.description);
  body.comments = nullable(values.comments);
  body.isContractual = values.isContractual;
  body.isTracked = values.isTracked;
  body.milestoneToHide = values.milestoneToHide;
  body.locked = values.locked;
  body.referenceType = referenceTypeOf(values);
  if (values.parents.length) body.parentsEvents = linksBody(values.parents);
  if (values.children.length) body.childrenEvents = linksBody(values.children);
  return body;
}

/** POST /event body. */
export function createEventBody(values: EventFormValues, projectId: number, versionId: number): EventCreateBody {
  return { ...fullBody(values), name: values.name.trim(), projectId, versionId };
}

/** PATCH /event/{id} body: only the fields that differ from `original`, plus the revision when anything does. */
export function updateEventBody(values: EventFormValues, original: EventFormValues, revision: number): EventUpdateBody {
  const next = fullBody(values);
  const before = fullBody(original);
  const body: EventUpdateBody = {};
  const keys = new Set([...Object.keys(next), ...Object.keys(before)] as (keyof Body)[]);
  for (const key of keys) {
    if (key === "parentsEvents" || key === "childrenEvents" || key === "projectId" || key === "versionId") continue;
    if (!(key in next)) continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(before[key])) (body as Record<string, unknown>)[key] = next[key];
  }
  // A start that becomes derived is sent as null; one that stops being derived is required (see validation).
  if (derivesStart(values) && !derivesStart(original) && original.startDate) body.startDate = null;
  if (linksKey(values.parents) !== linksKey(original.parents)) body.parentsEvents = linksBody(values.parents);
  if (linksKey(values.children) !== linksKey(original.children)) body.childrenEvents = linksBody(values.children);
  if (Object.keys(body).length > 0) body.revision = revision;
  return body;
}

export type EventFormError = "nameRequired" | "nameTooLong" | "startDateRequired" | "trigramTooLong";

export function validateEvent(values: EventFormValues): EventFormError[] {
  const errors: EventFormError[] = [];
  const name = values.name.trim();
  if (!name) errors.push("nameRequired");
  if (name.length > NAME_MAX_LENGTH) errors.push("nameTooLong");
  if (!derivesStart(values) && !values.startDate) errors.push("startDateRequired");
  if (values.trigram.trim().length > TRIGRAM_MAX_LENGTH) errors.push("trigramTooLong");
  return errors;
}

/** A numeric field whose text is not a number: it will not be sent (spec 000 section 5). */
export function nonNumericFields(values: EventFormValues): ("numberOfDays" | "numberOfPeople")[] {
  const out: ("numberOfDays" | "numberOfPeople")[] = [];
  if (values.type !== "milestone" && integerOf(values.numberOfDays) === undefined) out.push("numberOfDays");
  if (decimalOf(values.numberOfPeople) === undefined) out.push("numberOfPeople");
  return out;
}

/**
 * The ids on a cycle through `start`, in link order (start first), in a graph given as parent -> children.
 * Used when the server's refusal does not carry the ids.
 */
export function cycleThrough(children: Map<number, number[]>, start: number): number[] {
  const previous = new Map<number, number>();
  const queue = [start];
  const seen = new Set<number>([start]);
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of children.get(node) ?? []) {
      if (next === start) {
        const path = [node];
        let at = node;
        while (at !== start) {
          at = previous.get(at)!;
          path.push(at);
        }
        return path.reverse();
      }
      if (seen.has(next)) continue;
      seen.add(next);
      previous.set(next, node);
      queue.push(next);
    }
  }
  return [];
}
