/**
 * The order-line contract (spec 001 sections 2, 3 and 7; issue 19): supply or labour lines with a unit price, a
 * quantity and a unit, owned by a version of a project, each split into order-line tasks (one per zone, task or
 * speciality) that carry the planned quantity there.
 *
 * Money: `price` is a UNIT price in `currency` (per `unit`); an amount is always price x quantity. A task's
 * price is its own unit price, or the line's when the task has none (`effectivePrice`).
 *
 * Calls:
 * - POST /order-line {projectId, versionId?, label, type, unit, familyId?, macroTaskId?, participantGroupProId?,
 *   price?, quantity?, currency?, orderLineTasks?}: one line, with its tasks (201, the OrderLine);
 * - PATCH /order-line/{id}: changed fields; `orderLineTasks` items with an id are updated, items without one are
 *   added (tasks are removed with DELETE /order-line-task/bulk-delete);
 * - GET /order-line (orderLineListResource; join orderLineTasks), GET /order-line/{id} (always with its tasks);
 * - DELETE /order-line/bulk-delete {ids}: lines and their tasks;
 * - GET /order-line/export: the list's filters, an .xlsx;
 * - order-line tasks: contract/orderLineTask.ts; imports: contract/orderLineImport.ts; GET /family:
 *   contract/family.ts.
 */
import { z } from "zod";
import { LIST_LIMIT, ORDER_LINE_TYPES, ORDER_LINE_UNITS, type OrderLineUnit } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, projectRef, requiredText } from "../schemas.js";
import type { FieldsOf, Ref, VersionOwned } from "./common.js";
import type { OrderLineTask } from "./orderLineTask.js";

import {
  ORDER_LINE_CURRENCIES,
  orderLinePrice,
  orderLineQuantity,
  orderLineTaskInput,
  type OrderLineCurrency,
  type OrderLineType,
} from "./orderLineValues.js";

export * from "./orderLineValues.js";

const fields = {
  label: requiredText(200),
  type: z.enum(ORDER_LINE_TYPES),
  unit: z.enum(ORDER_LINE_UNITS),
  familyId: id.nullable(),
  macroTaskId: id.nullable(),
  participantGroupProId: id.nullable(),
  price: orderLinePrice.nullable(),
  quantity: orderLineQuantity.nullable(),
  currency: z.enum(ORDER_LINE_CURRENCIES),
};

/** POST /order-line. */
export const orderLineCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    label: fields.label,
    type: fields.type,
    unit: fields.unit,
    familyId: fields.familyId.optional(),
    macroTaskId: fields.macroTaskId.optional(),
    participantGroupProId: fields.participantGroupProId.optional(),
    price: fields.price.optional(),
    quantity: fields.quantity.optional(),
    currency: fields.currency.optional(),
    orderLineTasks: z
      .array(orderLineTaskInput.omit({ id: true }))
      .max(10_000)
      .optional(),
  })
  .strict();
export type OrderLineCreate = z.input<typeof orderLineCreateBody>;

/** PATCH /order-line/{id}: changed fields only. */
export const orderLineUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    ...fields,
    orderLineTasks: z.array(orderLineTaskInput).max(10_000),
  })
  .partial()
  .strict();
export type OrderLineUpdate = z.input<typeof orderLineUpdateBody>;

/** The fields a screen edits (POST /order-line without the scope). */
export type OrderLineFields = FieldsOf<typeof orderLineCreateBody>;

export const orderLineParams = z.object({ id });

/** DELETE /order-line/bulk-delete {ids}: lines and their tasks. */
export const orderLineBulkDeleteBody = z
  .object({
    ids: z.array(id).min(1).max(100_000),
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
  })
  .strict();

/** The JSON of an order line. */
export interface OrderLine extends VersionOwned {
  id: number;
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit | null;
  familyId: number | null;
  family: Ref | null;
  macroTaskId: number | null;
  macroTask: Ref | null;
  participantGroupProId: number | null;
  /** The lot. */
  participantGroupPro: Ref | null;
  /** Unit price (2 decimals). */
  price: number | null;
  quantity: number | null;
  currency: OrderLineCurrency;
  /** price x quantity (null when either is missing). */
  amount: number | null;
  /** Sum of its tasks' quantities (0 without tasks). */
  plannedQuantity: number;
  /** Sum of its tasks' amounts (each task's quantity x its effective price). */
  plannedAmount: number;
  tasksCount: number;
  /** The import that created it (null for a line made by hand). */
  importId: number | null;
  /** Its tasks: always in GET /order-line/{id} and the writes' answers, in lists with join=orderLineTasks. */
  orderLineTasks?: OrderLineTask[];
  createdAt: string;
  updatedAt: string;
}

/** GET /order-line: filter triples; 10,000 rows by label by default. */
export const orderLineListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    label: "string",
    type: "string",
    unit: "string",
    familyId: "number",
    family: "string",
    macroTaskId: "number",
    macroTask: "string",
    participantGroupProId: "number",
    participantGroupPro: "string",
    price: "number",
    quantity: "number",
    currency: "string",
    amount: "number",
    importId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  joins: ["orderLineTasks"],
  defaultSort: [
    { field: "label", order: "ASC" },
    { field: "id", order: "ASC" },
  ],
  defaultLimit: LIST_LIMIT,
});

/** Error keys an order-line or order-line-task call answers with (besides the generic ones). */
export const ORDER_LINE_ERRORS = [
  "errors.not_found",
  "errors.validation",
  "errors.no_project",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.version_frozen",
  "errors.project_being_updated",
  "errors.project_archived",
  "errors.forbidden",
] as const satisfies readonly ErrorCode[];
export type OrderLineErrorCode = (typeof ORDER_LINE_ERRORS)[number];

/**
 * Order-line writes (lines, tasks, imports) send reference:update with this resource name and `ids` the lines
 * touched: viewers refetch order lines, the task modal's tab and the costs screens.
 */
export const ORDER_LINE_REALTIME = { event: "reference:update", resource: "order-line" } as const;
