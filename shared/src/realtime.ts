/**
 * Realtime events (spec 000 section 7): one Socket.IO room per project. Every payload names its initiator so
 * only that client shows the confirmation toast; each event has an error twin `${name}:error`.
 */
export const REALTIME_EVENTS = [
  "version:startCreate",
  "version:endCreate",
  "event:create",
  "event:update",
  "event:bulk_update",
  "event:update_progress",
  "sequence:create",
  "sequence:startUpdate",
  "sequence:endUpdate",
  "sequence:bulk_update",
  "sequenceTemplate:endSync",
  "holiday:endCreate",
  "holiday:endDelete",
  "holiday:endUpdate",
  "project:startClone",
  "project:endClone",
  "reference:update", // zones, lots, participants, specialities changed: viewers refetch their lists (data.resource)
] as const;

export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];
export type RealtimeErrorName = `${RealtimeEventName}:error`;

export function errorEventOf(name: RealtimeEventName): RealtimeErrorName {
  return `${name}:error`;
}

export interface RealtimePayload {
  event: RealtimeEventName | RealtimeErrorName;
  projectId: number;
  versionId: number | null;
  initiatorId: number | null;
  ids: number[];
  /** Bulk progress, 0..100. */
  percentage?: number;
  /** Moves carry the dates delta so clients apply it without refetching. */
  dates?: { ids: number[]; startDates: string[]; endDates: string[] };
  /** Error events: the catalogue code. */
  code?: string;
  /** Extra data (the new version's id, the clone's project id...). */
  data?: Record<string, unknown>;
}

/** Client -> server: join or leave a project's room. */
export const JOIN_PROJECT = "join";
export const LEAVE_PROJECT = "leave";
