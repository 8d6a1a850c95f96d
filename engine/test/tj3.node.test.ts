/**
 * Differential test against TaskJuggler (tj3 3.7.1, Debian package `tj3`): random projects are scheduled by the
 * engine and by tj3, and every task must start and end on the same calendar days (docs/ARCHITECTURE.md "Engine
 * semantics": end-begin = `depends x { gaplength Nd }`, begin-begin = `depends x { onstart gaplength Nd }`,
 * Monday-Friday with `leaves holiday` days).
 *
 * All the projects of one calendar variant go into one tj3 run (each project is a top-level task `p<index>`),
 * and the variants run in parallel. TJ3_SEED and TJ3_PROJECTS override the seed and the number of projects.
 * Without tj3 on PATH the suite is skipped with a warning, except under CI=true where it fails.
 */
import { describe, expect, it } from "vitest";
import type { ScheduleDocument } from "../src/document.js";
import { scheduleDocument } from "../src/index.js";
import { workingDayPredicate } from "./tj3/days.js";
import {
  ancestorsOf,
  CALENDAR_VARIANTS,
  generateProject,
  offDays,
  subDocument,
  type CalendarVariant,
  type GeneratedProject,
} from "./tj3/generate.js";
import {
  parseTj3Csv,
  runTj3,
  tj3Available,
  tjEndToDay,
  tjStartToDay,
  type Tj3Row,
} from "../../scripts/testing/tj3Run.js";
import { tjTaskId, writeTjp } from "./tj3/tjp.js";

const PROJECT_COUNT = Number(process.env.TJ3_PROJECTS ?? 30);
const BASE_SEED = Number(process.env.TJ3_SEED ?? 20_260_501);
const inCi = process.env.CI === "true";
const hasTj3 = tj3Available();
if (!hasTj3) {
  const reason = "tj3 (TaskJuggler) is not on PATH; install it with `apt-get install -y tj3`";
  if (inCi) console.error(`[tj3 differential test] CI=true and ${reason}: the suite will fail.`);
  else console.warn(`[tj3 differential test] SKIPPED: ${reason}.`);
}

interface DayPair {
  start: string;
  end: string;
}

interface Tj3Days extends DayPair {
  raw: Tj3Row;
}

/** Runs tj3 once per calendar variant present in `projects` (in parallel) and converts its instants to days. */
async function scheduleWithTj3(projects: GeneratedProject[]): Promise<Map<GeneratedProject, Map<number, Tj3Days>>> {
  const variants = [...new Set(projects.map((p) => p.variant))];
  const reports = await Promise.all(
    variants.map(async (variant) => {
      const group = projects.filter((p) => p.variant === variant);
      return { group, rows: parseTj3Csv(await runTj3(writeTjp(group))) };
    }),
  );
  const out = new Map<GeneratedProject, Map<number, Tj3Days>>();
  for (const { group, rows } of reports) {
    for (const p of group) {
      const isWorking = workingDayPredicate(offDays(p.variant));
      const days = new Map<number, Tj3Days>();
      for (const e of p.doc.events) {
        const raw = rows.get(tjTaskId(p, e.id));
        if (!raw) throw new Error(`tj3 reported nothing for ${tjTaskId(p, e.id)}`);
        days.set(e.id, { start: tjStartToDay(raw.start, isWorking), end: tjEndToDay(raw.end, isWorking), raw });
      }
      out.set(p, days);
    }
  }
  return out;
}

function engineDays(doc: ScheduleDocument): Map<number, DayPair> {
  const out = scheduleDocument(doc);
  expect(out.violations ?? []).toEqual([]);
  return new Map(out.events.map((e) => [e.id, { start: e.startDate, end: e.endDate }]));
}

function describeLinks(doc: ScheduleDocument, id: number): string {
  const incoming = (doc.links ?? []).filter((l) => l.childId === id);
  const event = doc.events.find((e) => e.id === id);
  const own = `${event?.numberOfDays ?? 1} j${event?.startDate ? `, startDate ${event.startDate}` : ""}`;
  if (incoming.length === 0) return `racine (${own})`;
  return `${own}; liens ${incoming.map((l) => `${l.type} depuis ${l.parentId} (délai ${l.delay ?? 0})`).join(", ")}`;
}

const MAX_REPORTED = 25;

/** A readable report of the tasks whose days differ, with the smallest self-contained reproducer. */
function mismatchReport(p: GeneratedProject, engine: Map<number, DayPair>, tj3: Map<number, Tj3Days>): string[] {
  const lines: string[] = [];
  let first: number | undefined;
  for (const id of p.topoIds) {
    const a = engine.get(id);
    const b = tj3.get(id);
    if (a && b && a.start === b.start && a.end === b.end) continue;
    first ??= id;
    if (lines.length === MAX_REPORTED) lines.push("...");
    if (lines.length > MAX_REPORTED) continue;
    const tj3Text = b ? `${b.start} -> ${b.end} (brut ${b.raw.start} -> ${b.raw.end})` : "absente";
    const engineText = a ? `${a.start} -> ${a.end}` : "absente";
    lines.push(
      `projet ${p.index} (seed ${p.seed}, ${p.variant.name}) tâche ${id}: moteur ${engineText} | tj3 ${tj3Text} | ${describeLinks(p.doc, id)}`,
    );
  }
  if (first !== undefined) {
    // Parents come first in topoIds, so every ancestor of the first mismatch agrees: its ancestors alone reproduce it.
    const repro = subDocument(p.doc, ancestorsOf(p.doc, first));
    lines.push(
      `plus petit exemple (tâche ${first} et ses ancêtres, ${repro.events.length} tâches): ${JSON.stringify(repro)}`,
    );
  }
  return lines;
}

describe("tj3 instants to calendar days", () => {
  const isWorking = workingDayPredicate(["2026-05-01"]);
  it("reads a start at 00:00 or 9:00 as that day, or the next working day when it is not one", () => {
    expect(tjStartToDay("2026-04-30 00:00", isWorking)).toBe("2026-04-30");
    expect(tjStartToDay("2026-04-30 09:00", isWorking)).toBe("2026-04-30");
    expect(tjStartToDay("2026-05-01 00:00", isWorking)).toBe("2026-05-04");
    expect(tjStartToDay("2026-05-02 00:00", isWorking)).toBe("2026-05-04");
  });
  it("reads a start at 17:00 as the next working day", () => {
    expect(tjStartToDay("2026-04-29 17:00", isWorking)).toBe("2026-04-30");
    expect(tjStartToDay("2026-04-30 17:00", isWorking)).toBe("2026-05-04");
  });
  it("reads an end at 17:00 as that day and an end at 9:00 or 00:00 as the previous working day", () => {
    expect(tjEndToDay("2026-05-05 17:00", isWorking)).toBe("2026-05-05");
    expect(tjEndToDay("2026-05-04 09:00", isWorking)).toBe("2026-04-30");
    expect(tjEndToDay("2026-05-04 00:00", isWorking)).toBe("2026-04-30");
  });
});

describe.skipIf(!hasTj3 && !inCi)("engine against TaskJuggler (tj3)", () => {
  it("finds tj3 on PATH (required when CI=true)", () => {
    if (!hasTj3) {
      throw new Error(
        "CI=true but tj3 (TaskJuggler) is not on PATH: the differential test must run in CI. Install it with `apt-get install -y tj3`.",
      );
    }
  });

  it.skipIf(!hasTj3)("models the contract's examples in tj3 (hand-computed days)", async () => {
    // Thursday 2026-04-30, Friday 2026-05-01 is a holiday, and 2026-08-03..2026-08-07 is a vacation.
    const variant: CalendarVariant = {
      name: "exemple",
      holidays: ["2026-05-01"],
      vacations: [{ startDate: "2026-08-03", endDate: "2026-08-07" }],
    };
    const doc: ScheduleDocument = {
      calendar: { holidays: variant.holidays, vacations: variant.vacations },
      events: [
        { id: 1, type: "task", numberOfDays: 3, startDate: "2026-04-30" },
        { id: 2, type: "task", numberOfDays: 1 },
        { id: 3, type: "task", numberOfDays: 2 },
        { id: 4, type: "task", numberOfDays: 2 },
        { id: 5, type: "task", numberOfDays: 1, startDate: "2026-05-02" },
        { id: 6, type: "task", numberOfDays: 1, startDate: "2026-05-01" },
        { id: 7, type: "task", numberOfDays: 1 },
        { id: 8, type: "task", numberOfDays: 2, startDate: "2026-07-31" },
        { id: 9, type: "task", numberOfDays: 1 },
      ],
      links: [
        { parentId: 1, childId: 2, type: "end-begin", delay: 0 },
        { parentId: 1, childId: 3, type: "begin-begin", delay: 0 },
        { parentId: 1, childId: 4, type: "begin-begin", delay: 1 },
        { parentId: 6, childId: 7, type: "end-begin", delay: 2 },
        { parentId: 8, childId: 9, type: "begin-begin", delay: 1 },
      ],
    };
    const project: GeneratedProject = {
      index: 1,
      seed: 0,
      variant,
      doc,
      topoIds: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      rootIds: [1, 5, 6, 8],
    };
    const days = (await scheduleWithTj3([project])).get(project) as Map<number, Tj3Days>;
    const got = Object.fromEntries([...days].map(([id, d]) => [id, [d.start, d.end]]));
    const expected = {
      1: ["2026-04-30", "2026-05-05"], // N = 3 counts Thu 30, Mon 4, Tue 5 (the holiday is skipped)
      2: ["2026-05-06", "2026-05-06"], // end-begin 0: the next working day
      3: ["2026-04-30", "2026-05-04"], // begin-begin 0: same start
      4: ["2026-05-04", "2026-05-05"], // begin-begin 1: the parent's start shifted by one working day
      5: ["2026-05-04", "2026-05-04"], // a root on a Saturday starts on Monday
      6: ["2026-05-04", "2026-05-04"], // a root on a holiday starts on the next working day
      7: ["2026-05-07", "2026-05-07"], // end-begin 2: the third working day after the parent's end
      8: ["2026-07-31", "2026-08-10"], // the vacation (both ends included) is skipped
      9: ["2026-08-10", "2026-08-10"], // begin-begin 1 across the vacation
    };
    expect(got).toEqual(expected);
    expect(Object.fromEntries([...engineDays(doc)].map(([id, d]) => [id, [d.start, d.end]]))).toEqual(expected);
  });

  const projects = Array.from({ length: PROJECT_COUNT }, (_, i) =>
    generateProject(i + 1, BASE_SEED + i, CALENDAR_VARIANTS[i % CALENDAR_VARIANTS.length]),
  );
  let tj3Results: Promise<Map<GeneratedProject, Map<number, Tj3Days>>> | undefined;
  const tj3For = async (p: GeneratedProject) => {
    tj3Results ??= scheduleWithTj3(projects);
    return (await tj3Results).get(p) as Map<number, Tj3Days>;
  };

  it.skipIf(!hasTj3).each(projects.map((p) => [p.index, p.doc.events.length, p.variant.name, p] as const))(
    "projet %i (%i tâches, %s): mêmes dates que tj3",
    async (_index, _count, _variant, p) => {
      const tj3 = await tj3For(p);
      const engine = engineDays(p.doc);
      expect(engine.size).toBe(p.doc.events.length);
      expect(mismatchReport(p, engine, tj3)).toEqual([]);
    },
  );
});
