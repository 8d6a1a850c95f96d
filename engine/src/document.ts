import { createCalendarSet } from "./calendar.js";
import { formatDay, NO_DAY, parseDay } from "./days.js";
import { InvalidDocumentError } from "./errors.js";
import { computeFloats } from "./floats.js";
import { createPlan, EventKind, LINK_TYPE_NAMES, linkTypeOf, type Plan, type PlanEventInput } from "./plan.js";
import { schedulePlan, type Schedule } from "./schedule.js";

/**
 * The engine's JSON document: what the CLI reads and the tests and tools write. Days are ISO yyyy-MM-dd
 * calendar days (Europe/Paris).
 */
import type { LinkTypeName } from "./plan.js";

export interface DocumentCalendar {
  holidays?: string[];
  vacations?: { startDate: string; endDate: string }[];
  /** Holidays that only the tasks of a lot skip, keyed by lot id. */
  lotHolidays?: Record<string, string[]>;
}

export interface DocumentEvent {
  id: number;
  type: "task" | "milestone";
  numberOfDays?: number;
  startDate?: string;
  lotId?: number | string;
  locked?: boolean;
}

export interface DocumentLink {
  parentId: number;
  childId: number;
  type: LinkTypeName;
  delay?: number;
}

export interface ScheduleDocument {
  calendar?: DocumentCalendar;
  events: DocumentEvent[];
  links?: DocumentLink[];
}

export interface ScheduledEventOut {
  id: number;
  startDate: string;
  endDate: string;
  totalFloat: number;
  critical: boolean;
}

export interface ScheduleOutput {
  events: ScheduledEventOut[];
  projectedEndDate: string | null;
  violations?: { parentId: number; childId: number; type: LinkTypeName; requiredDate: string }[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, where: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new InvalidDocumentError(`${where} doit être une liste de dates`);
  return v as string[];
}

/** Reads a document into a plan; throws typed errors (invalid document, date, duration, unknown event, cycle). */
export function planFromDocument(doc: unknown): Plan {
  if (!isRecord(doc)) throw new InvalidDocumentError("Le document doit être un objet JSON");
  const calendar = doc.calendar === undefined ? {} : doc.calendar;
  if (!isRecord(calendar)) throw new InvalidDocumentError("calendar doit être un objet");
  const holidays = stringList(calendar.holidays, "calendar.holidays").map(parseDay);
  const vacationsIn = calendar.vacations ?? [];
  if (!Array.isArray(vacationsIn)) throw new InvalidDocumentError("calendar.vacations doit être une liste");
  const vacations = vacationsIn.map((v: unknown) => {
    if (!isRecord(v)) throw new InvalidDocumentError("Une période de congés doit avoir startDate et endDate");
    const from = parseDay(v.startDate);
    const to = parseDay(v.endDate);
    if (to < from)
      throw new InvalidDocumentError(
        `Congés du ${String(v.startDate)} au ${String(v.endDate)} : la fin précède le début`,
      );
    return [from, to] as const;
  });
  const lotHolidaysIn = calendar.lotHolidays ?? {};
  if (!isRecord(lotHolidaysIn)) throw new InvalidDocumentError("calendar.lotHolidays doit être un objet");
  const lotHolidays: Record<string, number[]> = {};
  for (const [lot, days] of Object.entries(lotHolidaysIn))
    lotHolidays[lot] = stringList(days, `calendar.lotHolidays.${lot}`).map(parseDay);
  const set = createCalendarSet({ holidays, vacations, lotHolidays });

  if (!Array.isArray(doc.events)) throw new InvalidDocumentError("events doit être une liste");
  const events: PlanEventInput[] = doc.events.map((e: unknown) => {
    if (!isRecord(e)) throw new InvalidDocumentError("Chaque événement doit être un objet");
    if (typeof e.id !== "number" || !Number.isFinite(e.id))
      throw new InvalidDocumentError(`Identifiant d'événement invalide : ${JSON.stringify(e.id)}`);
    const type = e.type ?? "task";
    if (type !== "task" && type !== "milestone")
      throw new InvalidDocumentError(`Type d'événement inconnu pour ${e.id} : ${String(type)}`);
    const kind = type === "milestone" ? EventKind.Milestone : EventKind.Task;
    const lot = e.lotId === undefined || e.lotId === null ? undefined : String(e.lotId);
    return {
      id: e.id,
      kind,
      duration: e.numberOfDays === undefined ? 1 : (e.numberOfDays as number),
      startDay: e.startDate === undefined || e.startDate === null ? undefined : parseDay(e.startDate),
      locked: e.locked === true,
      calendar: lot === undefined ? 0 : (set.byLot.get(lot) ?? 0),
    };
  });
  const linksIn = doc.links ?? [];
  if (!Array.isArray(linksIn)) throw new InvalidDocumentError("links doit être une liste");
  const links = linksIn.map((l: unknown) => {
    if (!isRecord(l)) throw new InvalidDocumentError("Chaque lien doit être un objet");
    const delay = l.delay ?? 0;
    return {
      parentId: l.parentId as number,
      childId: l.childId as number,
      type: linkTypeOf(l.type ?? "end-begin"),
      delay: delay as number,
    };
  });
  return createPlan(events, links, set);
}

export function scheduleDocument(doc: unknown): ScheduleOutput {
  const plan = planFromDocument(doc);
  return describeSchedule(plan, schedulePlan(plan));
}

export function describeSchedule(plan: Plan, schedule: Schedule): ScheduleOutput {
  const floats = computeFloats(plan, schedule);
  const events: ScheduledEventOut[] = [];
  for (let i = 0; i < plan.size; i++) {
    events.push({
      id: plan.ids[i],
      startDate: formatDay(schedule.startDay[i]),
      endDate: formatDay(schedule.endDay[i]),
      totalFloat: floats.totalFloat[i],
      critical: floats.critical[i] === 1,
    });
  }
  const out: ScheduleOutput = {
    events,
    projectedEndDate: schedule.projectEndDay === NO_DAY ? null : formatDay(schedule.projectEndDay),
  };
  if (schedule.violations.length > 0) {
    out.violations = schedule.violations.map((v) => ({
      parentId: plan.ids[v.parent],
      childId: plan.ids[v.child],
      type: LINK_TYPE_NAMES[plan.linkType[v.link]],
      requiredDate: formatDay(v.requiredStartDay),
    }));
  }
  return out;
}
