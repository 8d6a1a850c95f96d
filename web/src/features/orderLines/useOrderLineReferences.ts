// What the order-line forms and filters choose from: the version's macro-tasks, lots, zones and specialities,
// and the families shared by every project. A list the server refuses leaves its picker empty.
import { useMemo } from "react";
import { lotsApi, specialitiesApi, zonesApi } from "../../api/reference";
import { macroTasksApi } from "../../api/referenceMore";
import type { NamedRef } from "../../api/events";
import { rowsOrNone, useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { familiesApi } from "../../api/families";

export interface OrderLineReferences {
  macroTasks: NamedRef[];
  lots: NamedRef[];
  families: NamedRef[];
  /** Zones by their full name, in the version's order. */
  zones: NamedRef[];
  specialities: NamedRef[];
}

export function useOrderLineReferences(projectId: number, versionId: number): OrderLineReferences {
  const refresh = useRefreshCounter("data");
  const deps = [projectId, versionId, refresh];
  const macroTasks = useAsync(() => rowsOrNone(macroTasksApi.list(projectId, versionId)), deps);
  const lots = useAsync(() => rowsOrNone(lotsApi.list(projectId, versionId)), deps);
  const families = useAsync(() => rowsOrNone(familiesApi.list()), [refresh]);
  const zones = useAsync(() => rowsOrNone(zonesApi.list(projectId, versionId)), deps);
  const specialities = useAsync(() => rowsOrNone(specialitiesApi.list(projectId, versionId)), deps);
  return useMemo(
    () => ({
      macroTasks: (macroTasks.data ?? []).map(({ id, name }) => ({ id, name })),
      lots: (lots.data ?? []).map(({ id, name }) => ({ id, name })),
      families: families.data ?? [],
      zones: (zones.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name })),
      specialities: (specialities.data ?? []).map(({ id, name }) => ({ id, name })),
    }),
    [macroTasks.data, lots.data, families.data, zones.data, specialities.data],
  );
}
