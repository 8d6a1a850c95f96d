// Workforce bench (issue 17): `npm run -s bench:workforce` prints one JSON document on stdout. The planned-people
// series of the generated 100k plan (bench/engine/generate.ts, same seed as bench:engine) over the whole project,
// by the engine's one-pass difference arrays (`plannedPeople`) against the per-day-per-task baseline
// (`plannedPeopleNaive`), measured in the same run on the same input. See bench/README.md.
import { cpus, totalmem } from "node:os";
import {
  createCalendarSet,
  createPlanFromColumns,
  formatDay,
  plannedPeople,
  plannedPeopleNaive,
  schedulePlan,
  type PlannedPeopleInput,
} from "@jalon/engine";
import { SHAPES, generatePlan, prng } from "./generate.js";
import { measure } from "./measure.js";

const SEED = 20261122;
const TARGET_MS = 20;

const g = generatePlan({ shape: SHAPES["100k"], seed: SEED });
const cal = createCalendarSet({ holidays: g.holidays, vacations: g.vacations });
const plan = createPlanFromColumns(g.columns, cal);
const schedule = schedulePlan(plan);
const rnd = prng(SEED);
const people = new Float64Array(plan.size);
for (let i = 0; i < plan.size; i++) people[i] = 1 + Math.floor(rnd() * 6);
const input: PlannedPeopleInput = {
  startDay: schedule.startDay,
  endDay: schedule.endDay,
  duration: plan.duration,
  people,
  calendarOf: plan.calendarOf,
  calendars: plan.calendars,
};
const from = schedule.projectStartDay;
const to = schedule.projectEndDay;

const ours = measure(() => plannedPeople(input, from, to), { warmup: 20, minRuns: 30, maxRuns: 2000, budgetMs: 1500 });
const naive = measure(() => plannedPeopleNaive(input, from, to), {
  warmup: 1,
  minRuns: 5,
  maxRuns: 20,
  budgetMs: 3000,
});
const a = plannedPeople(input, from, to).people;
const b = plannedPeopleNaive(input, from, to).people;
let agrees = a.length === b.length;
for (let k = 0; agrees && k < a.length; k++) agrees = a[k] === b[k];

process.stdout.write(
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      seed: SEED,
      events: plan.size,
      days: to - from + 1,
      span: [formatDay(from), formatDay(to)],
      plannedPeople: ours,
      naivePerDayPerTask: naive,
      ratio: Math.round((naive.medianMs / ours.medianMs) * 10) / 10,
      agrees,
      targetMs: TARGET_MS,
      meetsTarget: agrees && ours.medianMs < TARGET_MS,
    },
    null,
    2,
  )}\n`,
);
