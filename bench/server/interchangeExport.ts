// MSPDI export benchmark (issue 21, target < 1 s at 10,000 tasks): `npx tsx bench/server/interchangeExport.ts`
// prints one JSON document on stdout, progress on stderr. It builds a 10,000-task plan (1,000 flats of ten trades
// in sequences, chained end-to-start with some start-to-start, finish-to-finish and lagged links, crews moving on
// from flat to flat, French public holidays, four lots), writes it as MSPDI with our own writer and imports that
// file into a new project (POST /project/import-schedule's command), then times:
// - `export`: GET /version/{id}/export/mspdi's work without HTTP: the version read (readMspdiSchedule: the cached
//   schedule graph, events, sequences, lots, holidays) and the XML written (writeMspdi), parts reported;
// - `exportCold`: the same with the version's graph cache emptied first (the first export after a restart);
// - the peer: fast-xml-parser's XMLBuilder building the same document's tasks from objects (a generic writer).
// `exportMeasure` is also the entry bench/server/interchange.ts can add to its MEASURES.
//   --backend postgres|pglite   (default postgres, PGlite when Debian's PostgreSQL is missing)
//   --tasks N                   leaf tasks (default 10000, rounded to tens)
//   --runs N                    timed runs after one warm-up (default 5)
import { performance } from "node:perf_hooks";
import { XMLBuilder } from "fast-xml-parser";
import { createCalendar, easterSunday, formatDay, parseDay } from "@jalon/engine";
import { importSchedule } from "../../server/src/commands/scheduleImport.js";
import type { AuthUser } from "../../server/src/context.js";
import { createDb, type Db, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { Emits } from "../../server/src/http/route.js";
import {
  writeMspdi,
  type MspdiEvent,
  type MspdiLink,
  type MspdiSchedule,
} from "../../server/src/interchange/mspdiExport.js";
import { readMspdiSchedule } from "../../server/src/interchange/mspdiExportData.js";
import { readScheduleFile } from "../../server/src/interchange/readSchedule.js";
import { forget } from "../../server/src/planning/versionGraph.js";
import { benchArg, benchLog, runIfMain, runServerBench } from "./serverBench.js";

const log = benchLog("interchangeExport");

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 10) / 10;
  return { medianMs: at(0.5), minMs: at(0), maxMs: at(1), runs: s.length };
};

const TRADES: [string, number, number][] = [
  ["Gros œuvre", 10, 0],
  ["Cloisons", 4, 1],
  ["Plomberie", 3, 2],
  ["Électricité", 3, 2],
  ["Menuiseries", 2, 1],
  ["Chapes", 2, 0],
  ["Carrelage", 3, 3],
  ["Peinture", 4, 3],
  ["Sols souples", 2, 3],
  ["Nettoyage", 1, 3],
];

/** French public holidays of a year, Easter's included (day numbers). */
function holidaysOf(y: number): { name: string; day: number }[] {
  const easter = easterSunday(y);
  const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((d) => ({
    name: `Férié ${d}`,
    day: parseDay(`${y}-${d}`),
  }));
  return [...fixed, { name: "Lundi de Pâques", day: easter + 1 }, { name: "Ascension", day: easter + 39 }];
}

/**
 * The plan as our export writer takes it, dated as the engine would (each task as early as its links allow), so
 * that the import keeps every date and the exported version is the same plan.
 */
export function generatePlan(tasks: number): MspdiSchedule {
  const zones = tasks / 10;
  const holidays = [];
  for (let y = 2027; y <= 2060; y++) holidays.push(...holidaysOf(y));
  const cal = createCalendar({ holidays: holidays.map((h) => h.day) });
  const first = cal.rank(parseDay("2027-01-04"));
  const events: MspdiEvent[] = [];
  const links: MspdiLink[] = [];
  const rank = new Int32Array(tasks);
  const sequences = [];
  for (let z = 0; z < zones; z++) {
    sequences.push({ id: z + 1, name: `Logement ${z + 1}`, parentId: null });
    for (let k = 0; k < 10; k++) {
      const [trade, n, lot] = TRADES[k];
      const i = z * 10 + k;
      let s = z === 0 && k === 0 ? first : -Infinity;
      if (k > 0) {
        const pn = TRADES[k - 1][1];
        const kind = (z + k) % 12;
        if (kind === 0) {
          links.push({ parentId: i, childId: i + 1, type: "begin-begin", delay: 2 });
          s = Math.max(s, rank[i - 1] + 2);
        } else if (kind === 1) {
          links.push({ parentId: i, childId: i + 1, type: "end-end", delay: 1 });
          s = Math.max(s, rank[i - 1] + pn + 1 - n);
        } else if (kind === 2) {
          links.push({ parentId: i, childId: i + 1, type: "end-begin", delay: 3 });
          s = Math.max(s, rank[i - 1] + pn + 3);
        } else {
          links.push({ parentId: i, childId: i + 1, type: "end-begin", delay: 0 });
          s = Math.max(s, rank[i - 1] + pn);
        }
      }
      if (z > 0) {
        links.push({ parentId: i - 10 + 1, childId: i + 1, type: "end-begin", delay: 0 });
        s = Math.max(s, rank[i - 10] + n);
      }
      rank[i] = s;
      events.push({
        id: i + 1,
        name: `${trade} — logement ${z + 1}`,
        milestone: false,
        startDay: cal.dayAt(s),
        endDay: cal.dayAt(s + n - 1),
        days: n,
        sequenceId: z + 1,
        lotId: lot + 1,
        locked: false,
        hasParents: i > 0,
      });
    }
  }
  return {
    name: `Banc export ${tasks} tâches`,
    today: parseDay("2026-11-28"),
    holidays,
    vacations: [],
    lots: ["Gros œuvre", "Second œuvre", "Fluides", "Finitions"].map((name, k) => ({ id: k + 1, name, holidays: [] })),
    sequences,
    events,
    links,
  };
}

export interface ExportContext {
  db: Db;
  versionId: number | null;
}

/** GET /version/{id}/export/mspdi's work on the version `c.versionId` (read, then write), target 1 s. */
export const exportMeasure = {
  name: "export",
  targetMs: 1000,
  run: async (c: ExportContext) => {
    if (c.versionId === null) throw new Error("export: no version imported yet");
    const t0 = performance.now();
    const schedule = await readMspdiSchedule(c.db, c.versionId, "Banc");
    const t1 = performance.now();
    // The writer's own CPU time: on a loaded machine the wall time also counts the other processes' turns.
    const cpu0 = process.cpuUsage();
    const xml = writeMspdi(schedule).toString();
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    return {
      ms,
      parts: {
        readMs: Math.round(t1 - t0),
        writeMs: Math.round(ms - (t1 - t0)),
        writeCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      },
      counts: { tasks: schedule.events.length, links: schedule.links.length, bytes: xml.length },
    };
  },
};

/** A generic writer's time for the same tasks: XMLBuilder over objects (no calendars or resources). */
function peerBuild(s: MspdiSchedule): number {
  const t0 = performance.now();
  const task = s.events.map((e) => ({
    UID: e.id,
    Name: e.name,
    Start: `${formatDay(e.startDay)}T08:00:00`,
    Finish: `${formatDay(e.endDay)}T17:00:00`,
    Duration: `PT${e.days * 8}H0M0S`,
  }));
  new XMLBuilder({ format: true }).build({ Project: { Tasks: { Task: task } } });
  return performance.now() - t0;
}

async function benchBackend(name: string, target: DbTarget, tasks: number, runs: number) {
  const db = createDb(target);
  try {
    await migrate(db);
    const [user] = await db("users")
      .insert({
        email: `banc-export-${Date.now()}@jalon.bench`,
        firstname: "Banc",
        lastname: "Export",
        type: "manager",
      })
      .returning(["id", "email", "firstname", "lastname", "type"]);
    const plan = generatePlan(tasks);
    const bytes = new TextEncoder().encode(writeMspdi(plan).toString());
    log(`${name}: generated ${tasks} tasks, ${plan.links.length} links, ${(bytes.length / 1e6).toFixed(1)} MB`);
    const i0 = performance.now();
    const answer = await db.transaction((trx) =>
      importSchedule(trx, user as AuthUser, new Emits(), {}, () => readScheduleFile(bytes, "banc.xml")),
    );
    log(`${name}: imported ${answer.events} events, ${answer.links} links in ${Math.round(performance.now() - i0)} ms`);
    const c: ExportContext = { db, versionId: answer.versionId };
    const results: Record<string, unknown> = {};
    for (const cold of [false, true]) {
      const timed: number[] = [];
      let last: Awaited<ReturnType<typeof exportMeasure.run>> | null = null;
      for (let r = 0; r <= runs; r++) {
        if (cold) forget(answer.versionId);
        const out = await exportMeasure.run(c);
        last = out;
        if (r > 0) timed.push(out.ms);
        log(
          `${name}: export${cold ? " (cold)" : ""} ${r === 0 ? "(warm-up) " : ""}${Math.round(out.ms)} ms ${JSON.stringify(out.parts)}`,
        );
      }
      const s = stats(timed);
      results[cold ? "exportCold" : "export"] = {
        ...s,
        targetMs: exportMeasure.targetMs,
        meetsTarget: s.medianMs < exportMeasure.targetMs,
        lastParts: last?.parts,
        counts: last?.counts,
      };
    }
    const peer: number[] = [];
    for (let r = 0; r <= runs; r++) {
      const ms = peerBuild(plan);
      if (r > 0) peer.push(ms);
    }
    results.peerXmlBuilderTasksOnly = stats(peer);
    return {
      tasks,
      importAnswer: { events: answer.events, links: answer.links, warnings: answer.warnings.length },
      results,
    };
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const tasks = Math.max(10, Math.round(Number(benchArg("tasks", "10000")) / 10) * 10);
  const runs = Math.max(1, Number(benchArg("runs", "5")));
  await runServerBench({
    backend: benchArg("backend", "postgres"),
    log,
    method:
      "generated plan written as MSPDI and imported into a new project; export = readMspdiSchedule + writeMspdi (the route's work without HTTP), warm graph cache and cold; peer: XMLBuilder over the tasks only",
    measure: (kind, target) => benchBackend(kind, target, tasks, runs),
  });
}

runIfMain("interchangeExport.ts", main);
