import type { ColumnMap } from "../../lib/listQuery.js";
// The participant request schemas and filter fields are its contract: shared/src/contract/participant.ts.
// Here: the SQL columns of the filter fields.
export const participantColumns: ColumnMap = {
  id: "pa.id",
  projectId: "pa.project_id",
  versionId: "pa.version_id",
  trackingId: "pa.tracking_id",
  name: "pa.name",
  companyName: "pa.company_name",
  color: "pa.color",
  projectManagerEmail: "pa.project_manager_email",
  projectManagerFirstName: "pa.project_manager_first_name",
  projectManagerLastName: "pa.project_manager_last_name",
  projectManagerPhoneNumber: "pa.project_manager_phone_number",
  createdAt: "pa.created_at",
  updatedAt: "pa.updated_at",
  // A participant may work in several lots: the lot filter goes through the join table.
  participantGroupProId: {
    through: "participant_group_pro_participants",
    owner: "participant_id",
    column: "participant_group_pro_id",
  },
};
