// Sequence form values and bodies: trimmed strings, only changed fields on update; the sequence's start and
// end are rolled up from its events (earliest start, latest end).
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { EventItem, SequenceBody, SequenceItem } from "../../api/events";

export interface SequenceFormValues {
  name: string;
  color: string;
  zoneId: number | null;
}

export const emptySequenceValues: SequenceFormValues = { name: "", color: "", zoneId: null };

export function toSequenceValues(sequence: SequenceItem): SequenceFormValues {
  return { name: sequence.name ?? "", color: sequence.color ?? "", zoneId: sequence.zoneId ?? null };
}

function fullBody(values: SequenceFormValues): Required<Pick<SequenceBody, "name" | "color" | "zoneId">> {
  return { name: values.name.trim(), color: values.color.trim() || null, zoneId: values.zoneId };
}

export function sequenceCreateBody(values: SequenceFormValues, projectId: number, versionId: number) {
  return { ...fullBody(values), projectId, versionId };
}

export function sequenceUpdateBody(values: SequenceFormValues, original: SequenceFormValues): SequenceBody {
  const next = fullBody(values);
  const before = fullBody(original);
  const body: SequenceBody = {};
  for (const key of Object.keys(next) as (keyof typeof next)[])
    if (next[key] !== before[key]) (body as Record<string, unknown>)[key] = next[key];
  return body;
}

export type SequenceFormError = "nameRequired" | "nameTooLong";

export function validateSequence(values: SequenceFormValues): SequenceFormError[] {
  const name = values.name.trim();
  if (!name) return ["nameRequired"];
  if (name.length > TEXT_MAX_LENGTH) return ["nameTooLong"];
  return [];
}

/** Earliest start and latest end of the events (yyyy-MM-dd strings compare as days). */
export function rollUp(events: Pick<EventItem, "startDate" | "endDate">[]): {
  startDate: string | null;
  endDate: string | null;
} {
  let startDate: string | null = null;
  let endDate: string | null = null;
  for (const e of events) {
    if (e.startDate && (startDate === null || e.startDate < startDate)) startDate = e.startDate;
    const end = e.endDate ?? e.startDate;
    if (end && (endDate === null || end > endDate)) endDate = end;
  }
  return { startDate, endDate };
}

/** Membership changes: events to put into the sequence and events to take out of it. */
export function membershipChanges(
  current: EventItem[],
  originalIds: ReadonlySet<number>,
): { added: EventItem[]; removedIds: number[] } {
  const ids = new Set(current.map((e) => e.id));
  return {
    added: current.filter((e) => !originalIds.has(e.id)),
    removedIds: [...originalIds].filter((id) => !ids.has(id)),
  };
}
