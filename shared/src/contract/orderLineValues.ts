// The values an order line and its tasks are made of (types, units, currencies, prices, quantities, the task
// input of a line's write), apart from both entities so that orderLine.ts and orderLineTask.ts each build on them.
import { z } from "zod";
import { ORDER_LINE_TYPES, ORDER_LINE_UNITS, type OrderLineUnit } from "../constants.js";
import { id, numeric } from "../schemas.js";

export { ORDER_LINE_TYPES, ORDER_LINE_UNITS, type OrderLineUnit };

/** Whether a value chosen in a list of units is one (a select's value is a plain string). */
export function isOrderLineUnit(value: string): value is OrderLineUnit {
  return (ORDER_LINE_UNITS as readonly string[]).includes(value);
}
export type OrderLineType = (typeof ORDER_LINE_TYPES)[number];

/** Currencies a line may be priced in (the web shows their label from its translations); EUR by default. */
export const ORDER_LINE_CURRENCIES = ["EUR", "CHF", "GBP", "USD"] as const;
export type OrderLineCurrency = (typeof ORDER_LINE_CURRENCIES)[number];
export const DEFAULT_ORDER_LINE_CURRENCY: OrderLineCurrency = "EUR";

/** French labels of the enums, as the import template and the exports write them (and the import reads them). */
export const ORDER_LINE_TYPE_LABELS: Record<OrderLineType, string> = {
  supply: "Fourniture",
  labor: "Main d'œuvre",
};

/** Largest price or quantity accepted (the columns are numeric(14, 2) and numeric(14, 3)). */
export const ORDER_LINE_MAX_AMOUNT = 999_999_999_999;

/** A unit price: a number >= 0 (or a numeric string), kept with 2 decimals. */
export const orderLinePrice = numeric
  .pipe(z.number().min(0).max(ORDER_LINE_MAX_AMOUNT))
  .transform((v) => Math.round(v * 100) / 100);
/** A quantity: a number >= 0 (or a numeric string), kept with 3 decimals. */
export const orderLineQuantity = numeric
  .pipe(z.number().min(0).max(ORDER_LINE_MAX_AMOUNT))
  .transform((v) => Math.round(v * 1000) / 1000);

/** An order-line task as POST and PATCH /order-line carry it (`id` only in a PATCH, to change an existing one). */
export const orderLineTaskInput = z
  .object({
    id: id.optional(),
    eventId: id.nullable().optional(),
    zoneId: id.nullable().optional(),
    specialityId: id.nullable().optional(),
    price: orderLinePrice.nullable().optional(),
    quantity: orderLineQuantity.nullable().optional(),
    priceSupply: orderLinePrice.nullable().optional(),
    isOrdered: z.boolean().optional(),
  })
  .strict();
