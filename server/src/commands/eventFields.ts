import type { LinkType, PlannedEventType } from "@jalon/shared";
/** API field -> events column, for the fields a client may set directly (spec 000 section 3, Event). */
export const EVENT_COLUMNS = {
  name: "name",
  comments: "comments",
  description: "description",
  trigram: "trigram",
  color: "color",
  numberOfPeople: "number_of_people",
  zoneId: "zone_id",
  macroTaskId: "macro_task_id",
  participantGroupProId: "participant_group_pro_id",
  participantId: "participant_id",
  specialityId: "speciality_id",
  sequenceId: "sequence_id",
  sequenceType: "sequence_type",
  referenceType: "reference_type",
  taskInstantiationType: "task_instantiation_type",
  isTracked: "is_tracked",
  isContractual: "is_contractual",
  milestoneToHide: "milestone_to_hide",
  isRecurringEvent: "is_recurring_event",
  prerequisitesDelay: "prerequisites_delay",
  finishesDelay: "finishes_delay",
  prerequisitesDocumentName: "prerequisites_document_name",
  finishesDocumentName: "finishes_document_name",
  locked: "locked",
} as const;

export type EventField = keyof typeof EVENT_COLUMNS;

/** Foreign keys that must name a row of the same version. */
export const EVENT_REFERENCES: Partial<Record<EventField, string>> = {
  zoneId: "zones",
  macroTaskId: "macro_tasks",
  participantGroupProId: "participant_group_pros",
  participantId: "participants",
  specialityId: "specialities",
  sequenceId: "sequences",
};

export interface LinkInput {
  /** The other event: a parent in parentsEvents, a child in childrenEvents. */
  id: number;
  type: LinkType;
  delay: number;
}

export interface EventInput {
  name?: string;
  type?: PlannedEventType;
  startDate?: string | null;
  numberOfDays?: number;
  parentsEvents?: LinkInput[];
  childrenEvents?: LinkInput[];
  tags?: number[];
  revision?: number;
  [field: string]: unknown;
}
