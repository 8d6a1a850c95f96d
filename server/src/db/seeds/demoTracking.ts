import { formatDay, parseDay, plannedPeopleOfPlan } from "@jalon/engine";
import { formatInTimeZone } from "date-fns-tz";
import { readVersionGraph } from "../../planning/versionGraph.js";
import type { Db } from "../knex.js";

/** How far back the demo's participant countings go, in calendar days. */
const DEMO_WORKFORCE_DAYS = 42;

/**
 * Workforce countings of the demo (issue 17), so that /dashboard/participant-countings and
 * /dashboard/workforce-monitoring show real data: over the last six weeks up to today (or up to the end of the
 * plan when today is past it), on each working day, every participant whose tasks plan people that day gets
 * an estimated number of people equal to the plan's and a real one that drifts from it by a deterministic
 * -2..+1 (a site is rarely at full strength). Derived from the version's schedule with the engine's
 * plannedPeople, so the pattern holds whatever day the demo is seeded. Returns the number of rows written.
 */
export async function seedDemoWorkforce(
  db: Db,
  projectId: number,
  versionId: number,
  today: string = formatInTimeZone(new Date(), "Europe/Paris", "yyyy-MM-dd"),
): Promise<number> {
  const version = await db("versions").where({ id: versionId }).first("write_counter");
  const { plan, schedule } = await readVersionGraph(db, versionId, Number(version?.write_counter ?? 0));
  if (plan.size === 0) return 0;
  const to = Math.min(parseDay(today), schedule.projectEndDay);
  const from = Math.max(to - DEMO_WORKFORCE_DAYS + 1, schedule.projectStartDay);
  if (from > to) return 0;
  const tasks = (await db("events")
    .where({ version_id: versionId, type: "task" })
    .whereNotNull("participant_id")
    .select("id", "participant_id", "number_of_people")) as {
    id: number;
    participant_id: number;
    number_of_people: string | number;
  }[];
  const byParticipant = new Map<number, typeof tasks>();
  for (const t of tasks) byParticipant.set(t.participant_id, [...(byParticipant.get(t.participant_id) ?? []), t]);

  const rows: Record<string, unknown>[] = [];
  for (const [participantId, own] of [...byParticipant.entries()].sort((a, b) => a[0] - b[0])) {
    const include = new Uint8Array(plan.size);
    const people = new Float64Array(plan.size);
    for (const t of own) {
      const i = plan.index.get(t.id);
      if (i === undefined) continue;
      include[i] = 1;
      people[i] = Number(t.number_of_people);
    }
    const series = plannedPeopleOfPlan(plan, schedule, people, include, from, to);
    for (let k = 0; k < series.days.length; k++) {
      const planned = Math.round(series.people[k]);
      if (planned <= 0) continue;
      const drift = ((participantId * 7 + series.days[k] * 3) % 4) - 2; // -2..+1
      rows.push({
        project_id: projectId,
        version_id: versionId,
        participant_id: participantId,
        date: formatDay(series.days[k]),
        estimated_number_of_people: planned,
        real_number_of_people: Math.max(0, planned + drift),
      });
    }
  }
  for (let k = 0; k < rows.length; k += 1000) await db("workforce_countings").insert(rows.slice(k, k + 1000));
  return rows.length;
}
