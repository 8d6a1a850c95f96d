// Typed calls of the order-line screens (spec 001 section 7; shared/src/contract/orderLine.ts, orderLineTask.ts,
// orderLineImport.ts). Screens use these functions only; component tests replace fetch.
import {
  LIST_LIMIT,
  type DeletedCount,
  type OrderLine,
  type orderLineBulkDeleteBody,
  type orderLineCreateBody,
  type OrderLineImportDeleteAnswer,
  type orderLineImportTemplateBody,
  type orderLineTaskBulkDeleteBody,
  type orderLineTaskMultipleBody,
  type RequestOf,
  type OrderLineCreate,
  type OrderLineImport,
  type OrderLineImportResult,
  type OrderLineTask,
  type OrderLineTaskMultipleItem,
  type OrderLineUpdate,
} from "@jalon/shared";
import { saveFile } from "../lib/csv";
import { filter } from "./client";
import { request, requestFile, send, versionFileForm } from "./http";
import { downloadFile } from "./referenceMore";
import type { ListResponse } from "./types";

export type { OrderLine, OrderLineImport, OrderLineTask } from "@jalon/shared";

/** The list's filters: the label searched and the chosen type, macro-task, lot and family. */
export interface OrderLineFilters {
  label?: string;
  type?: string | null;
  macroTaskId?: number | null;
  participantGroupProId?: number | null;
  familyId?: number | null;
}

/** The filter triples of the version's lines matching `f`. */
export function orderLineFilterTriples(projectId: number, versionId: number, f: OrderLineFilters): string[] {
  return [
    filter("projectId", "$eq", projectId),
    filter("versionId", "$eq", versionId),
    ...(f.label ? [filter("label", "contL", f.label)] : []),
    ...(f.type ? [filter("type", "$eq", f.type)] : []),
    ...(f.macroTaskId ? [filter("macroTaskId", "$eq", f.macroTaskId)] : []),
    ...(f.participantGroupProId ? [filter("participantGroupProId", "$eq", f.participantGroupProId)] : []),
    ...(f.familyId ? [filter("familyId", "$eq", f.familyId)] : []),
  ];
}

/** The API path of a history row's file ("/api/..." or "/..."), as request paths take it (without /api). */
function apiPath(url: string): string {
  return url.startsWith("/api/") ? url.slice(4) : url;
}

export const orderLinesApi = {
  /** GET /order-line: one page of the version's lines matching the filters. */
  list: (
    projectId: number,
    versionId: number,
    f: OrderLineFilters,
    page: { limit: number; offset: number; sort: string },
  ) =>
    request<ListResponse<OrderLine>>("GET", "/order-line", {
      query: { filter: orderLineFilterTriples(projectId, versionId, f), ...page },
    }),
  get: (id: number) => request<OrderLine>("GET", `/order-line/${id}`),
  create: (projectId: number, versionId: number, body: Omit<OrderLineCreate, "projectId" | "versionId">) =>
    send<typeof orderLineCreateBody, OrderLine>("POST", "/order-line", { ...body, projectId, versionId }),
  update: (id: number, body: OrderLineUpdate) => request<OrderLine>("PATCH", `/order-line/${id}`, { body }),
  bulkDelete: (ids: number[]) =>
    send<typeof orderLineBulkDeleteBody, DeletedCount>("DELETE", "/order-line/bulk-delete", { ids }),
  /** GET /order-line/export: the filtered lines as .xlsx. */
  export: (projectId: number, versionId: number, f: OrderLineFilters) =>
    downloadFile(
      "/order-line/export",
      { filter: orderLineFilterTriples(projectId, versionId, f), sort: "label,ASC" },
      "Lignes_de_commande.xlsx",
    ),
};

export const orderLineTasksApi = {
  /** GET /order-line-task/all: every order-line task of the version linked to the given tasks. */
  ofEvents: (projectId: number, versionId: number, eventIds: number[]) =>
    request<ListResponse<OrderLineTask> | OrderLineTask[]>("GET", "/order-line-task/all", {
      query: { projectId, versionId, eventIds: eventIds.join(",") },
    }).then((r) => (Array.isArray(r) ? r : r.data)),
  /** GET /order-line-task: the version's order-line tasks planned on no task (the tab's choice of one to link). */
  unlinked: (projectId: number, versionId: number) =>
    request<ListResponse<OrderLineTask>>("GET", "/order-line-task", {
      query: {
        filter: [
          filter("projectId", "$eq", projectId),
          filter("versionId", "$eq", versionId),
          filter("eventId", "isnull"),
        ],
        limit: LIST_LIMIT,
      },
    }).then((r) => r.data),
  /** PATCH /order-line-task/multiple {data}: items with an id change that task, items with an orderLineId add one. */
  multiple: (projectId: number, versionId: number, data: OrderLineTaskMultipleItem[]) =>
    send<typeof orderLineTaskMultipleBody, ListResponse<OrderLineTask>>("PATCH", "/order-line-task/multiple", {
      projectId,
      versionId,
      data,
    }),
  bulkDelete: (ids: number[]) =>
    send<typeof orderLineTaskBulkDeleteBody, DeletedCount>("DELETE", "/order-line-task/bulk-delete", { ids }),
};

export const orderLineImportsApi = {
  /** POST /order-line/import/template: the .xlsx to fill, saved under the server's name. */
  template: async (projectId: number, versionId: number) => {
    const body: RequestOf<typeof orderLineImportTemplateBody> = { projectId, versionId };
    const { blob, fileName } = await requestFile("POST", "/order-line/import/template", { body });
    saveFile(blob, fileName ?? "Modele_lignes_de_commande.xlsx");
  },
  /** POST /order-line/import/data (multipart): the filled template. */
  data: (projectId: number, versionId: number, file: File) => {
    return request<OrderLineImportResult<OrderLine>>("POST", "/order-line/import/data", {
      body: versionFileForm(projectId, versionId, file),
    });
  },
  list: (projectId: number, versionId: number) =>
    request<ListResponse<OrderLineImport>>("GET", "/order-line/import/list", { query: { projectId, versionId } }),
  /** The imported file as it was sent. */
  download: async (row: OrderLineImport) => {
    const { blob, fileName } = await requestFile("GET", apiPath(row.url));
    saveFile(blob, fileName ?? row.fileName);
  },
  remove: (id: number) => request<OrderLineImportDeleteAnswer>("DELETE", `/order-line/import/${id}`),
};
