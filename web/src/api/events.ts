// Typed calls of the events, milestones and sequences screens (spec 000 section 7 "Events", "Sequences").
// Screens use these functions only; component tests mock this module.
import type {
  ContractFields,
  EventBulkDeleteAnswer,
  eventBulkDeleteBody,
  EventHistoryAnswer,
  EventHistoryRow,
  EventWriteAnswer,
  Event,
  EventFields,
  EventLinkInput,
  EventLinkRef,
  eventCreateBody,
  eventUpdateBody,
  LinkType,
  PlannedEventType,
  ReferenceType,
  RequestOf,
  Sequence,
  SequenceBulkDeleteAnswer,
  sequenceBulkDeleteBody,
  sequenceCreateBody,
  sequenceUpdateBody,
} from "@jalon/shared";
import { EVENT_PICKER_LIMIT, LIST_LIMIT } from "@jalon/shared";
import { filter } from "./client";
import { ApiError, request, send, type Query } from "./http";
import { downloadFile } from "./referenceMore";
import type { ListResponse } from "./types";

export type { LinkType, PlannedEventType, ReferenceType };

export interface NamedRef {
  id: number;
  name: string;
  color?: string | null;
}

/** An event as the lists and the form read it (GET /event, GET /event/{id}), with the optional joins. */
export type EventItem = Event & {
  zone?: NamedRef | null;
  participantGroupPro?: NamedRef | null;
  sequence?: (NamedRef & { instantiationConfig?: unknown }) | null;
};

export type EventLink = EventLinkRef;

/** The write bodies are the contract's (shared/src/contract/event.ts): a field the server refuses is a type error. */
export type { EventFields, EventLinkInput };
export type EventCreateBody = RequestOf<typeof eventCreateBody>;
export type EventUpdateBody = Omit<RequestOf<typeof eventUpdateBody>, "projectId" | "versionId">;

/** Answers of the writes and the history: the contract's (shared/src/contract/event.ts, eventExtras.ts). */
export type EventWriteResult = EventWriteAnswer;
export type EventHistoryEntry = EventHistoryRow;

export type SortOrder = "ASC" | "DESC";
export interface SortSpec {
  field: string;
  order: SortOrder;
}

export interface EventListQuery {
  versionId: number;
  type?: PlannedEventType;
  /** Name contains (contL), trimmed; empty means no filter. */
  name?: string;
  sort?: SortSpec;
  limit: number;
  offset: number;
  join?: string[];
  filters?: string[];
}

export type SequenceItem = Sequence & { zone?: NamedRef | null; events?: EventItem[] };

/** The fields the sequence screens write, checked against the contract (shared/src/contract/sequence.ts). */
export type SequenceBody = ContractFields<
  RequestOf<typeof sequenceUpdateBody>,
  {
    projectId?: number;
    versionId?: number;
    name?: string;
    color?: string | null;
    zoneId?: number | null;
  }
>;

/** The `details` of an API error ({code, message, details}), when the client kept them. */
export function errorDetails(error: unknown): unknown {
  return error && typeof error === "object" && "details" in error ? (error as { details: unknown }).details : undefined;
}

/** The ids on a refused cycle (details.ids of errors.cycle), or null when the error is not a cycle. */
export function cycleIdsOf(error: unknown): number[] | null {
  if (!(error instanceof ApiError) || error.code !== "cycle") return null;
  const details = errorDetails(error);
  const ids = details && typeof details === "object" ? (details as { ids?: unknown }).ids : undefined;
  return Array.isArray(ids) ? ids.filter((x): x is number => typeof x === "number") : [];
}

function listQuery(q: EventListQuery): Query {
  const filters = [filter("versionId", "$eq", q.versionId)];
  if (q.type) filters.push(filter("type", "$eq", q.type));
  const name = q.name?.trim();
  if (name) filters.push(filter("name", "contL", name));
  filters.push(...(q.filters ?? []));
  return {
    filter: filters,
    join: q.join,
    sort: q.sort ? `${q.sort.field},${q.sort.order}` : undefined,
    limit: q.limit,
    offset: q.offset,
  };
}

/** The filters and sort of a list, for its export (every matching row, no paging). */
function exportQuery(q: Omit<EventListQuery, "limit" | "offset" | "join">): Query {
  const { filter: filters, sort } = listQuery({ ...q, limit: 0, offset: 0 });
  return { filter: filters, sort };
}

/** The rows of a reference list, whether it answers a page or a bare array. */
async function rowsOf<T>(load: () => Promise<ListResponse<T> | T[]>): Promise<T[]> {
  const res = await load();
  return Array.isArray(res) ? res : res.data;
}

export const eventsApi = {
  list: (q: EventListQuery) => request<ListResponse<EventItem>>("GET", "/event", { query: listQuery(q) }),
  get: (id: number) =>
    request<EventItem>("GET", `/event/${id}`, { query: { join: ["parentsEvents", "childrenEvents", "tags"] } }),
  create: (body: EventCreateBody) => send<typeof eventCreateBody, EventWriteAnswer>("POST", "/event", body),
  update: (id: number, body: EventUpdateBody) =>
    send<typeof eventUpdateBody, EventWriteAnswer>("PATCH", `/event/${id}`, body),
  bulkDelete: (ids: number[], projectId: number, versionId: number) =>
    send<typeof eventBulkDeleteBody, EventBulkDeleteAnswer>("DELETE", "/event/bulk-delete", {
      ids,
      projectId,
      versionId,
    }),
  /** GET /event/{id}/history (limit 10000). */
  history: async (id: number): Promise<EventHistoryEntry[]> => {
    const res = await request<EventHistoryAnswer>("GET", `/event/${id}/history`, { query: { limit: LIST_LIMIT } });
    return res.eventsHistory;
  },
  /** The event picker: 20 events at a time, by name unless another sort is asked. */
  picker: (versionId: number, search: string, offset: number, sort: SortSpec = { field: "name", order: "ASC" }) =>
    request<ListResponse<EventItem>>("GET", "/event", {
      query: listQuery({
        versionId,
        name: search,
        sort,
        limit: EVENT_PICKER_LIMIT,
        offset,
      }),
    }),
  /** GET /event/export: the list as filtered and sorted on screen, as an .xlsx file. */
  export: (q: Omit<EventListQuery, "limit" | "offset" | "join">) =>
    downloadFile("/event/export", exportQuery(q), "Taches.xlsx"),
  /** Names of the given events (for a cycle's ids the form does not know). */
  byIds: (versionId: number, ids: number[]) =>
    request<ListResponse<EventItem>>("GET", "/event", {
      query: listQuery({ versionId, filters: [filter("id", "$in", ids)], limit: Math.max(ids.length, 1), offset: 0 }),
    }),
  /** Every event of the version with its children: the graph a refused cycle is looked for in. */
  graph: (versionId: number) =>
    request<ListResponse<EventItem>>("GET", "/event", {
      query: listQuery({
        versionId,
        join: ["childrenEvents"],
        sort: { field: "id", order: "ASC" },
        limit: LIST_LIMIT,
        offset: 0,
      }),
    }),
};

export const milestonesApi = {
  /** Milestones not hidden, sorted by name ascending, joined with sequence.instantiationConfig (spec 000 section 7). */
  list: (versionId: number) =>
    request<ListResponse<EventItem>>("GET", "/event", {
      query: listQuery({
        versionId,
        type: "milestone",
        filters: [filter("milestoneToHide", "$eq", "false")],
        join: ["sequence.instantiationConfig"],
        sort: { field: "name", order: "ASC" },
        limit: LIST_LIMIT,
        offset: 0,
      }),
    }),
  /** GET /event/export/milestones: the milestones not hidden whose name contains `name`, by name, with their
   * predecessors (.xlsx). */
  export: (versionId: number, name?: string) =>
    downloadFile(
      "/event/export/milestones",
      exportQuery({ versionId, type: "milestone", name, filters: [filter("milestoneToHide", "$eq", "false")] }),
      "Jalons.xlsx",
    ),
};

export const sequencesApi = {
  list: (versionId: number) =>
    request<ListResponse<SequenceItem> | SequenceItem[]>("GET", "/sequence", {
      query: {
        filter: filter("versionId", "$eq", versionId),
        limit: LIST_LIMIT,
        sort: "name,ASC",
        join: "instantiationConfig",
      },
    }).then((res) => (Array.isArray(res) ? { data: res, count: res.length, total: res.length } : res)),
  get: (id: number) => request<SequenceItem>("GET", `/sequence/${id}`),
  create: (body: SequenceBody & { projectId: number; versionId: number; name: string }) =>
    send<typeof sequenceCreateBody, SequenceItem>("POST", "/sequence", body),
  update: (id: number, body: SequenceBody) =>
    send<typeof sequenceUpdateBody, SequenceItem>("PATCH", `/sequence/${id}`, body),
  bulkDelete: (ids: number[], projectId: number, versionId: number) =>
    send<typeof sequenceBulkDeleteBody, SequenceBulkDeleteAnswer>("DELETE", "/sequence/bulk-delete", {
      ids,
      projectId,
      versionId,
    }),
  /** The events of a sequence with their dates. */
  events: (versionId: number, sequenceId: number) =>
    request<ListResponse<EventItem>>("GET", "/event", {
      query: listQuery({
        versionId,
        filters: [filter("sequenceId", "$eq", sequenceId)],
        sort: { field: "startDate", order: "ASC" },
        limit: LIST_LIMIT,
        offset: 0,
      }),
    }),
};

export const referencesApi = {
  /** Zones of the version in their order (GET /zone). */
  zones: (versionId: number) =>
    rowsOf(() =>
      request<ListResponse<NamedRef>>("GET", "/zone", {
        query: { filter: filter("versionId", "$eq", versionId), limit: LIST_LIMIT, sort: "position,ASC" },
      }),
    ),
  /** Lots (participant groups) of the version (GET /participant-group-pro). */
  lots: (versionId: number) =>
    rowsOf(() =>
      request<ListResponse<NamedRef>>("GET", "/participant-group-pro", {
        query: { filter: filter("versionId", "$eq", versionId), limit: LIST_LIMIT },
      }),
    ),
};
