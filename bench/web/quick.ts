// Targeted A/B measurements for the web benchmark's scenarios, shorter than run.ts: builds (or reuses) harness
// builds in the given directories and alternates them load by load, so both see the same machine.
//   npx tsx bench/web/quick.ts --dists .tmp/qa,.tmp/qb --build b --scenario paint100k --runs 5
//   --build LIST    the dists (by letter a, b, ...) to build from the working tree now (others are reused)
//   --profile       one CPU-profiled paint load per dist instead (with --unminified builds: names and modules)
//   --scenario      paint10k | paint100k | drag | scroll10k | scroll100k (traced: main-thread CPU to the first frame, or per drag frame)
// Prints one line per run and the medians per dist; not a replacement for run.ts's figures.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { build } from "vite";
import { DATA_DIR, REPO } from "./vite.config.js";
import { aimAtDragTarget, CHROMIUM, FLAGS, OFFLINE, openHarness } from "./browser.js";
import { serveStatic } from "./serve.js";
import { existsSync } from "node:fs";
import { frameWork, hotspots, loadCpu, median, sourceLookup, TRACE_CATEGORIES, type CpuProfile } from "./measure.js";

function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 && process.argv[k + 1] ? process.argv[k + 1] : fallback;
}
const dists = arg("dists", ".tmp/qa")
  .split(",")
  .map((d) => resolve(REPO, d));
const toBuild = new Set(arg("build", "").split(",").filter(Boolean));
const scenario = arg("scenario", "paint10k");
const runs = Number(arg("runs", "5"));
/** CPU profile of one paint load per dist (build them with --unminified for names): hot spots, no figures. */
const PROFILE = process.argv.includes("--profile");
/** Keep the last drag trace in this file (for a look at single frames). */
const SAVE = arg("save-trace", "");
const UNMINIFIED = process.argv.includes("--unminified");

interface Bench {
  marks: Record<string, number>;
  errors: string[];
  draws: { t0: number }[];
  startFrames: () => void;
  stopFrames: () => { stamps: number[]; starts: number[] };
  frames: (n: number) => Promise<void>;
  mark: (name: string) => number;
}
declare const window: { __bench: Bench };

async function once(browser: Browser, url: string, what: string, dist = ""): Promise<string> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  try {
    if (what.startsWith("paint")) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await openHarness(page, url, 120_000);
    const marks = await page.evaluate(() => window.__bench.marks);
    if (what.startsWith("paint")) {
      const trace = (await browser.stopTracing()).toString();
      if (SAVE) writeFileSync(SAVE, trace);
      const c = loadCpu(trace, "firstFrame");
      if ("error" in c) return c.error;
      const m = (k: string) => (marks[k] ?? NaN).toFixed(0);
      return JSON.stringify({
        wall: Math.round(marks.firstFrame),
        main: Math.round(c.mainCpuMs),
        worker: Math.round(c.workerCpuMs),
        phases: `data ${m("dataReceived")} bars ${m("barsDrawn")} engine ${m("engineLoaded")}`,
        all: Object.entries(marks)
          .sort((a, b) => a[1] - b[1])
          .map(([k, v]) => `${k}:${Math.round(v)}`)
          .join(" "),
      });
    }
    if (what === "scroll10k" || what === "scroll100k") {
      await page.evaluate(() => window.__bench.frames(30));
      const r = await page.evaluate(() =>
        (
          window.__bench as unknown as {
            scrollRun: (
              s: number,
              ms: number,
            ) => Promise<{ stamps: number[]; starts: number[]; draws: { t0: number }[] }>;
          }
        ).scrollRun(48, 3000),
      );
      const seconds = (r.stamps[r.stamps.length - 1] - r.stamps[0]) / 1000;
      const w0 = r.starts[0];
      const w1 = r.starts[r.starts.length - 1];
      const canvas = r.draws.filter((x) => x.t0 >= w0 && x.t0 < w1).length / ((w1 - w0) / 1000);
      return JSON.stringify({
        fps: Math.min((r.stamps.length - 1) / seconds, canvas),
        raf: (r.stamps.length - 1) / seconds,
        canvas,
      });
    }
    const meta = JSON.parse(readFileSync(join(DATA_DIR, "meta-10k.json"), "utf8")) as {
      dayWidth: number;
      drag: { id: number; rowY: number; barX: number; barWidth: number };
    };
    const d = meta.drag;
    const pos = await aimAtDragTarget(page, d);
    await page.mouse.move(pos.x, pos.y);
    await page.evaluate(() => window.__bench.frames(2));
    const cdp = PROFILE ? await ctx.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    } else await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const from = await page.evaluate(() => {
      window.__bench.startFrames();
      window.__bench.mark("dragStart");
      return window.__bench.draws.length;
    });
    await page.mouse.down();
    const days = [...Array(24).keys()].map((k) => k + 1);
    const seq = [...days, ...days.slice().reverse(), ...days, ...days.slice(9).reverse()];
    let due = performance.now();
    for (const day of seq) {
      due += 1000 / 60;
      await page.mouse.move(pos.x + day * meta.dayWidth, pos.y);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const frames = await page.evaluate(() => window.__bench.stopFrames());
    if (cdp) {
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
      printHotspots(profile, dist);
      return "{}";
    }
    const trace = (await browser.stopTracing()).toString();
    if (SAVE) writeFileSync(SAVE, trace);
    const draws = await page.evaluate((from) => window.__bench.draws.slice(from), from);
    await page.mouse.up();
    const focus: boolean[] = [];
    for (let k = 0; k + 1 < frames.starts.length; k++)
      focus.push(draws.some((x) => x.t0 >= frames.starts[k] && x.t0 < frames.starts[k + 1]));
    const fw = frameWork(trace, "dragStart", frames.starts, focus);
    if ("error" in fw) return fw.error;
    return JSON.stringify({
      p95: fw.focusFrames!.perFrameCpuMs.p95,
      median: fw.focusFrames!.perFrameCpuMs.median,
      n: fw.focusFrames!.perFrameCpuMs.n,
      breakdown: fw.breakdownCpuMs,
    });
  } finally {
    await ctx.close();
  }
}

async function profileOnce(browser: Browser, url: string, dist: string): Promise<void> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await openHarness(page, url, 120_000);
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  await ctx.close();
  if (SAVE) writeFileSync(SAVE, JSON.stringify(profile));
  printHotspots(profile, dist);
}

function printHotspots(profile: CpuProfile, dist: string): void {
  const cache = new Map<string, (line: number, column: number) => string>();
  const sourceOf = (u: string) => {
    const m = /\/assets\/[^/?#]+\.js/.exec(u);
    if (!m || !existsSync(join(dist, `${m[0]}.map`))) return null;
    if (!cache.has(m[0])) cache.set(m[0], sourceLookup(readFileSync(join(dist, `${m[0]}.map`), "utf8")));
    return cache.get(m[0])!;
  };
  const h = hotspots(profile, sourceOf, 100, 40);
  process.stdout.write(`${dist}: total ${h.totalMs} ms, idle ${h.idleMs}\n`);
  for (const x of h.top) process.stdout.write(`  self ${x.ms} ${x.fn} ${x.source}\n`);
  for (const x of h.projectInclusive) process.stdout.write(`  incl ${x.ms} ${x.fn} ${x.source}\n`);
}

async function main(): Promise<void> {
  const configFile = join(REPO, "bench", "web", "vite.config.ts");
  for (let k = 0; k < dists.length; k++)
    if (toBuild.has(String.fromCharCode(97 + k)))
      await build({
        configFile,
        logLevel: "error",
        build: { outDir: dists[k], emptyOutDir: true, ...(UNMINIFIED ? { minify: false, sourcemap: true } : {}) },
      });
  const servers = await Promise.all(dists.map((d) => serveStatic(d, DATA_DIR)));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, OFFLINE] });
  const size = scenario.endsWith("100k") ? "100k" : "10k";
  const results: Record<string, unknown>[][] = dists.map(() => []);
  try {
    for (const s of servers) await once(browser, `${s.url}/index.html?size=${size}`, "paint");
    if (PROFILE && scenario === "drag") {
      for (let k = 0; k < servers.length; k++)
        await once(browser, `${servers[k].url}/index.html?size=${size}`, "drag", dists[k]);
      return;
    }
    if (PROFILE) {
      for (let k = 0; k < servers.length; k++)
        await profileOnce(browser, `${servers[k].url}/index.html?size=${size}`, dists[k]);
      return;
    }
    for (let r = 0; r < runs; r++)
      for (let k = 0; k < servers.length; k++) {
        const out = await once(browser, `${servers[k].url}/index.html?size=${size}`, scenario);
        process.stderr.write(`${String.fromCharCode(97 + k)} #${r + 1} ${out}\n`);
        try {
          results[k].push(JSON.parse(out) as Record<string, unknown>);
        } catch {
          /* an error line */
        }
      }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  results.forEach((list, k) => {
    const keys =
      scenario === "drag" ? ["p95", "median"] : scenario.startsWith("scroll") ? ["fps"] : ["wall", "main", "worker"];
    const med = Object.fromEntries(keys.map((key) => [key, median(list.map((x) => Number(x[key])))]));
    process.stdout.write(`${String.fromCharCode(97 + k)} ${dists[k]}: ${JSON.stringify(med)}\n`);
  });
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
