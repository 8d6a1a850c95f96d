import { z } from "zod";
import { defineListResource, EVENT_LIST_DEFAULT_LIMIT, id } from "@jalon/shared";
export { eventBulkDeleteBody } from "@jalon/shared";

export const eventParams = z.object({ id });

export const eventListResource = defineListResource({
  fields: {
    id: "number", projectId: "number", versionId: "number", trackingId: "number", type: "string", name: "string",
    trigram: "string", zoneId: "number", participantId: "number", participantGroupProId: "number", specialityId: "number",
    sequenceId: "number", macroTaskId: "number", instantiationConfigId: "number", startDate: "date", endDate: "date",
    numberOfDays: "number", isTracked: "boolean", isContractual: "boolean", milestoneToHide: "boolean", locked: "boolean",
    createdAt: "datetime", updatedAt: "datetime",
  },
  sortable: ["id", "name", "type", "startDate", "endDate", "numberOfDays", "trigram", "createdAt", "updatedAt", "zoneId", "participantGroupProId"],
  joins: ["parentsEvents", "childrenEvents", "tags", "sequence", "sequence.instantiationConfig", "zone", "participantGroupPro"],
  defaultSort: [{ field: "startDate", order: "ASC" }],
  defaultLimit: EVENT_LIST_DEFAULT_LIMIT,
});

export const eventColumns: Record<string, string> = {
  id: "events.id", projectId: "events.project_id", versionId: "events.version_id", trackingId: "events.tracking_id",
  type: "events.type", name: "events.name", trigram: "events.trigram", zoneId: "events.zone_id",
  participantId: "events.participant_id", participantGroupProId: "events.participant_group_pro_id",
  specialityId: "events.speciality_id", sequenceId: "events.sequence_id", macroTaskId: "events.macro_task_id",
  instantiationConfigId: "events.instantiation_config_id", startDate: "events.start_date", endDate: "events.end_date",
  numberOfDays: "events.number_of_days", isTracked: "events.is_tracked", isContractual: "events.is_contractual",
  milestoneToHide: "events.milestone_to_hide", locked: "events.locked", createdAt: "events.created_at", updatedAt: "events.updated_at",
};
