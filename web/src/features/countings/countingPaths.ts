// The addresses of the counting screens (spec 001 section 2): /dashboard/counting/{eventType}/{eventId}, and
// .../zone/{zoneId} for the counting in one zone. A task is counted itself; a sequence is a task with sub-events,
// counted through them (spec 001 section 4); a macro-task is counted on its own tab (/dashboard/macro-task/{id}/counting).

export type CountingType = "task" | "sequence" | "macro-task";

export const COUNTING_TYPES: readonly CountingType[] = ["task", "sequence", "macro-task"];

export function isCountingType(value: string | undefined): value is CountingType {
  return COUNTING_TYPES.includes(value as CountingType);
}

/** The counting screen of an event, in a zone when given. */
export function countingPath(type: CountingType, id: number, zoneId?: number | null): string {
  if (type === "macro-task") return `/dashboard/macro-task/${id}/counting`;
  return `/dashboard/counting/${type}/${id}${zoneId ? `/zone/${zoneId}` : ""}`;
}
