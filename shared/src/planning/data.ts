import type { PlannedEventType } from "../contract/event.js";
import { createCalendarSet, createPlanFromColumns, parseDay, type CalendarSet, type Plan } from "@jalon/engine";

/**
 * GET /planning/data: the whole version's schedule graph in columns (what the Web Worker needs to move
 * successors that are off screen) plus display attributes for the events of the requested months only.
 * Columns are plain number arrays in JSON; the client turns them into typed arrays and transfers them to the
 * worker. Days are integer day numbers (day 0 = 1970-01-01, Europe/Paris calendar days).
 */
export interface GraphColumns {
  ids: number[];
  /** 0 task, 1 milestone */
  kind: number[];
  duration: number[];
  /** Anchor day of roots and locked events; the engine's NO_DAY for derived events. */
  requestedStart: number[];
  locked: number[];
  /** Index into calendars.lots order, 0 = project calendar. */
  calendarOf: number[];
  startDay: number[];
  endDay: number[];
  /** Revision of each event, sent back with a write (stale -> 409 errors.conflict). */
  revision: number[];
  linkIds: number[];
  linkParentId: number[];
  linkChildId: number[];
  /** 0 end-begin, 1 begin-begin, 2 end-end, 3 begin-end */
  linkType: number[];
  linkDelay: number[];
}

export interface CalendarColumns {
  /** ISO days closed for the whole project. */
  holidays: string[];
  vacations: { startDate: string; endDate: string }[];
  /** Per lot id, extra ISO days closed for that lot's tasks (calendar index = position + 1). */
  lots: { lotId: number; holidays: string[] }[];
}

export interface PlanningEventView {
  id: number;
  name: string;
  type: PlannedEventType;
  color: string | null;
  trigram: string | null;
  zoneId: number | null;
  participantGroupProId: number | null;
  sequenceId: number | null;
  macroTaskId: number | null;
  numberOfPeople: number;
  progress: number | null;
  isTracked: boolean;
  milestoneToHide: boolean;
  /** Open (not validated) roadblocks of the event: the planning marks the task (issue 18). */
  numberOfRoadblocks?: number;
  /** A prerequisite of the task is not compliant by its start (issue 18): the planning marks the task. */
  qualityLate?: boolean;
}

export interface PlanningData {
  projectId: number;
  versionId: number;
  /** The project's name: only in the public planning's answer (GET /planning/public/{token}), whose page names it. */
  projectName?: string;
  /** Bumped by every write to the version: a client holding an older one refetches. */
  writeCounter: number;
  projectedStartDate: string | null;
  projectedEndDate: string | null;
  graph: GraphColumns;
  calendars: CalendarColumns;
  /** Display attributes of the events in the requested months (after filters). */
  events: PlanningEventView[];
  zones: { id: number; name: string; fullName: string | null; parentId: number | null; position: number }[];
  lots: { id: number; name: string; color: string }[];
  sequences: { id: number; name: string; color: string | null }[];
  /**
   * Versions asked for comparison: per version id, event dates matched by trackingId, and the events of that
   * version (in the requested months) that this version does not have.
   */
  comparisons?: {
    versionId: number;
    name: string;
    eventIds: number[];
    startDay: number[];
    endDay: number[];
    onlyThere?: ComparedOnlyEvent[];
  }[];
}

/** An event of a compared version whose trackingId this version lacks; group ids are this version's (by trackingId), null when it lacks the group. */
export interface ComparedOnlyEvent {
  trackingId: number;
  name: string;
  type: PlannedEventType;
  startDay: number;
  endDay: number;
  zoneId: number | null;
  participantGroupProId: number | null;
  sequenceId: number | null;
}

export function calendarSetOf(c: CalendarColumns): CalendarSet {
  const lotHolidays = new Map<string, number[]>();
  for (const lot of c.lots) lotHolidays.set(String(lot.lotId), lot.holidays.map(parseDay));
  return createCalendarSet({
    holidays: c.holidays.map(parseDay),
    vacations: c.vacations.map((v) => [parseDay(v.startDate), parseDay(v.endDate)] as const),
    lotHolidays,
  });
}

type PlanColumnName =
  | "ids"
  | "kind"
  | "duration"
  | "requestedStart"
  | "locked"
  | "calendarOf"
  | "linkParentId"
  | "linkChildId"
  | "linkType"
  | "linkDelay";
/** The columns the engine needs, as arrays or typed arrays. */
export type GraphLike = { [K in PlanColumnName]: ArrayLike<number> };

/** The engine plan of a graph: the server and the worker build it the same way. */
export function planOf(graph: GraphLike, calendars: CalendarColumns | CalendarSet): Plan {
  const set = "holidays" in calendars ? calendarSetOf(calendars) : calendars;
  return createPlanFromColumns(
    {
      ids: graph.ids,
      kind: graph.kind,
      duration: graph.duration,
      requestedStart: graph.requestedStart,
      locked: graph.locked,
      calendarOf: graph.calendarOf,
      linkParentId: graph.linkParentId,
      linkChildId: graph.linkChildId,
      linkType: graph.linkType,
      linkDelay: graph.linkDelay,
    },
    set,
  );
}
