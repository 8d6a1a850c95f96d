import { useEffect } from "react";
import { referencesApi, type NamedRef } from "../api/events";
import { useAsync } from "./useAsync";
import { warnError } from "./errors";

/** Zones and lots of the version for the pickers (empty lists while the server does not serve them). */
export function useReferences(versionId: number | null): { zones: NamedRef[]; lots: NamedRef[] } {
  const zones = useAsync(
    () => (versionId === null ? Promise.resolve([]) : referencesApi.zones(versionId)),
    [versionId],
  );
  const lots = useAsync(() => (versionId === null ? Promise.resolve([]) : referencesApi.lots(versionId)), [versionId]);
  useEffect(() => {
    if (zones.error) warnError(zones.error);
  }, [zones.error]);
  useEffect(() => {
    if (lots.error) warnError(lots.error);
  }, [lots.error]);
  return { zones: zones.data ?? [], lots: lots.data ?? [] };
}
