import { dayOfWeek, formatDay, parseDay, theoreticalProgress } from "@jalon/engine";
import { readVersionGraph } from "../../planning/versionGraph.js";
import { todayInParis } from "../../planning/progress.js";
import type { Db } from "../knex.js";

/**
 * Countings of the demo (issue 17): a new user sees a live dashboard. They are made on the project's signed
 * version, up to today (or the end of the plan when today is past it), by the manager:
 * - tasks that ended more than five weeks ago were counted finished (100 %) the Friday after their end, but one
 *   in ten stays at 90 % (late);
 * - tasks at work in the last five weeks were counted every Friday and on the last working day, most of them on
 *   time (their theoretical progress), some late (about 60 % of it, or 10 points behind), a few ahead.
 * Everything is derived from the signed version's schedule (the engine's theoretical progress), so the pattern
 * holds whatever day the demo is seeded. Returns the number of countings written.
 */
export async function seedDemoCountings(
  db: Db,
  projectId: number,
  userId: number,
  today: string = todayInParis(),
): Promise<number> {
  const project = await db("projects").where({ id: projectId }).first("signed_version_id", "current_version_id");
  let versionId = project?.signed_version_id as number | null;
  if (!versionId) {
    // A demo without a signed version cannot be counted: sign the current one.
    versionId = project?.current_version_id as number;
    await db("projects").where({ id: projectId }).update({ signed_version_id: versionId });
  }
  const version = await db("versions").where({ id: versionId }).first("write_counter");
  const { plan, schedule } = await readVersionGraph(db, versionId, Number(version?.write_counter ?? 0));
  const types = new Map(
    ((await db("events").where({ version_id: versionId }).select("id", "type")) as { id: number; type: string }[]).map(
      (e) => [e.id, e.type],
    ),
  );
  const tasks: number[] = [];
  for (let i = 0; i < plan.size; i++) if (plan.duration[i] > 0 && types.get(plan.ids[i]) === "task") tasks.push(i);
  if (tasks.length === 0) return 0;

  const projectEnd = Math.max(...tasks.map((i) => schedule.endDay[i]));
  let ref = Math.min(parseDay(today), projectEnd + 7);
  while (dayOfWeek(ref) >= 5) ref--;
  const windowStart = ref - 35;
  tasks.sort((a, b) => schedule.startDay[a] - schedule.startDay[b] || plan.ids[a] - plan.ids[b]);

  const rows: Record<string, unknown>[] = [];
  let k = 0;
  for (const i of tasks) {
    const start = schedule.startDay[i];
    const end = schedule.endDay[i];
    if (start > ref) continue;
    const profile = k++ % 10;
    const real = (th: number) => {
      if (profile === 6 || profile === 7) return Math.floor((th * 0.6) / 5) * 5;
      if (profile === 8) return Math.floor((th - 10) / 5) * 5;
      if (profile === 9) return Math.min(100, Math.ceil((th + 10) / 5) * 5);
      return Math.min(100, Math.ceil(th / 5) * 5);
    };
    const add = (day: number, percentage: number) => {
      if (percentage > 0 && percentage <= 100)
        rows.push({
          project_id: projectId,
          version_id: versionId,
          event_id: plan.ids[i],
          counting_date: formatDay(day),
          percentage,
          user_id: userId,
        });
    };
    if (end < windowStart) {
      let friday = end;
      while (dayOfWeek(friday) !== 4) friday++;
      add(Math.min(friday, ref), profile === 6 ? 90 : 100);
      continue;
    }
    let last = 0;
    for (let d = Math.max(start, windowStart); d <= ref; d++) {
      if (dayOfWeek(d) !== 4 && d !== ref) continue;
      const p = real(theoreticalProgress(plan, schedule, i, d));
      if (p > last) add(d, p);
      last = Math.max(last, p);
    }
  }
  for (let n = 0; n < rows.length; n += 1000) await db("countings").insert(rows.slice(n, n + 1000));
  return rows.length;
}
