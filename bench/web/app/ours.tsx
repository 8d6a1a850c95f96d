// Harness page for Jalon's planning screen: mounts the real PlanningView full-screen. Nothing of web/src is
// edited; the page only observes it:
//  - fetch stand-in: GET /api/planning/data answers the generated plan (?size=10k|100k; compact or JSON, as the client
//    asks, like the server), PATCH /api/event/bulk-update
//    answers the engine's committed delta as the server would;
//  - Worker wrapper: times every comlink call to the engine worker (load, preview, commitMoveTo) and the delta sizes;
//  - Konva hook: times every draw of the bars layer (the stage's one layer inside [data-testid="gantt-canvas"],
//    which draws the grid, the links and the bars; the second of three in older builds); the first draw with pixels on it marks `barsDrawn`, the task after that frame's
//    paint marks `firstFrame`.
import { afterPaint, mark, nativeRaf, param, SIZE } from "./probe";
import { Layer } from "konva/lib/Layer";
import { createRoot } from "react-dom/client";
import { formatDay, parseDay } from "@jalon/engine";
import { PLANNING_COMPACT_TYPE } from "@jalon/shared/planning";
import { i18n, initI18n } from "../../../web/src/i18n";
import { planning } from "../../../web/src/i18n/fr/planning";
import { PlanningView } from "../../../web/src/planning/PlanningView";

const bench = window.__bench;

// ---- Bars layer draws -------------------------------------------------------------------------------------
export interface Draw {
  t0: number;
  t1: number;
  /** scrollTop / scrollLeft the draw used (read from drawBars' translate), when capturing. */
  top: number | null;
  left: number | null;
}
const draws: Draw[] = [];
/** Every Konva layer draw: which canvas (grid, bars or the time header), when, how long. */
export interface LayerDraw {
  layer: "grid" | "bars" | "header" | "other";
  t0: number;
  t1: number;
}
const layerDraws: LayerDraw[] = [];
let capture = false;
const layerKinds = new WeakMap<Layer, LayerDraw["layer"]>();
function kindOf(layer: Layer): LayerDraw["layer"] | null {
  let v = layerKinds.get(layer);
  if (v === undefined) {
    const stage = layer.getStage();
    if (!stage) return null;
    const k = stage.getLayers().indexOf(layer);
    // The Gantt stage has one layer (grid, links, bars and the link being drawn); an older build had three.
    const gantt = stage.container().closest('[data-testid="gantt-canvas"]') !== null;
    const layers = stage.getLayers().length;
    v = !gantt ? "header" : layers === 1 || k === 1 ? "bars" : k === 0 ? "grid" : "other";
    layerKinds.set(layer, v);
  }
  return v;
}
/** Whether anything is drawn on the layer, read from a 64 x 64 downscaled copy: a full-size getImageData would
 *  add a few ms of read-back to the page's own first-paint work. Every bar (12 px or more wide) leaves alpha in it. */
const probeCanvas = document.createElement("canvas");
probeCanvas.width = probeCanvas.height = 64;
function hasPixels(layer: Layer): boolean {
  const canvas = layer.getNativeCanvasElement();
  const ctx = probeCanvas.getContext("2d", { willReadFrequently: true });
  if (!ctx || canvas.width === 0 || canvas.height === 0) return false;
  ctx.clearRect(0, 0, 64, 64);
  ctx.drawImage(canvas, 0, 0, 64, 64);
  const px = new Uint32Array(ctx.getImageData(0, 0, 64, 64).data.buffer);
  for (let k = 0; k < px.length; k++) if (px[k] !== 0) return true;
  return false;
}
const drawScene = Layer.prototype.drawScene;
Layer.prototype.drawScene = function (this: Layer, ...args: Parameters<Layer["drawScene"]>) {
  const kind = kindOf(this);
  if (kind !== "bars") {
    const t0 = performance.now();
    const result = drawScene.apply(this, args);
    if (kind) layerDraws.push({ layer: kind, t0, t1: performance.now() });
    return result;
  }
  const raw = (this.getContext() as unknown as { _context: CanvasRenderingContext2D })._context;
  let tx: number | null = null;
  let ty: number | null = null;
  // Also captured until the view shows today's position (the first paint's end, see below).
  const capturing = capture || !("barsAtToday" in bench.marks);
  if (capturing) {
    const translate = raw.translate;
    raw.translate = function (x: number, y: number) {
      tx = x;
      ty = y;
      translate.call(this, x, y);
    };
  }
  const t0 = performance.now();
  const result = drawScene.apply(this, args);
  const t1 = performance.now();
  if (capturing) delete (raw as unknown as Record<string, unknown>).translate;
  draws.push({ t0, t1, top: ty === null ? null : -ty, left: tx === null ? null : -tx });
  layerDraws.push({ layer: "bars", t0, t1 });
  // Bars, not the empty grid the view draws while its data is in flight: the draw must come with the grid's rows.
  if (!("barsDrawn" in bench.marks) && document.querySelector('[data-testid="grid-row"]') !== null && hasPixels(this)) {
    mark("barsDrawn", t1);
    bench.notes.barsDrawMs = t1 - t0;
    afterPaint(() => mark("firstFrame"));
  }
  // The view opens scrolled to today: the first bars may be drawn at the range's start, then again at today's
  // scroll position. `settledFrame` is the first frame whose bars are drawn where the user will see them.
  const el = scroller();
  if (
    "barsDrawn" in bench.marks &&
    !("barsAtToday" in bench.marks) &&
    el &&
    el.scrollLeft > 0 &&
    tx !== null &&
    -tx === el.scrollLeft
  ) {
    mark("barsAtToday", t1);
    afterPaint(() => mark("settledFrame"));
  }
  return result;
};

// ---- Engine worker calls ----------------------------------------------------------------------------------
export interface WorkerCall {
  method: string;
  sent: number;
  received: number;
  /** ids.length of a delta answer, -1 otherwise. */
  size: number;
}
const calls: WorkerCall[] = [];
const pending = new Map<string, { method: string; sent: number }>();
let lastCommit: { ids: number[]; startDay: number[]; endDay: number[]; projectEndDay: number } | null = null;
const NativeWorker = window.Worker;
class ProbeWorker extends NativeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    // Registered before comlink's own listener: runs first.
    this.addEventListener("message", (e: MessageEvent) => {
      const d = e.data as {
        id?: string;
        value?: {
          ids?: ArrayLike<number>;
          startDay?: ArrayLike<number>;
          endDay?: ArrayLike<number>;
          projectEndDay?: number;
        };
      } | null;
      const p = d?.id ? pending.get(d.id) : undefined;
      if (!d?.id || !p) return;
      pending.delete(d.id);
      const received = performance.now();
      calls.push({ method: p.method, sent: p.sent, received, size: d.value?.ids ? d.value.ids.length : -1 });
      // loadDecoded: builds before 2026-12-07, whose worker decoded the answer.
      if ((p.method === "load" || p.method === "loadDecoded") && !("engineLoaded" in bench.marks)) {
        mark("engineLoaded", received);
        bench.notes.workerLoadMs = received - p.sent;
      }
      if (p.method === "commitMoveTo" && d.value?.ids && d.value.startDay && d.value.endDay) {
        lastCommit = {
          ids: Array.from(d.value.ids),
          startDay: Array.from(d.value.startDay),
          endDay: Array.from(d.value.endDay),
          projectEndDay: d.value.projectEndDay ?? 0,
        };
      }
    });
  }
  override postMessage(message: unknown, transfer?: unknown): void {
    const m = message as { id?: string; type?: string; path?: string[] } | null;
    if (m?.id && m.type === "APPLY") pending.set(m.id, { method: (m.path ?? []).join("."), sent: performance.now() });
    super.postMessage(message, transfer as Transferable[]);
  }
}
window.Worker = ProbeWorker;

// ---- API stand-in -----------------------------------------------------------------------------------------
const nativeFetch = window.fetch.bind(window);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.pathname === "/api/planning/data") {
    // Content negotiation as the server does it (planningSend.ts): the compact form (made by the shared encoder,
    // generate.ts) to a client that prefers it, as the planning screen does, else the JSON answer. The response
    // goes to the view untouched; only its body's reading is observed (text() for JSON, the stream's reads or
    // arrayBuffer() for the compact bytes, which the view hands to its engine worker).
    mark("dataRequested");
    const accept = new Headers(init?.headers).get("Accept") ?? "";
    const compact = accept.split(",")[0].trim() === PLANNING_COMPACT_TYPE;
    const res = await nativeFetch(`./data/planning-${SIZE}.${compact ? "bin" : "json"}`);
    mark("dataResponse");
    if (compact) {
      // The view reads the bytes from the body's stream (web/src/api/http.ts, readBytes): the last read marks them
      // received. arrayBuffer() is observed too, for a build that reads them that way.
      const stream = res.body;
      if (stream) {
        const getReader = stream.getReader.bind(stream) as () => ReadableStreamDefaultReader<Uint8Array>;
        let bytes = 0;
        stream.getReader = (() => {
          const reader = getReader();
          const read = reader.read.bind(reader);
          reader.read = async () => {
            const chunk = await read();
            if (chunk.done) {
              mark("dataReceived");
              bench.notes.dataBytes = bytes;
            } else bytes += chunk.value.byteLength;
            return chunk;
          };
          return reader;
        }) as typeof stream.getReader;
      }
      const arrayBuffer = res.arrayBuffer.bind(res);
      res.arrayBuffer = async () => {
        const body = await arrayBuffer();
        mark("dataReceived");
        bench.notes.dataBytes = body.byteLength;
        return body;
      };
      return res;
    }
    const text = res.text.bind(res);
    res.text = async () => {
      const body = await text();
      mark("dataReceived");
      bench.notes.dataBytes = body.length;
      return body;
    };
    return res;
  }
  if (url.pathname === "/api/event/bulk-update") {
    // The server re-runs the same move: answer the engine's committed delta (dates of every moved event).
    const c = lastCommit ?? { ids: [], startDay: [], endDay: [], projectEndDay: 0 };
    bench.notes.bulkUpdates = ((bench.notes.bulkUpdates as number | undefined) ?? 0) + 1;
    return json({
      ids: c.ids,
      startDates: c.startDay.map(formatDay),
      endDates: c.endDay.map(formatDay),
      revisions: c.ids.map(() => 2),
      projectedEndDate: c.projectEndDay ? formatDay(c.projectEndDay) : null,
      undoRemaining: 1,
    });
  }
  return nativeFetch(input, init);
};

// ---- Driver helpers -----------------------------------------------------------------------------------------
const scroller = () => document.querySelector<HTMLElement>('[data-testid="planning-scroller"]');

/** Scrolls the planning scroller down by `step` px in every frame for `durationMs`, then waits 10 frames. */
async function scrollRun(step: number, durationMs: number) {
  const el = scroller();
  if (!el) throw new Error("no planning scroller");
  capture = true;
  const from = draws.length;
  const fromLayers = layerDraws.length;
  const stamps: number[] = [];
  const starts: number[] = [];
  const sets: { t: number; top: number }[] = [];
  let top = el.scrollTop;
  await new Promise<void>((resolve) => {
    const t0 = performance.now();
    const tick = (t: number) => {
      const now = performance.now();
      starts.push(now);
      stamps.push(t);
      if (now - t0 >= durationMs) return resolve();
      top += step;
      el.scrollTop = top;
      sets.push({ t: performance.now(), top });
      nativeRaf(tick);
    };
    nativeRaf(tick);
  });
  await bench.frames(10);
  capture = false;
  return {
    stamps,
    starts,
    sets,
    draws: draws.slice(from),
    layerDraws: layerDraws.slice(fromLayers),
    scrollTop: el.scrollTop,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  };
}

Object.assign(bench, {
  draws,
  layerDraws,
  calls,
  scrollRun,
  setCapture: (on: boolean) => {
    capture = on;
  },
});

// ---- Mount ----------------------------------------------------------------------------------------------
const today = parseDay(param("today") ?? "2026-12-01");
const notices: string[] = [];
bench.notes.notices = notices;
// Only the planning texts, given as resources (no lazy bundle request before the mount); added again as a bundle
// in case initI18n was already started with other resources.
void initI18n(planning).then(() => {
  i18n.addResourceBundle("fr", "translation", planning, true, true);
  mark("mount");
  const root = document.getElementById("root");
  if (!root) throw new Error("no #root");
  // No router: the view takes the compared versions from its page (none here) and reads no URL.
  createRoot(root).render(
    <PlanningView
      projectId={1}
      versionId={1}
      today={today}
      notify={(kind, text) => notices.push(`${kind}: ${text}`)}
    />,
  );
});
