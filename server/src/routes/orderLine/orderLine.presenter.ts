import type { OrderLine, OrderLineCurrency, OrderLineType, OrderLineUnit } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoRequired } from "../../lib/dates.js";
import { measure, money, tasksOfLines } from "../orderLineTask/orderLineTask.presenter.js";
import { readAll } from "../../db/readAll.js";

export type OrderLineDbRow = Record<string, unknown> & { id: number };

/**
 * Order lines as the derived table `ol`: each line with the names of its family, macro-task and lot and its
 * amount (unit price x quantity), so that the lists filter and sort on plain columns.
 */
export function orderLineSelect(db: Db) {
  const inner = db("order_lines as l")
    .leftJoin("families as f", "f.id", "l.family_id")
    .leftJoin("macro_tasks as mt", "mt.id", "l.macro_task_id")
    .leftJoin("participant_group_pros as g", "g.id", "l.participant_group_pro_id")
    .select(
      "l.*",
      "f.name as family_name",
      "mt.name as macro_task_name",
      "g.name as lot_name",
      db.raw("l.price * l.quantity as amount"),
    );
  return db.from(inner.as("ol")).select("ol.*");
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const ref = (id: unknown, name: unknown) =>
  id === null || id === undefined ? null : { id: id as number, name: (name as string | null) ?? "" };

interface TaskTotals {
  count: number;
  quantity: number;
  amount: number;
}

/** Each line's count of tasks, planned quantity and planned amount, in one grouped query. */
async function taskTotals(db: Db, lineIds: readonly number[]): Promise<Map<number, TaskTotals>> {
  const out = new Map<number, TaskTotals>();
  if (lineIds.length === 0) return out;
  const rows = (await db("order_line_tasks as t")
    .join("order_lines as l", "l.id", "t.order_line_id")
    .whereIn("t.order_line_id", [...lineIds])
    .groupBy("t.order_line_id")
    .select(
      "t.order_line_id",
      db.raw("count(*) as n"),
      db.raw("coalesce(sum(t.quantity), 0) as quantity"),
      db.raw("coalesce(sum(t.quantity * coalesce(t.price, l.price)), 0) as amount"),
    )) as { order_line_id: number; n: unknown; quantity: unknown; amount: unknown }[];
  for (const r of rows)
    out.set(r.order_line_id, { count: Number(r.n), quantity: Number(r.quantity), amount: Number(r.amount) });
  return out;
}

/** The API's field names of an order line are decided here; `withTasks` adds each line's orderLineTasks. */
export async function presentOrderLines(db: Db, rows: OrderLineDbRow[], withTasks: boolean): Promise<OrderLine[]> {
  const ids = rows.map((r) => r.id);
  const [totals, tasks] = await readAll(db, [
    () => taskTotals(db, ids),
    () => (withTasks ? tasksOfLines(db, ids) : Promise.resolve(null)),
  ]);
  return rows.map((r) => {
    const t = totals.get(r.id) ?? { count: 0, quantity: 0, amount: 0 };
    const amount = num(r.amount);
    const line: OrderLine = {
      id: r.id,
      projectId: r.project_id as number,
      versionId: r.version_id as number,
      trackingId: r.tracking_id as number,
      label: r.label as string,
      type: r.type as OrderLineType,
      unit: (r.unit as OrderLineUnit | null) ?? null,
      familyId: num(r.family_id),
      family: ref(r.family_id, r.family_name),
      macroTaskId: num(r.macro_task_id),
      macroTask: ref(r.macro_task_id, r.macro_task_name),
      participantGroupProId: num(r.participant_group_pro_id),
      participantGroupPro: ref(r.participant_group_pro_id, r.lot_name),
      price: num(r.price),
      quantity: num(r.quantity),
      currency: r.currency as OrderLineCurrency,
      amount: amount === null ? null : money(amount),
      plannedQuantity: measure(t.quantity),
      plannedAmount: money(t.amount),
      tasksCount: t.count,
      importId: num(r.import_id),
      createdAt: isoRequired(r.created_at),
      updatedAt: isoRequired(r.updated_at),
    };
    if (tasks) line.orderLineTasks = tasks.get(r.id) ?? [];
    return line;
  });
}

/** Lines by id, in the order of the ids, with their tasks. */
export async function orderLinesByIds(db: Db, ids: readonly number[]): Promise<OrderLine[]> {
  if (ids.length === 0) return [];
  const rows = (await orderLineSelect(db).whereIn("ol.id", [...ids])) as OrderLineDbRow[];
  const byId = new Map((await presentOrderLines(db, rows, true)).map((l) => [l.id, l]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
