// Typed calls of the quality screens (spec 001 section 7 "Quality control"; shared/src/contract/qualityControl.ts
// and qualityControlTemplate.ts). Screens use these functions only; component tests replace fetch.
import {
  LIST_LIMIT,
  QUALITY_CONTROL_EVENTS_LIMIT,
  QUALITY_CONTROL_HISTORY_LIMIT,
  type DeletedCount,
  type EventAffixCreate,
  type qualityControlBulkDeleteBody,
  type qualityControlTemplateBulkDeleteBody,
  type QualityControl,
  type QualityControlCreate,
  type QualityControlExportQuery,
  type QualityControlHistory,
  type QualityControlLinked,
  type QualityControlMultipleUpdate,
  type QualityControlTemplate,
  type QualityControlTemplateCreate,
  type QualityControlTemplateUpdate,
  type QualityControlType,
  type QualityControlUpdate,
} from "@jalon/shared";
import { filter } from "./client";
import { request, send, type Query } from "./http";
import { downloadFile } from "./referenceMore";
import type { ListResponse } from "./types";

export type {
  QualityControl,
  QualityControlCategory,
  QualityControlHistory,
  QualityControlIndicator,
  QualityControlStatus,
  QualityControlTemplate,
  QualityControlTemplateDeliverable,
  QualityControlType,
} from "@jalon/shared";
export {
  QUALITY_CONTROL_CATEGORIES,
  QUALITY_CONTROL_STATUSES,
  QUALITY_CONTROL_TYPES,
  qualityControlIndicator,
} from "@jalon/shared";

export interface QualityListQuery {
  projectId: number;
  versionId: number;
  type?: QualityControlType;
  /** Archived controls only (true), or the live ones (false, the default). */
  archived?: boolean;
  eventId?: number;
}

/** The scope and type of a list, as filter triples (the archived ones are named to be listed). */
function listFilters(q: QualityListQuery): string[] {
  return [
    filter("projectId", "$eq", q.projectId),
    filter("versionId", "$eq", q.versionId),
    ...(q.type ? [filter("type", "$eq", q.type)] : []),
    filter("isArchived", "$eq", q.archived ? "true" : "false"),
    ...(q.eventId !== undefined ? [filter("eventId", "$eq", q.eventId)] : []),
  ];
}

export const qualityApi = {
  /** GET /quality-control joined with the tasks (limit 99,999): the whole list, filtered and paged on screen. */
  list: (q: QualityListQuery) =>
    request<ListResponse<QualityControl>>("GET", "/quality-control", {
      query: { filter: listFilters(q), join: "events", limit: QUALITY_CONTROL_EVENTS_LIMIT },
    }),
  get: (id: number) => request<QualityControl>("GET", `/quality-control/${id}`),
  create: (body: QualityControlCreate) => request<QualityControl>("POST", "/quality-control", { body }),
  update: (id: number, body: QualityControlUpdate) =>
    request<QualityControl>("PATCH", `/quality-control/${id}`, { body }),
  /** PATCH /quality-control/multiple: the same change on several controls (bulk status, archiving). */
  updateMany: (body: QualityControlMultipleUpdate) =>
    request<ListResponse<QualityControl> | QualityControl[]>("PATCH", "/quality-control/multiple", { body }),
  bulkDelete: (ids: number[]) =>
    send<typeof qualityControlBulkDeleteBody, DeletedCount>("DELETE", "/quality-control/bulk-delete", { ids }),
  history: (id: number) =>
    request<ListResponse<QualityControlHistory> | QualityControlHistory[]>("GET", `/quality-control/${id}/history`, {
      query: { limit: QUALITY_CONTROL_HISTORY_LIMIT },
    }).then((r) => (Array.isArray(r) ? r : r.data)),
  linked: (versionId: number, type?: QualityControlType) =>
    request<QualityControlLinked>("GET", "/quality-control/linked", { query: { versionId, type } }),
  /** The list's .xlsx, with the spec's export filters. */
  export: (query: QualityControlExportQuery, fileName: string) =>
    downloadFile("/quality-control/export", query as Query, fileName),
  /** POST /event-affix: a control on a task (the task modal's tab). */
  affix: (body: EventAffixCreate) => request<QualityControl>("POST", "/event-affix", { body }),
};

export const qualityTemplatesApi = {
  list: (projectId: number, type: QualityControlType) =>
    request<ListResponse<QualityControlTemplate>>("GET", "/quality-control-template", {
      query: {
        filter: [filter("projectId", "$eq", projectId), filter("type", "$eq", type)],
        join: ["tags", "deliverables"],
        limit: LIST_LIMIT,
        sort: "name,ASC",
      },
    }),
  get: (id: number) => request<QualityControlTemplate>("GET", `/quality-control-template/${id}`),
  create: (body: QualityControlTemplateCreate) =>
    request<QualityControlTemplate>("POST", "/quality-control-template", { body }),
  update: (id: number, body: QualityControlTemplateUpdate) =>
    request<QualityControlTemplate>("PATCH", `/quality-control-template/${id}`, { body }),
  bulkDelete: (ids: number[]) =>
    send<typeof qualityControlTemplateBulkDeleteBody, DeletedCount>("DELETE", "/quality-control-template/bulk-delete", {
      ids,
    }),
  export: (projectId: number, type: QualityControlType, fileName: string) =>
    downloadFile("/quality-control-template/export", { projectId, type }, fileName),
  /** The project's task templates (`eventTemplate`) or sequence templates (`sequenceTemplate`) by name: deliverables. */
  deliverableOptions: (projectId: number, kind: "eventTemplate" | "sequenceTemplate") =>
    request<ListResponse<{ id: number; name: string; parentSequenceTemplate?: { name: string } | null }>>(
      "GET",
      kind === "eventTemplate" ? "/event-template-pro" : "/sequence-template-pro",
      { query: { filter: filter("projectId", "$eq", projectId), limit: LIST_LIMIT, sort: "name,ASC" } },
    ).then((r) =>
      // Task templates of several sequences share names ("Peinture"): each says its sequence.
      r.data.map(({ id, name, parentSequenceTemplate }) => ({
        id,
        name: parentSequenceTemplate ? `${name} (${parentSequenceTemplate.name})` : name,
      })),
    ),
};
