import type { Calendar } from "@jalon/engine";

/**
 * Moving bars, as a small state machine tested without a DOM (after tldraw):
 * idle -> pressing (pointer down on a bar) -> dragging (moved past the threshold) -> committing (pointer up)
 * -> idle. Each step returns the effects the host must run: a preview per frame while dragging, one commit on
 * drop, a selection change on a click. A drag always snaps to working days, so a drop lands on one.
 */
export type DragState =
  | { kind: "idle" }
  | {
      kind: "pressing";
      anchorId: number;
      selection: number[];
      startX: number;
      anchorStartDay: number;
      additive: boolean;
    }
  | {
      kind: "dragging";
      anchorId: number;
      selection: number[];
      startX: number;
      anchorStartDay: number;
      targetDay: number;
      k: number;
    }
  | { kind: "committing"; anchorId: number; selection: number[]; targetDay: number; k: number };

export type DragInput =
  | {
      type: "pointerDown";
      x: number;
      hitId: number | null;
      hitStartDay?: number;
      additive: boolean;
      selected: readonly number[];
    }
  | { type: "pointerMove"; x: number }
  | { type: "pointerUp"; x: number }
  | { type: "cancel" }
  | { type: "committed" }
  | { type: "failed" };

export type DragEffect =
  | { type: "select"; ids: number[] }
  | { type: "preview"; selection: number[]; k: number; targetDay: number }
  | { type: "clearPreview" }
  | { type: "commit"; selection: number[]; anchorId: number; day: number; k: number };

export interface DragContext {
  dayWidth: number;
  /** The anchor's calendar: the drag counts and snaps in its working days. */
  calendarOf: (id: number) => Calendar;
  /** Pixels to move before a press becomes a drag, so a click stays a click. */
  threshold?: number;
}

export const IDLE: DragState = { kind: "idle" };

/** The working day the anchor lands on when the pointer moved by dx pixels, snapping in the direction of travel. */
export function snapTarget(
  cal: Calendar,
  anchorStartDay: number,
  dx: number,
  dayWidth: number,
): { day: number; k: number } {
  const raw = anchorStartDay + Math.round(dx / dayWidth);
  const day = cal.isWorking(raw) ? raw : dx >= 0 ? cal.nextWorking(raw) : cal.previousWorking(raw);
  return { day, k: cal.rank(day) - cal.rank(anchorStartDay) };
}

export function dragStep(
  state: DragState,
  input: DragInput,
  ctx: DragContext,
): { state: DragState; effects: DragEffect[] } {
  const threshold = ctx.threshold ?? 3;
  switch (input.type) {
    case "pointerDown": {
      if (state.kind !== "idle") return { state, effects: [] };
      if (input.hitId === null || input.hitStartDay === undefined) {
        return { state: IDLE, effects: input.additive ? [] : [{ type: "select", ids: [] }] };
      }
      const already = input.selected.includes(input.hitId);
      let selection: number[];
      if (input.additive)
        selection = already ? input.selected.filter((id) => id !== input.hitId) : [...input.selected, input.hitId];
      else selection = already ? [...input.selected] : [input.hitId];
      return {
        state: {
          kind: "pressing",
          anchorId: input.hitId,
          selection,
          startX: input.x,
          anchorStartDay: input.hitStartDay,
          additive: input.additive,
        },
        effects: [{ type: "select", ids: selection }],
      };
    }
    case "pointerMove": {
      if (state.kind === "pressing") {
        if (Math.abs(input.x - state.startX) < threshold || !state.selection.includes(state.anchorId))
          return { state, effects: [] };
        const t = snapTarget(
          ctx.calendarOf(state.anchorId),
          state.anchorStartDay,
          input.x - state.startX,
          ctx.dayWidth,
        );
        const next: DragState = {
          kind: "dragging",
          anchorId: state.anchorId,
          selection: state.selection,
          startX: state.startX,
          anchorStartDay: state.anchorStartDay,
          targetDay: t.day,
          k: t.k,
        };
        return { state: next, effects: [{ type: "preview", selection: state.selection, k: t.k, targetDay: t.day }] };
      }
      if (state.kind === "dragging") {
        const t = snapTarget(
          ctx.calendarOf(state.anchorId),
          state.anchorStartDay,
          input.x - state.startX,
          ctx.dayWidth,
        );
        if (t.k === state.k) return { state, effects: [] };
        return {
          state: { ...state, targetDay: t.day, k: t.k },
          effects: [{ type: "preview", selection: state.selection, k: t.k, targetDay: t.day }],
        };
      }
      return { state, effects: [] };
    }
    case "pointerUp": {
      if (state.kind === "pressing") return { state: IDLE, effects: [] };
      if (state.kind === "dragging") {
        if (state.k === 0) return { state: IDLE, effects: [{ type: "clearPreview" }] };
        return {
          state: {
            kind: "committing",
            anchorId: state.anchorId,
            selection: state.selection,
            targetDay: state.targetDay,
            k: state.k,
          },
          effects: [
            { type: "commit", selection: state.selection, anchorId: state.anchorId, day: state.targetDay, k: state.k },
          ],
        };
      }
      return { state, effects: [] };
    }
    case "cancel":
      if (state.kind === "dragging" || state.kind === "pressing")
        return { state: IDLE, effects: [{ type: "clearPreview" }] };
      return { state, effects: [] };
    case "committed":
      return { state: IDLE, effects: [] };
    case "failed":
      return { state: IDLE, effects: [{ type: "clearPreview" }] };
  }
}
