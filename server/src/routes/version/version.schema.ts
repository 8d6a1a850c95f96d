// The version request schemas and filter fields are its contract: shared/src/contract/version.ts.
// Here: the SQL columns of the filter fields.
export const versionColumns = {
  id: "versions.id",
  projectId: "versions.project_id",
  name: "versions.name",
  isManualVersion: "versions.is_manual_version",
  isActiveVersion: "versions.is_active_version",
  isReferentVersion: "versions.is_referent_version",
  inConstruction: "versions.in_construction",
  isArchived: "versions.is_archived",
  createdAt: "versions.created_at",
  updatedAt: "versions.updated_at",
};
