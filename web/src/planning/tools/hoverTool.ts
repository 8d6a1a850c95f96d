import { pointerMode, type PointerState } from "./pointerMachine";

/**
 * What the chart's tooltip is about (after Bryntum's and MS Project's bar tips): the bar, milestone or link under
 * a resting pointer; while a bar is dragged or resized, that bar with its shift in working days. Pure: the host
 * asks it at most once per animation frame with what is under the pointer (tipTarget), never per pointer event.
 */
export type TipTarget =
  | { kind: "event"; id: number }
  | { kind: "link"; parentId: number; childId: number }
  /** A drag: `k` working days from the committed start. */
  | { kind: "move"; id: number; k: number }
  /** A resize: the new duration and its change, in working days. */
  | { kind: "resize"; id: number; days: number; shift: number };

export interface TipWorld {
  hitAt: (x: number, y: number) => { id: number } | null;
  linkAt: (x: number, y: number) => { parentId: number; childId: number } | null;
}

/** The tooltip's subject for the pointer at (x, y) (content coordinates) in the machine's state `s`. */
export function tipTarget(s: PointerState, w: TipWorld, x: number, y: number): TipTarget | null {
  const mode = pointerMode(s);
  if (mode === "dragging" && s.drag.kind === "dragging") return { kind: "move", id: s.drag.anchorId, k: s.drag.k };
  if (mode === "resizing" && s.resize.kind === "resizing")
    return { kind: "resize", id: s.resize.id, days: s.resize.days, shift: s.resize.days - s.resize.originalDays };
  // A press, a pan, a box, a link being drawn, a commit: the tip would hide what the gesture shows.
  if (mode !== "idle") return null;
  const hit = w.hitAt(x, y);
  if (hit) return { kind: "event", id: hit.id };
  const link = w.linkAt(x, y);
  return link ? { kind: "link", parentId: link.parentId, childId: link.childId } : null;
}

/** A key per subject: the tooltip's content re-renders only when it changes, not when the pointer moves. */
export function tipKey(t: TipTarget | null): string {
  if (!t) return "";
  if (t.kind === "link") return `link:${t.parentId}-${t.childId}`;
  if (t.kind === "move") return `move:${t.id}:${t.k}`;
  if (t.kind === "resize") return `resize:${t.id}:${t.days}`;
  return `event:${t.id}`;
}

/**
 * Runs `fn` with the latest value at most once per animation frame (`frame`: requestAnimationFrame in the browser):
 * a pointer moving at 120 Hz asks the hit tests 60 times a second at most.
 */
export function perFrame<T>(fn: (v: T) => void, frame: (cb: () => void) => unknown) {
  let latest: { v: T } | null = null;
  let scheduled = false;
  const push = (v: T) => {
    latest = { v };
    if (scheduled) return;
    scheduled = true;
    frame(() => {
      scheduled = false;
      const l = latest;
      latest = null;
      if (l) fn(l.v);
    });
  };
  /** Drops a value waiting for its frame (the pointer left). */
  push.cancel = () => {
    latest = null;
  };
  return push;
}
