import type { Knex } from "knex";
import { formatDay, parseDay, type Plan } from "@jalon/engine";
import type { Calendar } from "@jalon/engine";
import type { Db } from "../db/knex.js";
import { versionGraph } from "../planning/versionGraph.js";

/**
 * Due dates of quality controls (issue 18), derived from what a control is attached to and never sent:
 * - a task: prerequisites are due on its start minus its prerequisitesDelay working days, finishes on its last
 *   day plus its finishesDelay working days, in the task's calendar (its lot's holidays count);
 * - a sequence or a macro-task: its start (prerequisites) or its end (finishes), rolled up from its tasks as the
 *   sequence and macro-task lists show them (routes/sequence/sequence.presenter.ts sequenceRollup: the tasks of
 *   the sequence and of its subsequences; routes/macroTask/macroTask.presenter.ts: the macro-task's tasks), the
 *   stored dates only when it has no task. The stored sequences.start_date / macro_tasks.start_date are not
 *   refreshed by task moves, so they are never the source here.
 * The control's startDate and endDate follow the attached row's dates.
 *
 * Called by every schedule write (planning/persist.ts) with the events it re-dated: their controls, and those
 * of the sequences (with their ancestors, whose roll-up holds them) and macro-tasks they belong to, follow; and
 * by the quality-control writes for their own controls. One select and one set-based update per call; a
 * changed due date writes a history row.
 */

export interface DueDateScope {
  versionId: number;
  projectId: number;
  /** Who caused the change (history rows); null for a system write. */
  userId: number | null;
  /** Re-dated events: their controls, and the controls of their sequences (and ancestors) and macro-tasks... */
  eventIds?: readonly number[];
  /** ...and of these sequences (and ancestors) and macro-tasks (ones that lost a task: a deletion, a move out)... */
  sequenceIds?: readonly number[];
  macroTaskIds?: readonly number[];
  /** ...or these controls only. */
  ids?: readonly number[];
  /** The version's plan after the write (its calendars); read from the version graph when absent. */
  plan?: Plan;
  /** False for controls being created: their first due date is no change. */
  history?: boolean;
}

interface DueRow {
  id: number;
  tracking_id: number;
  type: string;
  event_id: number | null;
  due: string | null;
  qs: string | null;
  qe: string | null;
  s: string | null;
  e: string | null;
  pd: number;
  fd: number;
}

/**
 * The controls in scope of re-dated events (`?` 1: their ids, 2: the version, 3: extra sequence ids, 4: extra
 * macro-task ids). The sequences and macro-tasks are looked up only when the version has a control attached to
 * one (a one-time filter), so a move in a version without such controls costs one lookup of the moved tasks'
 * own controls, as before.
 */
const MOVED_SCOPE = `
  moved as materialized (select value::int as id from json_array_elements_text(?::json)),
  attached as materialized (
    select 1 from quality_controls c where c.version_id = ? and (c.sequence_id is not null or c.macro_task_id is not null) limit 1
  ),
  seeds as materialized (
    select e.sequence_id, e.macro_task_id from events e join moved on moved.id = e.id
     where (e.sequence_id is not null or e.macro_task_id is not null) and exists (select 1 from attached)
    union all select value::int, null from json_array_elements_text(?::json)
    union all select null, value::int from json_array_elements_text(?::json)
  ),
  up(id) as (
    select distinct sequence_id from seeds where sequence_id is not null and exists (select 1 from attached)
    union
    select s.parent_sequence_id from sequences s join up on up.id = s.id where s.parent_sequence_id is not null
  ),
  scope(id) as (
    select q.id from quality_controls q join moved on q.event_id = moved.id
    union
    select q.id from quality_controls q join up on q.sequence_id = up.id
    union
    select q.id from quality_controls q
     where exists (select 1 from attached) and q.macro_task_id in (select macro_task_id from seeds where macro_task_id is not null)
  )`;

/** The controls named by id (`?`: their ids). */
const ID_SCOPE = `scope(id) as (select value::int from json_array_elements_text(?::json))`;

/**
 * The controls of `scope` in the version (`?`) with their attachment's dates: a task's own; a sequence's and a
 * macro-task's rolled up from their tasks as their lists show them.
 */
const SELECT = `,
  qs as materialized (select q.* from quality_controls q join scope on scope.id = q.id where q.version_id = ?),
  tree(root_id, id) as (
    select sequence_id, sequence_id from qs where sequence_id is not null
    union
    select t.root_id, s.id from sequences s join tree t on s.parent_sequence_id = t.id
  ),
  seq_dates as materialized (
    select t.root_id as id, min(e.start_date) as s, max(e.end_date) as e
      from tree t join events e on e.sequence_id = t.id group by t.root_id
  ),
  macro_dates as materialized (
    select e.macro_task_id as id, min(e.start_date) as s, max(e.end_date) as e from events e
     where e.macro_task_id in (select macro_task_id from qs where macro_task_id is not null) group by e.macro_task_id
  )
  select q.id, q.tracking_id, q.type, q.event_id,
         to_char(q.due_date, 'YYYY-MM-DD') as due, to_char(q.start_date, 'YYYY-MM-DD') as qs,
         to_char(q.end_date, 'YYYY-MM-DD') as qe,
         to_char(coalesce(e.start_date, sd.s, s.start_date, md.s, m.start_date), 'YYYY-MM-DD') as s,
         to_char(coalesce(e.end_date, sd.e, s.end_date, md.e, m.end_date), 'YYYY-MM-DD') as e,
         coalesce(e.prerequisites_delay, 0) as pd, coalesce(e.finishes_delay, 0) as fd
    from qs q
    left join events e on e.id = q.event_id
    left join sequences s on s.id = q.sequence_id
    left join seq_dates sd on sd.id = q.sequence_id
    left join macro_tasks m on m.id = q.macro_task_id
    left join macro_dates md on md.id = q.macro_task_id`;

const UPDATE = `
  with v as (select * from json_to_recordset(?::json) as v(id int, due date, s date, e date, prev text, next text)),
  u as (
    update quality_controls q set due_date = v.due, start_date = v.s, end_date = v.e, updated_at = now()
      from v where q.id = v.id returning q.id, q.tracking_id, q.version_id
  )
  insert into quality_control_histories
    (project_id, version_id, quality_control_id, quality_control_tracking_id, field_name, previous_value, new_value, user_id)
  select ?, u.version_id, u.id, u.tracking_id, 'dueDate', v.prev, v.next, ?
    from u join v on v.id = u.id
   where v.prev is distinct from v.next`;

/** The due date of a control from its attachment's dates (ISO days) and delays, in a calendar. */
export function dueDateOf(
  type: string,
  start: string | null,
  end: string | null,
  delays: { prerequisites: number; finishes: number },
  calendar: Calendar | null,
): string | null {
  const base = type === "prerequisites" ? start : end;
  if (base === null) return null;
  const n = type === "prerequisites" ? -delays.prerequisites : delays.finishes;
  if (calendar === null || n === 0) return base;
  return formatDay(calendar.addWorkingDays(parseDay(base), n));
}

const unique = (list: readonly (number | null | undefined)[] | undefined) => [
  ...new Set((list ?? []).filter((x): x is number => typeof x === "number")),
];

/** Re-derives the due dates (and dates) of the controls in scope; returns the ids of those that changed. */
export async function rederiveQualityDueDates(db: Knex.Transaction | Db, scope: DueDateScope): Promise<number[]> {
  const eventIds = unique(scope.eventIds);
  const sequenceIds = unique(scope.sequenceIds);
  const macroTaskIds = unique(scope.macroTaskIds);
  const ids = unique(scope.ids);
  const byIds = scope.ids !== undefined;
  if (byIds ? ids.length === 0 : eventIds.length + sequenceIds.length + macroTaskIds.length === 0) return [];
  // The planner cannot estimate the recursive roll-ups (it guesses millions of rows on a 100k-event version), so
  // the statement passes the JIT threshold and compiling it took 5 s of a 10k-task move whose work is 0.2 s
  // (bench/server's 100k version with controls on its sequences and macro-tasks). Off for the rest of the
  // caller's transaction, whose other statements are set-based writes that gain nothing from JIT either.
  if ((db as Knex.Transaction).isTransaction) await db.raw("set local jit = off");
  const found = byIds
    ? await db.raw<{ rows: DueRow[] }>(`with recursive ${ID_SCOPE}${SELECT}`, [JSON.stringify(ids), scope.versionId])
    : await db.raw<{ rows: DueRow[] }>(`with recursive ${MOVED_SCOPE}${SELECT}`, [
        JSON.stringify(eventIds),
        scope.versionId,
        JSON.stringify(sequenceIds),
        JSON.stringify(macroTaskIds),
        scope.versionId,
      ]);
  if (found.rows.length === 0) return [];
  const needsCalendar = found.rows.some((r) => r.event_id !== null && (r.pd !== 0 || r.fd !== 0));
  const plan = scope.plan ?? (needsCalendar ? (await versionGraph(db, scope.versionId)).plan : undefined);
  const calendarOf = (eventId: number | null): Calendar | null => {
    if (!plan || eventId === null) return null;
    const i = plan.index.get(eventId);
    return plan.calendars[i === undefined ? 0 : plan.calendarOf[i]] ?? plan.calendars[0] ?? null;
  };
  const changes: {
    id: number;
    due: string | null;
    s: string | null;
    e: string | null;
    prev: string | null;
    next: string | null;
  }[] = [];
  for (const r of found.rows) {
    const due =
      r.event_id === null
        ? dueDateOf(r.type, r.s, r.e, { prerequisites: 0, finishes: 0 }, null)
        : dueDateOf(r.type, r.s, r.e, { prerequisites: Number(r.pd), finishes: Number(r.fd) }, calendarOf(r.event_id));
    if (due === r.due && r.s === r.qs && r.e === r.qe) continue;
    // Equal prev and next write no history row (see UPDATE).
    const prev = scope.history === false ? due : r.due;
    changes.push({ id: r.id, due, s: r.s, e: r.e, prev, next: due });
  }
  if (changes.length === 0) return [];
  await db.raw(UPDATE, [JSON.stringify(changes), scope.projectId, scope.userId]);
  return changes.map((c) => c.id);
}

/**
 * The planning's marker of a task `e` (PlanningEventView.qualityLate): one of its prerequisites (not archived)
 * is not compliant, or became compliant after the task's start.
 */
export const QUALITY_LATE_SQL = `exists (select 1 from quality_controls qc where qc.event_id = e.id and qc.type = 'prerequisites'
  and not qc.is_archived and (qc.status is distinct from 'compliant' or qc.completion_date > e.start_date)) as quality_late`;
