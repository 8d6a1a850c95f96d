import { scheduleDocument, type ScheduleDocument, type ScheduleOutput } from "../src/index.js";

/** Schedules a document and returns id -> [startDate, endDate]. */
export function dates(doc: ScheduleDocument): Record<number, [string, string]> {
  const out: ScheduleOutput = scheduleDocument(doc);
  return Object.fromEntries(out.events.map((e) => [e.id, [e.startDate, e.endDate]]));
}

/** A parent task P (id 1) and a child (id 2) joined by one link. */
export function pair(
  parent: { type?: "task" | "milestone"; numberOfDays?: number; startDate: string },
  child: { type?: "task" | "milestone"; numberOfDays?: number },
  link: { type: "end-begin" | "begin-begin" | "end-end" | "begin-end"; delay?: number },
  holidays: string[] = [],
): { parent: [string, string]; child: [string, string] } {
  const d = dates({
    calendar: { holidays },
    events: [
      { id: 1, type: parent.type ?? "task", numberOfDays: parent.numberOfDays ?? 1, startDate: parent.startDate },
      { id: 2, type: child.type ?? "task", numberOfDays: child.numberOfDays ?? 1 },
    ],
    links: [{ parentId: 1, childId: 2, type: link.type, delay: link.delay ?? 0 }],
  });
  return { parent: d[1], child: d[2] };
}
