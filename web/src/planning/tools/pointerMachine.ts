import type { Calendar } from "@jalon/engine";
import type { PickMode } from "../planningStore";
import { dragStep, IDLE, type DragState } from "./dragTool";
import { LINK_IDLE, linkStep, type LinkState, type LinkTypeName } from "./linkTool";
import type { PickTarget } from "./pickTool";
import { RESIZE_IDLE, resizeStep, type ResizeState } from "./resizeTool";

/**
 * The Gantt canvas's pointer input as one pure state machine (after tldraw's tools): the host gives each pointer
 * event with a `PointerWorld` (what is under the pointer, in content coordinates) and runs the returned effects.
 * No React, no DOM, no engine: tested with event sequences (pointerMachine.test.ts).
 *
 *   idle --down on a link handle--> linking --up--> idle (create a link when dropped on another bar)
 *   idle --down on a task's right edge--> resizing --up--> committing --pointerSettled--> idle
 *   idle --down on a bar--> pointing --move past 3 px--> dragging --up--> committing --pointerSettled--> idle
 *   idle --down on the empty chart--> pointing --move past 3 px--> panning --up--> idle
 *   idle --Shift or Ctrl/Cmd + down on the empty chart--> pointing --move past 3 px--> selecting-box --up--> idle
 *   idle --middle button down, or down with Space held (anywhere, bars included)--> panning --up--> idle
 *   Escape (pointerKey) cancels what is in progress: a drag or a resize drops its preview, a link or a box goes
 *   a second press on the same bar within 450 ms: open the event once the pointer is released
 *   outside construction/recalibration (not editable): a press on a bar only selects (bars, links); panning and
 *   the box work in every mode
 *
 * The gestures on the empty background, one scheme: a plain click clears the selection and a plain drag scrolls
 * the chart like a hand (Bryntum, MS Project); with a modifier the click keeps the selection and the drag draws a
 * rubber band that selects every event whose bar it touches on release: Shift replaces the selection, Ctrl/Cmd
 * adds to it. Panning scrolls by the pointer's screen moves (`cx`, `cy`): its content coordinates move with the
 * scroll.
 *
 * The drag, resize and link tools keep their own small machines (dragTool, resizeTool, linkTool); this one decides
 * which of them a press starts and what a click does, and reports the hover cursor.
 */
export interface PointerState {
  drag: DragState;
  resize: ResizeState;
  link: LinkState;
  /** The last press on a bar, for the double click. */
  lastDown: { id: number; time: number } | null;
  /** A double click waiting for its release: the event opens then (a modal opened under a pressed pointer loses its focus trap). */
  pendingOpen: PickTarget | null;
  /** A press on the empty chart, a pan or a rubber band in progress. */
  gesture: Gesture;
  /** The Space bar is held: a press pans. */
  spaceHeld: boolean;
  cursor: string;
}

/** Rectangle in content coordinates: [x0, y0, x1, y1] (the press, then the pointer). */
export type Rect = [number, number, number, number];

export type Gesture =
  | { kind: "none" }
  /** Pressed on the empty chart: a pan once moved, or a box (`box`: how it selects) with a modifier. */
  | { kind: "background"; x: number; y: number; cx: number; cy: number; box: "replace" | "add" | null }
  | { kind: "panning"; cx: number; cy: number }
  | { kind: "selecting-box"; rect: Rect; add: boolean };

const NO_GESTURE: Gesture = { kind: "none" };

export const POINTER_IDLE: PointerState = {
  drag: IDLE,
  resize: RESIZE_IDLE,
  link: LINK_IDLE,
  lastDown: null,
  pendingOpen: null,
  gesture: NO_GESTURE,
  spaceHeld: false,
  cursor: "default",
};

export type PointerMode =
  "idle" | "pointing" | "dragging" | "resizing" | "linking" | "committing" | "panning" | "selecting-box";

/** The state the machine is in, as one name. */
export function pointerMode(s: PointerState): PointerMode {
  if (s.gesture.kind === "panning" || s.gesture.kind === "selecting-box") return s.gesture.kind;
  if (s.gesture.kind === "background") return "pointing";
  if (s.link.kind === "drawing") return "linking";
  if (s.resize.kind === "resizing") return "resizing";
  if (s.resize.kind === "committing" || s.drag.kind === "committing") return "committing";
  if (s.drag.kind === "dragging") return "dragging";
  if (s.drag.kind === "pressing") return "pointing";
  return "idle";
}

export interface PointerHit {
  id: number;
  kind: string;
  startDay: number;
  endDay: number;
  numberOfDays: number;
}

/** What the host knows of the canvas at the time of an event (queried lazily by the machine). */
export interface PointerWorld {
  /** Dates may be changed here (construction, recalibration); otherwise a press only selects. */
  editable: boolean;
  pickMode: PickMode;
  selection: readonly number[];
  dayWidth: number;
  calendar: Calendar;
  /** The link handle (beside a selected task) under the point. */
  handleAt: (x: number, y: number) => { id: number; side: "begin" | "end"; x: number; y: number } | null;
  /** The bar under the point. */
  hitAt: (x: number, y: number) => PointerHit | null;
  /** The link whose drawn line passes under the point. */
  linkAt: (x: number, y: number) => { parentId: number; childId: number } | null;
  /** A bar's horizontal extent as drawn. */
  geometryOf: (id: number) => { x: number; width: number } | null;
  /** An event's days as drawn (a preview over the committed ones). */
  liveDays: (id: number) => readonly [number, number] | undefined;
  /** An event's committed start day. */
  committedStart: (id: number) => number | undefined;
  /** The events whose bars touch the rectangle (content coordinates, any corner order). */
  barsIn: (rect: Rect) => number[];
}

/**
 * A pointer event: `x`, `y` in content coordinates; `cx`, `cy` on the screen (client coordinates; `x`, `y` when
 * left out); `additive` Shift, Ctrl or Cmd held, `toggle` Ctrl or Cmd alone; `button` 1 is the middle one.
 */
export type PointerInput = {
  type: "down" | "move" | "up";
  x: number;
  y: number;
  additive: boolean;
  time: number;
  toggle?: boolean;
  button?: number;
  cx?: number;
  cy?: number;
};

/** A key for the machine: Space held (a press pans), Escape (cancels the gesture in progress). */
export type PointerKey = { type: "keydown" | "keyup"; key: string };

export type PointerEffect =
  | { type: "select"; ids: number[] }
  | { type: "selectLink"; link: { parentId: number; childId: number } | null }
  | { type: "pick"; target: PickTarget | null }
  /** Open the event's modal (after the release that ends the double click). */
  | { type: "open"; target: PickTarget }
  /** Keep the pointer's events on the canvas while a tool runs. */
  | { type: "capture" }
  | { type: "cursor"; cursor: string }
  | { type: "draft"; line: [number, number, number, number] | null }
  | { type: "createLink"; parentId: number; childId: number; linkType: LinkTypeName }
  | { type: "previewMove"; selection: number[]; k: number }
  | { type: "previewDuration"; id: number; days: number }
  | { type: "clearPreview" }
  | { type: "commitMove"; selection: number[]; anchorId: number; day: number; k: number }
  | { type: "commitDuration"; id: number; days: number }
  /** Scroll the chart by (dx, dy) screen pixels, as a user's scroll (the range may widen at an edge). */
  | { type: "pan"; dx: number; dy: number }
  /** The rubber band to draw on the chart's overlay, or none. */
  | { type: "box"; rect: Rect | null };

type Step = { state: PointerState; effects: PointerEffect[] };

const DOUBLE_CLICK_MS = 450;
/** Pixels from a task's right end where a press resizes it. */
const EDGE = 5;
/** Pixels to move before a press on the empty chart pans or draws a box (a click stays a click). */
const THRESHOLD = 3;

const targetOf = (hit: PointerHit): PickTarget => ({
  id: hit.id,
  kind: hit.kind === "milestone" ? "milestone" : "task",
});

function toggled(selection: readonly number[], id: number, additive: boolean): number[] {
  if (!additive) return [id];
  return selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id];
}

/** The host's answer to a commit (a move's or a resize's write ended, well or not): that tool is idle again. */
export function pointerSettled(state: PointerState, done: "move" | "resize"): PointerState {
  return done === "move" ? { ...state, drag: IDLE } : { ...state, resize: RESIZE_IDLE };
}

export function pointerStep(state: PointerState, input: PointerInput, w: PointerWorld): Step {
  const effects: PointerEffect[] = [];
  const toolCtx = { dayWidth: w.dayWidth, calendarOf: () => w.calendar };
  const { x, y } = input;
  if (state.pendingOpen) {
    if (input.type !== "up") return { state, effects };
    return { state: { ...state, pendingOpen: null }, effects: [{ type: "open", target: state.pendingOpen }] };
  }
  if (state.gesture.kind !== "none") return gestureStep(state, state.gesture, input, w);
  let s = state;
  const cx = input.cx ?? x;
  const cy = input.cy ?? y;
  // Middle button or Space: the hand, wherever the press is.
  if (input.type === "down" && (input.button === 1 || s.spaceHeld)) {
    const gesture: Gesture = { kind: "panning", cx, cy };
    return { state: { ...s, gesture, cursor: "grabbing" }, effects: [{ type: "capture" }, cursorTo("grabbing")] };
  }
  // A press: the click-level decisions (pick mode, double click, links, selection outside the editing modes).
  let handle: ReturnType<PointerWorld["handleAt"]> = null;
  let hit: PointerHit | null = null;
  if (input.type === "down") {
    handle = w.editable ? w.handleAt(x, y) : null;
    hit = handle ? null : w.hitAt(x, y);
    if (!handle) {
      if (w.pickMode !== "none") return { state: s, effects: [{ type: "pick", target: hit ? targetOf(hit) : null }] };
      if (hit && s.lastDown?.id === hit.id && input.time - s.lastDown.time < DOUBLE_CLICK_MS) {
        return { state: { ...s, lastDown: null, drag: IDLE, pendingOpen: targetOf(hit) }, effects };
      }
      s = { ...s, lastDown: hit ? { id: hit.id, time: input.time } : null };
      if (!hit) {
        const link = w.linkAt(x, y);
        if (link) return { state: s, effects: [{ type: "selectLink", link }] };
        // The empty chart: a plain press clears the selection; moved, it pans, or draws a box with a modifier.
        const box = input.additive ? (input.toggle ? "add" : "replace") : null;
        effects.push({ type: "selectLink", link: null }, { type: "capture" });
        if (!box) effects.push({ type: "select", ids: [] });
        return { state: { ...s, gesture: { kind: "background", x, y, cx, cy, box } }, effects };
      }
      effects.push({ type: "selectLink", link: null });
      if (!w.editable) {
        effects.push({ type: "select", ids: hit ? toggled(w.selection, hit.id, input.additive) : [] });
        return { state: s, effects };
      }
    }
  }
  if (!w.editable) return { state: s, effects };
  if (input.type === "down") {
    effects.push({ type: "capture" });
    if (handle) {
      const link = linkStep(s.link, {
        type: "pointerDown",
        parentId: handle.id,
        side: handle.side,
        x: handle.x,
        y: handle.y,
      }).state;
      return { state: { ...s, link }, effects };
    }
    if (hit && hit.kind === "task") {
      const g = w.geometryOf(hit.id);
      if (g && x >= g.x + g.width - EDGE) {
        const d = w.liveDays(hit.id) ?? [hit.startDay, hit.endDay];
        const resize = resizeStep(
          s.resize,
          { type: "pointerDown", x, id: hit.id, startDay: d[0], numberOfDays: hit.numberOfDays },
          { calendar: w.calendar, dayWidth: w.dayWidth },
        ).state;
        return { state: { ...s, resize }, effects };
      }
    }
  }
  if (s.link.kind === "drawing") {
    if (input.type === "move") {
      const r = linkStep(s.link, { type: "pointerMove", x, y });
      for (const ef of r.effects)
        if (ef.type === "draw") effects.push({ type: "draft", line: [ef.from[0], ef.from[1], ef.to[0], ef.to[1]] });
      return { state: { ...s, link: r.state }, effects };
    }
    if (input.type === "up") {
      const over = w.hitAt(x, y);
      const g = over ? w.geometryOf(over.id) : null;
      const r = linkStep(s.link, {
        type: "pointerUp",
        target: over && g ? { id: over.id, x: g.x, width: g.width } : null,
        x,
      });
      for (const ef of r.effects) {
        if (ef.type === "clear") effects.push({ type: "draft", line: null });
        if (ef.type === "create")
          effects.push({ type: "createLink", parentId: ef.parentId, childId: ef.childId, linkType: ef.linkType });
      }
      return { state: { ...s, link: r.state }, effects };
    }
    return { state: s, effects };
  }
  if (s.resize.kind === "resizing") {
    const r = resizeStep(s.resize, input.type === "move" ? { type: "pointerMove", x } : { type: "pointerUp" }, {
      calendar: w.calendar,
      dayWidth: w.dayWidth,
    });
    for (const ef of r.effects) {
      if (ef.type === "preview") effects.push({ type: "previewDuration", id: ef.id, days: ef.days });
      if (ef.type === "clearPreview") effects.push({ type: "clearPreview" });
      if (ef.type === "commit") effects.push({ type: "commitDuration", id: ef.id, days: ef.days });
    }
    return { state: { ...s, resize: r.state }, effects };
  }
  if (input.type === "move" && s.drag.kind === "idle") {
    // Hover: say what a press would do.
    const cursor = s.spaceHeld ? "grab" : hoverCursor(w, x, y);
    if (cursor !== s.cursor) {
      s = { ...s, cursor };
      effects.push({ type: "cursor", cursor });
    }
  }
  const r =
    input.type === "down"
      ? dragStep(
          s.drag,
          {
            type: "pointerDown",
            x,
            hitId: hit?.id ?? null,
            hitStartDay: hit ? (w.committedStart(hit.id) ?? hit.startDay) : undefined,
            additive: input.additive,
            selected: w.selection,
          },
          toolCtx,
        )
      : dragStep(s.drag, { type: input.type === "move" ? "pointerMove" : "pointerUp", x }, toolCtx);
  for (const ef of r.effects) {
    if (ef.type === "select") effects.push({ type: "select", ids: ef.ids });
    else if (ef.type === "preview") effects.push({ type: "previewMove", selection: ef.selection, k: ef.k });
    else if (ef.type === "clearPreview") effects.push({ type: "clearPreview" });
    else effects.push({ type: "commitMove", selection: ef.selection, anchorId: ef.anchorId, day: ef.day, k: ef.k });
  }
  return { state: { ...s, drag: r.state }, effects };
}

const cursorTo = (cursor: string): PointerEffect => ({ type: "cursor", cursor });

/** A press on the empty chart, a pan or a box: moves and the release. */
function gestureStep(s: PointerState, g: Gesture, input: PointerInput, w: PointerWorld): Step {
  const cx = input.cx ?? input.x;
  const cy = input.cy ?? input.y;
  const idle = s.spaceHeld ? "grab" : "default";
  if (g.kind === "background") {
    if (input.type === "up") return { state: { ...s, gesture: NO_GESTURE }, effects: [] };
    if (input.type !== "move" || Math.max(Math.abs(cx - g.cx), Math.abs(cy - g.cy)) < THRESHOLD)
      return { state: s, effects: [] };
    if (g.box) {
      const rect: Rect = [g.x, g.y, input.x, input.y];
      return {
        state: { ...s, gesture: { kind: "selecting-box", rect, add: g.box === "add" } },
        effects: [{ type: "box", rect }],
      };
    }
    return {
      state: { ...s, gesture: { kind: "panning", cx, cy }, cursor: "grabbing" },
      effects: [cursorTo("grabbing"), { type: "pan", dx: g.cx - cx, dy: g.cy - cy }],
    };
  }
  if (g.kind === "panning") {
    if (input.type === "up") return { state: { ...s, gesture: NO_GESTURE, cursor: idle }, effects: [cursorTo(idle)] };
    if (input.type !== "move" || (cx === g.cx && cy === g.cy)) return { state: s, effects: [] };
    return {
      state: { ...s, gesture: { kind: "panning", cx, cy } },
      effects: [{ type: "pan", dx: g.cx - cx, dy: g.cy - cy }],
    };
  }
  if (g.kind === "selecting-box") {
    const rect: Rect = [g.rect[0], g.rect[1], input.x, input.y];
    if (input.type === "move") return { state: { ...s, gesture: { ...g, rect } }, effects: [{ type: "box", rect }] };
    if (input.type === "up") {
      const ids = w.barsIn(rect);
      const selection = g.add ? [...w.selection, ...ids.filter((id) => !w.selection.includes(id))] : ids;
      return {
        state: { ...s, gesture: NO_GESTURE },
        effects: [
          { type: "box", rect: null },
          { type: "select", ids: selection },
        ],
      };
    }
  }
  return { state: s, effects: [] };
}

/**
 * Keys: Space held makes a press pan (the hand cursor says so); Escape cancels the gesture in progress (a drag's
 * or a resize's preview goes, a link being drawn or a box goes; a pan stops where it is).
 */
export function pointerKey(s: PointerState, key: PointerKey): Step {
  if (key.key === " ") {
    const held = key.type === "keydown";
    if (held === s.spaceHeld) return { state: s, effects: [] };
    const busy = pointerMode(s) !== "idle";
    const cursor = busy ? s.cursor : held ? "grab" : "default";
    return { state: { ...s, spaceHeld: held, cursor }, effects: busy ? [] : [cursorTo(cursor)] };
  }
  if (key.key !== "Escape" || key.type !== "keydown") return { state: s, effects: [] };
  const g = s.gesture;
  if (g.kind === "selecting-box")
    return { state: { ...s, gesture: NO_GESTURE }, effects: [{ type: "box", rect: null }] };
  if (g.kind !== "none") {
    const cursor = s.spaceHeld ? "grab" : "default";
    return { state: { ...s, gesture: NO_GESTURE, cursor }, effects: [cursorTo(cursor)] };
  }
  if (s.link.kind === "drawing") return { state: { ...s, link: LINK_IDLE }, effects: [{ type: "draft", line: null }] };
  if (s.resize.kind === "resizing")
    return { state: { ...s, resize: RESIZE_IDLE }, effects: [{ type: "clearPreview" }] };
  if (s.drag.kind === "pressing") return { state: { ...s, drag: IDLE }, effects: [] };
  if (s.drag.kind === "dragging") return { state: { ...s, drag: IDLE }, effects: [{ type: "clearPreview" }] };
  return { state: s, effects: [] };
}

function hoverCursor(w: PointerWorld, x: number, y: number): string {
  if (w.handleAt(x, y)) return "crosshair";
  const hit = w.hitAt(x, y);
  if (!hit) return "default";
  const g = w.geometryOf(hit.id);
  return hit.kind === "task" && g && x >= g.x + g.width - EDGE ? "ew-resize" : "grab";
}
