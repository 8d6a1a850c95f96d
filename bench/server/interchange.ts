// Schedule interchange benchmark (issue 21): `npx tsx bench/server/interchange.ts` prints one JSON document on
// stdout, progress on stderr. It generates an MS Project XML (MSPDI) file of 10,000 leaf tasks (1,000 summaries of
// ten trades each, chained end-to-start with a few start-to-start, finish-to-finish and lagged links, the crews
// moving on from one summary to the next, French public holidays as calendar exceptions), then times:
// - `import`: POST /project/import-schedule's work without HTTP: reading and resolving the file
//   (readScheduleFile) and writing it into a new project in one transaction (importSchedule), target < 3 s;
//   its parts are reported too (`read`: the file to rows; `write`: the transaction);
// - the peer: fast-xml-parser's plain parse of the same text (the floor of any reader built on it).
// Measures are a list (`MEASURES`) so that the export (GET /version/{id}/export/mspdi, target < 1 s) adds its own
// entry next to `import`, on the version the import wrote.
//   --backend postgres|pglite   (default postgres, PGlite when Debian's PostgreSQL is missing)
//   --tasks N                   leaf tasks (default 10000, rounded to tens)
//   --runs N                    timed runs after one warm-up (default 3)
import { performance } from "node:perf_hooks";
import { XMLParser } from "fast-xml-parser";
import { importSchedule } from "../../server/src/commands/scheduleImport.js";
import type { AuthUser } from "../../server/src/context.js";
import { createDb, type Db, type DbTarget } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { Emits } from "../../server/src/http/route.js";
import { readScheduleFile } from "../../server/src/interchange/readSchedule.js";
import { exportMeasure } from "./interchangeExport.js";
import { benchArg, benchLog, runIfMain, runServerBench } from "./serverBench.js";

const log = benchLog("interchange");
const arg = benchArg;
const BACKEND = arg("backend", "postgres");
const TASKS = Math.max(10, Math.round(Number(arg("tasks", "10000")) / 10) * 10);
const RUNS = Math.max(1, Number(arg("runs", "3")));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] * 10) / 10;
  return { medianMs: at(0.5), minMs: at(0), maxMs: at(1), runs: s.length };
};

const TRADES: [string, number][] = [
  ["Gros œuvre", 10],
  ["Cloisons", 4],
  ["Plomberie", 3],
  ["Électricité", 3],
  ["Menuiseries", 2],
  ["Chapes", 2],
  ["Carrelage", 3],
  ["Peinture", 4],
  ["Sols souples", 2],
  ["Nettoyage", 1],
];

/** French public holidays of a year as ISO days (fixed ones; Easter's are left out: the bench needs exceptions, not accuracy). */
const holidaysOf = (y: number) =>
  ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((d) => `${y}-${d}`);

/** Working-day arithmetic of the generator (Monday-Friday minus the holidays). */
function workingDays(from: string, years: number): string[] {
  const hol = new Set<string>();
  const y0 = Number(from.slice(0, 4));
  for (let y = y0; y <= y0 + years; y++) for (const h of holidaysOf(y)) hol.add(h);
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let d = 0; out.length < years * 260; d++) {
    const iso = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    const dow = new Date(start + d * 86_400_000).getUTCDay();
    if (dow !== 0 && dow !== 6 && !hol.has(iso)) out.push(iso);
  }
  return out;
}

/**
 * The MSPDI text: the file's dates are the schedule's (each task as early as its links allow), as MS Project
 * would write them, so that the import keeps every date.
 */
export function generateMspdi(tasks: number): string {
  const zones = tasks / 10;
  const days = workingDays("2027-01-04", 40);
  const parts: string[] = [];
  parts.push(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">` +
      `<Name>banc.xml</Name><Title>Banc ${tasks} tâches</Title><MinutesPerDay>480</MinutesPerDay><MinutesPerWeek>2400</MinutesPerWeek>` +
      `<CalendarUID>1</CalendarUID><Calendars><Calendar><UID>1</UID><Name>Standard</Name><IsBaseCalendar>1</IsBaseCalendar><WeekDays>`,
  );
  for (let t = 1; t <= 7; t++)
    parts.push(
      t === 1 || t === 7
        ? `<WeekDay><DayType>${t}</DayType><DayWorking>0</DayWorking></WeekDay>`
        : `<WeekDay><DayType>${t}</DayType><DayWorking>1</DayWorking><WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes></WeekDay>`,
    );
  for (let y = 2027; y <= 2067; y++)
    for (const h of holidaysOf(y))
      parts.push(
        `<WeekDay><DayType>0</DayType><DayWorking>0</DayWorking><TimePeriod><FromDate>${h}T00:00:00</FromDate><ToDate>${h}T23:59:00</ToDate></TimePeriod></WeekDay>`,
      );
  parts.push(`</WeekDays></Calendar></Calendars><Tasks>`);
  parts.push(`<Task><UID>0</UID><ID>0</ID><Name>Banc</Name><OutlineLevel>0</OutlineLevel><Summary>1</Summary></Task>`);
  // Start rank (index into `days`) of every task, computed as the engine would: earliest allowed by its links.
  const rank = new Int32Array(zones * 10);
  let uid = 1;
  const uidOf = (z: number, k: number) => 1 + z * 11 + 1 + k;
  const body: string[] = [];
  for (let z = 0; z < zones; z++) {
    const summaryUid = uid;
    const rows: string[] = [];
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < 10; k++) {
      const [trade, n] = TRADES[k];
      const i = z * 10 + k;
      const preds: string[] = [];
      let s = z === 0 && k === 0 ? 0 : -Infinity;
      if (k > 0) {
        const p = i - 1;
        const pn = TRADES[k - 1][1];
        const kind = (z + k) % 12;
        if (kind === 0) {
          preds.push(link(uidOf(z, k - 1), 3, 2));
          s = Math.max(s, rank[p] + 2);
        } else if (kind === 1) {
          preds.push(link(uidOf(z, k - 1), 0, 1));
          s = Math.max(s, rank[p] + pn + 1 - n);
        } else if (kind === 2) {
          preds.push(link(uidOf(z, k - 1), 1, 3));
          s = Math.max(s, rank[p] + pn + 3);
        } else {
          preds.push(link(uidOf(z, k - 1), 1, 0));
          s = Math.max(s, rank[p] + pn);
        }
      }
      if (z > 0) {
        // The crew moves on from the previous summary's same trade.
        const p = i - 10;
        preds.push(link(uidOf(z - 1, k), 1, 0));
        s = Math.max(s, rank[p] + n);
      }
      rank[i] = s;
      lo = Math.min(lo, s);
      hi = Math.max(hi, s + n - 1);
      rows.push(
        `<Task><UID>${uidOf(z, k)}</UID><ID>${uidOf(z, k)}</ID><Name>${trade} — logement ${z + 1}</Name><OutlineLevel>2</OutlineLevel>` +
          `<Start>${days[s]}T08:00:00</Start><Finish>${days[s + n - 1]}T17:00:00</Finish><Duration>PT${n * 8}H0M0S</Duration>` +
          `<DurationFormat>7</DurationFormat><Milestone>0</Milestone><ConstraintType>0</ConstraintType>${preds.join("")}</Task>`,
      );
    }
    body.push(
      `<Task><UID>${summaryUid}</UID><ID>${summaryUid}</ID><Name>Logement ${z + 1}</Name><OutlineLevel>1</OutlineLevel><Summary>1</Summary>` +
        `<Start>${days[lo]}T08:00:00</Start><Finish>${days[hi]}T17:00:00</Finish></Task>`,
      ...rows,
    );
    uid += 11;
  }
  parts.push(...body, `</Tasks></Project>\n`);
  return parts.join("");
}

function link(pred: number, type: number, lagDays: number): string {
  return `<PredecessorLink><PredecessorUID>${pred}</PredecessorUID><Type>${type}</Type><LinkLag>${lagDays * 4800}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`;
}

interface Context {
  db: Db;
  user: AuthUser;
  bytes: Uint8Array;
  /** The version the last import wrote (the export measures read it). */
  versionId: number | null;
}

interface Measure {
  name: string;
  targetMs: number;
  run: (c: Context) => Promise<{ ms: number; parts?: Record<string, number>; counts?: Record<string, number> }>;
}

/** The measures, in order; the export adds `{name: "export", targetMs: 1000, run}` here. */
const MEASURES: Measure[] = [
  {
    name: "import",
    targetMs: 3000,
    run: async (c) => {
      const t0 = performance.now();
      let readMs = 0;
      const answer = await c.db.transaction(async (trx) =>
        importSchedule(trx, c.user, new Emits(), {}, () => {
          const r0 = performance.now();
          const s = readScheduleFile(c.bytes, "banc.xml");
          readMs = performance.now() - r0;
          return s;
        }),
      );
      const ms = performance.now() - t0;
      c.versionId = answer.versionId;
      return {
        ms,
        parts: { readMs: Math.round(readMs), writeMs: Math.round(ms - readMs) },
        counts: { events: answer.events, links: answer.links, warnings: answer.warnings.length },
      };
    },
  },
];
// GET /version/{id}/export/mspdi's work on the version the last import wrote (target 1 s).
MEASURES.push(exportMeasure);

async function benchBackend(name: string, target: DbTarget) {
  const db = createDb(target);
  try {
    await migrate(db);
    const [row] = await db("users")
      .insert({
        email: `banc-interchange-${Date.now()}@jalon.bench`,
        firstname: "Banc",
        lastname: "Import",
        type: "manager",
      })
      .returning(["id", "email", "firstname", "lastname", "type"]);
    const t0 = performance.now();
    const xml = generateMspdi(TASKS);
    const bytes = new TextEncoder().encode(xml);
    log(
      `${name}: generated ${TASKS} tasks, ${(bytes.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - t0)} ms`,
    );
    const c: Context = { db, user: row as AuthUser, bytes, versionId: null };
    const results: Record<string, unknown> = {};
    for (const m of MEASURES) {
      const timed: number[] = [];
      let last: Awaited<ReturnType<Measure["run"]>> | null = null;
      for (let r = 0; r <= RUNS; r++) {
        const out = await m.run(c);
        last = out;
        if (r > 0) timed.push(out.ms);
        log(
          `${name}: ${m.name} ${r === 0 ? "(warm-up) " : ""}${Math.round(out.ms)} ms ${JSON.stringify(out.parts ?? {})}`,
        );
      }
      const s = stats(timed);
      results[m.name] = {
        ...s,
        targetMs: m.targetMs,
        meetsTarget: s.medianMs < m.targetMs,
        lastParts: last?.parts,
        counts: last?.counts,
      };
    }
    const peer: number[] = [];
    for (let r = 0; r <= RUNS; r++) {
      const p0 = performance.now();
      new XMLParser({ processEntities: false, parseTagValue: false }).parse(xml);
      if (r > 0) peer.push(performance.now() - p0);
    }
    results.peerPlainXmlParse = stats(peer);
    return { tasks: TASKS, fileBytes: bytes.length, results };
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  await runServerBench({
    backend: BACKEND,
    log,
    method:
      "generated MSPDI file; import = readScheduleFile + importSchedule in one transaction (the route's work without HTTP), into a new project each run; peer: fast-xml-parser's plain parse of the same text",
    measure: benchBackend,
  });
}

runIfMain("interchange.ts", main);
