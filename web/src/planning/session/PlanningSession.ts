import * as Comlink from "comlink";
import { createStore, type StoreApi } from "zustand/vanilla";
import { formatDay, LINK_TYPE_NAMES, parseDay } from "@jalon/engine";
import {
  decodeCompact,
  fromWire,
  withEventColumns,
  withSlice,
  type PlanningData,
  type PlanningDataWire,
} from "@jalon/shared/planning";
import { datesOf } from "../model";
import { graphToTransfer, type DeltaMessage } from "../engine/transfer";
import { prewarmEngineWorker, startEngineWorker } from "../engine/engineClient";
import type { PlanningEngine } from "../engine/planningEngine";
import { planningApi, type EventEdit, type MoveResult, type PlanningLoad, type PlanningQuery } from "../planningApi";
import { ApiError } from "../../api/http";
import type { DayRange } from "../range";
import { POINTER_IDLE, type PointerState, type Rect } from "../tools/pointerMachine";
import { Viewport } from "../viewport/Viewport";
import { planningTestApi, type DrawnView, type PlanningTestApi } from "./testApi";
import { undoRedoOf } from "../undo/undoRedo";

export type Days = readonly [number, number];
export type LinkTypeName = (typeof LINK_TYPE_NAMES)[number];
/** A link as the model shows it (the engine's type number). */
export interface ShownLink {
  parentId: number;
  childId: number;
  type: number;
  delay: number;
}
export type DayMap = ReadonlyMap<number, Days>;
/** A move's outcome: the events whose dates the server changed, and the project's end after it. */
export interface MoveReport {
  changed: readonly number[];
  projectEnd: number | null;
}

/** What the engine offers the screen, whether it runs in a worker (browser) or in this thread (tests). */
export type AsyncEngine = {
  [K in keyof PlanningEngine]: PlanningEngine[K] extends (...a: infer A) => infer R
    ? (...a: A) => Promise<Awaited<R>>
    : never;
};

/**
 * The same engine in this thread, where there is no Worker (tests): loaded on its first call, so the planning's
 * bundle does not carry the engine the worker runs. Calls keep their order (each waits on the same load).
 */
export function inThreadEngine(): AsyncEngine {
  let engine: Promise<PlanningEngine> | null = null;
  return new Proxy({} as AsyncEngine, {
    get:
      (_t, name: keyof PlanningEngine) =>
      (...args: unknown[]) =>
        (engine ??= import("../engine/planningEngine").then((m) => new m.PlanningEngine())).then((e) =>
          (e[name] as (...a: unknown[]) => unknown).apply(e, args),
        ),
  });
}

/** The session's state, rendered by the view (one store: one render per change, none on a pointer move). */
export interface SessionState {
  data: PlanningData | null;
  /** The load's error code, if it failed. */
  error: string | null;
  /** Committed dates of the whole version (server truth plus our committed moves). */
  dates: DayMap;
  /**
   * The dates the model was built from (the load's), and the committed dates that changed since (our moves, the
   * server's results, other users' pushed moves). A move is drawn from `moved` over the model instead of rebuilding
   * the model from every event (bench/web: each drop rebuilt the 10k events twice, 150 to 430 ms to settle). Rows
   * keep their order until the next load; aggregated groups, whose merged bars come from the dates, rebuild.
   */
  modelDates: DayMap;
  moved: DayMap;
  /** Dates of a drag or resize in progress: drawn over the committed ones. */
  preview: DayMap | null;
  /** The project's end with the preview's dates (the header's live "Fin projetée"); read while `preview` is set. */
  previewEnd?: number | null;
  /** Broken links as "parentId-childId". */
  violated: ReadonlySet<string>;
  projectEnd: number | null;
  /** The displayed range widened past the base range `baseKey` (scrolling past an edge); the view's otherwise. */
  extended: { baseKey: string; range: DayRange } | null;
  /** "Tout le projet": the project's range, kept while the date filter (`filterKey`) is unchanged. */
  fit: { filterKey: string; range: DayRange } | null;
  /** The link picked on the chart (by its ends: indices change with every reload), shown with its editor. */
  selectedLink: { parentId: number; childId: number } | null;
}

/**
 * What the pointer shows over the chart, in content coordinates: its cursor, the link being drawn, the rubber band.
 * A store of its own, read by the canvas alone: a pointer move re-renders nothing else.
 */
export interface ChartOverlay {
  cursor: string;
  draft: Rect | null;
  box: Rect | null;
}

/**
 * A message for the user. `afterProgress`: the confirmation of a write whose progress the server may have shown (a
 * move of several tasks): it takes that toast's place, one toast per action (issue 20).
 */
export type Notify = (
  kind: "success" | "warning" | "error" | "info",
  text: string,
  options?: { afterProgress?: boolean },
) => void;

/** What the session asks of its host (the screen): messages, translations, a full reload. */
export interface SessionHost {
  projectId: number;
  versionId: number;
  /** The public planning's token: its calls go to the public route. */
  publicToken?: string;
  notify?: Notify;
  t: (key: string, options?: Record<string, unknown>) => string;
  onLoaded?: (data: PlanningData) => void;
  /** Loads the version again (after a failed write, or any structural one). */
  reload: () => void;
}

/** Another user's dates delta as the realtime store numbers it (store/refresh.ts). */
export interface PushedDates {
  ids: number[];
  startDates: string[];
  endDates: string[];
  /** Each event's revision after the write (0: not known, applied as is). */
  revisions?: number[];
  seq: number;
}

const EMPTY: DayMap = new Map();

export function deltaToMap(d: DeltaMessage): Map<number, Days> {
  const m = new Map<number, Days>();
  for (let k = 0; k < d.ids.length; k++) m.set(d.ids[k], [d.startDay[k], d.endDay[k]]);
  return m;
}

function violationSet(v: ArrayLike<number>): Set<string> {
  const s = new Set<string>();
  for (let k = 0; k < v.length; k += 2) s.add(`${v[k + 1]}-${v[k]}`);
  return s;
}

/**
 * One planning version on screen, without React (after tldraw's Editor): the engine in its worker, the revisions
 * sent back with each write, the previews of a drag, the commits (engine first, then the server, whose answer
 * wins), the dates pushed by other users, and the structural writes that reload. The view renders `store`.
 * Tested headlessly with the real engine in this thread (PlanningSession.test.ts).
 */
export class PlanningSession {
  readonly store: StoreApi<SessionState>;
  readonly overlay: StoreApi<ChartOverlay> = createStore<ChartOverlay>(() => ({
    cursor: "default",
    draft: null,
    box: null,
  }));
  /** The scroll element, its offset and size, the user's scrolls and pans (viewport/Viewport.ts). */
  readonly viewport = new Viewport();
  /** The pointer machine's state (tools/pointerMachine.ts): not rendered, so a drag frame renders nothing in React. */
  pointer: PointerState = POINTER_IDLE;
  engine: AsyncEngine | null;
  host: SessionHost;
  /** Revision of each event as last seen (sent back with a write); made from the answer's column on first use. */
  private revisionsOf: { graph: PlanningData["graph"] | null; map: Map<number, number> | null } = {
    graph: null,
    map: null,
  };
  /** Pushed deltas are numbered: each is applied once, and only when newer than the data it would land on. */
  private appliedPushSeq: number;
  /** What the view last drew: set by the view after each commit, read by the test API only. */
  drawn: DrawnView | null = null;
  /** The documented test API (session/testApiTypes.ts), exposed as window.__jalonPlanning to driven browsers. */
  readonly testApi: PlanningTestApi = planningTestApi(() => this.drawn);
  // Range loading (issue 14). Loads are numbered: an extension answered after a load started is dropped, the data
  // it would merge into being replaced.
  private loadSeq = 0;
  private loadsInFlight = 0;
  /** The base range (the view's key) whose events the data holds: set by a load and by a new base range. */
  loadedBase: string | null = null;
  /** Months being loaded past an edge or for a new base range: the scroll moves when they land. */
  extending = false;
  private pendingPreview: { selection: number[]; k: number; keep: () => boolean } | null = null;
  private previewInFlight = false;

  constructor(host: SessionHost, options: { engine?: AsyncEngine; pushedSeq?: number } = {}) {
    this.host = host;
    this.engine = options.engine ?? (typeof Worker === "undefined" ? inThreadEngine() : null);
    this.appliedPushSeq = options.pushedSeq ?? 0;
    this.store = createStore<SessionState>(() => ({
      data: null,
      error: null,
      dates: EMPTY,
      modelDates: EMPTY,
      moved: EMPTY,
      preview: null,
      violated: new Set(),
      projectEnd: null,
      extended: null,
      fit: null,
      selectedLink: null,
    }));
  }

  get state(): SessionState {
    return this.store.getState();
  }

  /** Makes the worker start() will take, ahead of it (called when the screen first renders). */
  prewarm(): void {
    if (this.engine === null) prewarmEngineWorker();
  }

  /** Starts the engine worker (browser); returns its stop. Without a Worker the in-thread engine stays. */
  start(): () => void {
    if (typeof Worker === "undefined" || this.engine) return () => undefined;
    const w = startEngineWorker();
    this.engine = w.engine as unknown as AsyncEngine;
    return () => {
      this.engine = null;
      w.terminate();
    };
  }

  revisions(): Map<number, number> {
    const r = this.revisionsOf;
    if (r.map === null) {
      r.map = new Map<number, number>();
      if (r.graph) for (let i = 0; i < r.graph.ids.length; i++) r.map.set(r.graph.ids[i], r.graph.revision[i]);
    }
    return r.map;
  }

  /**
   * A load's answer: the graph goes to the engine (posted before the view's render and awaited after it, so the
   * worker prepares the plan while the main thread draws), the dates to the store. `pushedSeq` is the last pushed
   * delta when the request left: the answer holds it, a later one applies over it. `current` says whether the
   * load still matters when the engine answers.
   */
  async loaded(d: PlanningData, pushedSeq: number, current: () => boolean = () => true): Promise<void> {
    const transfer = graphToTransfer(d.graph);
    const buffers = Object.values(transfer).map((a) => (a as ArrayBufferView).buffer as ArrayBuffer);
    const loading = this.engine?.load(Comlink.transfer(transfer, buffers), d.calendars);
    this.revisionsOf = { graph: d.graph, map: null };
    this.appliedPushSeq = pushedSeq;
    const loadedDates = datesOf(d);
    this.store.setState({
      dates: loadedDates,
      modelDates: loadedDates,
      moved: EMPTY,
      preview: null,
      data: d,
      error: null,
    });
    this.host.onLoaded?.(d);
    const result = await loading;
    if (!current()) return;
    this.store.setState({
      projectEnd: result ? result.projectEndDay : null,
      violated: result ? violationSet(result.violations) : new Set(),
    });
  }

  /**
   * A full load (graph and displayed months) for the base range `baseKey`; `request` may have left before (see
   * earlyRequest.ts). `pushedSeq`: the last pushed delta when it left (see loaded()).
   */
  async load(
    request: Promise<PlanningLoad>,
    baseKey: string,
    pushedSeq: number,
    current: () => boolean,
  ): Promise<void> {
    this.loadSeq++;
    this.loadsInFlight++;
    let d: PlanningData;
    try {
      const answer = await request;
      if ("data" in answer) d = answer.data;
      else {
        // Decoded here: the head's JSON parsed, the columns typed arrays on the received bytes; loaded() then sends
        // the graph to the engine worker. The worker decoded the bytes until 2026-12-07, but the screen waited for it
        // (its decoding, then its answer's strings rebuilt here): decoding here made the 100k plan's first paint 76 ms
        // sooner in alternated bench/web runs.
        d = fromWire(decodeCompact<PlanningDataWire>(answer.compact));
      }
    } finally {
      this.loadsInFlight--;
    }
    if (!current()) return;
    this.loadedBase = baseKey;
    await this.loaded(d, pushedSeq, current);
  }

  /** Whether months can be added to the data of base range `baseKey` now (loaded, nothing else in flight). */
  canExtend(baseKey: string): boolean {
    return !!this.state.data && !this.extending && this.loadsInFlight === 0 && this.loadedBase === baseKey;
  }

  /** Whether the data holds another base range than `baseKey`, and no load would bring it. */
  needsRange(baseKey: string): boolean {
    return !!this.state.data && this.loadedBase !== null && this.loadedBase !== baseKey && this.loadsInFlight === 0;
  }

  private slice(query: Omit<PlanningQuery, "startDate" | "endDate"> & { startDate: string; endDate: string }) {
    const token = this.host.publicToken;
    return token ? planningApi.publicSlice(token, query) : planningApi.slice(query);
  }

  /**
   * Months added past an edge (`months` in the filters' query): only their events are asked (eventsOnly: the
   * graph is held already, so nothing crosses to the engine worker, whose graph is the whole version's) and merged
   * into the data, and the range widened in the same change (one render). `landing` runs just before (the view
   * keeps its scroll). False if dropped or failed.
   */
  async extend(
    query: Omit<PlanningQuery, "projectId" | "versionId">,
    extended: { baseKey: string; range: DayRange },
    landing: () => void,
  ): Promise<boolean> {
    const { baseKey } = extended;
    const seq = this.loadSeq;
    this.extending = true;
    try {
      const slice = await this.slice({ projectId: this.host.projectId, versionId: this.host.versionId, ...query });
      // A load that started meanwhile replaces the data this slice would be merged into.
      const data = this.state.data;
      if (!data || seq !== this.loadSeq || this.loadsInFlight > 0 || this.loadedBase !== baseKey) return false;
      landing();
      // A slice read at a later write counter only adds display attributes: the dates are the graph's we hold
      // (kept current by moves and pushed deltas), and a new event reaches us by the realtime refresh.
      const merged = withSlice(data, slice.eventColumns);
      this.store.setState({ data: merged, extended });
      this.host.onLoaded?.(merged);
      return true;
    } catch (e) {
      const { t } = this.host;
      this.host.notify?.(
        "error",
        t(e instanceof ApiError ? `errors.${e.code}` : "errors.default", { defaultValue: t("errors.default") }),
      );
      return false;
    } finally {
      this.extending = false;
    }
  }

  /**
   * A new base range over the same data otherwise ("Tout le projet", back to the default): only its events are
   * asked (eventsOnly) and replace the shown ones; the graph, and the engine worker's copy of it, stay.
   */
  async replaceRange(
    query: Omit<PlanningQuery, "projectId" | "versionId">,
    baseKey: string,
    current: () => boolean,
  ): Promise<void> {
    const seq = this.loadSeq;
    this.extending = true;
    try {
      const slice = await this.slice({ projectId: this.host.projectId, versionId: this.host.versionId, ...query });
      const data = this.state.data;
      if (!data || !current() || seq !== this.loadSeq || this.loadsInFlight > 0) return;
      this.loadedBase = baseKey;
      this.setData(withEventColumns(data, slice.eventColumns));
    } catch (e) {
      if (current()) this.failed(e);
    } finally {
      this.extending = false;
    }
  }

  failed(e: unknown): void {
    this.store.setState({ error: e instanceof ApiError ? e.code : "default" });
  }

  /** Event columns merged or replaced by the range loading: the graph and the engine's copy stay. */
  setData(d: PlanningData): void {
    this.store.setState({ data: d });
    this.host.onLoaded?.(d);
  }

  /** Committed dates (ours or the server's): drawn over the model's. */
  applyCommitted(
    ids: ArrayLike<number>,
    starts: ArrayLike<number>,
    ends: ArrayLike<number>,
    extra: Partial<SessionState> = {},
  ): void {
    const put = (from: DayMap): Map<number, Days> => {
      const m = new Map(from);
      for (let k = 0; k < ids.length; k++) m.set(ids[k], [starts[k], ends[k]]);
      return m;
    };
    const s = this.state;
    this.store.setState({ dates: put(s.dates), moved: put(s.moved), ...extra });
  }

  /**
   * Other users' moves (oldest first): each applied to the engine and the view without a refetch, once, if newer
   * than the data. An entry whose revision this session already holds is skipped: two processes may publish two
   * writes in the reverse order of their commits. A gap in the numbers (deltas dropped from the kept list) reloads.
   */
  applyPushed(pushed: readonly PushedDates[] | null | undefined): void {
    if (!pushed || !this.state.data) return;
    const fresh = pushed.filter((p) => p.seq > this.appliedPushSeq);
    if (fresh.length === 0) return;
    const gap = fresh[0].seq > this.appliedPushSeq + 1 && pushed[0].seq > this.appliedPushSeq + 1;
    this.appliedPushSeq = fresh[fresh.length - 1].seq;
    if (gap) {
      this.host.reload();
      return;
    }
    for (const p of fresh) this.applyOnePushed(p);
  }

  private applyOnePushed(pushed: PushedDates): void {
    const known = this.revisions();
    const keep: number[] = [];
    pushed.ids.forEach((id, k) => {
      const revision = pushed.revisions?.[k] ?? 0;
      if (revision > 0 && (known.get(id) ?? 0) >= revision) return;
      if (revision > 0) known.set(id, revision);
      keep.push(k);
    });
    if (keep.length === 0) return;
    const ids = keep.map((k) => pushed.ids[k]);
    const starts = Int32Array.from(keep, (k) => parseDay(pushed.startDates[k]));
    const ends = Int32Array.from(keep, (k) => parseDay(pushed.endDates[k]));
    void this.engine
      ?.applyServerDates(Float64Array.from(ids), starts, ends)
      .then((end) => this.store.setState({ projectEnd: end }));
    this.applyCommitted(ids, starts, ends);
  }

  /** A drag's preview: one request in flight, the latest wins; dropped when `keep` says the drag is over. */
  previewMove(selection: number[], k: number, keep: () => boolean): void {
    this.pendingPreview = { selection, k, keep };
    this.runPreview();
  }

  private runPreview(): void {
    if (this.previewInFlight || !this.pendingPreview || !this.engine) return;
    const job = this.pendingPreview;
    this.pendingPreview = null;
    this.previewInFlight = true;
    void this.engine
      .preview(job.selection, job.k)
      .then((d) => {
        if (job.keep()) this.store.setState({ preview: deltaToMap(d), previewEnd: d.projectEndDay });
      })
      .finally(() => {
        this.previewInFlight = false;
        this.runPreview();
      });
  }

  previewDuration(id: number, days: number): void {
    void this.engine
      ?.previewDuration(id, days)
      .then((d) => this.store.setState({ preview: deltaToMap(d), previewEnd: d.projectEndDay }));
  }

  clearPreview(): void {
    if (this.state.preview !== null) this.store.setState({ preview: null });
  }

  /**
   * A drop: the engine commits at once (drawn), the server then moves the events and its answer replaces ours.
   * On a failure the preview goes, a message says why, and the version is loaded again. Resolves when done.
   * `report` is given what the server moved (the selection and the successors that followed) and the project's
   * end after it: the keyboard says them (issue 22).
   */
  async commitMove(
    move: { selection: number[]; anchorId: number; day: number },
    report?: (moved: MoveReport) => void,
  ): Promise<boolean> {
    const eng = this.engine;
    const { t, notify } = this.host;
    if (!eng || !this.state.data) return false;
    try {
      const local = await eng.commitMoveTo(move.selection, move.anchorId, move.day);
      this.applyCommitted(local.ids, local.startDay, local.endDay, {
        preview: null,
        violated: violationSet(local.violations),
        projectEnd: local.projectEndDay,
      });
      const result: MoveResult = await planningApi.move({
        projectId: this.host.projectId,
        versionId: this.host.versionId,
        events: move.selection.map((id) => ({ id, revision: this.revisions().get(id) ?? 0 })),
        anchorId: move.anchorId,
        startDate: formatDay(move.day),
      });
      result.ids.forEach((id, k) => this.revisions().set(id, result.revisions[k]));
      // The server's result is authoritative: it replaces the preview.
      const ids = Float64Array.from(result.ids);
      const starts = Int32Array.from(result.startDates.map(parseDay));
      const ends = Int32Array.from(result.endDates.map(parseDay));
      const end = await eng.applyServerDates(ids, starts, ends);
      this.applyCommitted(ids, starts, ends, { projectEnd: end });
      notify?.("success", t("planning.moved", { count: move.selection.length }), { afterProgress: true });
      undoRedoOf(this).record(() => this.commitMove(move));
      report?.({ changed: result.ids, projectEnd: end });
      return true;
    } catch (e) {
      this.clearPreview();
      const code =
        e instanceof ApiError
          ? e.code
          : e instanceof Error && e.message === "Date invalide"
            ? "invalidDate"
            : "default";
      if (code === "invalidDate") notify?.("warning", t("planning.invalidDate"));
      else if (code === "conflict") notify?.("warning", t("planning.conflict"));
      else notify?.("error", t(`errors.${code}`, { defaultValue: t("errors.default") }));
      this.host.reload();
      return false;
    }
  }

  /** A write of one event's structure (links, duration): the server decides, then the version is loaded again. */
  async structuralWrite(id: number, body: EventEdit): Promise<boolean> {
    const { t, notify } = this.host;
    try {
      await planningApi.patchEvent(id, { ...body, revision: this.revisions().get(id) });
      undoRedoOf(this).record(() => this.structuralWrite(id, body));
      return true;
    } catch (e) {
      const data = this.state.data;
      if (e instanceof ApiError && e.code === "cycle" && data) {
        const names = new Map(data.events.map((ev) => [ev.id, ev.name]));
        const ids = ((e.details as { ids?: number[] } | undefined)?.ids ?? []) as number[];
        notify?.("warning", t("planning.cycle", { names: ids.map((x) => names.get(x) ?? `#${x}`).join(" → ") }));
      } else if (e instanceof ApiError && e.code === "conflict") notify?.("warning", t("planning.conflict"));
      else
        notify?.(
          "error",
          t(e instanceof ApiError ? `errors.${e.code}` : "errors.default", { defaultValue: t("errors.default") }),
        );
      return false;
    } finally {
      this.clearPreview();
      this.host.reload();
    }
  }

  nameOf(id: number): string {
    return this.state.data?.events.find((ev) => ev.id === id)?.name ?? `#${id}`;
  }

  /**
   * Sets the link parent -> child (or removes it, `next` null): the child's parents are written whole, from the
   * links shown (`links`, the model's).
   */
  setLink(
    links: readonly ShownLink[],
    parentId: number,
    childId: number,
    next: { type: LinkTypeName; delay: number } | null,
  ): Promise<boolean> {
    const parents = links
      .filter((l) => l.childId === childId && l.parentId !== parentId)
      .map((l) => ({ id: l.parentId, type: LINK_TYPE_NAMES[l.type], delay: l.delay }));
    if (next) parents.push({ id: parentId, type: next.type, delay: next.delay });
    return this.structuralWrite(childId, { parentsEvents: parents });
  }

  /** The selected link's editor saved (or, `next` null, removed) the link: said, and the editor closed. */
  async writeLink(
    links: readonly ShownLink[],
    parentId: number,
    childId: number,
    next: { type: LinkTypeName; delay: number } | null,
  ): Promise<boolean> {
    const ok = await this.setLink(links, parentId, childId, next);
    if (ok) {
      this.store.setState({ selectedLink: null });
      this.host.notify?.("success", this.host.t(next ? "planning.link.saved" : "planning.link.removed"));
    }
    return ok;
  }

  /** The critical path, from the engine's committed schedule. */
  async criticalIds(): Promise<ReadonlySet<number> | undefined> {
    const ids = await this.engine?.criticalIds();
    return ids ? new Set(ids) : undefined;
  }
}
