import type { ColumnMap } from "../../lib/listQuery.js";
// The macro-task request schemas and filter fields are its contract: shared/src/contract/macroTask.ts.
// Here: the SQL columns of the filter fields.
export const macroTaskColumns: ColumnMap = {
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
  specialityId: { through: "macro_task_specialities", owner: "macro_task_id", column: "speciality_id" },
  tagId: { through: "macro_task_tags", owner: "macro_task_id", column: "tag_id" },
};
