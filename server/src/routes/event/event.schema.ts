import { z } from "zod";
import { id } from "@jalon/shared";

export const eventParams = z.object({ id });

// The list's filter fields are the event contract's (shared/src/contract/event.ts).
export { eventListResource } from "@jalon/shared";

export const eventColumns: Record<string, string> = {
  id: "events.id",
  projectId: "events.project_id",
  versionId: "events.version_id",
  trackingId: "events.tracking_id",
  type: "events.type",
  name: "events.name",
  trigram: "events.trigram",
  zoneId: "events.zone_id",
  participantId: "events.participant_id",
  participantGroupProId: "events.participant_group_pro_id",
  specialityId: "events.speciality_id",
  sequenceId: "events.sequence_id",
  macroTaskId: "events.macro_task_id",
  instantiationConfigId: "events.instantiation_config_id",
  startDate: "events.start_date",
  endDate: "events.end_date",
  numberOfDays: "events.number_of_days",
  isTracked: "events.is_tracked",
  isContractual: "events.is_contractual",
  milestoneToHide: "events.milestone_to_hide",
  locked: "events.locked",
  createdAt: "events.created_at",
  updatedAt: "events.updated_at",
};
