// The tag and phase request schemas and filter fields are their contract: shared/src/contract/classification.ts.
// Here: the SQL columns of the filter fields.
export const itemColumns: Record<string, string> = {
  id: "i.id",
  projectId: "i.project_id",
  versionId: "i.version_id",
  trackingId: "i.tracking_id",
  name: "i.name",
  color: "i.color",
  type: "i.type",
  categoryId: "i.category_id",
  categoryName: "c.name",
  categoryType: "c.type",
  createdAt: "i.created_at",
  updatedAt: "i.updated_at",
};
export const categoryColumns: Record<string, string> = {
  id: "c.id",
  projectId: "c.project_id",
  versionId: "c.version_id",
  trackingId: "c.tracking_id",
  name: "c.name",
  type: "c.type",
  position: "c.position",
  parentCategoryId: "c.parent_category_id",
  createdAt: "c.created_at",
  updatedAt: "c.updated_at",
};
