import type { OrderLineCurrency, OrderLineTask, OrderLineTaskLink, OrderLineType, OrderLineUnit } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoRequired } from "../../lib/dates.js";

export type OrderLineTaskDbRow = Record<string, unknown> & { id: number };

/**
 * Order-line tasks as the derived table `olt`: each task with its line's fields, the names of its family,
 * macro-task, task, zone and speciality, and how it is linked (to a task, or to a macro-task that has tasks),
 * so that the lists filter and sort on plain columns.
 */
export function orderLineTaskSelect(db: Db) {
  const inner = db("order_line_tasks as t")
    .join("order_lines as l", "l.id", "t.order_line_id")
    .leftJoin("families as f", "f.id", "l.family_id")
    .leftJoin("macro_tasks as mt", "mt.id", "l.macro_task_id")
    .leftJoin("events as e", "e.id", "t.event_id")
    .leftJoin("zones as z", "z.id", "t.zone_id")
    .leftJoin("specialities as s", "s.id", "t.speciality_id")
    .select(
      "t.*",
      "l.label",
      "l.type",
      "l.unit",
      "l.price as line_price",
      "l.currency",
      "l.family_id",
      "f.name as family_name",
      "l.macro_task_id",
      "mt.name as macro_task_name",
      "e.name as event_name",
      "e.start_date as event_start_date",
      "e.end_date as event_end_date",
      db.raw("coalesce(z.full_name, z.name) as zone_name"),
      "s.name as speciality_name",
      db.raw(
        `case when t.event_id is not null then 'event'
              when l.macro_task_id is not null
                   and exists (select 1 from events me where me.macro_task_id = l.macro_task_id) then 'macroTask'
         end as linked_to`,
      ),
    );
  return db.from(inner.as("olt")).select("olt.*");
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));
const ref = (id: unknown, name: unknown) =>
  id === null || id === undefined ? null : { id: id as number, name: (name as string | null) ?? "" };

/** Two decimals for money, three for quantities: no float noise in the JSON. */
export const money = (v: number) => Math.round(v * 100) / 100;
export const measure = (v: number) => Math.round(v * 1000) / 1000;

/** The API's field names of an order-line task are decided here. */
export function presentOrderLineTask(r: OrderLineTaskDbRow): OrderLineTask {
  const price = num(r.price);
  const effectivePrice = price ?? num(r.line_price);
  const quantity = num(r.quantity);
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    orderLineId: r.order_line_id as number,
    orderLine: {
      id: r.order_line_id as number,
      label: r.label as string,
      type: r.type as OrderLineType,
      unit: (r.unit as OrderLineUnit | null) ?? null,
      price: num(r.line_price),
      currency: r.currency as OrderLineCurrency,
      familyId: num(r.family_id),
      family: ref(r.family_id, r.family_name),
      macroTaskId: num(r.macro_task_id),
      macroTask: ref(r.macro_task_id, r.macro_task_name),
    },
    eventId: num(r.event_id),
    event:
      r.event_id === null || r.event_id === undefined
        ? null
        : {
            id: r.event_id as number,
            name: (r.event_name as string | null) ?? "",
            startDate: day(r.event_start_date),
            endDate: day(r.event_end_date),
          },
    zoneId: num(r.zone_id),
    zone: ref(r.zone_id, r.zone_name),
    specialityId: num(r.speciality_id),
    speciality: ref(r.speciality_id, r.speciality_name),
    price,
    effectivePrice,
    quantity,
    amount: effectivePrice === null || quantity === null ? null : money(effectivePrice * quantity),
    priceSupply: num(r.price_supply),
    isOrdered: Boolean(r.is_ordered),
    startDate: day(r.start_date),
    linkedTo: (r.linked_to as OrderLineTaskLink | null) ?? null,
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}

/** Tasks of some lines, by line label order then zone name (as the lists show them). */
export async function tasksOfLines(db: Db, lineIds: readonly number[]): Promise<Map<number, OrderLineTask[]>> {
  const out = new Map<number, OrderLineTask[]>();
  if (lineIds.length === 0) return out;
  const rows = (await orderLineTaskSelect(db)
    .whereIn("olt.order_line_id", [...lineIds])
    .orderByRaw("olt.zone_name nulls first, olt.id")) as OrderLineTaskDbRow[];
  for (const r of rows) {
    const task = presentOrderLineTask(r);
    const list = out.get(task.orderLineId);
    if (list) list.push(task);
    else out.set(task.orderLineId, [task]);
  }
  return out;
}

/** Tasks by id, in the order of the ids. */
export async function orderLineTasksByIds(db: Db, ids: readonly number[]): Promise<OrderLineTask[]> {
  if (ids.length === 0) return [];
  const rows = (await orderLineTaskSelect(db).whereIn("olt.id", [...ids])) as OrderLineTaskDbRow[];
  const byId = new Map(rows.map((r) => [r.id, presentOrderLineTask(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
