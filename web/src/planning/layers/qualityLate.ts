import { useEffect, useMemo, useState } from "react";
import { eventColumnsOf, type PlanningData } from "@jalon/shared/planning";
import { qualityApi, type QualityControl } from "../../api/quality";

/**
 * The tasks whose prerequisites are not all compliant by their start (issue 18): the planning's marker and its
 * "contrôles en retard" filter. A prerequisite counts against its task while it is not compliant, or when it was
 * made compliant after the task's start (its completion date is later than the task's first day).
 */
export function lateFromControls(controls: readonly QualityControl[]): Set<number> {
  const out = new Set<number>();
  for (const c of controls) {
    if (c.type !== "prerequisites" || c.isArchived || c.eventId === null) continue;
    const start = c.event?.startDate ?? c.startDate;
    const compliantInTime =
      c.status === "compliant" && (c.completionDate === null || start === null || c.completionDate <= start);
    if (!compliantInTime) out.add(c.eventId);
  }
  return out;
}

/**
 * The late tasks as GET /planning/data marks them (each event's `qualityLate`, a column of the wire form), or null
 * from a server whose answer does not carry the mark.
 */
export function lateFromPlanning(data: PlanningData): Set<number> | null {
  const columns = eventColumnsOf(data) as { id: ArrayLike<number>; qualityLate?: ArrayLike<number> } | null;
  const out = new Set<number>();
  if (columns) {
    if (!columns.qualityLate) return null;
    for (let i = 0; i < columns.id.length; i++) if (columns.qualityLate[i]) out.add(columns.id[i]);
    return out;
  }
  let carried = false;
  for (const e of data.events as (PlanningData["events"][number] & { qualityLate?: boolean })[]) {
    if (e.qualityLate === undefined) continue;
    carried = true;
    if (e.qualityLate) out.add(e.id);
  }
  return carried ? out : null;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The version's late tasks: the planning data's own mark, or else (a server without it) the version's
 * prerequisites read once per load of the planning data (a quality write refreshes the planning). The public
 * planning reads no quality controls: a guest has no access to them.
 */
export function useLateQuality(
  data: PlanningData | null,
  projectId: number | null | undefined,
  versionId: number | null | undefined,
  publicView: boolean,
): ReadonlySet<number> {
  const marked = useMemo(() => (data ? lateFromPlanning(data) : null), [data]);
  const [controls, setControls] = useState<readonly QualityControl[] | null>(null);
  useEffect(() => {
    if (!data || marked || publicView || !projectId || !versionId) return;
    let cancelled = false;
    qualityApi
      .list({ projectId, versionId, type: "prerequisites" })
      .then((r) => !cancelled && setControls(r.data))
      // The marker is an aid: a refused read leaves the planning as it is, without markers.
      .catch(() => !cancelled && setControls([]));
    return () => {
      cancelled = true;
    };
  }, [data, marked, projectId, versionId, publicView]);
  const fetched = useMemo(() => (controls ? lateFromControls(controls) : NONE), [controls]);
  return marked ?? fetched;
}
