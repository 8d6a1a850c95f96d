// Statistics, Chrome trace and CPU profile reduction for the web benchmark (Node side).

export interface Summary {
  median: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summary(xs: readonly number[]): Summary {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: round1(quantile(s, 0.5)),
    p95: round1(quantile(s, 0.95)),
    min: round1(s[0] ?? NaN),
    max: round1(s[s.length - 1] ?? NaN),
    n: s.length,
  };
}

export function median(xs: readonly number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

export function intervals(stamps: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 1; k < stamps.length; k++) out.push(stamps[k] - stamps[k - 1]);
  return out;
}

// ---- Chrome trace -------------------------------------------------------------------------------------------
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { startTime?: number } };
}

export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "blink.user_timing",
  "v8",
];

export interface FrameWork {
  /** Main-thread busy wall time (sum of top-level tasks, clipped) in each frame interval. */
  perFrameMs: Summary;
  /** The same in thread CPU time (what other processes on the machine cannot inflate). */
  perFrameCpuMs: Summary;
  /** The frames of interest only (e.g. the frames in which the bars canvas was redrawn), wall and CPU. */
  focusFrames?: { perFrameMs: Summary; perFrameCpuMs: Summary };
  framesOver8Ms: number;
  framesOver16Ms: number;
  /** Frames whose main-thread CPU time alone exceeds one 60 Hz frame (16.7 ms): what the page could not fit even on an idle machine. */
  framesOver16MsCpu: number;
  longestTaskMs: number;
  busyShare: number;
  /** Where the CPU time went: trace events by name (inclusive; thread CPU ms over the whole window). */
  breakdownCpuMs: Record<string, number>;
}

/**
 * Main-thread work per frame from a trace: frame intervals are the in-page frame starts (performance.now() of the
 * probe's rAF callback), aligned with the trace clock through the user-timing mark `bench:${markName}`.
 * A task's CPU time (tdur) is spread over the frames it overlaps in proportion to its wall time in each.
 */
export function frameWork(
  traceJson: string,
  markName: string,
  frameStarts: readonly number[],
  focus?: readonly boolean[],
): FrameWork | { error: string } {
  const events = (JSON.parse(traceJson) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === `bench:${markName}` && e.cat.includes("user_timing"));
  if (!mark || mark.args?.data?.startTime === undefined) return { error: `mark bench:${markName} not in the trace` };
  const offset = mark.ts - mark.args.data.startTime * 1000;
  const main = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === "X" && e.dur !== undefined);
  // Top-level tasks (a task inside another one, from a nested run loop, is skipped).
  const all = main.filter((e) => e.name === "RunTask").sort((a, b) => a.ts - b.ts);
  const tasks: { a: number; b: number; cpu: number }[] = [];
  let end = -Infinity;
  for (const e of all) {
    if (e.ts + e.dur! <= end) continue;
    tasks.push({
      a: Math.max(e.ts, end),
      b: e.ts + e.dur!,
      cpu: ((e.tdur ?? e.dur!) * (e.ts + e.dur! - Math.max(e.ts, end))) / Math.max(1, e.dur!),
    });
    end = e.ts + e.dur!;
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  let j = 0;
  const w0 = frameStarts[0] * 1000 + offset;
  const w1 = frameStarts[frameStarts.length - 1] * 1000 + offset;
  for (let k = 0; k + 1 < frameStarts.length; k++) {
    const a = frameStarts[k] * 1000 + offset;
    const b = frameStarts[k + 1] * 1000 + offset;
    while (j < tasks.length && tasks[j].b <= a) j++;
    let busy = 0;
    let used = 0;
    for (let i = j; i < tasks.length && tasks[i].a < b; i++) {
      const t = tasks[i];
      const o = Math.min(b, t.b) - Math.max(a, t.a);
      busy += o;
      used += (t.cpu * o) / Math.max(1, t.b - t.a);
    }
    wall.push(busy / 1000);
    cpu.push(used / 1000);
  }
  let longest = 0;
  for (const t of tasks) if (t.a >= w0 && t.b <= w1) longest = Math.max(longest, t.b - t.a);
  const names = [
    "FunctionCall",
    "FireAnimationFrame",
    "EventDispatch",
    "UpdateLayoutTree",
    "Layout",
    "PrePaint",
    "Paint",
    "Layerize",
    "Commit",
    "MinorGC",
    "MajorGC",
    "HitTest",
  ];
  const breakdown: Record<string, number> = {};
  for (const e of main) {
    if (!names.includes(e.name) || e.ts < w0 || e.ts > w1) continue;
    breakdown[e.name] = (breakdown[e.name] ?? 0) + (e.tdur ?? e.dur!) / 1000;
  }
  for (const k of Object.keys(breakdown)) breakdown[k] = round1(breakdown[k]);
  const total = wall.reduce((s, x) => s + x, 0);
  const pick = (xs: number[]) => xs.filter((_, k) => focus?.[k]);
  return {
    perFrameMs: summary(wall),
    perFrameCpuMs: summary(cpu),
    focusFrames: focus ? { perFrameMs: summary(pick(wall)), perFrameCpuMs: summary(pick(cpu)) } : undefined,
    framesOver8Ms: wall.filter((x) => x > 8).length,
    framesOver16Ms: wall.filter((x) => x > 16.7).length,
    framesOver16MsCpu: cpu.filter((x) => x > 16.7).length,
    longestTaskMs: round1(longest / 1000),
    busyShare: Math.round((total / Math.max(1e-9, (w1 - w0) / 1000)) * 100) / 100,
    breakdownCpuMs: breakdown,
  };
}

export interface LoadCpu {
  /** From navigation start to the mark. */
  windowMs: number;
  /** Renderer main thread: busy wall time and CPU time of its top-level tasks in the window. */
  mainBusyMs: number;
  mainCpuMs: number;
  /** Dedicated worker threads of the page (the engine worker), CPU time in the window. */
  workerCpuMs: number;
}

/** CPU spent by the page from navigation start (its time origin) to the user-timing mark `bench:${markName}`. */
export function loadCpu(traceJson: string, markName: string): LoadCpu | { error: string } {
  const events = (JSON.parse(traceJson) as { traceEvents: (TraceEvent & { args?: { name?: string } })[] }).traceEvents;
  const mark = events.find((e) => e.name === `bench:${markName}` && e.cat.includes("user_timing"));
  if (!mark || mark.args?.data?.startTime === undefined) return { error: `mark bench:${markName} not in the trace` };
  const w0 = mark.ts - mark.args.data.startTime * 1000;
  const w1 = mark.ts;
  const workers = new Set(
    events
      .filter(
        (e) => e.ph === "M" && e.name === "thread_name" && e.pid === mark.pid && /Worker/i.test(String(e.args?.name)),
      )
      .map((e) => e.tid),
  );
  let mainBusy = 0;
  let mainCpu = 0;
  let workerCpu = 0;
  const ends = new Map<number, number>();
  for (const e of events
    .filter((x) => x.name === "RunTask" && x.ph === "X" && x.pid === mark.pid)
    .sort((a, b) => a.ts - b.ts)) {
    const main = e.tid === mark.tid;
    if (!main && !workers.has(e.tid)) continue;
    const end = ends.get(e.tid) ?? -Infinity;
    const a = Math.max(e.ts, end, w0);
    const b = Math.min(e.ts + e.dur!, w1);
    if (e.ts + e.dur! > end) ends.set(e.tid, e.ts + e.dur!);
    if (b <= a) continue;
    const cpu = ((e.tdur ?? e.dur!) * (b - a)) / Math.max(1, e.dur!);
    if (main) {
      mainBusy += b - a;
      mainCpu += cpu;
    } else workerCpu += cpu;
  }
  return {
    windowMs: round1((w1 - w0) / 1000),
    mainBusyMs: round1(mainBusy / 1000),
    mainCpuMs: round1(mainCpu / 1000),
    workerCpuMs: round1(workerCpu / 1000),
  };
}

// ---- CPU profile ---------------------------------------------------------------------------------------------
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Hotspot {
  fn: string;
  source: string;
  /** Self time in `top`, inclusive time in `projectInclusive`. */
  ms: number;
  share: number;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Source file of a generated (0-based) line and column, from a bundle's source map (version 3; a minimal
 * decoder of the `mappings` VLQ segments). Paths are shortened to the repository or to the npm package.
 */
export function sourceLookup(mapJson: string): (line: number, column: number) => string {
  const map = JSON.parse(mapJson) as { sources: string[]; mappings: string };
  const sources = map.sources.map((s) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(s);
    return pkg ? pkg[1] : s.replace(/^(\.\.\/)+/, "");
  });
  const lines: Int32Array[] = [];
  let src = 0;
  for (const text of map.mappings.split(";")) {
    const segs: number[] = [];
    let col = 0;
    for (const seg of text.split(",")) {
      if (!seg) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length > 1) src += fields[1];
      segs.push(col, fields.length > 1 ? src : -1);
    }
    lines.push(Int32Array.from(segs));
  }
  return (line, column) => {
    const segs = lines[line];
    if (!segs) return "";
    let found = -1;
    for (let k = 0; k < segs.length; k += 2) {
      if (segs[k] > column) break;
      if (segs[k + 1] >= 0) found = segs[k + 1];
    }
    return found >= 0 ? sources[found] : "";
  };
}

/**
 * Self time by function (module from the bundle's source map), largest first; and the inclusive (total) time of
 * the project's own functions (web/, shared/, engine/ sources), which says what a call such as buildModel costs.
 * A sample stands for at most two sampling intervals: on a busy machine a longer gap means the thread was
 * descheduled, and that wall time would otherwise land on whatever function was interrupted.
 */
export function hotspots(
  profile: CpuProfile,
  sourceOf: (url: string) => ((line: number, column: number) => string) | null,
  intervalUs: number,
  top = 15,
): { totalMs: number; idleMs: number; top: Hotspot[]; projectInclusive: Hotspot[] } {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = new Map<number, { key: string; fn: string; source: string }>();
  for (const n of profile.nodes) {
    const cf = n.callFrame;
    const lookup = cf.url ? sourceOf(cf.url) : null;
    const source = cf.url ? lookup?.(cf.lineNumber, cf.columnNumber) || cf.url.replace(/^.*\//, "") : "";
    const fn = cf.functionName || "(anonymous)";
    keyOf.set(n.id, { key: `${fn}|${source}`, fn, source });
  }
  const self = new Map<string, Hotspot>();
  const incl = new Map<string, Hotspot>();
  let total = 0;
  let idle = 0;
  for (let k = 0; k < profile.samples.length; k++) {
    const dt = Math.min(profile.timeDeltas[k + 1] ?? 0, 2 * intervalUs) / 1000;
    const id = profile.samples[k];
    const info = keyOf.get(id)!;
    if (info.fn === "(idle)") {
      idle += dt;
      continue;
    }
    total += dt;
    const h = self.get(info.key) ?? { fn: info.fn, source: info.source, ms: 0, share: 0 };
    h.ms += dt;
    self.set(info.key, h);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const i = keyOf.get(n)!;
      if (seen.has(i.key) || !/^(web|shared|engine)\//.test(i.source)) continue;
      seen.add(i.key);
      const x = incl.get(i.key) ?? { fn: i.fn, source: i.source, ms: 0, share: 0 };
      x.ms += dt;
      incl.set(i.key, x);
    }
  }
  const finish = (list: Hotspot[]) =>
    list.map((h) => ({ ...h, ms: round1(h.ms), share: Math.round((h.ms / Math.max(1e-9, total)) * 1000) / 1000 }));
  return {
    totalMs: round1(total),
    idleMs: round1(idle),
    top: finish([...self.values()].sort((a, b) => b.ms - a.ms).slice(0, top)),
    projectInclusive: finish([...incl.values()].sort((a, b) => b.ms - a.ms).slice(0, top)),
  };
}
