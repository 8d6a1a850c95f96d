import type { Calendar } from "@jalon/engine";

/**
 * Resizing a task by its right edge: idle -> resizing -> committing. The new duration counts the working days
 * from the task's start to the day under the pointer (at least 1), so the end always lands on a working day.
 */
export type ResizeState =
  | { kind: "idle" }
  | { kind: "resizing"; id: number; startDay: number; startX: number; originalDays: number; days: number }
  | { kind: "committing"; id: number; days: number };

export type ResizeInput =
  | { type: "pointerDown"; x: number; id: number; startDay: number; numberOfDays: number }
  | { type: "pointerMove"; x: number }
  | { type: "pointerUp" }
  | { type: "done" };

export type ResizeEffect =
  | { type: "preview"; id: number; days: number }
  | { type: "commit"; id: number; days: number }
  | { type: "clearPreview" };

export const RESIZE_IDLE: ResizeState = { kind: "idle" };

export function durationAt(
  cal: Calendar,
  startDay: number,
  originalDays: number,
  dx: number,
  dayWidth: number,
): number {
  const originalEnd = cal.addWorkingDays(startDay, originalDays - 1);
  const target = originalEnd + Math.round(dx / dayWidth);
  if (target <= startDay) return 1;
  return Math.max(1, cal.countWorkingDays(startDay, target));
}

export function resizeStep(
  state: ResizeState,
  input: ResizeInput,
  ctx: { calendar: Calendar; dayWidth: number },
): { state: ResizeState; effects: ResizeEffect[] } {
  switch (input.type) {
    case "pointerDown":
      if (state.kind !== "idle") return { state, effects: [] };
      return {
        state: {
          kind: "resizing",
          id: input.id,
          startDay: input.startDay,
          startX: input.x,
          originalDays: input.numberOfDays,
          days: input.numberOfDays,
        },
        effects: [],
      };
    case "pointerMove": {
      if (state.kind !== "resizing") return { state, effects: [] };
      const days = durationAt(ctx.calendar, state.startDay, state.originalDays, input.x - state.startX, ctx.dayWidth);
      if (days === state.days) return { state, effects: [] };
      return { state: { ...state, days }, effects: [{ type: "preview", id: state.id, days }] };
    }
    case "pointerUp":
      if (state.kind !== "resizing") return { state, effects: [] };
      if (state.days === state.originalDays) return { state: RESIZE_IDLE, effects: [{ type: "clearPreview" }] };
      return {
        state: { kind: "committing", id: state.id, days: state.days },
        effects: [{ type: "commit", id: state.id, days: state.days }],
      };
    case "done":
      return { state: RESIZE_IDLE, effects: [] };
  }
}
