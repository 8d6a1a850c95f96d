// Typed calls of the holidays, tags, phases, macro-tasks and imports screens (spec 001 section 7). Screens use
// these functions only; component tests mock this module.
import type {
  classificationBulkDeleteBody,
  classificationCategoryCreateBody,
  classificationCategoryOrderBody,
  classificationCategoryUpdateBody,
  ClassificationCategory,
  ClassificationDeleteAnswer,
  ClassificationItem,
  classificationItemCreateBody,
  classificationItemUpdateBody,
  ClassificationOrderAnswer,
  ContractFields,
  DeletedCount,
  FieldsOf,
  Holiday,
  HolidayBulkDeleteAnswer,
  holidayBulkDeleteBody,
  holidayCreateBody,
  HolidayType,
  holidayUpdateBody,
  HolidayWriteAnswer,
  MacroTask,
  OrderLineUnit,
  macroTaskBulkDeleteBody,
  macroTaskBulkUpdateBody,
  macroTaskCreateBody,
  macroTaskUpdateBody,
  StructureImportAnswer,
} from "@jalon/shared";
import { LIST_LIMIT } from "@jalon/shared";
import { filter } from "./client";
import { ApiError, buildQuery, normaliseCode, request, send, versionFileForm, type Query } from "./http";
import type { ListResponse } from "./types";
import { useSession } from "../store/session";
import { saveFile } from "../lib/csv";

export interface LotRef {
  id: number;
  name: string;
  color?: string | null;
}

/** Holidays, tags, phases and their categories, macro-tasks: the contract's entities (shared/src/contract/). */
export type HolidayItem = Holiday;
export type ClassItem = ClassificationItem;
export type ClassCategory = ClassificationCategory;
export type MacroTaskItem = MacroTask;
export type { HolidayWriteAnswer };

/** The fields the holiday screen writes, checked against the contract (shared/src/contract/holiday.ts). */
export type HolidayInput = ContractFields<
  FieldsOf<typeof holidayCreateBody>,
  {
    name: string;
    type: HolidayType;
    startDate: string;
    endDate?: string;
    participantsGroupPro?: number[];
  }
>;

const versionFilter = (versionId: number) => filter("versionId", "$eq", versionId);

/** Downloads a file the server builds (exports): the browser saves it under the server's name. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`/api${path}${buildQuery(query)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: unknown; message?: string };
    throw new ApiError(res.status, normaliseCode(body.code), body.message ?? res.statusText);
  }
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  const name = utf8 ? decodeURIComponent(utf8[1]) : fallbackName;
  saveFile(await res.blob(), name);
}

export const holidaysApi = {
  /** GET /holiday of one type in the version (limit 10000, name ascending; the table sorts and pages). */
  list: (projectId: number, versionId: number, type: HolidayType) =>
    request<ListResponse<HolidayItem>>("GET", "/holiday", {
      query: {
        filter: [filter("projectId", "$eq", projectId), versionFilter(versionId), filter("type", "$eq", type)],
        limit: LIST_LIMIT,
        sort: "name,ASC",
      },
    }),
  get: (id: number) => request<HolidayItem>("GET", `/holiday/${id}`),
  create: (projectId: number, versionId: number, body: HolidayInput) =>
    send<typeof holidayCreateBody, HolidayWriteAnswer>("POST", "/holiday", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<HolidayInput>) =>
    send<typeof holidayUpdateBody, HolidayWriteAnswer>("PATCH", `/holiday/${id}`, body),
  bulkDelete: (ids: number[]) =>
    send<typeof holidayBulkDeleteBody, HolidayBulkDeleteAnswer>("DELETE", "/holiday/bulk-delete", { ids }),
  export: (projectId: number, versionId: number) =>
    downloadFile(
      "/holiday/export",
      { filter: [filter("projectId", "$eq", projectId), versionFilter(versionId)] },
      "Jours_feries_conges.xlsx",
    ),
  /** The version's lots, for the holiday form (GET /participant-group-pro). */
  lots: (versionId: number) =>
    request<ListResponse<LotRef>>("GET", "/participant-group-pro", {
      query: { filter: versionFilter(versionId), limit: LIST_LIMIT, sort: "name,ASC" },
    }).then((r) => r.data),
};

/** The fields the tag and phase screens write, checked against the contract (shared/src/contract/classification.ts). */
export type ClassItemInput = ContractFields<
  FieldsOf<typeof classificationItemCreateBody>,
  { name: string; color: string | null; type: string | null; categoryId: number | null }
>;

export type ClassCategoryInput = ContractFields<
  FieldsOf<typeof classificationCategoryCreateBody>,
  { name: string; type: string | null; parentCategoryId: number | null }
>;

export type ClassificationApi = ReturnType<typeof classificationApi>;

/** Tags (/tag, /category) and phases (/phase, /phase-category) have the same calls. */
export function classificationApi(itemPath: string, categoryPath: string, exportName: string) {
  const scope = (projectId: number, versionId: number) => [
    filter("projectId", "$eq", projectId),
    versionFilter(versionId),
  ];
  return {
    list: (projectId: number, versionId: number) =>
      request<ListResponse<ClassItem>>("GET", itemPath, {
        query: { filter: scope(projectId, versionId), limit: LIST_LIMIT, sort: "name,ASC" },
      }),
    get: (id: number) => request<ClassItem>("GET", `${itemPath}/${id}`),
    create: (projectId: number, versionId: number, body: Partial<ClassItemInput> & { name: string }) =>
      send<typeof classificationItemCreateBody, ClassItem>("POST", itemPath, { ...body, projectId, versionId }),
    update: (id: number, body: Partial<ClassItemInput>) =>
      send<typeof classificationItemUpdateBody, ClassItem>("PATCH", `${itemPath}/${id}`, body),
    bulkDelete: (ids: number[]) =>
      send<typeof classificationBulkDeleteBody, ClassificationDeleteAnswer>("DELETE", `${itemPath}/bulk-delete`, {
        ids,
      }),
    export: (projectId: number, versionId: number) =>
      downloadFile(`${itemPath}/export`, { filter: scope(projectId, versionId) }, exportName),
    categories: (projectId: number, versionId: number) =>
      request<ListResponse<ClassCategory>>("GET", categoryPath, {
        query: { filter: scope(projectId, versionId), limit: LIST_LIMIT, sort: ["position,ASC", "name,ASC"] },
      }),
    createCategory: (projectId: number, versionId: number, body: ClassCategoryInput) =>
      send<typeof classificationCategoryCreateBody, ClassCategory>("POST", categoryPath, {
        ...body,
        projectId,
        versionId,
      }),
    updateCategory: (id: number, body: Partial<ClassCategoryInput>) =>
      send<typeof classificationCategoryUpdateBody, ClassCategory>("PATCH", `${categoryPath}/${id}`, body),
    deleteCategory: (id: number) => request<ClassificationDeleteAnswer>("DELETE", `${categoryPath}/${id}`),
    /** PATCH .../order: the categories in their new order. */
    orderCategories: (ids: number[]) =>
      send<typeof classificationCategoryOrderBody, ClassificationOrderAnswer>("PATCH", `${categoryPath}/order`, {
        ids,
      }),
  };
}

export const tagsApi = classificationApi("/tag", "/category", "Etiquettes.xlsx");
export const phasesApi = classificationApi("/phase", "/phase-category", "Phases.xlsx");

/** The fields the macro-task screen writes, checked against the contract (shared/src/contract/macroTask.ts). */
export type MacroTaskInput = ContractFields<
  FieldsOf<typeof macroTaskCreateBody>,
  {
    name: string;
    participantGroupProId: number | null;
    specialityIds: number[];
    tagIds: number[];
    trackedUnit: OrderLineUnit | null;
    trackedFamilies: Record<string, number[]>;
  }
>;

export const macroTasksApi = {
  /** GET /macro-task with the zones of each (the second list shows their names); the table sorts and pages. */
  list: (projectId: number, versionId: number) =>
    request<ListResponse<MacroTaskItem>>("GET", "/macro-task", {
      query: {
        filter: [filter("projectId", "$eq", projectId), versionFilter(versionId)],
        join: "zones",
        limit: LIST_LIMIT,
        sort: "name,ASC",
      },
    }),
  get: (id: number) => request<MacroTaskItem>("GET", `/macro-task/${id}`),
  create: (projectId: number, versionId: number, body: Partial<MacroTaskInput> & { name: string }) =>
    send<typeof macroTaskCreateBody, MacroTaskItem>("POST", "/macro-task", { ...body, projectId, versionId }),
  update: (id: number, body: Partial<MacroTaskInput>) =>
    send<typeof macroTaskUpdateBody, MacroTaskItem>("PATCH", `/macro-task/${id}`, body),
  bulkUpdate: (macroTasks: (Partial<MacroTaskInput> & { id: number })[]) =>
    send<typeof macroTaskBulkUpdateBody, ListResponse<MacroTaskItem>>("PATCH", "/macro-task/bulk-update", {
      macroTasks,
    }),
  bulkDelete: (ids: number[]) =>
    send<typeof macroTaskBulkDeleteBody, DeletedCount>("DELETE", "/macro-task/bulk-delete", { ids }),
};

/** /dashboard/imports: the structure file (POST /structure/import) and its current content (GET /structure/export). */
export const importsApi = {
  structure: (projectId: number, versionId: number, file: File) => {
    return request<StructureImportAnswer>("POST", "/structure/import", {
      body: versionFileForm(projectId, versionId, file),
    });
  },
  exportStructure: (projectId: number, versionId: number) =>
    downloadFile("/structure/export", { projectId, versionId }, "Structure.xlsx"),
};
