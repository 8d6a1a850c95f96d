import { create } from "zustand";

/**
 * The project's end while a drag or a resize is previewed on the planning (yyyy-MM-dd), null otherwise: the header
 * shows it in place of the committed "Fin projetée", so a planner sees the end move with the bar. Written by the
 * planning once per preview whose end changed, read by the header alone.
 */
export const useLiveProjectEnd = create<{ date: string | null }>(() => ({ date: null }));

export function setLiveProjectEnd(date: string | null): void {
  if (useLiveProjectEnd.getState().date !== date) useLiveProjectEnd.setState({ date });
}
