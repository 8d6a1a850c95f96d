import {
  fromWire,
  PLANNING_COMPACT_TYPE,
  type PlanningData,
  type PlanningDataWire,
  type PlanningSliceWire,
} from "@jalon/shared/planning";
import type {
  eventBulkMoveBody,
  EventMoveAnswer,
  eventUpdateBody,
  EventWriteAnswer,
  PlanningQuery as ContractPlanningQuery,
  PublicPlanningDataWire,
  RequestOf,
} from "@jalon/shared";
import { request, requestPreferring, send } from "../api/http";

/** The planning screen's calls (spec 000 section 7, Planning and Events). */
/** The one planning query of the contract (shared/src/contract/planning.ts); the screen always sends its months. */
export type PlanningQuery = ContractPlanningQuery & { startDate: string; endDate: string };

/**
 * PATCH /event/bulk-update: the selection with the revision each event had when the user saw it, the anchor and
 * the ISO day it starts on after the move; the answer is the re-dated events (shared/src/contract/event.ts).
 */
export type MovePayload = RequestOf<typeof eventBulkMoveBody>;
export type MoveResult = EventMoveAnswer;

/** An edit of one event through PATCH /event/{id}, without the revision the session adds (its last known one). */
export type EventEdit = Omit<RequestOf<typeof eventUpdateBody>, "revision">;

/**
 * A planning load as it arrives: the compact answer's bytes (shared/src/planning/compact.ts), which the session hands
 * to its engine worker to decode, or the data of a JSON answer (a server that answers JSON to the compact Accept).
 */
export type PlanningLoad = { compact: ArrayBuffer } | { data: PlanningData };

const asLoad = (answer: { bytes: ArrayBuffer } | { json: PlanningDataWire | PublicPlanningDataWire }): PlanningLoad =>
  "bytes" in answer ? { compact: answer.bytes } : { data: fromWire(answer.json) };

export const planningApi = {
  /**
   * The planning screen's load: the compact answer (Accept), whose bytes the main thread never parses; at 100k
   * events the JSON text is 16.6 MB to decode and parse before the first paint (bench/web).
   */
  load: (q: PlanningQuery): Promise<PlanningLoad> =>
    requestPreferring<PlanningDataWire>(PLANNING_COMPACT_TYPE, "/planning/data", { query: { ...q } }).then(asLoad),
  publicLoad: (token: string, q: Pick<PlanningQuery, "startDate" | "endDate">): Promise<PlanningLoad> =>
    requestPreferring<PublicPlanningDataWire>(PLANNING_COMPACT_TYPE, `/planning/public/${encodeURIComponent(token)}`, {
      query: { ...q },
      anonymous: true,
    }).then(asLoad),
  // The answer carries the events in columns (shared/planning/wire.ts), decoded here once.
  data: (q: PlanningQuery): Promise<PlanningData> =>
    request<PlanningDataWire>("GET", "/planning/data", { query: { ...q } }).then(fromWire),
  /** The public planning: its data names the project (`projectName`), which the public page shows. */
  publicData: (token: string, q: Pick<PlanningQuery, "startDate" | "endDate">): Promise<PlanningData> =>
    request<PublicPlanningDataWire>("GET", `/planning/public/${encodeURIComponent(token)}`, {
      query: { ...q },
      anonymous: true,
    }).then(fromWire),
  /** The display attributes of more months (eventsOnly): the range widened by scrolling past an edge. */
  slice: (q: PlanningQuery): Promise<PlanningSliceWire> =>
    request<PlanningSliceWire>("GET", "/planning/data", { query: { ...q, eventsOnly: true } }),
  publicSlice: (token: string, q: Omit<PlanningQuery, "projectId" | "versionId">): Promise<PlanningSliceWire> =>
    request<PlanningSliceWire>("GET", `/planning/public/${encodeURIComponent(token)}`, {
      query: { ...q, eventsOnly: true },
      anonymous: true,
    }),
  move: (body: MovePayload) => send<typeof eventBulkMoveBody, MoveResult>("PATCH", "/event/bulk-update", body),
  patchEvent: (id: number, body: RequestOf<typeof eventUpdateBody>) =>
    send<typeof eventUpdateBody, EventWriteAnswer>("PATCH", `/event/${id}`, body),
};
