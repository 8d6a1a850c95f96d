import { useRefresh, type PushedDates } from "../store/refresh";
import { useProject } from "../store/project";

export type { PushedDates };

/**
 * Dates pushed by moves on this project (realtime event:update / event:bulk_update carry the delta), for the
 * version on screen only; the view applies them without a refetch.
 */
export function usePlanningLive(_projectId: number | null): PushedDates | null {
  const pushed = useRefresh((s) => s.pushedDates);
  const versionId = useProject((s) => s.versionId);
  if (!pushed || (pushed.versionId !== null && pushed.versionId !== versionId)) return null;
  return pushed;
}
