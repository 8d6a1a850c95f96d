// Typed calls of the sequence instantiation (issue 16): the project's sequence templates and their task
// templates, POST /sequence with an instantiationConfig, PATCH /event/recurring/{id} and the template's
// synchronisation. Screens call these only; tests mock fetch.
import {
  LIST_LIMIT,
  type ContractFields,
  type EventTemplatePro,
  type InstantiationAnswer,
  type LinkType,
  type RecurringUpdateFields,
  type recurringUpdateBody,
  type synchronizeBody,
  type RequestOf,
  type SequenceTemplatePro,
  type SynchronizeAnswer,
  type sequenceInstantiateBody,
} from "@jalon/shared";
import { filter } from "../../api/client";
import { request, send } from "../../api/http";
import type { ListResponse } from "../../api/types";

export type { InstantiationType, MilestoneReferenceType } from "@jalon/shared";
export type { InstantiationConfig, InstantiationWarning, SyncReason } from "@jalon/shared";

/** The project's task and sequence templates: the contract's entities (shared/src/contract/*Template.ts). */
export type TemplateTask = Pick<EventTemplatePro, "id" | "name" | "numberOfDays" | "typology"> &
  Partial<Pick<EventTemplatePro, "trigram" | "parentsET" | "sequenceTemplateId">> & { color?: string | null };
export type SequenceTemplate = Pick<SequenceTemplatePro, "id" | "name" | "color" | "typology"> &
  Partial<Pick<SequenceTemplatePro, "category" | "synchronizableStatus" | "instantiated">>;

/** POST /sequence with instantiationConfig (the issue's fixed contract), checked against the contract's schema. */
export type InstantiateBody = ContractFields<
  RequestOf<typeof sequenceInstantiateBody>,
  {
    projectId: number;
    versionId: number;
    name: string;
    zoneIds: number[];
    instantiationConfig: RequestOf<typeof sequenceInstantiateBody>["instantiationConfig"];
  }
>;
export type InstantiateResult = InstantiationAnswer;
/** PATCH /event/recurring/{instantiationConfigId}: changed fields only. */
export type RecurringUpdateBody = RecurringUpdateFields;
export type SyncResult = SynchronizeAnswer;

/** The template's incoming links as the engine reads them (a bare id is end-begin with delay 0). */
export function linksOf(
  tasks: readonly Pick<TemplateTask, "id" | "parentsET">[],
): { parentId: number; childId: number; type: LinkType; delay: number }[] {
  const out: { parentId: number; childId: number; type: LinkType; delay: number }[] = [];
  for (const task of tasks)
    for (const p of (task.parentsET ?? []) as (number | { id: number; type?: LinkType; delay?: number })[])
      out.push(
        typeof p === "number"
          ? { parentId: p, childId: task.id, type: "end-begin", delay: 0 }
          : { parentId: p.id, childId: task.id, type: p.type ?? "end-begin", delay: p.delay ?? 0 },
      );
  return out;
}

/** A list answer, whether the server sends {data} or a bare array. */
function rows<T>(res: ListResponse<T> | T[]): T[] {
  return Array.isArray(res) ? res : res.data;
}

export const instantiationApi = {
  /** The project's sequence templates, by name. */
  templates: (projectId: number) =>
    request<ListResponse<SequenceTemplate> | SequenceTemplate[]>("GET", "/sequence-template-pro", {
      query: { filter: filter("projectId", "$eq", projectId), limit: LIST_LIMIT, sort: "name,ASC" },
    }).then(rows),
  template: (id: number) => request<SequenceTemplate>("GET", `/sequence-template-pro/${id}`),
  /** The task templates of one sequence template (its network). */
  tasks: (projectId: number, sequenceTemplateId: number) =>
    request<ListResponse<TemplateTask> | TemplateTask[]>("GET", "/event-template-pro", {
      query: {
        filter: [filter("projectId", "$eq", projectId), filter("sequenceTemplateId", "$eq", sequenceTemplateId)],
        limit: LIST_LIMIT,
      },
    }).then(rows),
  instantiate: (body: InstantiateBody) =>
    send<typeof sequenceInstantiateBody, InstantiateResult>("POST", "/sequence", body),
  updateRecurring: (instantiationConfigId: number, projectId: number, versionId: number, body: RecurringUpdateBody) =>
    send<typeof recurringUpdateBody, InstantiationAnswer>("PATCH", `/event/recurring/${instantiationConfigId}`, {
      ...body,
      projectId,
      versionId,
    }),
  synchronize: (sequenceTemplateProId: number, projectId: number, versionId: number) =>
    send<typeof synchronizeBody, SyncResult>("POST", `/sequence-template-pro/${sequenceTemplateProId}/synchronize`, {
      projectId,
      versionId,
    }),
};
