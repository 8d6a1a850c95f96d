import type { Knex } from "knex";
import { parseDay } from "@jalon/engine";
import { AppError, type HolidayType } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { persistScheduleWrite } from "../planning/persist.js";
import { readVersionGraph, versionGraph, type VersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion } from "../planning/writeLock.js";
import { VERSION_TABLES } from "../db/versionCopy.js";

/**
 * Holidays and vacations feed the engine's calendar: every create, change or delete re-plans the version in
 * the same transaction (version write lock, calendar rebuilt from the rows, engine run, only changed event
 * rows written with their history) and records ONE undo step holding both the previous event dates and the
 * previous holiday rows, so POST /undo/apply puts the calendar and the dates back together.
 */

export interface HolidayInput {
  name: string;
  type: HolidayType;
  startDate: string;
  /** A vacation's last day; a holiday ends on its start. */
  endDate?: string;
  /** Holiday only: the lots whose tasks skip it (empty: every lot). */
  participantsGroupPro?: number[];
}

export type HolidayPatch = Partial<HolidayInput>;

/** What an undo step needs to put holiday rows back (see undoApply.ts). */
export interface HolidayUndo {
  /** Rows the action created: deleted by the undo. */
  created?: number[];
  /** Rows as they were before the action (changed or deleted): put back with the same ids. */
  rows?: Record<string, unknown>[];
  lots?: Record<string, unknown>[];
  /** Rows a structure import created besides its holidays: deleted by the undo with them. */
  structure?: StructureCreated;
}

/** What a structure import writes (commands/structureImport.ts), by table. */
export interface StructureCreated {
  tags?: number[];
  tagCategories?: number[];
  phases?: number[];
  phaseCategories?: number[];
  macroTasks?: number[];
}

export interface HolidayWriteResult {
  ids: number[];
  graph: VersionGraph;
  /** Event ids whose dates changed, with their new dates. */
  eventIds: number[];
  startDates: string[];
  endDates: string[];
  undoRemaining: number;
  emit: RealtimePayload[];
}

type HolidayEvent = "holiday:endCreate" | "holiday:endUpdate" | "holiday:endDelete";

/** Validates a holiday's days: a holiday is one day (end = start), a vacation a range with end >= start. */
export function holidayDays(
  type: HolidayType,
  startDate: string,
  endDate: string | undefined,
): { start: string; end: string } {
  const valid = (s: string) => {
    try {
      parseDay(s);
      return true;
    } catch {
      return false;
    }
  };
  if (!valid(startDate)) throw new AppError("errors.startDate_invalid");
  if (type === "holiday") return { start: startDate, end: startDate };
  const end = endDate ?? startDate;
  if (!valid(end) || end < startDate) throw new AppError("errors.endDate_invalid");
  return { start: startDate, end };
}

async function checkLots(trx: Knex.Transaction, versionId: number, lots: number[]): Promise<void> {
  if (lots.length === 0) return;
  const unique = [...new Set(lots)];
  const found = await trx("participant_group_pros")
    .whereIn("id", unique)
    .where({ version_id: versionId })
    .count("* as count");
  if (Number((found[0] as { count: unknown }).count) !== unique.length) {
    throw new AppError("errors.validation", {
      message: "Lot inconnu dans cette version.",
      details: { field: "participantsGroupPro" },
    });
  }
}

async function snapshot(trx: Knex.Transaction, ids: number[]): Promise<Required<Pick<HolidayUndo, "rows" | "lots">>> {
  const rows = await trx("holidays").whereIn("id", ids).orderBy("id");
  const lots = await trx("holiday_lots").whereIn("holiday_id", ids);
  return { rows, lots };
}

/**
 * Runs a change of holiday rows under the version write lock, then re-plans: the calendar is read back from
 * the rows the change left, the engine schedules the unchanged graph on it, and persistScheduleWrite writes
 * the events that moved (history rows, one undo step carrying `undo`).
 */
async function replan(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  action: string,
  change: () => Promise<{ ids: number[]; undo: HolidayUndo }>,
  event: HolidayEvent,
): Promise<HolidayWriteResult> {
  await lockWritableVersion(trx, projectId, versionId);
  const before = await versionGraph(trx, versionId);
  const { ids, undo } = await change();
  const after = await readVersionGraph(trx, versionId, before.writeCounter);
  const touched = Array.from({ length: after.plan.size }, (_, i) => i);
  const result = await persistScheduleWrite(trx, {
    action,
    userId,
    projectId,
    versionId,
    before,
    plan: after.plan,
    schedule: after.schedule,
    touched,
    // Lot calendars are renumbered when a lot gains or loses a holiday: the new columns come from the fresh read.
    structure: { graph: after.graph, linkIds: after.linkIds, lotOf: after.lotOf },
    extraUndo: { holidays: undo },
  });
  const graph: VersionGraph = { ...result.graph, calendars: after.calendars };
  // No initiator on either event: the holiday screens confirm their own write (with the count of tasks moved),
  // and a confirmation from the event as well made two toasts. Viewers refresh; the plannings move their bars.
  const emit: RealtimePayload[] = [{ event, projectId, versionId, initiatorId: null, ids }];
  if (result.ids.length > 0) {
    emit.push({
      event: "event:bulk_update",
      projectId,
      versionId,
      initiatorId: null,
      ids: result.ids,
      dates: { ids: result.ids, startDates: result.startDates, endDates: result.endDates, revisions: result.revisions },
    });
  }
  return {
    ids,
    graph,
    eventIds: result.ids,
    startDates: result.startDates,
    endDates: result.endDates,
    undoRemaining: result.undoRemaining,
    emit,
  };
}

export async function createHoliday(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  input: HolidayInput,
): Promise<HolidayWriteResult> {
  const { start, end } = holidayDays(input.type, input.startDate, input.endDate);
  const lots = input.type === "holiday" ? (input.participantsGroupPro ?? []) : [];
  return replan(
    trx,
    userId,
    projectId,
    versionId,
    "holiday_create",
    async () => {
      await checkLots(trx, versionId, lots);
      const [row] = await trx("holidays")
        .insert({
          project_id: projectId,
          version_id: versionId,
          name: input.name,
          type: input.type,
          start_date: start,
          end_date: end,
        })
        .returning("id");
      const id = (row as { id: number }).id;
      if (lots.length > 0)
        await trx("holiday_lots").insert(
          [...new Set(lots)].map((lot) => ({ version_id: versionId, holiday_id: id, participant_group_pro_id: lot })),
        );
      return { ids: [id], undo: { created: [id] } };
    },
    "holiday:endCreate",
  );
}

export async function updateHoliday(
  trx: Knex.Transaction,
  userId: number,
  current: { id: number; project_id: number; version_id: number },
  patch: HolidayPatch,
): Promise<HolidayWriteResult> {
  const { project_id: projectId, version_id: versionId, id } = current;
  return replan(
    trx,
    userId,
    projectId,
    versionId,
    "holiday_update",
    async () => {
      const row = await trx("holidays").where({ id }).forUpdate().first();
      if (!row) throw new AppError("errors.not_found");
      const type = (patch.type ?? row.type) as HolidayType;
      const { start, end } = holidayDays(type, patch.startDate ?? row.start_date, patch.endDate ?? row.end_date);
      const undo = await snapshot(trx, [id]);
      await trx("holidays")
        .where({ id })
        .update({ name: patch.name ?? row.name, type, start_date: start, end_date: end, updated_at: trx.fn.now() });
      if (type === "vacation") await trx("holiday_lots").where({ holiday_id: id }).delete();
      else if (patch.participantsGroupPro !== undefined) {
        await checkLots(trx, versionId, patch.participantsGroupPro);
        await trx("holiday_lots").where({ holiday_id: id }).delete();
        const lots = [...new Set(patch.participantsGroupPro)];
        if (lots.length > 0)
          await trx("holiday_lots").insert(
            lots.map((lot) => ({ version_id: versionId, holiday_id: id, participant_group_pro_id: lot })),
          );
      }
      return { ids: [id], undo };
    },
    "holiday:endUpdate",
  );
}

export async function deleteHolidays(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  ids: number[],
): Promise<HolidayWriteResult> {
  return replan(
    trx,
    userId,
    projectId,
    versionId,
    "holiday_delete",
    async () => {
      const unique = [...new Set(ids)];
      const found = await trx("holidays").whereIn("id", unique).where({ version_id: versionId }).pluck("id");
      if (found.length !== unique.length)
        throw new AppError("errors.not_found", { details: { ids: unique.filter((i) => !found.includes(i)) } });
      const undo = await snapshot(trx, unique);
      await trx("holidays").whereIn("id", unique).delete();
      return { ids: unique, undo };
    },
    "holiday:endDelete",
  );
}

/** Every row that can carry a tag (the import itself tags nothing: a link to one of its tags was made since). */
const TAG_LINKS = VERSION_TABLES.filter((t) => !t.tracked && t.refs.tag_id !== undefined).map((t) => t.table);

/**
 * Deletes what a structure import created, so that its undo takes back the whole file and not only its
 * holidays. A macro-task that tasks or order lines use since the import, or a tag given since to a task, zone,
 * lot..., would take them with it (or break their link): the undo is refused (errors.undo_import_in_use) and
 * nothing changes.
 */
async function removeImportedStructure(trx: Knex.Transaction, created: StructureCreated): Promise<void> {
  const macroTasks = created.macroTasks ?? [];
  const tags = created.tags ?? [];
  const used = async () => {
    if (macroTasks.length > 0) {
      if (await trx("events").whereIn("macro_task_id", macroTasks).first("id")) return true;
      if (await trx("order_lines").whereIn("macro_task_id", macroTasks).first("id")) return true;
    }
    if (tags.length > 0) {
      const linked = await trx.raw(
        `SELECT EXISTS (${TAG_LINKS.map((t) => `SELECT 1 FROM ${t} WHERE tag_id = ANY(?)`).join(" UNION ALL ")}) AS used`,
        TAG_LINKS.map(() => tags),
      );
      if ((linked.rows as { used: boolean }[])[0]?.used) return true;
    }
    return false;
  };
  if (await used()) throw new AppError("errors.undo_import_in_use");
  if (macroTasks.length > 0) await trx("macro_tasks").whereIn("id", macroTasks).delete();
  if (tags.length > 0) await trx("tags").whereIn("id", tags).delete();
  if (created.phases?.length) await trx("phases").whereIn("id", created.phases).delete();
  // A category the import created stays if something added since uses it.
  for (const [items, categories, ids] of [
    ["tags", "tag_categories", created.tagCategories],
    ["phases", "phase_categories", created.phaseCategories],
  ] as const) {
    if (!ids?.length) continue;
    await trx(categories)
      .whereIn("id", ids)
      .whereNotExists(trx(items).whereRaw(`${items}.category_id = ${categories}.id`).select(trx.raw("1")))
      .whereNotExists(
        trx(`${categories} as child`).whereRaw(`child.parent_category_id = ${categories}.id`).select(trx.raw("1")),
      )
      .delete();
  }
}

/** Puts holiday rows back as an undo step recorded them (called by undoApply before the re-plan). */
export async function restoreHolidays(trx: Knex.Transaction, undo: HolidayUndo): Promise<void> {
  if (undo.structure) await removeImportedStructure(trx, undo.structure);
  if (undo.created?.length) await trx("holidays").whereIn("id", undo.created).delete();
  const rows = undo.rows ?? [];
  if (rows.length > 0) {
    // Delete then re-insert with the same ids: a changed row and its lots return exactly as they were.
    await trx("holidays")
      .whereIn(
        "id",
        rows.map((r) => r.id as number),
      )
      .delete();
    await trx.raw("insert into holidays select * from json_populate_recordset(null::holidays, ?::json)", [
      JSON.stringify(rows),
    ]);
  }
  if (undo.lots?.length)
    await trx.raw("insert into holiday_lots select * from json_populate_recordset(null::holiday_lots, ?::json)", [
      JSON.stringify(undo.lots),
    ]);
}

/**
 * Many holidays and vacations at once (the structure import): one re-plan and one undo step for all of them,
 * announced as one holiday:endCreate. `structure` names the other rows of the import, which the undo removes too.
 */
export async function importHolidays(
  trx: Knex.Transaction,
  userId: number,
  projectId: number,
  versionId: number,
  inputs: HolidayInput[],
  structure?: StructureCreated,
): Promise<HolidayWriteResult> {
  const rows = inputs.map((input) => {
    const { start, end } = holidayDays(input.type, input.startDate, input.endDate);
    return {
      project_id: projectId,
      version_id: versionId,
      name: input.name,
      type: input.type,
      start_date: start,
      end_date: end,
    };
  });
  return replan(
    trx,
    userId,
    projectId,
    versionId,
    "holiday_import",
    async () => {
      const created =
        rows.length === 0
          ? []
          : ((await trx("holidays").insert(rows).returning("id")) as { id: number }[]).map((r) => r.id);
      return { ids: created, undo: structure ? { created, structure } : { created } };
    },
    "holiday:endCreate",
  );
}
