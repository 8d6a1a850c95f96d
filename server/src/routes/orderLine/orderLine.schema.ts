import { z } from "zod";
import { projectRef, text } from "@jalon/shared";
import { xlsxFileField } from "../../imports/xlsxImport.js";

// The order line's request schemas, entity and filter fields are its contract: shared/src/contract/orderLine.ts
// and orderLineImport.ts. Here: what only the server knows (the upload field, the SQL columns of the filters).

/** POST /order-line/import/data: multipart or JSON {projectId, versionId?, file, fileName?}. */
export const orderLineImportBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  file: xlsxFileField,
  fileName: text(255).optional(),
});

/** Columns of the derived table `ol` of orderLineSelect (names already joined, amount computed). */
export const orderLineColumns: Record<string, string> = {
  id: "ol.id",
  projectId: "ol.project_id",
  versionId: "ol.version_id",
  trackingId: "ol.tracking_id",
  label: "ol.label",
  type: "ol.type",
  unit: "ol.unit",
  familyId: "ol.family_id",
  family: "ol.family_name",
  macroTaskId: "ol.macro_task_id",
  macroTask: "ol.macro_task_name",
  participantGroupProId: "ol.participant_group_pro_id",
  participantGroupPro: "ol.lot_name",
  price: "ol.price",
  quantity: "ol.quantity",
  currency: "ol.currency",
  amount: "ol.amount",
  importId: "ol.import_id",
  createdAt: "ol.created_at",
  updatedAt: "ol.updated_at",
};
