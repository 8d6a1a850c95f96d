import type { Knex } from "knex";
import { formatDay, NO_DAY } from "@jalon/engine";
import { AppError, projectCreateBody, type ScheduleImportAnswer } from "@jalon/shared";
import type { AuthUser } from "../context.js";
import type { Emits } from "../http/route.js";
import { writableProject } from "../access/projects.js";
import type { ImportedSchedule } from "../interchange/schedule.js";
import { readVersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion } from "../planning/writeLock.js";
import { noteWriteSummary } from "../realtime/writeSummary.js";
import { createProject } from "./createProject.js";
import { rederiveQualityDueDates } from "./qualityControlDueDates.js";

/**
 * POST /project/import-schedule's write (issue 21), in the route's one transaction, set-based: one INSERT per
 * table (participants, holidays, sequences, events, links), rows passed as one JSON document. The file was
 * read and resolved before (interchange/), so a refused file writes nothing. The imported events' dates are
 * the file's (interchange/schedule.ts made the engine agree with them); the version's scheduler then runs
 * once, and only rows whose dates it changes are written (an existing version's events when the file's
 * holidays move them).
 */

export interface ScheduleImportTarget {
  projectId?: number;
  versionId?: number;
}

/** Draws `n` ids of a table's serial in one statement. */
async function drawIds(trx: Knex.Transaction, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await trx.raw<{ rows: { id: number }[] }>(
    `select nextval(pg_get_serial_sequence(?, 'id'))::int as id from generate_series(1, ?::int)`,
    [table, n],
  );
  return res.rows.map((r) => Number(r.id));
}

async function targetVersion(
  trx: Knex.Transaction,
  user: AuthUser,
  target: ScheduleImportTarget,
  title: string,
): Promise<{ projectId: number; versionId: number; created: boolean }> {
  if (target.projectId === undefined && target.versionId === undefined) {
    const projectId = await createProject(trx, user, projectCreateBody.parse({ name: title }));
    const p = await trx("projects").where({ id: projectId }).first("current_version_id");
    return { projectId, versionId: Number(p.current_version_id), created: true };
  }
  let projectId = target.projectId;
  if (projectId === undefined) {
    const v = await trx("versions").where({ id: target.versionId }).first("project_id");
    if (!v) throw new AppError("errors.version_not_found");
    projectId = Number(v.project_id);
  }
  const project = await writableProject(trx, user, projectId);
  const versionId = target.versionId ?? project.current_version_id;
  if (!versionId) throw new AppError("errors.version_not_found");
  await lockWritableVersion(trx, projectId, versionId);
  return { projectId, versionId, created: false };
}

const INSERT_PARTICIPANTS = `
  insert into participants (project_id, version_id, name)
  select ?, ?, v.name from json_to_recordset(?::json) as v(name text)
   where not exists (select 1 from participants p where p.version_id = ? and p.name = v.name)`;

const INSERT_HOLIDAYS = `
  insert into holidays (project_id, version_id, name, type, start_date, end_date)
  select ?, ?, v.name, v.type, v.s::date, v.e::date from json_to_recordset(?::json) as v(name text, type text, s text, e text)
   where not exists (select 1 from holidays h where h.version_id = ? and h.type = v.type and h.start_date = v.s::date and h.end_date = v.e::date)`;

const INSERT_SEQUENCES = `
  insert into sequences (id, project_id, version_id, name, start_date, end_date, parent_sequence_id)
  select v.id, ?, ?, v.name, v.s::date, v.e::date, v.p
    from json_to_recordset(?::json) as v(id int, name text, s text, e text, p int)`;

const INSERT_EVENTS = `
  insert into events (id, project_id, version_id, name, type, start_date, end_date, number_of_days, color,
    sequence_id, participant_id, reference_type, locked, created_by)
  select v.id, ?, ?, v.name, case when v.m then 'milestone' else 'task' end, v.s::date, v.e::date, v.n,
    case when v.m then '#FFFFFF' else null end, v.q, pa.id,
    case when v.r then 'taskReference' else 'dateReference' end, v.l, ?::int
    from json_to_recordset(?::json) as v(id int, name text, m boolean, s text, e text, n int, q int, pn text, r boolean, l boolean)
    left join lateral (select p.id from participants p where p.version_id = ? and p.name = v.pn order by p.id limit 1) pa on true`;

const INSERT_LINKS = `
  insert into event_links (project_id, version_id, parent_id, child_id, type, delay)
  select ?, ?, v.p, v.c, v.t, v.d from json_to_recordset(?::json) as v(p int, c int, t text, d int)`;

/** Rows of the version whose stored dates the scheduler changes, in one statement. */
const UPDATE_STALE = `
  update events e set start_date = v.s::date, end_date = v.e::date, revision = e.revision + 1, updated_at = now()
    from json_to_recordset(?::json) as v(id int, s text, e text) where e.id = v.id`;

const CLOSE_WRITE = `
  with c as (update versions set write_counter = write_counter + 1 where id = ? returning write_counter),
  p as (update projects set projected_start_date = ?::date, projected_end_date = ?::date where id = ? and current_version_id = ?)
  select (select write_counter from c) as counter, (select count(*) from undo_steps where version_id = ?) as remaining`;

export async function importSchedule(
  trx: Knex.Transaction,
  user: AuthUser,
  emits: Emits,
  target: ScheduleImportTarget,
  /** Reads the file: after the access checks of an existing target, before anything is written. */
  read: () => ImportedSchedule,
): Promise<ScheduleImportAnswer> {
  const existing = target.projectId !== undefined || target.versionId !== undefined;
  const early = existing ? await targetVersion(trx, user, target, "") : null;
  const schedule = read();
  const { projectId, versionId, created } = early ?? (await targetVersion(trx, user, target, schedule.title));

  if (schedule.participants.length)
    await trx.raw(INSERT_PARTICIPANTS, [
      projectId,
      versionId,
      JSON.stringify(schedule.participants.map((name) => ({ name }))),
      versionId,
    ]);
  const closures = [
    ...schedule.holidays.map((h) => ({ name: h.name, type: "holiday", s: h.day, e: h.day })),
    ...schedule.vacations.map((v) => ({ name: v.name, type: "vacation", s: v.startDay, e: v.endDay })),
  ];
  if (closures.length) await trx.raw(INSERT_HOLIDAYS, [projectId, versionId, JSON.stringify(closures), versionId]);

  // Sequences parents first (a parent's row exists when its child's foreign key is checked).
  const seqIds = await drawIds(trx, "sequences", schedule.sequences.length);
  const seqId = new Map(schedule.sequences.map((s, i) => [s.key, seqIds[i]]));
  const parentOf = new Map(schedule.sequences.map((s) => [s.key, s.parentKey]));
  const depth = (key: string | null): number => {
    let d = 0;
    for (let k = key; k !== null && d < 100; d++) k = parentOf.get(k) ?? null;
    return d;
  };
  const seqDepth = new Map(schedule.sequences.map((s) => [s.key, depth(s.parentKey)]));
  const seqRows = schedule.sequences
    .map((s) => ({
      id: seqId.get(s.key)!,
      name: s.name,
      s: s.startDay,
      e: s.endDay,
      p: s.parentKey === null ? null : (seqId.get(s.parentKey) ?? null),
      depth: seqDepth.get(s.key)!,
    }))
    .sort((a, b) => a.depth - b.depth);
  if (seqRows.length) await trx.raw(INSERT_SEQUENCES, [projectId, versionId, JSON.stringify(seqRows)]);

  const eventIds = await drawIds(trx, "events", schedule.events.length);
  const idOf = new Map(schedule.events.map((e, i) => [e.key, eventIds[i]]));
  if (schedule.events.length)
    await trx.raw(INSERT_EVENTS, [
      projectId,
      versionId,
      user.id,
      JSON.stringify(
        schedule.events.map((e, i) => ({
          id: eventIds[i],
          name: e.name,
          m: e.milestone,
          s: e.startDay,
          e: e.endDay,
          n: e.numberOfDays,
          q: e.sequenceKey === null ? null : (seqId.get(e.sequenceKey) ?? null),
          pn: e.participant,
          r: e.hasParents,
          l: e.locked,
        })),
      ),
      versionId,
    ]);
  if (schedule.links.length)
    await trx.raw(INSERT_LINKS, [
      projectId,
      versionId,
      JSON.stringify(
        schedule.links.map((l) => ({ p: idOf.get(l.parentKey), c: idOf.get(l.childKey), t: l.type, d: l.delay })),
      ),
    ]);

  // The version's scheduler over everything it now holds: only rows whose dates it changes are written.
  const counter = Number((await trx("versions").where({ id: versionId }).first("write_counter")).write_counter);
  const vg = await readVersionGraph(trx, versionId, counter);
  if (vg.stale.length) {
    const rows = Array.from(vg.stale, (i) => ({
      id: vg.plan.ids[i],
      s: formatDay(vg.schedule.startDay[i]),
      e: formatDay(vg.schedule.endDay[i]),
    }));
    await trx.raw(UPDATE_STALE, [JSON.stringify(rows)]);
    // An existing version's tasks that the file's holidays moved: their quality controls follow (persist.ts does
    // the same for the planning's writes).
    await rederiveQualityDueDates(trx, {
      versionId,
      projectId,
      userId: user.id,
      eventIds: rows.map((r) => r.id),
      plan: vg.plan,
    });
  }
  const lo = vg.schedule.projectStartDay;
  const hi = vg.schedule.projectEndDay;
  const closed = await trx.raw<{ rows: { remaining: unknown }[] }>(CLOSE_WRITE, [
    versionId,
    lo === NO_DAY ? null : formatDay(lo),
    hi === NO_DAY ? null : formatDay(hi),
    projectId,
    versionId,
    versionId,
  ]);
  if (!created) {
    noteWriteSummary(trx, {
      versionId,
      projectedEndDate: hi === NO_DAY ? null : formatDay(hi),
      undoRemaining: Number(closed.rows[0].remaining),
    });
    emits.add({ event: "event:create", projectId, versionId, initiatorId: user.id, ids: eventIds });
  }
  return {
    projectId,
    versionId,
    events: schedule.events.length,
    links: schedule.links.length,
    warnings: schedule.warnings,
  };
}
