// The shift history request schemas and filter fields are its contract: shared/src/contract/history.ts.
// Here: the SQL columns of the filter fields.
export const shiftHistoryColumns: Record<string, string> = {
  id: "sh.id",
  projectId: "sh.project_id",
  versionId: "sh.version_id",
  trackingId: "sh.tracking_id",
  name: "sh.name",
  eventId: "sh.event_id",
  userId: "sh.user_id",
  createdAt: "sh.created_at",
  updatedAt: "sh.updated_at",
};
