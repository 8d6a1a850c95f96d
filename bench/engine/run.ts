// Engine benchmark: `npm run -s bench:engine` prints one JSON document on stdout (progress on stderr).
// See bench/README.md for what each figure measures.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import {
  computeFloats,
  createCalendarSet,
  createPlan,
  createPlanFromColumns,
  formatDay,
  moveSelection,
  schedulePlan,
  scheduleDocument,
  EventKind,
  type Plan,
  type Schedule,
} from "@jalon/engine";
import { SHAPES, generatePlan, asScheduleDocument, toObjects, type GeneratedPlan } from "./generate.js";
import { measure, measureWithSetup, summarize, type MeasureOptions, type Stats } from "./measure.js";
import { floorApplies, floorForwardPass } from "./floor.js";
import { buildNaive, dayNumber, naiveDescendants, naiveMove, naiveSchedule, type NaiveProject } from "./naive.js";
import { readTj3Dates, runTj3, tj3Version, writeTjp } from "./tj3.js";

const SEED = 20261122;
const MOVE_K = 3;
const TARGET_SUCCESSORS = 100;
const TARGETS = { fullPass100kMs: 10, move100kMs: 2 };
const began = performance.now();

function log(msg: string): void {
  process.stderr.write(`[bench:engine ${((performance.now() - began) / 1000).toFixed(1)}s] ${msg}\n`);
}

const FAST: MeasureOptions = { warmup: 20, minRuns: 30, maxRuns: 3000, budgetMs: 1500 };
const PREP: MeasureOptions = { warmup: 3, minRuns: 10, maxRuns: 500, budgetMs: 2000 };
const MOVE: MeasureOptions = { warmup: 100, minRuns: 300, maxRuns: 5000, budgetMs: 1500 };
const SLOW = (label: string): MeasureOptions =>
  label === "100k"
    ? { warmup: 1, minRuns: 3, maxRuns: 3, budgetMs: 0 }
    : label === "10k"
      ? { warmup: 1, minRuns: 5, maxRuns: 20, budgetMs: 2000 }
      : { warmup: 3, minRuns: 10, maxRuns: 200, budgetMs: 1000 };

/** Descendants of i (i excluded) by breadth-first search, stopping once more than `cap` are found. */
function descendantCount(
  plan: Plan,
  i: number,
  cap: number,
  seen: Int32Array,
  stamp: number,
  queue: Int32Array,
): number {
  const { outOffsets, outLinks } = plan.graph;
  let tail = 0;
  queue[tail++] = i;
  seen[i] = stamp;
  for (let h = 0; h < tail; h++) {
    const u = queue[h];
    for (let e = outOffsets[u]; e < outOffsets[u + 1]; e++) {
      const c = plan.linkChild[outLinks[e]];
      if (seen[c] !== stamp) {
        seen[c] = stamp;
        queue[tail++] = c;
        if (tail - 1 > cap) return tail - 1;
      }
    }
  }
  return tail - 1;
}

/**
 * The task to move: among tasks with parents whose descendant count is within 5 of `target`, the one whose
 * +k and -k moves re-position the most events (a drag that really carries its ~100 successors along, not one
 * absorbed by slack); ties go to the count closest to `target`, then to the lowest index.
 */
function pickMoveTask(
  plan: Plan,
  base: Schedule,
  target: number,
  k: number,
): { index: number; descendants: number; candidates: number } {
  const seen = new Int32Array(plan.size);
  const queue = new Int32Array(plan.size);
  const candidates: [number, number][] = [];
  for (let i = 0; i < plan.size; i++) {
    if (plan.kind[i] !== EventKind.Task || plan.graph.inOffsets[i] === plan.graph.inOffsets[i + 1]) continue;
    const d = descendantCount(plan, i, target + 5, seen, i + 1, queue);
    if (Math.abs(d - target) <= 5) candidates.push([i, d]);
  }
  if (candidates.length === 0) throw new Error(`no task with about ${target} successors`);
  let best = { index: -1, descendants: 0, moved: -1 };
  for (let c = 0; c < candidates.length; c++) {
    const [i, d] = candidates[c];
    const moved =
      moveSelection(plan, base, [i], k).delta.ids.length + moveSelection(plan, base, [i], -k).delta.ids.length;
    if (moved > best.moved || (moved === best.moved && Math.abs(d - target) < Math.abs(best.descendants - target)))
      best = { index: i, descendants: d, moved };
  }
  return { index: best.index, descendants: best.descendants, candidates: candidates.length };
}

function sameDates(a: Schedule, b: Schedule): boolean {
  for (let i = 0; i < a.startDay.length; i++)
    if (a.startDay[i] !== b.startDay[i] || a.endDay[i] !== b.endDay[i]) return false;
  return true;
}

/** Naive dates against the engine's, event by event (the naive project keeps the plan's event order). */
function naiveAgrees(
  p: NaiveProject,
  plan: Plan,
  s: Schedule,
): { agrees: boolean; mismatches: number; firstMismatch?: string } {
  let mismatches = 0;
  let firstMismatch: string | undefined;
  for (let i = 0; i < plan.size; i++) {
    const t = p.tasks[i];
    const ns = dayNumber(t.start);
    const ne = dayNumber(t.end);
    if (t.id !== plan.ids[i] || ns !== s.startDay[i] || ne !== s.endDay[i]) {
      mismatches++;
      if (!firstMismatch)
        firstMismatch = `id ${t.id}: naive ${formatDay(ns)}..${formatDay(ne)}, engine ${formatDay(s.startDay[i])}..${formatDay(s.endDay[i])}`;
    }
  }
  return firstMismatch ? { agrees: mismatches === 0, mismatches, firstMismatch } : { agrees: true, mismatches };
}

function benchSize(label: string, g: GeneratedPlan): Record<string, unknown> {
  log(`${label}: ${g.stats.tasks} tasks, ${g.stats.milestones} milestones, ${g.stats.links} links`);
  const calSpec = { holidays: g.holidays, vacations: g.vacations };
  const calendar = measure(() => createCalendarSet(calSpec), PREP);
  const cal = createCalendarSet(calSpec);

  log(`${label}: plan preparation`);
  const prepareColumns = measure(() => createPlanFromColumns(g.columns, cal), PREP);
  const objects = toObjects(g);
  const prepareObjects = measure(() => createPlan(objects.events, objects.links, cal), PREP);
  const plan = createPlanFromColumns(g.columns, cal);

  log(`${label}: forward pass`);
  const fullPass = measure(() => schedulePlan(plan), FAST);
  const schedule = schedulePlan(plan);
  if (schedule.projectEndDay >= Date.UTC(g.stats.calendarYears[1], 0, 1) / 86_400_000)
    throw new Error(`${label}: the plan ends after the generated calendar`);

  let floor: Record<string, unknown> = { skipped: "several calendars or locked events" };
  if (floorApplies(plan)) {
    log(`${label}: typed-array floor for the forward pass`);
    const f = floorForwardPass(plan);
    let same = true;
    for (let i = 0; i < plan.size; i++)
      if (f.startDay[i] !== schedule.startDay[i] || f.endDay[i] !== schedule.endDay[i]) same = false;
    floor = { ...measure(() => floorForwardPass(plan), FAST), agrees: same };
  }

  log(`${label}: backward pass (floats)`);
  const floatsStats = measure(() => computeFloats(plan, schedule), FAST);
  const floats = computeFloats(plan, schedule);
  let critical = 0;
  for (let i = 0; i < plan.size; i++) critical += floats.critical[i];

  log(`${label}: incremental move`);
  const pick = pickMoveTask(plan, schedule, TARGET_SUCCESSORS, MOVE_K);
  const moveStats = measure(
    (run) => moveSelection(plan, schedule, [pick.index], run % 2 === 0 ? MOVE_K : -MOVE_K),
    MOVE,
  );
  const plus = moveSelection(plan, schedule, [pick.index], MOVE_K);
  const minus = moveSelection(plan, schedule, [pick.index], -MOVE_K);
  const moveAgrees =
    sameDates(plus.schedule, schedulePlan(plus.plan)) && sameDates(minus.schedule, schedulePlan(minus.plan));

  log(`${label}: document (ISO in, ISO out, with floats)`);
  const doc = asScheduleDocument(g);
  const documentStats = measure(() => scheduleDocument(doc), SLOW(label));

  log(`${label}: naive baseline, full pass`);
  const naive = buildNaive(doc);
  const naiveFull = measure(() => naiveSchedule(naive), SLOW(label));
  naiveSchedule(naive);
  const agreement = naiveAgrees(naive, plan, schedule);

  log(`${label}: naive baseline, move`);
  const moved = naive.tasks[pick.index];
  const affected = naiveDescendants(moved);
  const baseStart = affected.map((t) => t.start);
  const baseEnd = affected.map((t) => t.end);
  const baseDelays = moved.predecessors.map((l) => l.delay);
  const restore = (): void => {
    moved.predecessors.forEach((l, j) => (l.delay = baseDelays[j]));
    affected.forEach((t, j) => {
      t.start = baseStart[j];
      t.end = baseEnd[j];
    });
  };
  const naiveMoveStats = measureWithSetup(
    (run) => {
      restore();
      return run % 2 === 0 ? MOVE_K : -MOVE_K;
    },
    (k) => naiveMove(moved, k, naive),
    label === "100k"
      ? { warmup: 3, minRuns: 20, maxRuns: 200, budgetMs: 1000 }
      : { warmup: 10, minRuns: 50, maxRuns: 2000, budgetMs: 1000 },
  );
  restore();
  naiveMove(moved, MOVE_K, naive);
  const naiveMoveAgrees = affected.every((t) => {
    const i = plan.index.get(t.id) as number;
    return dayNumber(t.start) === plus.schedule.startDay[i] && dayNumber(t.end) === plus.schedule.endDay[i];
  });
  restore();

  return {
    plan: {
      ...g.stats,
      projectStart: formatDay(schedule.projectStartDay),
      projectEnd: formatDay(schedule.projectEndDay),
      critical,
    },
    calendar,
    prepare: { columns: prepareColumns, objects: prepareObjects },
    fullPass,
    fullPassFloor: floor,
    floats: floatsStats,
    move: {
      taskId: plan.ids[pick.index],
      successors: pick.descendants,
      candidatesWithAboutThatMany: pick.candidates,
      k: `+${MOVE_K}/-${MOVE_K}`,
      changedPlus: plus.delta.ids.length,
      changedMinus: minus.delta.ids.length,
      ...moveStats,
      agreesWithFullPass: moveAgrees,
    },
    document: documentStats,
    naive: { fullPass: naiveFull, move: naiveMoveStats, ...agreement, moveAgrees: naiveMoveAgrees },
  };
}

/** Wall-clock time of a child process, repeated. */
function timeProcess(cmd: string, args: string[], opts: { warmup: number; runs: number }): Stats {
  const samples: number[] = [];
  for (let r = 0; r < opts.warmup + opts.runs; r++) {
    const t0 = performance.now();
    const p = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    const dt = performance.now() - t0;
    if (p.error || p.status !== 0)
      throw new Error(`${cmd} ${args.join(" ")} a échoué : ${p.error?.message ?? p.stderr}`);
    if (r >= opts.warmup) samples.push(dt);
  }
  return summarize(samples);
}

function benchTj3(dir: string): Record<string, unknown> {
  const version = tj3Version();
  if (!version) return { skipped: "tj3 n'est pas installé (apt-get install -y tj3)" };
  const g = generatePlan({ shape: SHAPES["1k"], seed: SEED + 1, tj3Compatible: true });
  log(`tj3 (${version}): 1k plan with end-begin and begin-begin links only (${g.stats.links} links)`);
  const cal = createCalendarSet({ holidays: g.holidays, vacations: g.vacations });
  const plan = createPlanFromColumns(g.columns, cal);
  const schedule = schedulePlan(plan);
  const tjp = join(dir, "plan1k.tjp");
  writeTjp(g, tjp, schedule.projectEndDay);
  const outDir = join(dir, "tj3-out");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const tj3 = timeProcess("tj3", ["--silent", "--no-color", "-o", outDir, tjp], { warmup: 1, runs: 5 });
  runTj3(tjp, outDir);
  const dates = readTj3Dates(outDir, cal.calendars[0]);
  let compared = 0;
  let mismatches = 0;
  let firstMismatch: string | undefined;
  for (let i = 0; i < plan.size; i++) {
    if (plan.kind[i] !== EventKind.Task) continue;
    const d = dates.get(plan.ids[i]);
    compared++;
    if (!d || d[0] !== schedule.startDay[i] || d[1] !== schedule.endDay[i]) {
      mismatches++;
      if (!firstMismatch)
        firstMismatch = `id ${plan.ids[i]}: tj3 ${d ? `${formatDay(d[0])}..${formatDay(d[1])}` : "absent"}, engine ${formatDay(schedule.startDay[i])}..${formatDay(schedule.endDay[i])}`;
    }
  }

  // The same plan through the engine: in process (document in, document out) and as a process (the CLI).
  const doc = asScheduleDocument(g);
  const docFile = join(dir, "plan1k.json");
  writeFileSync(docFile, JSON.stringify(doc));
  const engineDocument = measure(() => scheduleDocument(doc), { warmup: 5, minRuns: 20, maxRuns: 500, budgetMs: 1000 });
  const cli = fileURLToPath(new URL("../../engine/src/cli.ts", import.meta.url));
  log("tj3 peer: engine CLI process on the same plan");
  const engineCli = timeProcess(process.execPath, ["--import", "tsx", cli, docFile], { warmup: 1, runs: 5 });
  return {
    version,
    plan: g.stats,
    command: "tj3 --silent --no-color -o OUT plan1k.tjp (one CSV task report: id, start, end)",
    process: tj3,
    agrees: mismatches === 0,
    tasksCompared: compared,
    mismatches,
    ...(firstMismatch ? { firstMismatch } : {}),
    engine: {
      document: engineDocument,
      cliProcess: engineCli,
      cliCommand: "node --import tsx engine/src/cli.ts plan1k.json",
    },
  };
}

function ratio(a: number, b: number): number {
  return Math.round((a / b) * 10) / 10;
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const LABELS = ["1k", "10k", "100k"];

/** Benchmarks one size in this process and prints its JSON (used by the parent, one fresh process per size). */
function child(label: string): void {
  const g = generatePlan({ shape: SHAPES[label], seed: SEED + 10 * LABELS.indexOf(label) });
  process.stdout.write(`${JSON.stringify(benchSize(label, g))}\n`);
}

/**
 * Each size runs in a fresh Node process so that one size's garbage, heap growth and JIT state do not weigh on
 * the next (a worker holds one plan at a time); progress goes straight to our stderr.
 */
function runChild(label: string): Record<string, unknown> {
  const p = spawnSync(process.execPath, ["--import", "tsx", SELF, "--size", label], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (p.error || p.status !== 0) throw new Error(`bench ${label} a échoué (${p.status}) ${p.error?.message ?? ""}`);
  return JSON.parse(p.stdout) as Record<string, unknown>;
}

function main(): void {
  const sizeArg = process.argv.indexOf("--size");
  if (sizeArg > 0) {
    child(process.argv[sizeArg + 1]);
    return;
  }
  const loadBefore = loadavg();
  const results: Record<string, Record<string, unknown>> = {};
  const labels = LABELS;
  for (const label of labels) results[label] = runChild(label);
  const dir = mkdtempSync(join(tmpdir(), "jalon-bench-"));
  try {
    results["1k"].tj3 = benchTj3(dir);
  } catch (e) {
    log(`tj3 peer failed: ${(e as Error).message}`);
    results["1k"].tj3 = { skipped: `tj3 a échoué : ${(e as Error).message.slice(0, 500)}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const stat = (label: string, ...path: string[]): number => {
    let v: unknown = results[label];
    for (const p of path) v = (v as Record<string, unknown>)[p];
    return (v as Stats).medianMs;
  };
  const naiveOverEngine: Record<string, Record<string, number>> = { fullPass: {}, move: {} };
  const engineOverFloor: Record<string, number> = {};
  for (const label of labels) {
    if (!(results[label].fullPassFloor as Record<string, unknown>).skipped)
      engineOverFloor[label] = ratio(stat(label, "fullPass"), stat(label, "fullPassFloor"));
    naiveOverEngine.fullPass[label] = ratio(stat(label, "naive", "fullPass"), stat(label, "fullPass"));
    naiveOverEngine.move[label] = ratio(stat(label, "naive", "move"), stat(label, "move"));
  }
  const tj3 = results["1k"].tj3 as Record<string, unknown>;
  const tj3OverEngine = tj3.skipped
    ? { skipped: tj3.skipped }
    : {
        process1k: ratio(stat("1k", "tj3", "process"), stat("1k", "tj3", "engine", "cliProcess")),
        inProcessDocument1k: ratio(stat("1k", "tj3", "process"), stat("1k", "tj3", "engine", "document")),
      };
  const cpu = cpus();
  const out = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpu.length,
      model: cpu[0]?.model ?? "unknown",
      node: process.version,
      v8: process.versions.v8,
      memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      platform: `${process.platform}-${process.arch}`,
      loadAverage1mBeforeAfter: [Math.round(loadBefore[0] * 100) / 100, Math.round(loadavg()[0] * 100) / 100],
    },
    method:
      "each size in a fresh Node process; medians over warmed-up runs; moves alternate +k/-k from the same base schedule",
    seed: SEED,
    results,
    ratios: { naiveOverEngine, tj3OverEngine, fullPassEngineOverFloor: engineOverFloor },
    targets: TARGETS,
    meetsTargets: {
      fullPass100kMs: stat("100k", "fullPass") <= TARGETS.fullPass100kMs,
      move100kMs: stat("100k", "move") <= TARGETS.move100kMs,
    },
    durationS: Math.round((performance.now() - began) / 100) / 10,
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  log("done");
}

main();
