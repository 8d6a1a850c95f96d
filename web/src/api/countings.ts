// Typed calls of the countings screens (shared/src/contract/counting.ts).
import type {
  Counting,
  CountingBulkUpdate,
  CountingCreate,
  EventCountingsCheck,
  GroupProgressRow,
  countingBulkBody,
  countingCreateBody,
  ListResponse,
  MacroTaskCounting,
  macroTaskCountingBody,
  WrittenRows,
} from "@jalon/shared";
import { LIST_LIMIT } from "@jalon/shared";
import { eventsApi } from "./events";
import { request, send } from "./http";

export type { Counting, CountingCreate, GroupProgressRow } from "@jalon/shared";

export interface CountingAllFilters {
  projectId: number;
  versionId?: number;
  eventIds?: number[];
  startDate?: string;
  endDate?: string;
}

/** The percentage options of a counting (spec 001): 25, 50, 75, 100 or another value. */
export const PERCENTAGE_OPTIONS = [25, 50, 75, 100] as const;

export const countingsApi = {
  /** The tasks to count: a version's tasks matching the filter triples, by start date. */
  tasks: (versionId: number, filters: string[], join?: string[]) =>
    eventsApi.list({
      versionId,
      type: "task",
      limit: LIST_LIMIT,
      offset: 0,
      join,
      sort: { field: "startDate", order: "ASC" },
      filters,
    }),
  /** POST /counting; the key goes in the body (and is the same on every retry of that counting). */
  create: (body: CountingCreate) => send<typeof countingCreateBody, Counting>("POST", "/counting", body),
  all: (f: CountingAllFilters) =>
    request<ListResponse<Counting>>("GET", "/counting/all", {
      query: {
        projectId: f.projectId,
        versionId: f.versionId,
        eventIds: f.eventIds?.length ? f.eventIds.join(",") : undefined,
        startDate: f.startDate,
        endDate: f.endDate,
      },
    }).then((r) => r.data),
  bulk: (body: CountingBulkUpdate) =>
    send<typeof countingBulkBody, WrittenRows<Counting>>("PATCH", "/counting/bulk", body),
  macroTask: (body: MacroTaskCounting) =>
    send<typeof macroTaskCountingBody, WrittenRows<Counting>>("PATCH", "/macro-task/counting", body),
  /** GET /counting/progress: sequences and macro-tasks summed from their sub-events at the date. */
  progress: (q: {
    projectId: number;
    versionId: number;
    date: string;
    sequenceIds: number[];
    macroTaskIds: number[];
  }) =>
    request<ListResponse<GroupProgressRow>>("GET", "/counting/progress", {
      query: {
        projectId: q.projectId,
        versionId: q.versionId,
        date: q.date,
        sequenceIds: q.sequenceIds.length ? q.sequenceIds.join(",") : undefined,
        macroTaskIds: q.macroTaskIds.length ? q.macroTaskIds.join(",") : undefined,
      },
    }).then((r) => r.data),
  check: (eventId: number) => request<EventCountingsCheck>("GET", `/event/check-countings/${eventId}`),
};
