import { formatDay } from "@jalon/engine";
import type { TimeScale } from "@jalon/shared/gantt";
import { hitTest, type GanttModel } from "../model";
import { linkAt, linkPoints } from "../tools/linkHit";
import { geometryOf, handleAt, type LiveOf } from "../viewGeometry";
import type { PlanningTestApi } from "./testApiTypes";
import { drawnRecord } from "../layers/drawnRecord";

export type { PlanningTestApi };

/** What the view last drew (set after each commit; read lazily by the test API, never rendered). */
export interface DrawnView {
  model: GanttModel | null;
  scale: TimeScale;
  viewport: { left: number; top: number; width: number; height: number };
  /** The canvas's drawn size. */
  canvasWidth: number;
  canvasHeight: number;
  scroller: HTMLElement | null;
  /** Days as drawn (preview and moves over the committed dates) and the committed ones. */
  liveOf: LiveOf;
  committedOf: LiveOf;
  violated: ReadonlySet<string>;
  tools: () => { drag: string; link: string; resize: string; mode: string };
  selection: () => number[];
  keyboard: () => { mode: string; current: number | null; linkFrom: number | null; focused: boolean };
  /** Months being loaded: the scroll moves when they land. */
  loading: () => boolean;
  /** Scrolls as the view does (the extension's last-seen offset follows). */
  scrollTo: (left: number, top: number) => void;
}

/** The test API over the last drawn view (see testApiTypes.ts). */
export function planningTestApi(drawn: () => DrawnView | null): PlanningTestApi {
  const canvasRect = (v: DrawnView) =>
    v.scroller?.querySelector('[data-testid="gantt-canvas"]')?.getBoundingClientRect() ?? null;
  const geometry = (id: number, live = true) => {
    const v = drawn();
    return v?.model ? geometryOf(v.model, v.scale, id, live ? v.liveOf : v.committedOf) : null;
  };
  const events = () => drawn()?.model?.events ?? [];
  return {
    bar: (id) => {
      const v = drawn();
      const g = geometry(id);
      const r = v && canvasRect(v);
      if (!v || !g || !r) return null;
      return { x: r.left + g.x - v.viewport.left, y: r.top + g.y - v.viewport.top, width: g.width, height: g.height };
    },
    dates: (id) => {
      const d = drawn()?.liveOf(id);
      return d ? [formatDay(d[0]), formatDay(d[1])] : null;
    },
    scrollTo: (id) => {
      const g = geometry(id, false);
      if (g) drawn()?.scrollTo(Math.max(0, g.x - 200), Math.max(0, g.y - 100));
    },
    get dayWidth() {
      return drawn()?.scale.dayWidth ?? 0;
    },
    range: () => {
      const s = drawn()?.scale;
      return s ? [formatDay(s.firstDay), formatDay(s.lastDay)] : ["", ""];
    },
    leftDay: () => {
      const v = drawn();
      return v ? formatDay(v.scale.firstDay + Math.floor(v.viewport.left / v.scale.dayWidth)) : "";
    },
    onScreen: (id) => {
      const v = drawn();
      const g = geometry(id);
      if (!v || !g) return false;
      const { left, top } = v.viewport;
      return g.x + g.width > left && g.x < left + v.canvasWidth && g.y + g.height > top && g.y < top + v.canvasHeight;
    },
    settled: () => {
      const v = drawn();
      const el = v?.scroller;
      return !!v?.model && !!el && el.scrollLeft === v.viewport.left && el.scrollTop === v.viewport.top && !v.loading();
    },
    ids: () => events().map((e) => e.id),
    links: () => drawn()?.model?.links ?? [],
    tools: () => {
      const v = drawn();
      const idle = { drag: "idle", link: "idle", resize: "idle", mode: "idle" };
      return { ...(v?.tools() ?? idle), selection: v?.selection() ?? [] };
    },
    keyboard: () => drawn()?.keyboard() ?? { mode: "navigating", current: null, linkFrom: null, focused: false },
    emptyPoint: () => {
      const v = drawn();
      const r = v && canvasRect(v);
      if (!v?.model || !r) return null;
      const { model, scale, liveOf } = v;
      const { left, top } = v.viewport;
      // From the bottom right, away from the edges: bars are rarer there than near the range's start.
      for (let y = v.canvasHeight - 12; y > 12; y -= 16)
        for (let x = v.canvasWidth - 12; x > 12; x -= 16) {
          const [cx, cy] = [left + x, top + y];
          if (hitTest(model, scale, cx, cy, liveOf)) continue;
          if (linkAt(model, scale, { top, height: v.canvasHeight }, cx, cy, liveOf, 8) >= 0) continue;
          if (handleAt(model, scale, v.selection(), cx, cy, liveOf)) continue;
          return { x: r.left + x, y: r.top + y };
        }
      return null;
    },
    emptyRowPoint: () => {
      const v = drawn();
      const r = v && canvasRect(v);
      if (!v?.model || !r) return null;
      const { model, scale, liveOf } = v;
      const { left, top } = v.viewport;
      const free = (cx: number, cy: number) =>
        !hitTest(model, scale, cx, cy, liveOf) &&
        linkAt(model, scale, { top, height: v.canvasHeight }, cx, cy, liveOf, 8) < 0 &&
        !handleAt(model, scale, v.selection(), cx, cy, liveOf);
      for (const groups of [true, false])
        for (const row of model.rows) {
          if (groups !== (row.kind === "group") || (!groups && row.kind !== "event")) continue;
          const y = row.y + row.height / 2 - top;
          if (y < 8 || y > v.canvasHeight - 8) continue;
          for (let x = v.canvasWidth - 40; x > 40; x -= 12)
            if (free(left + x, row.y + row.height / 2))
              return { x: r.left + x, y: r.top + y, groupId: row.kind === "group" ? (row.groupId ?? null) : null };
        }
      return null;
    },
    linkPoint: (parentId, childId) => {
      const v = drawn();
      if (!v?.model) return null;
      const k = v.model.links.findIndex((l) => l.parentId === parentId && l.childId === childId);
      const pts = k >= 0 ? linkPoints(v.model, v.scale, k, v.liveOf) : null;
      const r = canvasRect(v);
      if (!pts || !r) return null;
      const { model, scale, liveOf } = v;
      const { left, top } = v.viewport;
      // A point where a click picks this link and no other: links from one parent share their first segment, so
      // the middle of the first drop may belong to a sibling (the click then edits the wrong link).
      for (let s = 0; s + 3 < pts.length; s += 2)
        for (const f of [0.5, 0.25, 0.75, 0.1, 0.9]) {
          const cx = pts[s] + (pts[s + 2] - pts[s]) * f;
          const cy = pts[s + 1] + (pts[s + 3] - pts[s + 1]) * f;
          const [x, y] = [cx - left, cy - top];
          if (x < 4 || y < 4 || x > v.canvasWidth - 4 || y > v.canvasHeight - 4) continue;
          if (hitTest(model, scale, cx, cy, liveOf)) continue;
          if (linkAt(model, scale, { top, height: v.canvasHeight }, cx, cy, liveOf) !== k) continue;
          return { x: r.left + x, y: r.top + y };
        }
      return null;
    },
    rows: () => {
      const m = drawn()?.model;
      return m ? m.rows.filter((row) => row.kind === "event").map((row) => m.events[row.events[0]].id) : [];
    },
    lotOf: (id) => {
      const m = drawn()?.model;
      return m?.events[m.indexOfId.get(id) ?? -1]?.lotId ?? null;
    },
    violated: () => [...(drawn()?.violated ?? [])],
    critical: () =>
      events()
        .filter((e) => e.critical)
        .map((e) => e.id),
    readable: () => {
      const v = drawn();
      const r = v && canvasRect(v);
      const dx = r && v ? r.left - v.viewport.left : 0;
      const dy = r && v ? r.top - v.viewport.top : 0;
      return {
        criticalBars: [...drawnRecord.criticalBars],
        criticalLinks: [...drawnRecord.criticalLinks],
        linksOnScreen: drawnRecord.linksOnScreen,
        linksDrawn: drawnRecord.linksDrawn,
        badges: drawnRecord.badges.map((b) => ({ ...b, x: b.x + dx, y: b.y + dy })),
        progressBars: [...drawnRecord.progressBars],
        lockedBars: [...drawnRecord.lockedBars],
      };
    },
    barStates: () => ({
      progress: events()
        .filter((e) => e.kind !== "milestone" && (e.progress ?? 0) > 0)
        .map((e) => e.id),
      partial: events()
        .filter((e) => e.kind !== "milestone" && (e.progress ?? 0) > 0 && (e.progress ?? 0) < 100)
        .map((e) => e.id),
      locked: events()
        .filter((e) => e.locked)
        .map((e) => e.id),
    }),
  };
}

/** Puts the test API on window when the browser is driven by tests (the one planning global). */
export function exposeTestApi(api: PlanningTestApi): () => void {
  if (typeof navigator === "undefined" || !navigator.webdriver) return () => undefined;
  const w = window as unknown as { __jalonPlanning?: PlanningTestApi };
  w.__jalonPlanning = api;
  return () => {
    if (w.__jalonPlanning === api) delete w.__jalonPlanning;
  };
}
