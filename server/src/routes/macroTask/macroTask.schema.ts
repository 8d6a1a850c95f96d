// The macro-task request schemas and filter fields are its contract: shared/src/contract/macroTask.ts.
// Here: the SQL columns of the filter fields.
export const macroTaskColumns: Record<string, string> = {
  id: "mt.id",
  projectId: "mt.project_id",
  versionId: "mt.version_id",
  trackingId: "mt.tracking_id",
  name: "mt.name",
  startDate: "mt.derived_start",
  endDate: "mt.derived_end",
  participantGroupProId: "mt.participant_group_pro_id",
  participantGroupName: "mt.group_name",
  specialityNames: "mt.speciality_names",
  trackedUnit: "mt.tracked_unit",
  hasCounting: "mt.has_counting",
  isComplete: "mt.is_complete",
  createdAt: "mt.created_at",
  updatedAt: "mt.updated_at",
};
