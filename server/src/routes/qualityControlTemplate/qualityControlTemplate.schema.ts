import type { ColumnMap } from "../../lib/listQuery.js";

// The template's request schemas, entity and filter fields are its contract:
// shared/src/contract/qualityControlTemplate.ts. Here: the SQL columns of the filter fields.

export const qualityControlTemplateColumns: ColumnMap = {
  id: "t.id",
  projectId: "t.project_id",
  type: "t.type",
  name: "t.name",
  category: "t.category",
  delay: "t.delay",
  documentName: "t.document_name",
  eventTemplateProId: {
    through: "quality_control_template_deliverables",
    owner: "quality_control_template_id",
    column: "event_template_pro_id",
  },
  sequenceTemplateProId: {
    through: "quality_control_template_deliverables",
    owner: "quality_control_template_id",
    column: "sequence_template_pro_id",
  },
  createdAt: "t.created_at",
  updatedAt: "t.updated_at",
};

/**
 * Filters the route applies itself: the version (it names the project), and the macro-task and tag ids, which
 * templates keep by tracking id.
 */
export const TEMPLATE_SPECIAL_FIELDS = ["versionId", "macroTaskId", "tagId"] as const;
