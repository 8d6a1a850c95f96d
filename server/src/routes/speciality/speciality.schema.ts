// The speciality request schemas and filter fields are its contract: shared/src/contract/speciality.ts.
// Here: the SQL columns of the filter fields.
export const specialityColumns: Record<string, string> = {
  id: "s.id",
  projectId: "s.project_id",
  versionId: "s.version_id",
  trackingId: "s.tracking_id",
  name: "s.name",
  participantGroupProId: "s.participant_group_pro_id",
  createdAt: "s.created_at",
  updatedAt: "s.updated_at",
};
