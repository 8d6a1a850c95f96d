// Typed calls of the zones, lots, library lots, participants and specialities screens (spec 001 section 7).
// Screens use these functions only; component tests replace fetch.
import {
  LIST_LIMIT,
  type ContractFields,
  type FieldsOf,
  type LibraryLot,
  type LibraryLotFields,
  type lotCreateBody,
  type participantCreateBody,
  type Ref,
  type specialityCreateBody,
  type TagRef,
  type Zone,
  type ZoneFields,
  type ZoneReorder,
  type ZoneUnity,
} from "@jalon/shared";
import { filter } from "./client";
import { request, type Query } from "./http";
import type { ListResponse } from "./types";
import { downloadFile } from "./referenceMore";

// Zones: the contract's entity and request fields (shared/src/contract/zone.ts).
export type { Ref, TagRef, Zone, ZoneUnity } from "@jalon/shared";
export { ZONE_UNITIES } from "@jalon/shared";

/** The fields the zone screen writes, checked against the contract. */
export type ZoneInput = ContractFields<
  ZoneFields,
  {
    name: string;
    parentId: number | null;
    typology: string | null;
    unity: ZoneUnity;
  }
>;

export interface LotSpeciality {
  id?: number;
  name: string;
}

export interface Lot {
  id: number;
  name: string;
  color: string;
  tags: TagRef[];
  specialities: (LotSpeciality & { id: number; tags: TagRef[] })[];
  participants: (Ref & { color: string })[];
  participantGroupId: number | null;
  trackingId: number;
  projectId: number;
  versionId: number;
  total: number;
}

/** The fields the lot screen writes, checked against the contract (shared/src/contract/lot.ts). */
export type LotInput = ContractFields<
  FieldsOf<typeof lotCreateBody>,
  {
    name: string;
    color: string;
    specialities: LotSpeciality[];
    participantIds: number[];
  }
>;

// Library lots: the contract's entity (shared/src/contract/participantGroup.ts).
export type { LibraryLot } from "@jalon/shared";

/** The fields the library lot screen writes, checked against the contract. */
export type LibraryLotInput = ContractFields<LibraryLotFields, { name: string; color?: string }>;

export interface Participant {
  id: number;
  name: string;
  color: string;
  companyName: string | null;
  projectManagerEmail: string | null;
  projectManagerFirstName: string | null;
  projectManagerLastName: string | null;
  projectManagerPhoneNumber: string | null;
  tags: TagRef[];
  zones: Ref[];
  specialities: (Ref & { participantGroupProId: number | null })[];
  participantsGroupPro: (Ref & { color: string })[];
  total: number;
}

/** The fields the participant screen writes, checked against the contract (shared/src/contract/participant.ts). */
export type ParticipantInput = ContractFields<
  FieldsOf<typeof participantCreateBody>,
  {
    name: string;
    companyName: string | null;
    color: string;
    projectManagerEmail: string | null;
    projectManagerFirstName: string | null;
    projectManagerLastName: string | null;
    projectManagerPhoneNumber: string | null;
    participantsGroupPro: number[];
    specialityIds: number[];
    zoneIds: number[];
  }
>;

export interface Speciality {
  id: number;
  name: string;
  tags: TagRef[];
  participantGroupProId: number | null;
  participantGroupPro: (Ref & { color: string }) | null;
}

/** The fields the speciality screen writes, checked against the contract (shared/src/contract/speciality.ts). */
export type SpecialityInput = ContractFields<
  FieldsOf<typeof specialityCreateBody>,
  {
    name: string;
    participantGroupProId: number | null;
  }
>;

export interface HistogramBar {
  id: number;
  name: string;
  color: string;
  total: number;
}

const scope = (projectId: number, versionId: number) => [
  filter("projectId", "$eq", projectId),
  filter("versionId", "$eq", versionId),
];
const all = (projectId: number, versionId: number, sort = "name,ASC", extra: string[] = []): Query => ({
  filter: [...scope(projectId, versionId), ...extra],
  limit: LIST_LIMIT,
  sort,
});

/** Downloads a file the server builds (exports) and saves it under the server's name. */
export const downloadExport = downloadFile;

function upload(path: string, projectId: number, versionId: number, file: File) {
  const form = new FormData();
  form.set("projectId", String(projectId));
  form.set("versionId", String(versionId));
  form.set("file", file, file.name);
  return request<ListResponse<Zone>>("POST", path, { body: form });
}

export const zonesApi = {
  list: (projectId: number, versionId: number) =>
    request<ListResponse<Zone>>("GET", "/zone", { query: all(projectId, versionId, "position,ASC") }),
  get: (id: number) => request<Zone>("GET", `/zone/${id}`),
  create: (projectId: number, versionId: number, body: Partial<ZoneInput>) =>
    request<Zone>("POST", "/zone", { body: { ...body, projectId, versionId } }),
  update: (id: number, body: Partial<ZoneInput>) => request<Zone>("PATCH", `/zone/${id}`, { body }),
  reorder: (zones: ZoneReorder) => request<ListResponse<Zone>>("PUT", "/zone/bulk-update", { body: { zones } }),
  bulkDelete: (ids: number[]) => request<{ ids: number[] }>("DELETE", "/zone/bulk-delete", { body: { ids } }),
  import: (projectId: number, versionId: number, file: File) => upload("/zone/import", projectId, versionId, file),
  export: (projectId: number, versionId: number) =>
    downloadExport("/zone/export", { filter: scope(projectId, versionId) }, "Zones.xlsx"),
};

export const lotsApi = {
  list: (projectId: number, versionId: number) =>
    request<ListResponse<Lot>>("GET", "/participant-group-pro", {
      query: { ...all(projectId, versionId), join: "participants" },
    }),
  get: (id: number) => request<Lot>("GET", `/participant-group-pro/${id}`),
  create: (projectId: number, versionId: number, body: Partial<LotInput>) =>
    request<Lot>("POST", "/participant-group-pro", { body: { ...body, projectId, versionId } }),
  update: (id: number, body: Partial<LotInput>) => request<Lot>("PATCH", `/participant-group-pro/${id}`, { body }),
  bulkDelete: (ids: number[]) =>
    request<{ ids: number[] }>("DELETE", "/participant-group-pro/bulk-delete", { body: { ids } }),
  histogram: (projectId: number, versionId: number) =>
    request<ListResponse<HistogramBar>>("GET", "/participant-group-pro/histogram", {
      query: { filter: scope(projectId, versionId) },
    }),
  importFromLibrary: (projectId: number, versionId: number, ids: number[]) =>
    request<ListResponse<Lot>>("POST", "/participant-group-pro/bulk-import", { body: { projectId, versionId, ids } }),
  export: (projectId: number, versionId: number) =>
    downloadExport("/participant-group-pro/export", { filter: scope(projectId, versionId) }, "Lots.xlsx"),
};

export const libraryLotsApi = {
  list: () =>
    request<ListResponse<LibraryLot>>("GET", "/participant-group", { query: { limit: LIST_LIMIT, sort: "name,ASC" } }),
  get: (id: number) => request<LibraryLot>("GET", `/participant-group/${id}`),
  projects: (id: number) =>
    request<ListResponse<Ref & { isArchived: boolean }>>("GET", `/participant-group/${id}/projects`),
  create: (body: LibraryLotInput) => request<LibraryLot>("POST", "/participant-group", { body }),
  update: (id: number, body: Partial<LibraryLotInput>) =>
    request<LibraryLot>("PATCH", `/participant-group/${id}`, { body }),
  bulkDelete: (ids: number[]) =>
    request<{ ids: number[] }>("DELETE", "/participant-group/bulk-delete", { body: { ids } }),
};

export const participantsApi = {
  list: (projectId: number, versionId: number, lotId?: number) =>
    request<ListResponse<Participant>>("GET", "/participant", {
      query: all(projectId, versionId, "name,ASC", lotId ? [filter("participantGroupProId", "$eq", lotId)] : []),
    }),
  get: (id: number) => request<Participant>("GET", `/participant/${id}`),
  create: (projectId: number, versionId: number, body: Partial<ParticipantInput>) =>
    request<Participant>("POST", "/participant", { body: { ...body, projectId, versionId } }),
  update: (id: number, body: Partial<ParticipantInput>) =>
    request<Participant>("PATCH", `/participant/${id}`, { body }),
  bulkDelete: (ids: number[]) => request<{ ids: number[] }>("DELETE", "/participant/bulk-delete", { body: { ids } }),
  histogram: (projectId: number, versionId: number) =>
    request<ListResponse<HistogramBar>>("GET", "/participant/histogram", {
      query: { filter: scope(projectId, versionId) },
    }),
  export: (projectId: number, versionId: number) =>
    downloadExport("/participant/export", { filter: scope(projectId, versionId) }, "Participants.xlsx"),
};

export const specialitiesApi = {
  list: (projectId: number, versionId: number) =>
    request<ListResponse<Speciality>>("GET", "/speciality", { query: all(projectId, versionId) }),
  get: (id: number) => request<Speciality>("GET", `/speciality/${id}`),
  create: (projectId: number, versionId: number, body: Partial<SpecialityInput>) =>
    request<Speciality>("POST", "/speciality", { body: { ...body, projectId, versionId } }),
  update: (id: number, body: Partial<SpecialityInput>) => request<Speciality>("PATCH", `/speciality/${id}`, { body }),
  bulkDelete: (ids: number[]) => request<{ ids: number[] }>("DELETE", "/speciality/bulk-delete", { body: { ids } }),
};
