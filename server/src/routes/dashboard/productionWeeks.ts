import { dayOfWeek, EventKind, formatDay, parseDay, theoreticalProgress } from "@jalon/engine";
import { PRODUCTION_WEEKS_MAX, type DashboardProductionWeek } from "@jalon/shared";
import type { Knex } from "knex";
import { isToPoint, TaskStatus, taskStatus, type Tracking } from "../../commands/recalibration.js";
import type { Db } from "../../db/knex.js";

/**
 * The dashboard's production per week (issue 17): at each week's last day, how many tasks were finished, on
 * time, late and to point, by the same rules as the dashboard's `production` at its date. One query reads every
 * counting up to the date (columns as arrays, like readTracking); one pass walks each task's countings along
 * the weeks, so the cost is tasks x weeks with no query per week.
 */
export async function productionWeeks(
  db: Db | Knex.Transaction,
  t: Tracking,
  date: string,
): Promise<DashboardProductionWeek[]> {
  const { plan, schedule } = t.vg;
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < plan.size; i++)
    if (plan.kind[i] === EventKind.Task && plan.duration[i] > 0 && schedule.startDay[i] < first)
      first = schedule.startDay[i];
  if (first > t.day) return [];

  const lastMonday = t.day - dayOfWeek(t.day);
  const firstMonday = Math.max(first - dayOfWeek(first), lastMonday - 7 * (PRODUCTION_WEEKS_MAX - 1));
  const weeks = (lastMonday - firstMonday) / 7 + 1;
  const snap = new Int32Array(weeks);
  for (let w = 0; w < weeks; w++) snap[w] = Math.min(firstMonday + 7 * w + 6, t.day);

  // Every counting up to the date, grouped by task in date order (the latest row of a day wins).
  const res = await db.raw<{ rows: { ids: number[] | null; percentages: number[] | null; days: string[] | null }[] }>(
    `select array_agg(event_id order by event_id, counting_date, id) as ids,
            array_agg(percentage::float8 order by event_id, counting_date, id) as percentages,
            array_agg(counting_date::text order by event_id, counting_date, id) as days
       from countings where version_id = ? and counting_date <= ?::date`,
    [t.vg.versionId, date],
  );
  const c = res.rows[0];
  const m = c?.ids?.length ?? 0;
  const cDay = new Int32Array(m);
  const pct = new Float64Array(m);
  const begin = new Int32Array(plan.size).fill(-1);
  const end = new Int32Array(plan.size);
  for (let k = 0; k < m; k++) {
    const i = plan.index.get(c.ids![k]);
    cDay[k] = parseDay(String(c.days![k]).slice(0, 10));
    pct[k] = Number(c.percentages![k]);
    if (i === undefined) continue;
    if (begin[i] === -1) begin[i] = k;
    end[i] = k + 1;
  }

  const counts = new Int32Array(weeks * 4);
  for (let i = 0; i < plan.size; i++) {
    if (plan.kind[i] !== EventKind.Task || plan.duration[i] === 0) continue;
    let k = begin[i];
    const stop = k === -1 ? -1 : end[i];
    let p = 0;
    let counted = false;
    for (let w = 0; w < weeks; w++) {
      while (k !== -1 && k < stop && cDay[k] <= snap[w]) {
        p = pct[k++];
        counted = true;
      }
      // Not planned to have started and never counted: in no category, nothing to compute.
      if (!counted && schedule.startDay[i] > snap[w]) continue;
      const theo = theoreticalProgress(plan, schedule, i, snap[w]);
      const s = taskStatus(p, theo);
      if (s === TaskStatus.Finished) counts[w * 4]++;
      else if (s === TaskStatus.OnTime) counts[w * 4 + 1]++;
      else if (s === TaskStatus.Late) counts[w * 4 + 2]++;
      counts[w * 4 + 3] += isToPoint(p, theo, counted);
    }
  }
  const out: DashboardProductionWeek[] = [];
  for (let w = 0; w < weeks; w++)
    out.push({
      weekStart: formatDay(firstMonday + 7 * w),
      date: formatDay(snap[w]),
      tasksFinished: counts[w * 4],
      tasksOnTime: counts[w * 4 + 1],
      tasksLate: counts[w * 4 + 2],
      tasksToPoint: counts[w * 4 + 3],
    });
  return out;
}
