/**
 * Realtime events (spec 000 section 7): one Socket.IO room per project (INITIATOR_ONLY_EVENTS go to their
 * initiator's user room instead). Every payload names its initiator so only that client shows the confirmation
 * toast; each event has an error twin `${name}:error`.
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

/**
 * Events sent to their initiator's sockets only (the `user:<id>` room), never to the project's room, with their
 * error twins: issue 16 sends sequenceTemplate:endSync "to the initiator". The other viewers follow the sync
 * through reference:update (resource sequenceTemplatePro, data.synchronizableStatus) and sequence:bulk_update.
 */
export const INITIATOR_ONLY_EVENTS: readonly RealtimeEventName[] = ["sequenceTemplate:endSync"];

export function isForInitiatorOnly(event: string): boolean {
  return INITIATOR_ONLY_EVENTS.some((e) => event === e || event === `${e}:error`);
}
export type RealtimeErrorName = `${RealtimeEventName}:error`;

export function errorEventOf(name: RealtimeEventName): RealtimeErrorName {
  return `${name}:error`;
}

/**
 * Server -> client: this socket may no longer watch `projectId` (removed from the project, project archived
 * for an external user, made private for a share link, user deleted or type changed). The server has already
 * put the socket out of the project's room; the client stops showing the project's live data.
 */
export const ACCESS_ENDED = "project:access_ended";

export interface RealtimePayload {
  event: RealtimeEventName | RealtimeErrorName | typeof ACCESS_ENDED;
  projectId: number;
  versionId: number | null;
  initiatorId: number | null;
  ids: number[];
  /** Bulk progress, 0..100. */
  percentage?: number;
  /**
   * Moves carry the dates delta so clients apply it without refetching. `revisions`: each event's revision after
   * the write (0 when the write did not change that row); a client skips an entry whose revision it already holds,
   * so two writes published by two processes and heard in reverse order leave the later dates.
   */
  dates?: { ids: number[]; startDates: string[]; endDates: string[]; revisions?: number[] };
  /** Error events: the catalogue code. */
  code?: string;
  /** Extra data (the new version's id, the clone's project id...). */
  data?: Record<string, unknown>;
  /**
   * The id the initiating client gave its request (header REQUEST_ID_HEADER), echoed in every event the request
   * caused: that client recognises its own broadcast (it already applied the answer) and shows one toast.
   */
  requestId?: string;
  /** What the header shows after a planning write committed (its version's projected end and undo count). */
  summary?: WriteSummary;
}

/** A planning write's effect on the project header: sent in its live events and in its answer's SUMMARY_HEADER. */
export interface WriteSummary {
  versionId: number;
  projectedEndDate: string | null;
  undoRemaining: number;
}

/** Request header naming a client's write (`<client id>:<counter>`), echoed as RealtimePayload.requestId. */
export const REQUEST_ID_HEADER = "X-Jalon-Request";
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,80}$/;
/** Answer header of a write that changed the planning: its WriteSummary as JSON. */
export const SUMMARY_HEADER = "X-Jalon-Summary";

/** Client -> server: join or leave a project's room. */
export const JOIN_PROJECT = "join";
export const LEAVE_PROJECT = "leave";
