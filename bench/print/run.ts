// Print benchmark: `npm run -s bench:print` prints one JSON document on stdout (progress on stderr): the PDF of
// a 2,000-task plan (POST /planning/export's renderer, without HTTP and SQL) per page format, against a raster
// print of the same sheets. See bench/README.md, section Print.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { PageFormat, PageOrientation } from "@jalon/shared/gantt";
import { renderPlanningPdf } from "../../server/src/exports/pdf/planningPdf.js";
import { summarize, type Stats } from "../engine/measure.js";
import { generatePrintPlan, LOTS } from "./generate.js";
import { rasterPrint } from "./raster.js";

const TASKS = 2000;
const TARGET_MS = 5000;
const RUNS = 3;
/** Sheets the raster peer draws; its time and size are reported per sheet. */
const RASTER_PAGES = 6;
const began = performance.now();
const log = (msg: string) =>
  process.stderr.write(`[bench:print ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);

/** Wall time and this process's CPU time (user + system): on a shared machine the CPU time tells the work. */
function timed<T>(fn: () => T, runs = RUNS): { stats: Stats & { cpuMedianMs: number }; last: T } {
  let last = fn(); // warm-up: font parsing and JIT
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < runs; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    last = fn();
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { stats: { ...summarize(samples), cpuMedianMs: summarize(cpu).medianMs }, last };
}

/** Words pdftotext finds in the file (a raster has none); null when poppler-utils is absent. */
function searchableWords(pdf: Uint8Array, dir: string, name: string): number | null {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"], { encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean).length;
  } catch {
    return null;
  }
}

const CASES: { format: PageFormat; orientation: PageOrientation; monthsPerPage: number }[] = [
  { format: "A4", orientation: "landscape", monthsPerPage: 3 },
  { format: "A3", orientation: "landscape", monthsPerPage: 3 },
  { format: "A3", orientation: "portrait", monthsPerPage: 2 },
  { format: "A1", orientation: "landscape", monthsPerPage: 6 },
];

const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const plan = generatePrintPlan(TASKS);
log(`plan: ${plan.events.length} tasks, ${plan.links.length} links, ${plan.rows.length} rows`);
const dir = mkdtempSync(join(tmpdir(), "jalon-bench-print-"));
const results: Record<string, unknown> = {};
let worstMs = 0;
for (const c of CASES) {
  const key = `${c.format}-${c.orientation}-${c.monthsPerPage}m`;
  const vector = timed(() =>
    renderPlanningPdf({
      projectName: "Banc d'essai",
      versionName: "V1",
      printingName: "Impression 2 000 tâches",
      printedOn: "23/11/2026",
      events: plan.events,
      rows: plan.rows,
      links: plan.links,
      format: c.format,
      orientation: c.orientation,
      monthsPerPage: c.monthsPerPage,
      firstDay: plan.firstDay,
      lastDay: plan.lastDay,
      closedDays: plan.closedDays,
      legend: LOTS.map(([name, color]) => ({ name, color })),
    }),
  );
  log(`${key}: vector ${vector.stats.medianMs} ms, ${vector.last.pages} pages`);
  const raster = timed(() => rasterPrint(plan, c.format, c.orientation, c.monthsPerPage, RASTER_PAGES), 1);
  log(`${key}: raster ${raster.stats.medianMs} ms`);
  worstMs = Math.max(worstMs, vector.stats.medianMs);
  results[key] = {
    pages: vector.last.pages,
    vector: {
      ...vector.stats,
      bytes: vector.last.pdf.length,
      msPerPage: Math.round((vector.stats.medianMs / vector.last.pages) * 100) / 100,
      searchableWordsPage1: searchableWords(vector.last.pdf, dir, `${key}-vector`),
    },
    raster: {
      ...raster.stats,
      pagesDrawn: raster.last.pages,
      msPerPage: Math.round((raster.stats.medianMs / raster.last.pages) * 100) / 100,
      bytesPerPage: Math.round(raster.last.pdf.byteLength / raster.last.pages),
      searchableWordsPage1: searchableWords(new Uint8Array(raster.last.pdf), dir, `${key}-raster`),
    },
    ratios: {
      rasterOverVectorMsPerPage:
        Math.round((raster.stats.medianMs / raster.last.pages / (vector.stats.medianMs / vector.last.pages)) * 10) / 10,
      rasterOverVectorBytesPerPage:
        Math.round(
          (raster.last.pdf.byteLength / raster.last.pages / (vector.last.pdf.length / vector.last.pages)) * 10,
        ) / 10,
    },
  };
}
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        loadAverageAtStart: loadAtStart,
      },
      plan: { tasks: plan.events.length, links: plan.links.length, rows: plan.rows.length },
      method: `renderPlanningPdf (server/src/exports/pdf) on a generated plan, median of ${RUNS} runs after one warm-up; raster peer (150 dpi images of the first sheets, bars and row lines only) once after one warm-up`,
      results,
      target: { tasks: TASKS, maxMs: TARGET_MS },
      meetsTarget: worstMs < TARGET_MS,
      durationS: Math.round((performance.now() - began) / 100) / 10,
    },
    null,
    2,
  )}\n`,
);
