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
  versionId: number | null;
  seq: number;
}

interface RefreshState {
  counters: Record<RefreshScope, number>;
  pushedDates: PushedDates | null;
  bump: (scope: RefreshScope) => void;
  pushDates: (dates: { ids: number[]; startDates: string[]; endDates: string[] }, versionId: number | null) => void;
}

export const useRefresh = create<RefreshState>()(
  immer((set) => ({
    counters: { planning: 0, participantGroup: 0, sequence: 0, data: 0, versions: 0, project: 0 },
    pushedDates: null,
    bump: (scope) =>
      set((s) => {
        s.counters[scope] += 1;
      }),
    pushDates: (dates, versionId) =>
      set((s) => {
        s.pushedDates = { ...dates, versionId, seq: (s.pushedDates?.seq ?? 0) + 1 };
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
