// The order-line form as text fields (numbers typed with a comma or a point), its checks, and the bodies it
// sends: the whole line on creation, only the changed fields on an update (spec 001 section 5's rule for forms).
import {
  DEFAULT_ORDER_LINE_CURRENCY,
  type OrderLine,
  type OrderLineCurrency,
  type OrderLineFields,
  type OrderLineTask,
  type OrderLineTaskMultipleItem,
  type OrderLineType,
  type OrderLineUnit,
  type OrderLineUpdate,
} from "@jalon/shared";
import { numberText, parseNumber } from "./format";

export interface OrderLineDraft {
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit | "";
  familyId: number | null;
  macroTaskId: number | null;
  participantGroupProId: number | null;
  price: string;
  quantity: string;
  currency: OrderLineCurrency;
}

export type OrderLineFormError = "labelRequired" | "unitRequired" | "price" | "quantity";

export const EMPTY_ORDER_LINE: OrderLineDraft = {
  label: "",
  type: "labor",
  unit: "U",
  familyId: null,
  macroTaskId: null,
  participantGroupProId: null,
  price: "",
  quantity: "",
  currency: DEFAULT_ORDER_LINE_CURRENCY,
};

export function draftOf(line: OrderLine): OrderLineDraft {
  return {
    label: line.label,
    type: line.type,
    unit: line.unit ?? "",
    familyId: line.familyId,
    macroTaskId: line.macroTaskId,
    participantGroupProId: line.participantGroupProId,
    price: numberText(line.price),
    quantity: numberText(line.quantity),
    currency: line.currency,
  };
}

/** A price or quantity field is fine empty or as a number >= 0. */
export function badNumber(text: string): boolean {
  const n = parseNumber(text);
  return n !== null && (Number.isNaN(n) || n < 0);
}

export function validateOrderLine(d: OrderLineDraft): OrderLineFormError[] {
  const errors: OrderLineFormError[] = [];
  if (d.label.trim() === "") errors.push("labelRequired");
  if (d.unit === "") errors.push("unitRequired");
  if (badNumber(d.price)) errors.push("price");
  if (badNumber(d.quantity)) errors.push("quantity");
  return errors;
}

/** POST /order-line's fields (call only on a valid draft). */
export function createBody(d: OrderLineDraft): OrderLineFields {
  return {
    label: d.label.trim(),
    type: d.type,
    unit: d.unit === "" ? "U" : d.unit,
    familyId: d.familyId,
    macroTaskId: d.macroTaskId,
    participantGroupProId: d.participantGroupProId,
    price: parseNumber(d.price),
    quantity: parseNumber(d.quantity),
    currency: d.currency,
  };
}

/** PATCH /order-line/{id}: the fields whose value differs from the line's. */
export function updateBody(line: OrderLine, d: OrderLineDraft): OrderLineUpdate {
  const next = createBody(d);
  const before = createBody(draftOf(line));
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof OrderLineFields)[]) {
    if (next[key] !== before[key]) body[key] = next[key];
  }
  return body as OrderLineUpdate;
}

/** An order-line task as its dialog edits it. */
export interface TaskDraft {
  id?: number;
  zoneId: number | null;
  specialityId: number | null;
  quantity: string;
  price: string;
  event: { id: number; name: string } | null;
}

export const EMPTY_TASK: TaskDraft = { zoneId: null, specialityId: null, quantity: "", price: "", event: null };

export function taskDraftOf(task: OrderLineTask): TaskDraft {
  return {
    id: task.id,
    zoneId: task.zoneId,
    specialityId: task.specialityId,
    quantity: numberText(task.quantity),
    price: numberText(task.price),
    event: task.event ? { id: task.event.id, name: task.event.name } : null,
  };
}

export function validateTask(d: TaskDraft): ("quantity" | "price")[] {
  return [
    ...(badNumber(d.quantity) ? (["quantity"] as const) : []),
    ...(badNumber(d.price) ? (["price"] as const) : []),
  ];
}

/** One item of PATCH /order-line-task/multiple: a change of the task `d.id`, or a new task of line `orderLineId`. */
export function taskItem(orderLineId: number, d: TaskDraft): OrderLineTaskMultipleItem {
  const fields = {
    zoneId: d.zoneId,
    specialityId: d.specialityId,
    quantity: parseNumber(d.quantity),
    price: parseNumber(d.price),
    eventId: d.event?.id ?? null,
  };
  return d.id !== undefined ? { id: d.id, ...fields } : { orderLineId, ...fields };
}
