import type { ColumnMap } from "../../lib/listQuery.js";

// The quality control's request schemas, entity and filter fields are its contract:
// shared/src/contract/qualityControl.ts. Here: the SQL columns of the filter fields (qualityControlSelect's aliases).

export const qualityControlColumns: ColumnMap = {
  id: "q.id",
  projectId: "q.project_id",
  versionId: "q.version_id",
  "events.versionId": "q.version_id",
  trackingId: "q.tracking_id",
  type: "q.type",
  name: "q.name",
  category: "q.category",
  status: "q.status",
  comment: "q.comment",
  completionDate: "q.completion_date",
  delay: "q.delay",
  dueDate: "q.due_date",
  startDate: "q.start_date",
  endDate: "q.end_date",
  isArchived: "q.is_archived",
  documentName: "q.document_name",
  eventId: "q.event_id",
  sequenceId: "q.sequence_id",
  macroTaskId: "q.macro_task_id",
  eventName: "e.name",
  zoneId: "e.zone_id",
  participantGroupProId: "e.participant_group_pro_id",
  participantId: "e.participant_id",
  tagId: { through: "quality_control_tags", owner: "quality_control_id", column: "tag_id" },
  "tags.id": { through: "quality_control_tags", owner: "quality_control_id", column: "tag_id" },
  createdAt: "q.created_at",
  updatedAt: "q.updated_at",
};

/** Filters the route applies itself: the computed indicator and the tags' category (two tables away). */
export const SPECIAL_FIELDS = ["indicator", "tags.categoryId"] as const;
