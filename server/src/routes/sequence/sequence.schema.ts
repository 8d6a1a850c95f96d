// The sequence request schemas and filter fields are its contract: shared/src/contract/sequence.ts.
// Here: the SQL columns of the filter fields.
export const sequenceColumns: Record<string, string> = {
  id: "sq.id",
  projectId: "sq.project_id",
  versionId: "sq.version_id",
  trackingId: "sq.tracking_id",
  name: "sq.name",
  zoneId: "sq.zone_id",
  parentSequenceId: "sq.parent_sequence_id",
  instantiationConfigId: "sq.instantiation_config_id",
  sequenceTemplateProId: "sq.sequence_template_pro_id",
  startDate: "sq.start_date",
  endDate: "sq.end_date",
  createdAt: "sq.created_at",
  updatedAt: "sq.updated_at",
};
