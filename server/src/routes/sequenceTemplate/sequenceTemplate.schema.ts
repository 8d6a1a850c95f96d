// The request schemas, entities and list fields are the contract: shared/src/contract/sequenceTemplate.ts.
// Here: the SQL columns of the list fields (typology, a jsonb list, is filtered by applyTypologyFilter).

const commonColumns = {
  id: "st.id",
  name: "st.name",
  category: "st.category",
  color: "st.color",
  duration: "st.duration",
  numberOfDays: "st.number_of_days",
  isGeneric: "st.is_generic",
  createdAt: "st.created_at",
  updatedAt: "st.updated_at",
};

export const sequenceTemplateColumns: Record<string, string> = commonColumns;

export const sequenceTemplateProColumns: Record<string, string> = {
  ...commonColumns,
  projectId: "st.project_id",
  trackingId: "st.tracking_id",
  isImported: "st.is_imported",
  sequenceTemplateId: "st.sequence_template_id",
  synchronizableStatus: "st.synchronizable_status",
};
