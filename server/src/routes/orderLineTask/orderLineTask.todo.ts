import {
  REMAINING_STATUSES,
  remainingStatus,
  type OrderLineCurrency,
  type OrderLineTaskTodo,
  type OrderLineTaskTodoQuery,
  type OrderLineType,
  type OrderLineUnit,
  type RemainingGroup,
  type RemainingLine,
} from "@jalon/shared";
import type { z } from "zod";
import type { orderLineTaskTodoQuery } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { measure, money } from "./orderLineTask.presenter.js";

type TodoQuery = z.output<typeof orderLineTaskTodoQuery>;
export type { OrderLineTaskTodoQuery };

/**
 * The remaining work of a version at a date (GET /order-line-task/todo): one SQL statement gives each order-line
 * task its task's dates and last counting up to the date (on the signed version, as the countings screens do,
 * else on the version itself), or, for a task with no linked task, its macro-task's
 * tasks (in its zone when it has one): their first start, last end and progress weighted by days x people. The
 * group, done and remaining quantities and amounts then follow `remainingStatus` of the contract.
 */
export async function remainingWork(
  db: Db,
  scope: { projectId: number; versionId: number; signedVersionId: number | null },
  q: TodoQuery,
  date: string,
): Promise<OrderLineTaskTodo> {
  // Countings are made on the signed version: another version follows its tasks' copies there (tracking id).
  const signed = scope.signedVersionId ?? scope.versionId;
  const filters: string[] = [];
  const args: (number | string)[] = [];
  const marks = (ids: number[]) => ids.map(() => "?").join(", ");
  const inList = (column: string, ids: number[] | undefined) => {
    if (!ids?.length) return;
    filters.push(`${column} IN (${marks(ids)})`);
    args.push(...ids);
  };
  if (q.orderLineType) {
    filters.push("l.type = ?");
    args.push(q.orderLineType);
  }
  inList("l.macro_task_id", q.macroTaskIds);
  inList("t.zone_id", q.zoneIds);
  inList("l.family_id", q.familyIds);
  inList("t.order_line_id", q.orderLineIds);
  if (q.tagIds?.length) {
    filters.push(`(exists (select 1 from event_tags et where et.event_id = t.event_id and et.tag_id IN (${marks(q.tagIds)}))
                or exists (select 1 from macro_task_tags mtt where mtt.macro_task_id = l.macro_task_id and mtt.tag_id IN (${marks(q.tagIds)})))`);
    args.push(...q.tagIds, ...q.tagIds);
  }
  const where = filters.map((f) => ` AND ${f}`).join("");
  const res = await db.raw(
    `WITH last_counts AS (
       SELECT DISTINCT ON (ce.tracking_id) ce.tracking_id, c.percentage
         FROM countings c JOIN events ce ON ce.id = c.event_id
        WHERE c.version_id IN (?, ?) AND c.counting_date <= ?
        ORDER BY ce.tracking_id, (c.version_id = ?) DESC, c.counting_date DESC, c.id DESC
     ), ev AS (
       SELECT e.id, e.name, e.start_date, e.end_date, e.macro_task_id, e.zone_id,
              greatest(coalesce(e.number_of_days, 0), 0) * greatest(coalesce(e.number_of_people, 0), 0) AS w,
              coalesce(lc.percentage, 0) AS pct
         FROM events e LEFT JOIN last_counts lc ON lc.tracking_id = e.tracking_id
        WHERE e.version_id = ? AND e.type = 'task'
     ), by_zone AS (
       SELECT macro_task_id, zone_id, min(start_date) AS start_date, max(end_date) AS end_date,
              CASE WHEN sum(w) > 0 THEN sum(w * pct) / sum(w) ELSE avg(pct) END AS pct
         FROM ev WHERE macro_task_id IS NOT NULL GROUP BY macro_task_id, zone_id
     ), by_macro AS (
       SELECT macro_task_id, min(start_date) AS start_date, max(end_date) AS end_date,
              CASE WHEN sum(w) > 0 THEN sum(w * pct) / sum(w) ELSE avg(pct) END AS pct
         FROM ev WHERE macro_task_id IS NOT NULL GROUP BY macro_task_id
     )
     SELECT t.id, t.order_line_id, t.event_id, t.zone_id, coalesce(t.quantity, 0) AS quantity,
            coalesce(t.price, l.price, 0) AS price, l.label, l.type, l.unit, l.currency, f.name AS family,
            l.macro_task_id, mt.name AS macro_task, coalesce(z.full_name, z.name) AS zone, d.name AS event_name,
            coalesce(d.start_date, bz.start_date, bm.start_date, t.start_date) AS start_date,
            coalesce(d.end_date, bz.end_date, bm.end_date) AS end_date,
            coalesce(d.pct, bz.pct, bm.pct, 0) AS progress
       FROM order_line_tasks t
       JOIN order_lines l ON l.id = t.order_line_id
       LEFT JOIN families f ON f.id = l.family_id
       LEFT JOIN macro_tasks mt ON mt.id = l.macro_task_id
       LEFT JOIN zones z ON z.id = t.zone_id
       LEFT JOIN ev d ON d.id = t.event_id
       LEFT JOIN by_zone bz ON t.event_id IS NULL AND t.zone_id IS NOT NULL
                           AND bz.macro_task_id = l.macro_task_id AND bz.zone_id = t.zone_id
       LEFT JOIN by_macro bm ON t.event_id IS NULL AND t.zone_id IS NULL AND bm.macro_task_id = l.macro_task_id
      WHERE t.version_id = ?${where}
      ORDER BY start_date NULLS LAST, l.label, t.id`,
    [scope.versionId, signed, date, signed, scope.versionId, scope.versionId, ...args],
  );
  const groups = new Map<string, RemainingGroup>(
    REMAINING_STATUSES.map((status) => [
      status,
      { status, count: 0, quantity: 0, remainingQuantity: 0, amount: 0, remainingAmount: 0, lines: [] },
    ]),
  );
  for (const r of res.rows as Record<string, unknown>[]) {
    const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));
    const progress = Math.min(100, Math.max(0, Math.round(Number(r.progress) * 100) / 100));
    const quantity = Number(r.quantity);
    const price = Number(r.price);
    const startDate = day(r.start_date);
    const status = remainingStatus(progress, startDate, date);
    if (q.status && q.status !== status) continue;
    const doneQuantity = measure((quantity * progress) / 100);
    const amount = money(quantity * price);
    const doneAmount = money((quantity * price * progress) / 100);
    const line: RemainingLine = {
      orderLineTaskId: r.id as number,
      orderLineId: r.order_line_id as number,
      label: r.label as string,
      type: r.type as OrderLineType,
      unit: (r.unit as OrderLineUnit | null) ?? null,
      currency: r.currency as OrderLineCurrency,
      family: (r.family as string | null) ?? null,
      macroTaskId: (r.macro_task_id as number | null) ?? null,
      macroTask: (r.macro_task as string | null) ?? null,
      zoneId: (r.zone_id as number | null) ?? null,
      zone: (r.zone as string | null) ?? null,
      eventId: (r.event_id as number | null) ?? null,
      eventName: (r.event_name as string | null) ?? null,
      startDate,
      endDate: day(r.end_date),
      progress,
      quantity,
      doneQuantity,
      remainingQuantity: measure(quantity - doneQuantity),
      price,
      amount,
      doneAmount,
      remainingAmount: money(amount - doneAmount),
      status,
    };
    const g = groups.get(status)!;
    g.lines.push(line);
    g.count++;
    g.quantity = measure(g.quantity + line.quantity);
    g.remainingQuantity = measure(g.remainingQuantity + line.remainingQuantity);
    g.amount = money(g.amount + line.amount);
    g.remainingAmount = money(g.remainingAmount + line.remainingAmount);
  }
  return { projectId: scope.projectId, versionId: scope.versionId, date, groups: [...groups.values()] };
}
