import {
  AppError,
  DEFAULT_ORDER_LINE_CURRENCY,
  ORDER_LINE_REALTIME,
  type OrderLineType,
  type OrderLineUnit,
} from "@jalon/shared";
import type { Db } from "../db/knex.js";
import type { Emits } from "../http/route.js";
import { emitReference } from "./lotWrite.js";
import { assertInVersion } from "./referenceLinks.js";

/**
 * Order-line writes (spec 001 sections 3 and 7; issue 19): lines and their tasks are rows of one version. Every
 * reference a line or a task names (macro-task, lot, task, zone, speciality) must be a row of that version, and a
 * family a row of the shared list; anything else is errors.validation naming the field and the ids, before any
 * write. Lines and tasks are written with one statement per table whatever their number (a 5,000-row import is
 * two inserts), updates of many tasks with one UPDATE ... FROM jsonb_to_recordset.
 */

export interface Scope {
  projectId: number;
  versionId: number;
}

/** One task as a command receives it (null clears a field, undefined leaves it). */
export interface TaskInput {
  id?: number;
  orderLineId?: number;
  eventId?: number | null;
  zoneId?: number | null;
  specialityId?: number | null;
  price?: number | null;
  quantity?: number | null;
  priceSupply?: number | null;
  isOrdered?: boolean;
  startDate?: string | null;
}

export interface LineInput {
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit;
  familyId?: number | null;
  macroTaskId?: number | null;
  participantGroupProId?: number | null;
  price?: number | null;
  quantity?: number | null;
  currency?: string;
  orderLineTasks?: TaskInput[];
}

export type LineChanges = Partial<Omit<LineInput, "orderLineTasks">> & { orderLineTasks?: TaskInput[] };

const defined = <T>(values: readonly (T | null | undefined)[]): T[] =>
  values.filter((v): v is T => v !== null && v !== undefined);

/** Families are one list shared by every project. */
async function assertFamilies(db: Db, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db("families").whereIn("id", unique).pluck("id");
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length > 0)
    throw new AppError("errors.validation", {
      message: "Référence inconnue (familyId).",
      details: { field: "familyId", ids: missing },
    });
}

/** Refuses any line reference outside the version (or an unknown family). */
export async function assertLineReferences(db: Db, versionId: number, lines: readonly LineChanges[]): Promise<void> {
  await assertFamilies(db, defined(lines.map((l) => l.familyId)));
  await assertInVersion(db, "macro_tasks", defined(lines.map((l) => l.macroTaskId)), versionId, "macroTaskId");
  await assertInVersion(
    db,
    "participant_group_pros",
    defined(lines.map((l) => l.participantGroupProId)),
    versionId,
    "participantGroupProId",
  );
  await assertTaskReferences(
    db,
    versionId,
    lines.flatMap((l) => l.orderLineTasks ?? []),
  );
}

/** Refuses any task reference outside the version. */
export async function assertTaskReferences(db: Db, versionId: number, tasks: readonly TaskInput[]): Promise<void> {
  await assertInVersion(db, "events", defined(tasks.map((t) => t.eventId)), versionId, "eventId");
  await assertInVersion(db, "zones", defined(tasks.map((t) => t.zoneId)), versionId, "zoneId");
  await assertInVersion(db, "specialities", defined(tasks.map((t) => t.specialityId)), versionId, "specialityId");
}

/** A task's zone, when only its task is given, is that task's zone (the planning row it sits on). */
async function zonesOfEvents(db: Db, tasks: readonly TaskInput[]): Promise<Map<number, number | null>> {
  const ids = [...new Set(defined(tasks.filter((t) => t.zoneId === undefined).map((t) => t.eventId)))];
  if (ids.length === 0) return new Map();
  const rows = (await db("events").whereIn("id", ids).select("id", "zone_id")) as {
    id: number;
    zone_id: number | null;
  }[];
  return new Map(rows.map((r) => [r.id, r.zone_id]));
}

function taskRow(scope: Scope, orderLineId: number, t: TaskInput, eventZones: Map<number, number | null>) {
  const zoneId =
    t.zoneId !== undefined
      ? t.zoneId
      : t.eventId !== undefined && t.eventId !== null
        ? eventZones.get(t.eventId)
        : null;
  return {
    project_id: scope.projectId,
    version_id: scope.versionId,
    order_line_id: orderLineId,
    event_id: t.eventId ?? null,
    zone_id: zoneId ?? null,
    speciality_id: t.specialityId ?? null,
    price: t.price ?? null,
    quantity: t.quantity ?? null,
    price_supply: t.priceSupply ?? null,
    is_ordered: t.isOrdered ?? false,
    start_date: t.startDate ?? null,
  };
}

/** Adds tasks to lines of the scope's version (references already checked): one insert. */
export async function insertTasks(
  db: Db,
  scope: Scope,
  tasks: readonly (TaskInput & { orderLineId: number })[],
): Promise<number[]> {
  if (tasks.length === 0) return [];
  const eventZones = await zonesOfEvents(db, tasks);
  const rows = tasks.map((t) => taskRow(scope, t.orderLineId, t, eventZones));
  const inserted = (await db("order_line_tasks").insert(rows).returning("id")) as { id: number }[];
  return inserted.map((r) => r.id);
}

/**
 * Creates lines (and their tasks) in the scope's version, in the order given: one insert for the lines, one
 * for the tasks. `importId` ties them to the import that brought them. Returns the lines' ids.
 */
export async function createOrderLines(
  db: Db,
  scope: Scope,
  lines: readonly LineInput[],
  importId: number | null = null,
  checked = false,
): Promise<number[]> {
  if (lines.length === 0) return [];
  if (!checked) await assertLineReferences(db, scope.versionId, lines);
  const inserted = (await db("order_lines")
    .insert(
      lines.map((l) => ({
        project_id: scope.projectId,
        version_id: scope.versionId,
        label: l.label,
        type: l.type,
        unit: l.unit,
        family_id: l.familyId ?? null,
        macro_task_id: l.macroTaskId ?? null,
        participant_group_pro_id: l.participantGroupProId ?? null,
        price: l.price ?? null,
        quantity: l.quantity ?? null,
        currency: l.currency ?? DEFAULT_ORDER_LINE_CURRENCY,
        import_id: importId,
      })),
    )
    .returning("id")) as { id: number }[];
  // PostgreSQL returns a multi-row INSERT's rows in the order of its VALUES.
  const ids = inserted.map((r) => r.id);
  await insertTasks(
    db,
    scope,
    lines.flatMap((l, i) => (l.orderLineTasks ?? []).map((t) => ({ ...t, orderLineId: ids[i] }))),
  );
  return ids;
}

const LINE_COLUMNS = {
  label: "label",
  type: "type",
  unit: "unit",
  familyId: "family_id",
  macroTaskId: "macro_task_id",
  participantGroupProId: "participant_group_pro_id",
  price: "price",
  quantity: "quantity",
  currency: "currency",
} as const;

/** PATCH /order-line/{id}: the fields sent; tasks with an id are changed (they must be this line's), others added. */
export async function updateOrderLine(db: Db, scope: Scope, lineId: number, changes: LineChanges): Promise<void> {
  await assertLineReferences(db, scope.versionId, [changes]);
  const set: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(LINE_COLUMNS)) {
    const v = changes[key as keyof typeof LINE_COLUMNS];
    if (v !== undefined) set[column] = v;
  }
  if (Object.keys(set).length > 0)
    await db("order_lines")
      .where({ id: lineId })
      .update({ ...set, updated_at: db.fn.now() });
  const tasks = changes.orderLineTasks ?? [];
  const existing = tasks.filter((t) => t.id !== undefined);
  if (existing.length > 0) {
    const owned = await db("order_line_tasks")
      .whereIn(
        "id",
        existing.map((t) => t.id!),
      )
      .where({ order_line_id: lineId })
      .pluck("id");
    const foreign = existing.map((t) => t.id!).filter((id) => !owned.includes(id));
    if (foreign.length > 0)
      throw new AppError("errors.not_found", { details: { field: "orderLineTasks", ids: foreign } });
    await updateTasks(db, existing);
  }
  await insertTasks(
    db,
    scope,
    tasks.filter((t) => t.id === undefined).map((t) => ({ ...t, orderLineId: lineId })),
  );
}

const TASK_FIELDS = [
  ["eventId", "event_id", "int"],
  ["zoneId", "zone_id", "int"],
  ["specialityId", "speciality_id", "int"],
  ["price", "price", "numeric"],
  ["quantity", "quantity", "numeric"],
  ["priceSupply", "price_supply", "numeric"],
  ["isOrdered", "is_ordered", "boolean"],
  ["startDate", "start_date", "date"],
] as const;

/**
 * Changes existing tasks (ids checked by the caller) in one statement: each item's fields sent replace the
 * row's, the others stay (a `set_<column>` flag per field says which were sent).
 */
export async function updateTasks(db: Db, tasks: readonly TaskInput[]): Promise<void> {
  if (tasks.length === 0) return;
  const records = tasks.map((t) => {
    const rec: Record<string, unknown> = { id: t.id };
    for (const [key, column] of TASK_FIELDS) {
      const v = t[key];
      rec[`set_${column}`] = v !== undefined;
      rec[column] = v === undefined ? null : v;
    }
    return rec;
  });
  const typed = TASK_FIELDS.map(([, c, type]) => `set_${c} boolean, ${c} ${type}`).join(", ");
  const sets = TASK_FIELDS.map(([, c]) => `${c} = CASE WHEN v.set_${c} THEN v.${c} ELSE t.${c} END`).join(", ");
  await db.raw(
    `UPDATE order_line_tasks t SET ${sets}, updated_at = now()
       FROM jsonb_to_recordset(?::jsonb) AS v(id int, ${typed})
      WHERE t.id = v.id`,
    [JSON.stringify(records)],
  );
}

/** Deletes lines (their tasks go by the 002 cascade). */
export async function deleteOrderLines(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db("order_lines")
      .whereIn("id", [...ids])
      .delete();
}

export async function deleteOrderLineTasks(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await db("order_line_tasks")
      .whereIn("id", [...ids])
      .delete();
}

/** Order-line writes send reference:update "order-line" with the lines touched. */
export function emitOrderLines(emits: Emits, scope: Scope, initiatorId: number, lineIds: readonly number[]): void {
  emitReference(emits, ORDER_LINE_REALTIME.resource, scope, initiatorId, [...new Set(lineIds)]);
}
