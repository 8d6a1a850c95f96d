// Timing probe shared by both harness pages. Imported first, so it runs before the Gantt code: it marks the
// script start, wraps requestAnimationFrame to know whether code runs inside a frame's callbacks, and exposes
// `window.__bench` (marks, a frame recorder) to the Playwright driver (bench/web/run.ts).
// Times are performance.now() values: milliseconds since navigation start.
import { READY_MESSAGE } from "../ready";

export interface FrameLog {
  /** rAF timestamps (frame begin, vsync-aligned). */
  stamps: number[];
  /** performance.now() when the probe's callback ran (it is the first callback of each frame). */
  starts: number[];
}

export interface BenchProbe {
  page: string;
  size: string;
  marks: Record<string, number>;
  errors: string[];
  notes: Record<string, unknown>;
  startFrames: () => void;
  stopFrames: () => FrameLog;
  /** Resolves after n more frames have been painted. */
  frames: (n: number) => Promise<void>;
  mark: (name: string, at?: number) => number;
  // Page-specific additions (ours.tsx / dhtmlx.tsx).
  [key: string]: unknown;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

const query = new URLSearchParams(location.search);
export const SIZE = query.get("size") ?? "10k";
export const param = (name: string): string | null => query.get(name);

/** The browser's own requestAnimationFrame (the probe's callbacks are not counted as Gantt frame work). */
export const nativeRaf = window.requestAnimationFrame.bind(window);
let depth = 0;
/** True while requestAnimationFrame callbacks run (the frame is painted right after them). */
export const inFrame = (): boolean => depth > 0;
window.requestAnimationFrame = (cb: FrameRequestCallback): number =>
  nativeRaf((t) => {
    depth++;
    try {
      cb(t);
    } finally {
      depth--;
    }
  });

/** Calls cb after the frame that shows the current DOM/canvas state has been produced (a task after the paint). */
export function afterPaint(cb: () => void): void {
  if (inFrame()) postTask(cb);
  else nativeRaf(() => postTask(cb));
}

/** Runs cb in a new task (after the rendering step when called from a frame callback). */
export function postTask(cb: () => void): void {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => cb();
  ch.port2.postMessage(0);
}

/**
 * Logged once the page's first paint is measured (or has failed): the driver waits for this console message, not by
 * polling the page (Playwright's waitForFunction evaluates its injected script, 300 KB, in the page: 10-30 ms of
 * the main thread in the middle of the load it measures, for both pages).
 */
/** The page's last first-paint mark: Jalon's page also waits for the frame at today's scroll position (ours.tsx). */
const LAST_PAINT_MARK = location.pathname.includes("dhtmlx") ? "firstFrame" : "settledFrame";
let ready = false;
function signalReady(): void {
  if (ready) return;
  ready = true;
  console.log(READY_MESSAGE);
}

export function mark(name: string, at?: number): number {
  const t = at ?? performance.now();
  const marks = window.__bench.marks;
  marks[name] = t;
  performance.mark(`bench:${name}`, { startTime: t });
  if ("firstFrame" in marks && LAST_PAINT_MARK in marks) signalReady();
  return t;
}

/** A failure of the page: recorded for the driver, which stops waiting for the paint. */
export function fail(message: string): void {
  window.__bench.errors.push(message);
  signalReady();
}

let recording: FrameLog | null = null;
function loop(t: number): void {
  if (!recording) return;
  recording.starts.push(performance.now());
  recording.stamps.push(t);
  nativeRaf(loop);
}

window.__bench = {
  page: location.pathname,
  size: SIZE,
  marks: {},
  errors: [],
  notes: {},
  startFrames: () => {
    recording = { stamps: [], starts: [] };
    nativeRaf(loop);
  },
  stopFrames: () => {
    const r = recording ?? { stamps: [], starts: [] };
    recording = null;
    return r;
  },
  frames: (n: number) =>
    new Promise<void>((resolve) => {
      let left = n;
      const step = () => (--left <= 0 ? postTask(resolve) : nativeRaf(step));
      nativeRaf(step);
    }),
  mark: (name: string, at?: number) => mark(name, at),
};
mark("scriptStart");

// Diagnostics (?diag=1, used by the profiling runs): a minimal React DevTools hook that logs every commit of each
// renderer (react-dom for the grid, react-konva for the canvases). Installed before React loads.
export interface Commit {
  renderer: string;
  t: number;
}
if (param("diag") === "1") {
  const commits: Commit[] = [];
  const names = new Map<number, string>();
  window.__bench.commits = commits;
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: (internals: { rendererPackageName?: string }) => {
      const id = names.size + 1;
      names.set(id, internals.rendererPackageName ?? `renderer${id}`);
      return id;
    },
    onCommitFiberRoot: (id: number) =>
      void commits.push({ renderer: names.get(id) ?? String(id), t: performance.now() }),
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onScheduleFiberRoot: () => {},
    setStrictMode: () => {},
    checkDCE: () => {},
  };
}
window.addEventListener("pointerdown", () => mark("pointerDown"), true);
window.addEventListener("pointerup", () => mark("pointerUp"), true);
window.addEventListener("error", (e) => fail(String(e.message)));
window.addEventListener("unhandledrejection", (e) => fail(String(e.reason)));
