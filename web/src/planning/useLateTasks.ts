import { useEffect, useMemo } from "react";
import { dashboardApi, type RecalibrationAnswer, type RecalibrationTask } from "../api/dashboard";
import { warnError } from "../lib/errors";
import { useAsync } from "../lib/useAsync";

const NONE: ReadonlySet<number> = new Set();
/** One empty list: the panel re-chooses its tasks when the list changes, so "none" must stay the same object. */
const NO_TASKS: readonly RecalibrationTask[] = [];

/**
 * Recalibration mode's late tasks: the ones counted late at `date` (today when empty) and the dates a recalibration
 * gives them (GET /project/{id}/recalibration, the /dashboard/recalibration-tasks screen's preview), asked only
 * while the mode is on and again on each planning refresh (`refreshKey`), so a recalibration or a counting made
 * elsewhere shows here.
 */
export function useLateTasks(
  projectId: number | null,
  versionId: number | null,
  date: string,
  enabled: boolean,
  refreshKey: number,
) {
  const preview = useAsync(
    (): Promise<RecalibrationAnswer | undefined> =>
      enabled && projectId !== null && versionId !== null
        ? dashboardApi.recalibrationPreview(projectId, versionId, date)
        : Promise.resolve(undefined),
    [projectId, versionId, date, enabled, refreshKey],
  );
  useEffect(() => {
    if (preview.error) warnError(preview.error, "project");
  }, [preview.error]);
  const answer = enabled ? preview.data : undefined;
  const ids = useMemo(() => (answer ? new Set(answer.tasks.map((x) => x.id)) : NONE), [answer]);
  return { tasks: answer?.tasks ?? NO_TASKS, ids, loading: enabled && preview.loading, reload: preview.reload };
}
