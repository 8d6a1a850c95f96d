/**
 * The order-line task contract (spec 001 sections 3, 4 and 7): the share of an order line planned in a zone, on
 * a task (eventId) or for a speciality, with its quantity and unit price (the line's when it has none).
 *
 * Calls:
 * - GET /order-line-task: filter triples and paging (orderLineTaskListResource);
 * - GET /order-line-task/all?projectId&versionId&orderLineIds&eventIds&zoneIds&macroTaskIds: every matching task
 *   of a version, no paging (the task modal's "lignes de commande" tab reads it with eventIds);
 * - PATCH /order-line-task/multiple {data: [...]}: an item with `id` changes that task, an item without one and
 *   with `orderLineId` adds a task to that line; all or nothing;
 * - DELETE /order-line-task/bulk-delete {ids};
 * - GET /order-line-task/todo and /todo/export: the remaining work (each task grouped done, to do or upcoming
 *   at a date from its task's, or its macro-task's, dates and last countings).
 */
import { z } from "zod";
import { LIST_LIMIT, ORDER_LINE_TYPES, type OrderLineUnit } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, idsParam, isoDay, projectRef } from "../schemas.js";
import type { IsoDay } from "../entities.js";
import type { Ref, VersionOwned } from "./common.js";
import { orderLineTaskInput, type OrderLineCurrency, type OrderLineType } from "./orderLineValues.js";

/**
 * How a planned order-line task is drawn (spec 001 section 4): linked to a task ("event"), to a macro-task
 * that has tasks ("macroTask"), or to neither (null).
 */
export const ORDER_LINE_TASK_LINKS = ["event", "macroTask"] as const;
export type OrderLineTaskLink = (typeof ORDER_LINE_TASK_LINKS)[number];

/** An order-line task as its event shows it (spec 000: an event's `orderLineTasks`), with its line's label. */
export interface EventOrderLineTask {
  id: number;
  orderLineId: number;
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit | null;
  zoneId: number | null;
  quantity: number | null;
  price: number | null;
  isOrdered: boolean;
}

/** A line of a macro-task (spec 001: `orderLines` with unit, familyId, family, orderLineTasks with zoneId and quantity). */
export interface MacroTaskOrderLine {
  id: number;
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit | null;
  familyId: number | null;
  family: Ref | null;
  orderLineTasks: { id: number; zoneId: number | null; quantity: number | null }[];
}

/** The JSON of an order-line task. */
export interface OrderLineTask extends VersionOwned {
  id: number;
  orderLineId: number;
  /** Its line, as lists and the task modal show it. */
  orderLine: {
    id: number;
    label: string;
    type: OrderLineType;
    unit: OrderLineUnit | null;
    price: number | null;
    currency: OrderLineCurrency;
    familyId: number | null;
    family: Ref | null;
    macroTaskId: number | null;
    macroTask: Ref | null;
  };
  eventId: number | null;
  event: { id: number; name: string; startDate: IsoDay | null; endDate: IsoDay | null } | null;
  zoneId: number | null;
  zone: Ref | null;
  specialityId: number | null;
  speciality: Ref | null;
  /** Its own unit price (null: the line's price applies). */
  price: number | null;
  /** Its own price or its line's. */
  effectivePrice: number | null;
  quantity: number | null;
  /** quantity x effectivePrice (null when either is missing). */
  amount: number | null;
  /** Supply fields (spec 001 section 3): the supply's price, whether it was ordered, when it is needed. */
  priceSupply: number | null;
  isOrdered: boolean;
  startDate: IsoDay | null;
  linkedTo: OrderLineTaskLink | null;
  createdAt: string;
  updatedAt: string;
}

/** One item of PATCH /order-line-task/multiple. */
export const orderLineTaskMultipleItem = orderLineTaskInput
  .extend({ orderLineId: id.optional(), startDate: isoDay.nullable().optional() })
  .refine((v) => v.id !== undefined || v.orderLineId !== undefined, {
    message: "Un identifiant de tâche (id) ou de ligne de commande (orderLineId) est requis.",
  });

/** PATCH /order-line-task/multiple {data}. */
export const orderLineTaskMultipleBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    data: z.array(orderLineTaskMultipleItem).min(1).max(10_000),
  })
  .strict();
export type OrderLineTaskMultiple = z.input<typeof orderLineTaskMultipleBody>;
export type OrderLineTaskMultipleItem = z.input<typeof orderLineTaskMultipleItem>;

/** DELETE /order-line-task/bulk-delete {ids}. */
export const orderLineTaskBulkDeleteBody = z
  .object({
    ids: z.array(id).min(1).max(100_000),
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
  })
  .strict();

/** GET /order-line-task/all. */
export const orderLineTaskAllQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    orderLineIds: idsParam.optional(),
    eventIds: idsParam.optional(),
    zoneIds: idsParam.optional(),
    macroTaskIds: idsParam.optional(),
  })
  .strict();
export type OrderLineTaskAllQuery = z.input<typeof orderLineTaskAllQuery>;

/** GET /order-line-task: filter triples; 10,000 rows by line label then zone by default. */
export const orderLineTaskListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    orderLineId: "number",
    eventId: "number",
    zoneId: "number",
    specialityId: "number",
    price: "number",
    quantity: "number",
    priceSupply: "number",
    isOrdered: "boolean",
    startDate: "date",
    label: "string",
    type: "string",
    unit: "string",
    familyId: "number",
    macroTaskId: "number",
    zoneName: "string",
    eventName: "string",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  defaultSort: [
    { field: "label", order: "ASC" },
    { field: "zoneName", order: "ASC" },
    { field: "id", order: "ASC" },
  ],
  defaultLimit: LIST_LIMIT,
});

/** Remaining-work groups (spec 001 section 2: done, to do, upcoming), in that order. */
export const REMAINING_STATUSES = ["done", "toDo", "upcoming"] as const;
export type RemainingStatus = (typeof REMAINING_STATUSES)[number];
/** French labels of the groups, as the export writes them. */
export const REMAINING_STATUS_LABELS: Record<RemainingStatus, string> = {
  done: "Terminé",
  toDo: "À faire",
  upcoming: "À venir",
};

/**
 * The group of an order-line task at `date` (yyyy-MM-dd): done when its task's last counting is 100, to do when
 * it has started (counted above 0, or its start date is on or before the date), upcoming otherwise. A task with
 * no linked event takes its macro-task's tasks: their earliest start and their weighted progress.
 */
export function remainingStatus(progress: number, start: string | null, date: string): RemainingStatus {
  if (progress >= 100) return "done";
  if (progress > 0 || (start !== null && start <= date)) return "toDo";
  return "upcoming";
}

/**
 * GET /order-line-task/todo and /todo/export: the remaining work at a date (default today, Europe/Paris): every
 * order-line task of the version with its group, quantities and amounts (done = quantity x progress / 100), and
 * the three groups' totals. `status` keeps one group (the export writes the rows asked).
 */
export const orderLineTaskTodoQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    date: isoDay.optional(),
    status: z.enum(REMAINING_STATUSES).optional(),
    orderLineType: z.enum(ORDER_LINE_TYPES).optional(),
    macroTaskIds: idsParam.optional(),
    zoneIds: idsParam.optional(),
    tagIds: idsParam.optional(),
    familyIds: idsParam.optional(),
    orderLineIds: idsParam.optional(),
  })
  .strict();
export type OrderLineTaskTodoQuery = z.input<typeof orderLineTaskTodoQuery>;

/** One row of the remaining work: an order-line task. */
export interface RemainingLine {
  orderLineTaskId: number;
  orderLineId: number;
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit | null;
  currency: OrderLineCurrency;
  family: string | null;
  macroTaskId: number | null;
  macroTask: string | null;
  zoneId: number | null;
  zone: string | null;
  eventId: number | null;
  eventName: string | null;
  startDate: IsoDay | null;
  endDate: IsoDay | null;
  /** The task's last counting, 0..100 (0 without). */
  progress: number;
  quantity: number;
  doneQuantity: number;
  remainingQuantity: number;
  /** Unit price (the task's, else its line's), 0 when none. */
  price: number;
  amount: number;
  doneAmount: number;
  remainingAmount: number;
  status: RemainingStatus;
}

/** One group's totals and rows (by start date, then label). */
export interface RemainingGroup {
  status: RemainingStatus;
  count: number;
  quantity: number;
  remainingQuantity: number;
  amount: number;
  remainingAmount: number;
  lines: RemainingLine[];
}

/** GET /order-line-task/todo. */
export interface OrderLineTaskTodo {
  projectId: number;
  versionId: number;
  date: IsoDay;
  /** Always the three groups, in the order done, to do, upcoming (an asked `status` leaves the others empty). */
  groups: RemainingGroup[];
}
