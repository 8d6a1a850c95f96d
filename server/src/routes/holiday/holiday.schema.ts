// The holiday request schemas and filter fields are its contract: shared/src/contract/holiday.ts.
// Here: the SQL columns of the filter fields.
export const holidayColumns: Record<string, string> = {
  id: "h.id",
  projectId: "h.project_id",
  versionId: "h.version_id",
  trackingId: "h.tracking_id",
  name: "h.name",
  type: "h.type",
  startDate: "h.start_date",
  endDate: "h.end_date",
  createdAt: "h.created_at",
  updatedAt: "h.updated_at",
};
