import type { Knex } from "knex";
import { formatDay, parseDay, type Plan } from "@jalon/engine";
import type { Calendar } from "@jalon/engine";
import type { Db } from "../db/knex.js";
import { versionGraph } from "../planning/versionGraph.js";

/**
 * Due dates of quality controls (issue 18), derived from what a control is attached to and never sent:
 * - a task: prerequisites are due on its start minus its prerequisitesDelay working days, finishes on its last
 *   day plus its finishesDelay working days, in the task's calendar (its lot's holidays count);
 * - a sequence or a macro-task: its start (prerequisites) or its end (finishes).
 * The control's startDate and endDate follow the attached row's dates.
 *
 * Called by every schedule write for the events it re-dated (planning/persist.ts) and by the quality-control
 * writes: one select and one set-based update per call; a changed due date writes a history row.
 */

export interface DueDateScope {
  versionId: number;
  projectId: number;
  /** Who caused the change (history rows); null for a system write. */
  userId: number | null;
  /** Controls attached to these events... */
  eventIds?: readonly number[];
  /** ...or these controls. */
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

const SELECT = `
  select q.id, q.tracking_id, q.type, q.event_id,
         to_char(q.due_date, 'YYYY-MM-DD') as due, to_char(q.start_date, 'YYYY-MM-DD') as qs,
         to_char(q.end_date, 'YYYY-MM-DD') as qe,
         to_char(coalesce(e.start_date, s.start_date, m.start_date), 'YYYY-MM-DD') as s,
         to_char(coalesce(e.end_date, s.end_date, m.end_date), 'YYYY-MM-DD') as e,
         coalesce(e.prerequisites_delay, 0) as pd, coalesce(e.finishes_delay, 0) as fd
    from quality_controls q
    left join events e on e.id = q.event_id
    left join sequences s on s.id = q.sequence_id
    left join macro_tasks m on m.id = q.macro_task_id
   where q.version_id = ?`;

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

/** Re-derives the due dates (and dates) of the controls in scope; returns the ids of those that changed. */
export async function rederiveQualityDueDates(db: Knex.Transaction | Db, scope: DueDateScope): Promise<number[]> {
  const eventIds = scope.eventIds ? [...new Set(scope.eventIds)] : undefined;
  const ids = scope.ids ? [...new Set(scope.ids)] : undefined;
  if ((eventIds?.length ?? 0) === 0 && (ids?.length ?? 0) === 0) return [];
  const where = eventIds
    ? " and q.event_id in (select value::int from json_array_elements_text(?::json))"
    : " and q.id in (select value::int from json_array_elements_text(?::json))";
  const found = await db.raw<{ rows: DueRow[] }>(SELECT + where, [scope.versionId, JSON.stringify(eventIds ?? ids)]);
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
