// Typed calls of the sequence instantiation (issue 16): the project's sequence templates and their task
// templates, POST /sequence with an instantiationConfig, PATCH /event/recurring/{id} and the template's
// synchronisation. Screens call these only; tests mock fetch.
import { LIST_LIMIT, type EventTemplatePro, type LinkType, type SequenceTemplatePro } from "@jalon/shared";
import { filter } from "../../api/client";
import { request } from "../../api/http";
import type { ListResponse } from "../../api/types";

export type InstantiationType = "individual" | "recurring";
export type MilestoneReferenceType = "milestone_only" | "earliest" | "latest";

/** The project's task and sequence templates: the contract's entities (shared/src/contract/*Template.ts). */
export type TemplateTask = Pick<EventTemplatePro, "id" | "name" | "numberOfDays" | "typology"> &
  Partial<Pick<EventTemplatePro, "trigram" | "parentsET" | "sequenceTemplateId">> & { color?: string | null };
export type SequenceTemplate = Pick<SequenceTemplatePro, "id" | "name" | "color" | "typology"> &
  Partial<Pick<SequenceTemplatePro, "category" | "synchronizableStatus" | "instantiated">>;

export interface InstantiationConfig {
  type: InstantiationType;
  sequenceTemplateProId: number;
  takt: number;
  delayWithReferenceEvent: number;
  startDate?: string;
  referenceEventId?: number;
  milestoneReferenceType?: MilestoneReferenceType;
  showStartMilestone?: boolean;
  showEndMilestone?: boolean;
}

export interface InstantiateBody {
  projectId: number;
  versionId: number;
  name: string;
  zoneIds: number[];
  instantiationConfig: InstantiationConfig;
}

export interface InstanceEvent {
  id: number;
  name: string;
  zoneId: number | null;
  eventTemplateProId: number | null;
  startDate: string | null;
  endDate: string | null;
  type: "task" | "milestone";
}

export interface InstantiateResult {
  id: number;
  instantiationConfigId: number;
  events: InstanceEvent[];
  warnings: unknown[];
}

/** PATCH /event/recurring/{instantiationConfigId}: the settings that re-date the instances. */
export interface RecurringUpdateBody {
  takt?: number;
  delayWithReferenceEvent?: number;
  startDate?: string | null;
  referenceEventId?: number | null;
  milestoneReferenceType?: MilestoneReferenceType | null;
  zoneIds?: number[];
}

export interface SyncResult {
  status: "ok" | "partial";
  reasons: unknown[];
}

/** The instantiation config as GET /sequence/{id}?join=instantiationConfig answers it. */
export interface SequenceConfig extends Partial<InstantiationConfig> {
  id: number;
  zoneIds?: number[];
  referenceEvent?: { id: number; name: string } | null;
  sequenceTemplatePro?: SequenceTemplate | null;
}

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
  /** The task templates of one sequence template (its network). */
  tasks: (projectId: number, sequenceTemplateId: number) =>
    request<ListResponse<TemplateTask> | TemplateTask[]>("GET", "/event-template-pro", {
      query: {
        filter: [filter("projectId", "$eq", projectId), filter("sequenceTemplateId", "$eq", sequenceTemplateId)],
        limit: LIST_LIMIT,
      },
    }).then(rows),
  instantiate: (body: InstantiateBody) => request<InstantiateResult>("POST", "/sequence", { body }),
  updateRecurring: (instantiationConfigId: number, body: RecurringUpdateBody) =>
    request<unknown>("PATCH", `/event/recurring/${instantiationConfigId}`, { body }),
  synchronize: (sequenceTemplateProId: number) =>
    request<SyncResult>("POST", `/sequence-template-pro/${sequenceTemplateProId}/synchronize`),
};
