// Typed calls of the roadblocks screens and of the task modal's "Points bloquants" tab
// (shared/src/contract/roadblock.ts).
import {
  LIST_LIMIT,
  type ContractFields,
  type DeletedCount,
  type roadblockBulkDeleteBody,
  type roadblockCreateBody,
  type Roadblock,
  type RoadblockFields,
  type RoadblockUpdate,
  type RoadblockZone,
} from "@jalon/shared";
import { filter } from "./client";
import { request, send } from "./http";
import type { ListResponse } from "./types";

export type { Roadblock, RoadblockZone } from "@jalon/shared";

/** What the screens write, checked against the contract (a field the server refuses is a type error). */
export type RoadblockInput = ContractFields<
  RoadblockFields,
  {
    name: string;
    validate: boolean;
    eventId: number | null;
    participantId: number | null;
    participantGroupProId: number | null;
    zoneId: number | null;
  }
>;

/** The list's filters; null or undefined: not filtered. */
export interface RoadblockFilters {
  /** true: validated only; false: open only. */
  validate?: boolean | null;
  eventId?: number | null;
  zoneId?: number | null;
  participantGroupProId?: number | null;
  name?: string;
}

function filtersOf(projectId: number, versionId: number, f: RoadblockFilters): string[] {
  const out = [filter("projectId", "$eq", projectId), filter("versionId", "$eq", versionId)];
  if (f.validate !== undefined && f.validate !== null) out.push(filter("validate", "$eq", String(f.validate)));
  if (f.eventId) out.push(filter("eventId", "$eq", f.eventId));
  if (f.zoneId) out.push(filter("zoneId", "$eq", f.zoneId));
  if (f.participantGroupProId) out.push(filter("participantGroupProId", "$eq", f.participantGroupProId));
  if (f.name?.trim()) out.push(filter("name", "contL", f.name.trim()));
  return out;
}

export const roadblocksApi = {
  /** GET /roadblock: the version's roadblocks after the filters, 10,000 by name. */
  list: (projectId: number, versionId: number, f: RoadblockFilters = {}) =>
    request<ListResponse<Roadblock>>("GET", "/roadblock", {
      query: { filter: filtersOf(projectId, versionId, f), limit: LIST_LIMIT, sort: "name,ASC" },
    }),
  get: (id: number) => request<Roadblock>("GET", `/roadblock/${id}`),
  create: (projectId: number, versionId: number, body: Partial<RoadblockInput> & { name: string }) =>
    send<typeof roadblockCreateBody, Roadblock>("POST", "/roadblock", { ...body, projectId, versionId }),
  update: (id: number, body: Omit<RoadblockUpdate, "projectId" | "versionId">) =>
    request<Roadblock>("PATCH", `/roadblock/${id}`, { body }),
  bulkDelete: (ids: number[]) =>
    send<typeof roadblockBulkDeleteBody, DeletedCount>("DELETE", "/roadblock/bulk-delete", { ids }),
  /** GET /roadblock/{projectId}/zones: the zones that have roadblocks, with their counts. */
  zones: (projectId: number, versionId: number) =>
    request<ListResponse<RoadblockZone>>("GET", `/roadblock/${projectId}/zones`, { query: { versionId } }),
};
