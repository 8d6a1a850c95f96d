import { useMemo } from "react";
import { eventColumnsOf, type PlanningData } from "@jalon/shared/planning";

/**
 * The tasks whose prerequisites are not all compliant by their start (issue 18), as GET /planning/data marks
 * them (each event's `qualityLate`, a column of the wire form; absent means not late): the planning's marker and
 * its "contrôles en retard" filter. The server derives the mark, so a quality write refreshes it with the data.
 */
export function lateFromPlanning(data: PlanningData): Set<number> {
  const out = new Set<number>();
  const columns = eventColumnsOf(data) as { id: ArrayLike<number>; qualityLate?: ArrayLike<number> } | null;
  if (columns) {
    if (columns.qualityLate)
      for (let i = 0; i < columns.id.length; i++) if (columns.qualityLate[i]) out.add(columns.id[i]);
    return out;
  }
  for (const e of data.events) if (e.qualityLate) out.add(e.id);
  return out;
}

const NONE: ReadonlySet<number> = new Set();

/** The version's late tasks, recomputed when the planning data changes. */
export function useLateQuality(data: PlanningData | null): ReadonlySet<number> {
  return useMemo(() => (data ? lateFromPlanning(data) : NONE), [data]);
}
