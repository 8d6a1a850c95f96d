// Typed calls of the template screens (spec 001 section 7 "Event templates", "Sequence templates"): the global
// library (/event-template, /sequence-template) and the project copies (/event-template-pro,
// /sequence-template-pro). Entities and bodies are the contract's (shared/src/contract/eventTemplate.ts,
// sequenceTemplate.ts); the screens read one shape for both scopes (EventTemplateItem, SequenceTemplateItem).
import {
  LIST_LIMIT,
  type ContractFields,
  type DeletedIds,
  type eventTemplateBulkDeleteBody,
  type eventTemplateImportBody,
  type eventTemplateImportXlsxBody,
  type eventTemplateProImportXlsxBody,
  type sequenceTemplateBulkDeleteBody,
  type sequenceTemplateImportBody,
  type ZoneTypologies,
  type EventTemplate,
  type EventTemplateFields,
  type EventTemplatePro,
  type EventTemplateProFields,
  type LinkType,
  type RequestOf,
  type SequenceTemplate,
  type SequenceTemplateFields,
  type SequenceTemplatePro,
  type SequenceTemplateProFields,
  type sequenceTemplateCreateBody,
  type sequenceTemplateImportEventsBody,
  type synchronizeBody,
  type SynchronizableStatus,
  type SynchronizeAnswer,
} from "@jalon/shared";
import { filter } from "../../api/client";
import { request, send, type Query } from "../../api/http";
import { downloadExport } from "../../api/reference";
import type { ListResponse } from "../../api/types";
import type { NamedRef } from "../../api/events";

export type { LinkType };
export type TemplateScope = "library" | "pro";

export interface ParentLink {
  id: number;
  name: string;
  type: LinkType;
  delay: number;
}
export interface ParentLinkBody {
  id: number;
  type: LinkType;
  delay: number;
}

/** A task template as the screens read it, library or project. */
export interface EventTemplateItem {
  id: number;
  name: string;
  trigram: string | null;
  numberOfDays: number;
  numberOfPeople: number;
  typology: string[];
  comments: string | null;
  /** The library lot (library) or the project lot (project copy). */
  lotId: number | null;
  lotName: string | null;
  prerequisitesDelay: number;
  finishesDelay: number;
  sequenceTemplateId: number | null;
  sequenceTemplateName: string | null;
  parents: ParentLink[];
  /** Project copies: the tags of the project's current version; none in the library. */
  tags: NamedRef[];
  /** Project copies: events instantiated from it (every version); null in the library. */
  instances: number | null;
}

export interface SequenceTemplateItem {
  id: number;
  name: string;
  category: string | null;
  color: string | null;
  typology: string[];
  duration: number;
  numberOfDays: number;
  firstEventTemplateId: number | null;
  lastEventTemplateId: number | null;
  eventTemplates: EventTemplateItem[];
  /** Project copies: the synchronisation status; null in the library. */
  synchronizableStatus: SynchronizableStatus | null;
  isImported: boolean;
  tags: NamedRef[];
  /** Project copies: sequences instantiated from it (every version); null in the library. */
  instantiated: number | null;
}

/** The fields a task template form writes (the lot is named per scope on the wire). */
export interface EventTemplateBody {
  name?: string;
  trigram?: string | null;
  numberOfDays?: number;
  numberOfPeople?: number;
  typology?: string[];
  comments?: string | null;
  lotId?: number | null;
  prerequisitesDelay?: number;
  finishesDelay?: number;
  parentsET?: ParentLinkBody[];
  /** Project copies only (the library has no tags). */
  tagIds?: number[];
}

type CommonWire = Omit<EventTemplateBody, "lotId" | "tagIds"> & { sequenceTemplateId?: number | null };
/** What the library form sends, checked against the contract: a wrong field is a type error. */
type LibraryEventWire = ContractFields<EventTemplateFields, CommonWire & { participantGroupId?: number | null }>;
type ProEventWire = ContractFields<
  EventTemplateProFields,
  CommonWire & { participantGroupProId?: number | null; tagIds?: number[] }
>;

export interface SequenceTemplateBody {
  name?: string;
  category?: string | null;
  color?: string | null;
  typology?: string[];
  firstEventTemplateId?: number | null;
  lastEventTemplateId?: number | null;
  /** Project copies only. */
  tagIds?: number[];
}
type LibrarySequenceWire = ContractFields<SequenceTemplateFields, Omit<SequenceTemplateBody, "tagIds">>;
type ProSequenceWire = ContractFields<SequenceTemplateProFields, SequenceTemplateBody>;
type SequenceCreateWire = ContractFields<
  RequestOf<typeof sequenceTemplateCreateBody>,
  { name: string; category?: string | null }
>;

export interface TemplateListQuery {
  name?: string;
  sequenceTemplateId?: number | null;
  limit: number;
  offset: number;
  sort: string;
}

const eventBase = (scope: TemplateScope) => (scope === "library" ? "/event-template" : "/event-template-pro");
const sequenceBase = (scope: TemplateScope) => (scope === "library" ? "/sequence-template" : "/sequence-template-pro");

function filters(projectId: number | null, q: { name?: string; sequenceTemplateId?: number | null }): string[] {
  const out: string[] = [];
  if (projectId !== null) out.push(filter("projectId", "$eq", projectId));
  if (q.name) out.push(filter("name", "contL", q.name));
  if (q.sequenceTemplateId) out.push(filter("sequenceTemplateId", "$eq", q.sequenceTemplateId));
  return out;
}

function listQuery(projectId: number | null, q: TemplateListQuery): Query {
  return { filter: filters(projectId, q), limit: q.limit, offset: q.offset, sort: q.sort };
}

export function eventTemplateItem(et: EventTemplate | EventTemplatePro): EventTemplateItem {
  const lot = "participantGroupProId" in et ? et.participantGroupPro : et.participantGroup;
  return {
    id: et.id,
    name: et.name,
    trigram: et.trigram,
    numberOfDays: et.numberOfDays,
    numberOfPeople: et.numberOfPeople,
    typology: et.typology ?? [],
    comments: et.comments,
    lotId: "participantGroupProId" in et ? et.participantGroupProId : et.participantGroupId,
    lotName: lot?.name ?? null,
    prerequisitesDelay: et.prerequisitesDelay,
    finishesDelay: et.finishesDelay,
    sequenceTemplateId: et.sequenceTemplateId,
    sequenceTemplateName: et.parentSequenceTemplate?.name ?? null,
    parents: (et.parentsET ?? []).map((p) => ({ id: p.id, name: p.name, type: p.type, delay: p.delay })),
    tags: "tags" in et ? et.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })) : [],
    instances: "instances" in et ? et.instances : null,
  };
}

export function sequenceTemplateItem(st: SequenceTemplate | SequenceTemplatePro): SequenceTemplateItem {
  const pro = "projectId" in st;
  return {
    id: st.id,
    name: st.name,
    category: st.category,
    color: st.color,
    typology: st.typology ?? [],
    duration: st.duration,
    numberOfDays: st.numberOfDays,
    firstEventTemplateId: st.firstEventTemplateId,
    lastEventTemplateId: st.lastEventTemplateId,
    eventTemplates: (st.eventsTemplates ?? []).map((et: EventTemplate | EventTemplatePro) =>
      eventTemplateItem({ ...et, parentSequenceTemplate: et.parentSequenceTemplate ?? { id: st.id, name: st.name } }),
    ),
    synchronizableStatus: pro ? st.synchronizableStatus : null,
    isImported: pro ? st.isImported : false,
    tags: pro ? (st.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })) : [],
    instantiated: pro ? st.instantiated : null,
  };
}

const listOf = <A, B>(res: ListResponse<A>, map: (a: A) => B): ListResponse<B> => ({ ...res, data: res.data.map(map) });

/** The wire body of a task template write: the lot under the scope's name. */
function eventWire(scope: TemplateScope, body: EventTemplateBody, extra: { sequenceTemplateId?: number } = {}) {
  const { lotId, tagIds, ...rest } = body;
  if (scope === "library") {
    const wire: LibraryEventWire = { ...rest, ...extra };
    if (lotId !== undefined) wire.participantGroupId = lotId;
    return wire;
  }
  const wire: ProEventWire = { ...rest, ...extra };
  if (lotId !== undefined) wire.participantGroupProId = lotId;
  if (tagIds !== undefined) wire.tagIds = tagIds;
  return wire;
}

/** Sent beside the fields of a project write. */
const projectOf = (scope: TemplateScope, projectId: number | null) =>
  scope === "pro" && projectId !== null ? { projectId } : {};

export const eventTemplatesApi = {
  list: (scope: TemplateScope, projectId: number | null, q: TemplateListQuery) =>
    request<ListResponse<EventTemplate | EventTemplatePro>>("GET", eventBase(scope), {
      query: listQuery(projectId, q),
    }).then((r) => listOf(r, eventTemplateItem)),
  get: (scope: TemplateScope, id: number) =>
    request<EventTemplate | EventTemplatePro>("GET", `${eventBase(scope)}/${id}`).then(eventTemplateItem),
  create: (scope: TemplateScope, projectId: number | null, sequenceTemplateId: number, body: EventTemplateBody) =>
    request<EventTemplate | EventTemplatePro>("POST", eventBase(scope), {
      body: { ...eventWire(scope, body, { sequenceTemplateId }), ...projectOf(scope, projectId) },
    }).then(eventTemplateItem),
  update: (scope: TemplateScope, projectId: number | null, id: number, body: EventTemplateBody) =>
    request<EventTemplate | EventTemplatePro>("PATCH", `${eventBase(scope)}/${id}`, {
      body: { ...eventWire(scope, body), ...projectOf(scope, projectId) },
    }).then(eventTemplateItem),
  bulkDelete: (scope: TemplateScope, projectId: number | null, ids: number[]) =>
    send<typeof eventTemplateBulkDeleteBody, DeletedIds>("DELETE", `${eventBase(scope)}/bulk-delete`, {
      ids,
      ...projectOf(scope, projectId),
    }),
  /** POST .../importManyXLSX {data (base64), projectId?}. */
  importXlsx: (scope: TemplateScope, projectId: number | null, data: string) =>
    send<typeof eventTemplateImportXlsxBody | typeof eventTemplateProImportXlsxBody, ListResponse<EventTemplatePro>>(
      "POST",
      `${eventBase(scope)}/importManyXLSX`,
      { data, ...projectOf(scope, projectId) },
    ),
  /** POST /event-template/import/{projectId} {eventTemplateIds}. */
  importFromLibrary: (projectId: number, ids: number[]) =>
    send<typeof eventTemplateImportBody, ListResponse<EventTemplatePro>>(
      "POST",
      `/event-template/import/${projectId}`,
      {
        eventTemplateIds: ids,
      },
    ),
  /** The library's task templates for the import dialog. */
  libraryOptions: () =>
    request<ListResponse<EventTemplate>>("GET", "/event-template", {
      query: { limit: LIST_LIMIT, sort: "name,ASC" },
    }).then((r) =>
      r.data.map((et) => ({
        id: et.id,
        name: et.parentSequenceTemplate ? `${et.name} (${et.parentSequenceTemplate.name})` : et.name,
      })),
    ),
  export: (scope: TemplateScope, projectId: number | null, q: { name?: string; sequenceTemplateId?: number | null }) =>
    downloadExport(
      `${eventBase(scope)}/export`,
      { filter: filters(projectId, q) },
      scope === "library" ? "Modeles_de_taches.xlsx" : "Modeles_de_taches_projet.xlsx",
    ),
};

export const sequenceTemplatesApi = {
  list: (scope: TemplateScope, projectId: number | null, q: TemplateListQuery) =>
    request<ListResponse<SequenceTemplate | SequenceTemplatePro>>("GET", sequenceBase(scope), {
      query: listQuery(projectId, q),
    }).then((r) => listOf(r, sequenceTemplateItem)),
  /** Every sequence template of the scope by name (the filters and pickers). */
  options: (scope: TemplateScope, projectId: number | null): Promise<NamedRef[]> =>
    request<ListResponse<SequenceTemplate | SequenceTemplatePro>>("GET", sequenceBase(scope), {
      query: { filter: filters(projectId, {}), limit: LIST_LIMIT, sort: "name,ASC" },
    }).then((r) => r.data.map((s) => ({ id: s.id, name: s.name, color: s.color }))),
  get: (scope: TemplateScope, id: number) =>
    request<SequenceTemplate | SequenceTemplatePro>("GET", `${sequenceBase(scope)}/${id}`).then(sequenceTemplateItem),
  create: (scope: TemplateScope, projectId: number | null, body: SequenceCreateWire) =>
    request<SequenceTemplate | SequenceTemplatePro>("POST", sequenceBase(scope), {
      body: { ...body, ...projectOf(scope, projectId) },
    }).then(sequenceTemplateItem),
  update: (scope: TemplateScope, projectId: number | null, id: number, body: SequenceTemplateBody) => {
    const { tagIds, ...rest } = body;
    const wire: LibrarySequenceWire | ProSequenceWire = scope === "library" || tagIds === undefined ? rest : body;
    return request<SequenceTemplate | SequenceTemplatePro>("PATCH", `${sequenceBase(scope)}/${id}`, {
      body: { ...wire, ...projectOf(scope, projectId) },
    }).then(sequenceTemplateItem);
  },
  /** PUT .../{id}/duplicate: a copy with its tasks and links. */
  duplicate: (scope: TemplateScope, id: number) =>
    request<SequenceTemplate | SequenceTemplatePro>("PUT", `${sequenceBase(scope)}/${id}/duplicate`, {
      body: {},
    }).then(sequenceTemplateItem),
  /** POST .../{id}/import-event-template {eventTemplateIds}: copies of library task templates added to it. */
  importEvents: (scope: TemplateScope, id: number, eventTemplateIds: number[]) => {
    return send<typeof sequenceTemplateImportEventsBody, SequenceTemplate | SequenceTemplatePro>(
      "POST",
      `${sequenceBase(scope)}/${id}/import-event-template`,
      { eventTemplateIds },
    ).then(sequenceTemplateItem);
  },
  bulkDelete: (scope: TemplateScope, projectId: number | null, ids: number[]) =>
    send<typeof sequenceTemplateBulkDeleteBody, DeletedIds>("DELETE", `${sequenceBase(scope)}/bulk-delete`, {
      ids,
      ...projectOf(scope, projectId),
    }),
  /** POST /sequence-template/import/{projectId} {sequenceTemplateIds}: library templates copied into the project. */
  importFromLibrary: (projectId: number, ids: number[]) =>
    send<typeof sequenceTemplateImportBody, ListResponse<SequenceTemplatePro>>(
      "POST",
      `/sequence-template/import/${projectId}`,
      { sequenceTemplateIds: ids },
    ),
  libraryOptions: () => sequenceTemplatesApi.options("library", null),
  export: (projectId: number, q: { name?: string }) =>
    downloadExport("/sequence-template-pro/export", { filter: filters(projectId, q) }, "Modeles_de_sequences.xlsx"),
  exportInstantiated: (projectId: number, versionId: number) =>
    downloadExport(
      "/sequence-template-pro/instantiated/export",
      { projectId, versionId },
      "Modeles_de_sequences_instancies.xlsx",
    ),
  /** POST /sequence-template-pro/{id}/synchronize: the template's instances in the version follow it. */
  synchronize: (id: number, projectId: number, versionId: number) => {
    return send<typeof synchronizeBody, SynchronizeAnswer>("POST", `/sequence-template-pro/${id}/synchronize`, {
      projectId,
      versionId,
    });
  },
  /** The zone typologies of the version (GET /zone/{versionId}/typologies). */
  typologies: (versionId: number) =>
    request<ZoneTypologies>("GET", `/zone/${versionId}/typologies`).then((r) => r.data),
};

/** The number of rows an import answered (a list, or {total}). */
export function importedCount(res: unknown, fallback: number): number {
  if (res && typeof res === "object") {
    const r = res as { total?: unknown; data?: unknown };
    if (typeof r.total === "number") return r.total;
    if (Array.isArray(r.data)) return r.data.length;
  }
  if (Array.isArray(res)) return res.length;
  return fallback;
}

/** Reads a file as base64 (the body of importManyXLSX). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}
