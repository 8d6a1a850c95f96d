import { useMemo } from "react";
import { useRefresh, type PushedDates } from "../store/refresh";
import { useProject } from "../store/project";

export type { PushedDates };

/**
 * Dates pushed by moves on this project (realtime event:update / event:bulk_update carry the delta), oldest first,
 * for the version on screen only; the view applies them without a refetch.
 */
export function usePlanningLive(_projectId: number | null): readonly PushedDates[] {
  const pushed = useRefresh((s) => s.pushedDates);
  const versionId = useProject((s) => s.versionId);
  return useMemo(() => pushed.filter((p) => p.versionId === null || p.versionId === versionId), [pushed, versionId]);
}
