/**
 * The order-line import contract (spec 001 sections 2, 3, 5, 7 and 8):
 * - POST /order-line/import/template {projectId, versionId?}: the .xlsx template (sheet "Lignes de commande"
 *   with the ORDER_LINE_IMPORT_HEADERS, sheet "Listes" with the accepted types, units, currencies, families,
 *   macro-tasks, lots and zones of the version);
 * - POST /order-line/import/data, multipart (or JSON) {projectId, versionId?, file, fileName?}: one order line
 *   per row (with one order-line task when "Zone" is filled), in one transaction. Refusals, with nothing
 *   written (the import contract of issue 8, web/src/lib/importError.ts):
 *   - a file name that does not end in .xlsx: errors.xlsx_required (400);
 *   - bytes that are not a readable .xlsx: errors.import_format (400);
 *   - no sheet or no row: errors.import_invalid (400);
 *   - a wrong cell (a required one empty, an unknown unit, type, family, macro-task, lot or zone, a bad number):
 *     errors.validation (400) whose message names the row and the column ("Ligne 3, colonne « Unité » : ..."),
 *     every problem in `details.problems` as {row, column, message}.
 *   Answers 201 {import: OrderLineImport, data: OrderLine[], count, total}.
 * - GET /order-line/import/list?projectId&versionId: the version's imports, newest first ({data, count, total});
 * - GET /order-line/import/{id}/file: the imported file as it was sent (download);
 * - DELETE /order-line/import/{id}: the import and every order line it created (with their tasks).
 */
import { z } from "zod";
import { FILE_SIZE_DIVISOR } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { id, projectRef } from "../schemas.js";

/** Headers of the template's first sheet, in order; "*" marks the required ones in the file. */
export const ORDER_LINE_IMPORT_HEADERS = {
  label: "Libellé",
  type: "Type",
  unit: "Unité",
  family: "Famille",
  macroTask: "Macro-tâche",
  participantGroupPro: "Lot",
  price: "Prix unitaire",
  quantity: "Quantité",
  currency: "Devise",
  zone: "Zone",
} as const;
export const ORDER_LINE_IMPORT_REQUIRED = ["label", "type", "unit"] as const;
export const ORDER_LINE_IMPORT_SHEET = "Lignes de commande";
export const ORDER_LINE_IMPORT_LISTS_SHEET = "Listes";

/** The JSON of an import history row. */
export interface OrderLineImport {
  id: number;
  projectId: number;
  versionId: number;
  fileName: string;
  /** Size in bytes; the history shows orderLineImportSizeMb(fileSize). */
  fileSize: number;
  createdAt: string;
  /** The API path that downloads the file (GET, bearer token). */
  url: string;
  /** Order lines it created that still exist. */
  linesCount: number;
  createdBy: { id: number; firstName: string | null; lastName: string | null } | null;
}

/** The size the history shows with the unit "MB": bytes / 1000 rounded, as issue 19 and the spec's screen say. */
export function orderLineImportSizeMb(bytes: number): number {
  return Math.round(bytes / FILE_SIZE_DIVISOR);
}

export const orderLineImportParams = z.object({ id });

/** POST /order-line/import/template and GET /order-line/import/list. */
export const orderLineImportScopeQuery = z.object({ projectId: projectRef, versionId: projectRef.optional() }).strict();
export const orderLineImportTemplateBody = orderLineImportScopeQuery;

/** The answer of POST /order-line/import/data. */
export interface OrderLineImportResult<L> {
  import: OrderLineImport;
  data: L[];
  count: number;
  total: number;
}

/** Error keys the import calls answer with (besides ORDER_LINE_ERRORS). */
export const ORDER_LINE_IMPORT_ERRORS = [
  "errors.xlsx_required",
  "errors.missing_file",
  "errors.import_format",
  "errors.import_invalid",
  "errors.validation",
  "errors.payload_too_large",
  "errors.not_found",
] as const satisfies readonly ErrorCode[];

/** DELETE /order-line/import/{id}: the import gone, with the lines it had written. */
export interface OrderLineImportDeleteAnswer {
  id: number;
  lineIds: number[];
  count: number;
}
