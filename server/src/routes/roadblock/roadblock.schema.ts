// The roadblock request schemas and filter fields are its contract: shared/src/contract/roadblock.ts.
// Here: the SQL columns of the filter fields (the select of roadblock.presenter.ts joins e, the task).
import type { ColumnMap } from "../../lib/listQuery.js";

export const roadblockColumns: ColumnMap = {
  id: "rb.id",
  projectId: "rb.project_id",
  versionId: "rb.version_id",
  trackingId: "rb.tracking_id",
  name: "rb.name",
  validate: "rb.validate",
  eventId: "rb.event_id",
  eventName: "e.name",
  participantId: "rb.participant_id",
  participantGroupProId: "rb.participant_group_pro_id",
  zoneId: "rb.zone_id",
  createdById: "rb.created_by",
  createdAt: "rb.created_at",
  updatedAt: "rb.updated_at",
};
