import { AppError, COUNTING_REALTIME } from "@jalon/shared";
import { writableProject, type ProjectRow } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";
import type { Emits } from "../http/route.js";

/**
 * Counting writes (issue 17; spec 001 sections 5 and 8; spec 000 section 4). Every rule is checked before
 * anything is written, with the catalogue's codes (never the database's range check):
 * - only tasks of the project's signed version are counted (counting_unsigned_version, 409): a project with no
 *   signed version, or the copy of a task in a newer unsigned version, is refused;
 * - a counting dated before its task's start is refused (counting_unstarted_task, 400); after its end is fine;
 * - the number of days is mandatory (spec 001 section 5): an event without working days (a milestone) is not
 *   counted (counting_missing_days, 400); a task always has at least one (the events' own check);
 * - percentages were checked by the contract (counting_out_of_range) before the handler runs.
 * Client keys make POST /counting and PATCH /macro-task/counting idempotent: the countings of keys already
 * stored are the answer (a batch replayed after a lost answer writes nothing again).
 */

export interface CountedEvent {
  id: number;
  project_id: number;
  version_id: number;
  type: string;
  zone_id: number | null;
  macro_task_id: number | null;
  start_date: string | null;
  name: string;
  number_of_days: number | null;
}

const EVENT_COLUMNS = [
  "id",
  "project_id",
  "version_id",
  "type",
  "zone_id",
  "macro_task_id",
  "start_date",
  "name",
  "number_of_days",
];

/** The project of a counting write: readable, the user a manager, not archived (locked for the transaction). */
async function countingProject(db: Db, user: AuthUser, projectId: number): Promise<ProjectRow> {
  return writableProject(db, user, projectId);
}

/** Refuses a version other than the project's signed one. */
export function assertSignedVersion(project: ProjectRow, versionId: number): void {
  if (!project.signed_version_id || project.signed_version_id !== versionId)
    throw new AppError("counting_unsigned_version");
}

/** Refuses a counting date before the task's start (a task with no start has not started). */
export function assertStarted(event: Pick<CountedEvent, "start_date">, countingDate: string): void {
  if (!event.start_date || String(event.start_date).slice(0, 10) > countingDate)
    throw new AppError("counting_unstarted_task");
}

/**
 * The number of days is mandatory: progress is weighted by people x days, so an event with no working day (a
 * milestone, or any row without days) cannot be counted.
 */
export function assertCountable(event: Pick<CountedEvent, "type" | "number_of_days">): void {
  if (event.type !== "task" || !(Number(event.number_of_days) >= 1)) throw new AppError("counting_missing_days");
}

/** Events by id, every one found (errors.event_not_found otherwise). */
async function eventsById(db: Db, ids: readonly number[]): Promise<Map<number, CountedEvent>> {
  const unique = [...new Set(ids)];
  const rows = (await db("events").whereIn("id", unique).select(EVENT_COLUMNS)) as CountedEvent[];
  if (rows.length !== unique.length) throw new AppError("errors.event_not_found");
  return new Map(rows.map((r) => [r.id, r]));
}

/** Zones of a counting must be zones of its version. */
async function assertZones(db: Db, versionId: number, zoneIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(zoneIds.filter((z): z is number => typeof z === "number"))];
  if (ids.length === 0) return;
  const found = await db("zones").where("version_id", versionId).whereIn("id", ids).count({ n: "*" });
  if (Number(found[0].n) !== ids.length) throw new AppError("errors.not_found");
}

export function emitProgress(
  emits: Emits,
  scope: { projectId: number; versionId: number },
  initiatorId: number,
  countingIds: number[],
  eventIds: number[],
): void {
  emits.add({
    event: COUNTING_REALTIME.event,
    projectId: scope.projectId,
    versionId: scope.versionId,
    initiatorId,
    ids: countingIds,
    data: { eventIds: [...new Set(eventIds)] },
  });
}

export interface NewCounting {
  eventId: number;
  percentage: number;
  countingDate: string;
  zoneId?: number | null;
  clientKey?: string;
}

/** The countings client keys already stored in the project, by key. */
async function countingsByKey(db: Db, projectId: number, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = (await db("countings")
    .where({ project_id: projectId })
    .whereIn("client_key", keys)
    .orderBy("id")
    .select("id", "client_key")) as { id: number; client_key: string }[];
  const out = new Map<string, number>();
  for (const r of rows) if (!out.has(r.client_key)) out.set(r.client_key, r.id);
  return out;
}

/** Every line carries a key and every key is stored: the stored countings, in the lines' order. */
function replayed(lines: readonly NewCounting[], known: Map<string, number>): number[] | null {
  if (lines.length === 0 || !lines.every((l) => l.clientKey && known.has(l.clientKey))) return null;
  return lines.map((l) => known.get(l.clientKey!)!);
}

/**
 * Countings on tasks of one project's signed version, all or nothing. Returns the ids of the countings (an
 * idempotent replay answers the stored one) and whether anything was written.
 */
export async function createCountings(
  db: Db,
  user: AuthUser,
  lines: readonly NewCounting[],
  emits: Emits,
): Promise<{ ids: number[]; created: boolean }> {
  const events = await eventsById(
    db,
    lines.map((l) => l.eventId),
  );
  const projectIds = new Set([...events.values()].map((e) => e.project_id));
  if (projectIds.size !== 1)
    throw new AppError("errors.validation", { message: "Les tâches doivent appartenir à un seul projet." });
  const project = await countingProject(db, user, [...projectIds][0]);

  // A replay of stored countings answers them, whatever happened since.
  const keys = lines.flatMap((l) => (l.clientKey ? [l.clientKey] : []));
  const again = replayed(lines, await countingsByKey(db, project.id, keys));
  if (again) return { ids: again, created: false };
  for (const l of lines) {
    const e = events.get(l.eventId)!;
    assertSignedVersion(project, e.version_id);
    assertCountable(e);
    assertStarted(e, l.countingDate);
  }
  const versionId = project.signed_version_id!;
  await assertZones(
    db,
    versionId,
    lines.map((l) => l.zoneId),
  );
  const rows = lines.map((l) => ({
    project_id: project.id,
    version_id: versionId,
    event_id: l.eventId,
    zone_id: l.zoneId ?? events.get(l.eventId)!.zone_id,
    counting_date: l.countingDate,
    percentage: l.percentage,
    user_id: user.id,
    client_key: l.clientKey ?? null,
  }));
  const inserted = (await db("countings")
    .insert(rows)
    .onConflict(["version_id", "client_key"])
    .ignore()
    .returning("id")) as { id: number }[];
  if (inserted.length < lines.length && keys.length > 0) {
    // Keys committed by a concurrent request meanwhile: answer their countings.
    const known = await countingsByKey(db, project.id, keys);
    const again = replayed(lines, known);
    if (again && inserted.length === 0) return { ids: again, created: false };
  }
  const ids = inserted.map((r) => r.id);
  emitProgress(
    emits,
    { projectId: project.id, versionId },
    user.id,
    ids,
    lines.map((l) => l.eventId),
  );
  return { ids, created: true };
}

export interface CountingChange {
  id: number;
  percentage?: number;
  countingDate?: string;
}

/** PATCH /counting/bulk: corrections of countings of one project's signed version, all or nothing. */
export async function updateCountings(
  db: Db,
  user: AuthUser,
  lines: readonly CountingChange[],
  emits: Emits,
): Promise<number[]> {
  const byId = new Map<number, CountingChange>();
  for (const l of lines) byId.set(l.id, { ...byId.get(l.id), ...l });
  const ids = [...byId.keys()];
  const rows = (await db("countings")
    .whereIn("id", ids)
    .select("id", "project_id", "version_id", "event_id", "counting_date")) as {
    id: number;
    project_id: number;
    version_id: number;
    event_id: number;
    counting_date: string;
  }[];
  if (rows.length !== ids.length) throw new AppError("errors.not_found");
  const projectIds = new Set(rows.map((r) => r.project_id));
  if (projectIds.size !== 1)
    throw new AppError("errors.validation", { message: "Les avancements doivent appartenir à un seul projet." });
  const project = await countingProject(db, user, rows[0].project_id);
  const events = await eventsById(
    db,
    rows.map((r) => r.event_id),
  );
  for (const r of rows) {
    assertSignedVersion(project, r.version_id);
    const change = byId.get(r.id)!;
    assertStarted(events.get(r.event_id)!, change.countingDate ?? String(r.counting_date).slice(0, 10));
  }
  // One update for every changed line; a line that changes nothing keeps its updated_at.
  const changed = [...byId.values()]
    .filter((c) => c.percentage !== undefined || c.countingDate !== undefined)
    .map((c) => ({ id: c.id, percentage: c.percentage ?? null, counting_date: c.countingDate ?? null }));
  if (changed.length > 0)
    await db.raw(
      `update countings c
          set percentage = coalesce(v.percentage, c.percentage),
              counting_date = coalesce(v.counting_date, c.counting_date),
              updated_at = now()
         from jsonb_to_recordset(?::jsonb) as v(id integer, percentage numeric, counting_date date)
        where c.id = v.id`,
      [JSON.stringify(changed)],
    );
  emitProgress(
    emits,
    { projectId: project.id, versionId: project.signed_version_id! },
    user.id,
    ids,
    rows.map((r) => r.event_id),
  );
  return ids;
}

/**
 * PATCH /macro-task/counting: tasks of one macro-task counted on one date, all or nothing; the macro-task is
 * marked as counted. Its tasks must be in the signed version and belong to it.
 */
export async function countMacroTask(
  db: Db,
  user: AuthUser,
  body: {
    macroTaskId: number;
    countingDate: string;
    countings: { eventId: number; percentage: number; zoneId?: number | null }[];
  },
  emits: Emits,
): Promise<number[]> {
  const macroTask = await db("macro_tasks").where({ id: body.macroTaskId }).first("id", "project_id", "version_id");
  if (!macroTask) throw new AppError("errors.not_found");
  const project = await countingProject(db, user, macroTask.project_id as number);
  assertSignedVersion(project, macroTask.version_id as number);
  const events = await eventsById(
    db,
    body.countings.map((c) => c.eventId),
  );
  if ([...events.values()].some((e) => e.macro_task_id !== macroTask.id)) throw new AppError("errors.not_found");
  const { ids } = await createCountings(
    db,
    user,
    body.countings.map((c) => ({ ...c, countingDate: body.countingDate })),
    emits,
  );
  await db("macro_tasks").where({ id: macroTask.id }).update({ has_counting: true, updated_at: db.fn.now() });
  return ids;
}
