// Refresh counters bumped by live events and version switches; screens re-fetch when theirs changes.
// Scopes follow spec 000 section 2: paths containing 'planning', 'participant-group/' or '/sequence/'.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";

export type RefreshScope = "planning" | "participantGroup" | "sequence" | "data" | "versions" | "project";

/** Dates delta of a live move (shared RealtimePayload.dates), numbered so each push is seen once. */
export interface PushedDates {
  ids: number[];
  startDates: string[];
  endDates: string[];
  /** Each event's revision after the write (0: not known, applied as is). */
  revisions?: number[];
  versionId: number | null;
  seq: number;
}

/**
 * How many pushed deltas are kept for the planning to apply. A list, not the last one: two moves heard before the
 * planning's next render would otherwise lose the first. A planning that finds a gap reloads.
 */
export const PUSHED_DATES_KEPT = 64;

interface RefreshState {
  counters: Record<RefreshScope, number>;
  /** The latest pushed deltas, oldest first. */
  pushedDates: readonly PushedDates[];
  bump: (scope: RefreshScope) => void;
  pushDates: (dates: Omit<PushedDates, "versionId" | "seq">, versionId: number | null) => void;
}

/** The number of the latest pushed delta (0 before any). */
export function lastPushedSeq(pushed: readonly { seq: number }[]): number {
  return pushed.length > 0 ? pushed[pushed.length - 1].seq : 0;
}

export const useRefresh = create<RefreshState>()(
  immer((set) => ({
    counters: { planning: 0, participantGroup: 0, sequence: 0, data: 0, versions: 0, project: 0 },
    pushedDates: [],
    bump: (scope) =>
      set((s) => {
        s.counters[scope] += 1;
      }),
    pushDates: (dates, versionId) =>
      set((s) => {
        const next = { ...dates, versionId, seq: lastPushedSeq(s.pushedDates) + 1 };
        s.pushedDates = [...s.pushedDates.slice(-(PUSHED_DATES_KEPT - 1)), next];
      }),
  })),
);

/** Which scope a live data event refreshes on the current path. */
export function scopeForPath(pathname: string): RefreshScope {
  if (pathname.includes("planning")) return "planning";
  if (pathname.includes("participant-group/")) return "participantGroup";
  if (pathname.includes("/sequence/")) return "sequence";
  return "data";
}

export function useRefreshCounter(scope: RefreshScope): number {
  return useRefresh((s) => s.counters[scope]);
}
