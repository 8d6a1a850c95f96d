import { NO_DAY, type Calendar } from "@jalon/engine";
import { comparedOnlyGhosts } from "@jalon/shared/gantt";
import type { PlanningData } from "@jalon/shared/planning";

/** One colour per compared version (at most 4), readable on white and on the lots' colours. */
export const BASELINE_COLORS = ["#C50F1F", "#0F6CBD", "#107C10", "#8764B8"] as const;

export interface ComparedVersion {
  readonly versionId: number;
  readonly name: string;
  readonly color: string;
}

/** An event's dates in a compared version and how far the current dates moved from them, in working days. */
export interface Baseline {
  readonly startDay: number;
  readonly endDay: number;
  /** current - compared: positive when the event is later now. */
  readonly startDelta: number;
  readonly endDelta: number;
}

export interface Comparison {
  readonly versions: readonly ComparedVersion[];
  /** Per event id, one entry per compared version (null: the event is not in that version). */
  readonly byId: ReadonlyMap<number, readonly (Baseline | null)[]>;
  /** How many events only the compared versions have (drawn on read-only rows of their own). */
  readonly ghosts: number;
}

/**
 * Baselines of the compared versions, matched to the current version's events by trackingId on the server
 * (GET /planning/data comparisons), with deltas against the current (live) dates.
 */
export function buildComparison(
  data: PlanningData,
  dates: ReadonlyMap<number, readonly [number, number]>,
  calendar: Calendar,
): Comparison | null {
  const comps = data.comparisons ?? [];
  if (comps.length === 0) return null;
  const versions = comps.map((c, k) => ({
    versionId: c.versionId,
    name: c.name,
    color: BASELINE_COLORS[k % BASELINE_COLORS.length],
  }));
  const found = comps.map((c) => {
    const m = new Map<number, number>();
    c.eventIds.forEach((id, i) => m.set(id, i));
    return m;
  });
  const byId = new Map<number, (Baseline | null)[]>();
  for (const e of data.events) {
    const d = dates.get(e.id);
    if (!d) continue;
    byId.set(
      e.id,
      comps.map((c, k) => {
        const i = found[k].get(e.id);
        if (i === undefined || c.startDay[i] === NO_DAY || c.endDay[i] === NO_DAY) return null;
        const s = c.startDay[i];
        const en = c.endDay[i];
        return {
          startDay: s,
          endDay: en,
          startDelta: calendar.rank(d[0]) - calendar.rank(s),
          endDelta: calendar.rank(d[1]) - calendar.rank(en),
        };
      }),
    );
  }
  return { versions, byId, ghosts: comparedOnlyGhosts(data).length };
}

/** "+3", "−2" or "0": a signed count of working days. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** True when the event is missing from at least one compared version: it exists in this version only. */
export function isOnlyHere(bars: readonly (Baseline | null)[] | undefined): boolean {
  return !!bars && bars.some((b) => b === null);
}
