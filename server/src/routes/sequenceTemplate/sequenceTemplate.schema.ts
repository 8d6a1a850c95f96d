// The request schemas, entities and list fields are the contract: shared/src/contract/sequenceTemplate.ts.
// Here: the SQL columns of the list fields (the factory of routes/templateRoutes.ts reads the table as "t"; typology, a jsonb list, is filtered by applyTypologyFilter).

const commonColumns = {
  id: "t.id",
  name: "t.name",
  category: "t.category",
  color: "t.color",
  duration: "t.duration",
  numberOfDays: "t.number_of_days",
  isGeneric: "t.is_generic",
  createdAt: "t.created_at",
  updatedAt: "t.updated_at",
};

export const sequenceTemplateColumns: Record<string, string> = commonColumns;

export const sequenceTemplateProColumns: Record<string, string> = {
  ...commonColumns,
  projectId: "t.project_id",
  trackingId: "t.tracking_id",
  isImported: "t.is_imported",
  sequenceTemplateId: "t.sequence_template_id",
  synchronizableStatus: "t.synchronizable_status",
};
