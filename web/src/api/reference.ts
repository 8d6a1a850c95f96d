// Typed calls of the zones, lots, library lots, participants and specialities screens (spec 001 section 7).
// Screens use these functions only; component tests replace fetch.
import {
  LIST_LIMIT,
  type bulkDeleteBody,
  type ContractFields,
  type DeletedIds,
  type FieldsOf,
  type HistogramBar,
  type LibraryLot,
  type LibraryLotFields,
  type libraryLotBulkDeleteBody,
  type libraryLotCreateBody,
  type libraryLotUpdateBody,
  type Lot,
  type lotBulkImportBody,
  type lotUpdateBody,
  type Participant,
  type participantUpdateBody,
  type Speciality,
  type specialityUpdateBody,
  type zoneBulkUpdateBody,
  type zoneCreateBody,
  type zoneUpdateBody,
  type lotCreateBody,
  type participantCreateBody,
  type Ref,
  type specialityCreateBody,
  type Zone,
  type ZoneFields,
  type ZoneReorder,
  type ZoneUnity,
} from "@jalon/shared";
import { filter } from "./client";
import { request, send, versionFileForm, type Query } from "./http";
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

// Lots, participants, specialities and their histograms: the contract's entities (shared/src/contract/lot.ts,
// participant.ts, speciality.ts, common.ts).
export type { HistogramBar, Lot, Participant, Speciality } from "@jalon/shared";

/** A speciality as the lot screen writes it: an id keeps (and renames) an existing one, no id creates it. */
export type LotSpeciality = ContractFields<
  NonNullable<FieldsOf<typeof lotCreateBody>["specialities"]>[number],
  { id?: number; name: string }
>;

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

/** The fields the speciality screen writes, checked against the contract (shared/src/contract/speciality.ts). */
export type SpecialityInput = ContractFields<
  FieldsOf<typeof specialityCreateBody>,
  {
    name: string;
    participantGroupProId: number | null;
  }
>;

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
  return request<ListResponse<Zone>>("POST", path, { body: versionFileForm(projectId, versionId, file, false) });
}

export const zonesApi = {
  list: (projectId: number, versionId: number) =>
    request<ListResponse<Zone>>("GET", "/zone", { query: all(projectId, versionId, "position,ASC") }),
  get: (id: number) => request<Zone>("GET", `/zone/${id}`),
  create: (projectId: number, versionId: number, body: Partial<ZoneInput> & { name: string }) =>
    send<typeof zoneCreateBody, Zone>("POST", "/zone", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<ZoneInput>) => send<typeof zoneUpdateBody, Zone>("PATCH", `/zone/${id}`, body),
  reorder: (zones: ZoneReorder) =>
    send<typeof zoneBulkUpdateBody, ListResponse<Zone>>("PUT", "/zone/bulk-update", { zones }),
  bulkDelete: (ids: number[]) => send<typeof bulkDeleteBody, DeletedIds>("DELETE", "/zone/bulk-delete", { ids }),
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
  create: (projectId: number, versionId: number, body: Partial<LotInput> & { name: string }) =>
    send<typeof lotCreateBody, Lot>("POST", "/participant-group-pro", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<LotInput>) =>
    send<typeof lotUpdateBody, Lot>("PATCH", `/participant-group-pro/${id}`, body),
  bulkDelete: (ids: number[]) =>
    send<typeof bulkDeleteBody, DeletedIds>("DELETE", "/participant-group-pro/bulk-delete", { ids }),
  histogram: (projectId: number, versionId: number) =>
    request<ListResponse<HistogramBar>>("GET", "/participant-group-pro/histogram", {
      query: { filter: scope(projectId, versionId) },
    }),
  importFromLibrary: (projectId: number, versionId: number, ids: number[]) =>
    send<typeof lotBulkImportBody, ListResponse<Lot>>("POST", "/participant-group-pro/bulk-import", {
      projectId,
      versionId,
      ids,
    }),
  export: (projectId: number, versionId: number) =>
    downloadExport("/participant-group-pro/export", { filter: scope(projectId, versionId) }, "Lots.xlsx"),
};

export const libraryLotsApi = {
  list: () =>
    request<ListResponse<LibraryLot>>("GET", "/participant-group", { query: { limit: LIST_LIMIT, sort: "name,ASC" } }),
  get: (id: number) => request<LibraryLot>("GET", `/participant-group/${id}`),
  projects: (id: number) =>
    request<ListResponse<Ref & { isArchived: boolean }>>("GET", `/participant-group/${id}/projects`),
  create: (body: LibraryLotInput) => send<typeof libraryLotCreateBody, LibraryLot>("POST", "/participant-group", body),
  update: (id: number, body: Partial<LibraryLotInput>) =>
    send<typeof libraryLotUpdateBody, LibraryLot>("PATCH", `/participant-group/${id}`, body),
  bulkDelete: (ids: number[]) =>
    send<typeof libraryLotBulkDeleteBody, DeletedIds>("DELETE", "/participant-group/bulk-delete", { ids }),
};

export const participantsApi = {
  list: (projectId: number, versionId: number, lotId?: number) =>
    request<ListResponse<Participant>>("GET", "/participant", {
      query: all(projectId, versionId, "name,ASC", lotId ? [filter("participantGroupProId", "$eq", lotId)] : []),
    }),
  get: (id: number) => request<Participant>("GET", `/participant/${id}`),
  create: (projectId: number, versionId: number, body: Partial<ParticipantInput> & { name: string }) =>
    send<typeof participantCreateBody, Participant>("POST", "/participant", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<ParticipantInput>) =>
    send<typeof participantUpdateBody, Participant>("PATCH", `/participant/${id}`, body),
  bulkDelete: (ids: number[]) => send<typeof bulkDeleteBody, DeletedIds>("DELETE", "/participant/bulk-delete", { ids }),
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
  create: (projectId: number, versionId: number, body: Partial<SpecialityInput> & { name: string }) =>
    send<typeof specialityCreateBody, Speciality>("POST", "/speciality", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<SpecialityInput>) =>
    send<typeof specialityUpdateBody, Speciality>("PATCH", `/speciality/${id}`, body),
  bulkDelete: (ids: number[]) => send<typeof bulkDeleteBody, DeletedIds>("DELETE", "/speciality/bulk-delete", { ids }),
};
