// The lot (participant-group-pro) request schemas and filter fields are its contract: shared/src/contract/lot.ts.
// Here: the SQL columns of the filter fields.
export const lotColumns: Record<string, string> = {
  id: "l.id",
  projectId: "l.project_id",
  versionId: "l.version_id",
  trackingId: "l.tracking_id",
  name: "l.name",
  color: "l.color",
  participantGroupId: "l.participant_group_id",
  createdAt: "l.created_at",
  updatedAt: "l.updated_at",
};
