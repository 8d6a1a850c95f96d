import { useEffect, useMemo, useState } from "react";
import type { PlanningData } from "@jalon/shared/planning";
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

const NONE: ReadonlySet<number> = new Set();

/**
 * The version's late tasks, read from its prerequisites (one list call per load of the planning data: a quality
 * write refreshes the planning). The public planning reads none: a guest has no access to quality controls.
 */
export function useLateQuality(
  data: PlanningData | null,
  projectId: number | null | undefined,
  versionId: number | null | undefined,
  publicView: boolean,
): ReadonlySet<number> {
  const [controls, setControls] = useState<readonly QualityControl[] | null>(null);
  useEffect(() => {
    if (!data || publicView || !projectId || !versionId) return;
    let cancelled = false;
    qualityApi
      .list({ projectId, versionId, type: "prerequisites" })
      .then((r) => !cancelled && setControls(r.data))
      // The marker is an aid: a refused read leaves the planning as it is, without markers.
      .catch(() => !cancelled && setControls([]));
    return () => {
      cancelled = true;
    };
  }, [data, projectId, versionId, publicView]);
  return useMemo(() => (controls ? lateFromControls(controls) : NONE), [controls]);
}
