import type { ColumnMap } from "../../lib/listQuery.js";

// The counting's request schemas, entity and filter fields are its contract: shared/src/contract/counting.ts.
// Here: the SQL columns of the filter fields (countingSelect's aliases).

export const countingColumns: ColumnMap = {
  id: "c.id",
  projectId: "c.project_id",
  versionId: "c.version_id",
  eventId: "c.event_id",
  zoneId: "c.zone_id",
  percentage: "c.percentage",
  countingDate: "c.counting_date",
  userId: "c.user_id",
  eventName: "e.name",
  participantGroupProId: "e.participant_group_pro_id",
  participantId: "e.participant_id",
  macroTaskId: "e.macro_task_id",
  createdAt: "c.created_at",
  updatedAt: "c.updated_at",
};

/** The tag filter reads the counted task's tags: it goes through event_tags on `c.event_id`. */
export const countingTagColumns: ColumnMap = {
  tagId: { through: "event_tags", owner: "event_id", column: "tag_id" },
};
