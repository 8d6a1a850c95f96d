import { useEffect, useMemo, useState } from "react";
import type { PlanningData } from "@jalon/shared/planning";
import type { TagRef } from "./filterLogic";
import { OPTION_PATHS, referenceRows, tagRefs, toOptions, type FilterOption, type OptionList } from "./filterOptions";

export interface FilterOptionsState {
  options: Partial<Record<OptionList, FilterOption[]>>;
  tags: TagRef[];
}

/**
 * The choices of every filter, read once per version from the reference lists. Zones, lots and sequences also
 * come with GET /planning/data: they stand in when their own list is empty or cannot be read.
 */
export function useFilterOptions(
  versionId: number,
  data: Pick<PlanningData, "zones" | "lots" | "sequences"> | null,
  enabled: boolean,
): FilterOptionsState {
  const [loaded, setLoaded] = useState<{
    versionId: number;
    options: Partial<Record<OptionList, FilterOption[]>>;
    tags: TagRef[];
  } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const keys = Object.keys(OPTION_PATHS) as OptionList[];
    void Promise.all(keys.map((k) => referenceRows(OPTION_PATHS[k], versionId).catch(() => []))).then((lists) => {
      if (cancelled) return;
      const options: Partial<Record<OptionList, FilterOption[]>> = {};
      let tags: TagRef[] = [];
      keys.forEach((k, i) => {
        options[k] = toOptions(lists[i]);
        if (k === "tagIds") tags = tagRefs(lists[i]);
      });
      setLoaded({ versionId, options, tags });
    });
    return () => {
      cancelled = true;
    };
  }, [versionId, enabled]);
  return useMemo(() => {
    const options = { ...(loaded?.versionId === versionId ? loaded.options : {}) };
    if (data) {
      if (!options.zoneIds?.length)
        options.zoneIds = toOptions(data.zones.map((z) => ({ id: z.id, name: z.name, fullName: z.fullName })));
      if (!options.participantGroupProIds?.length) options.participantGroupProIds = toOptions(data.lots);
      if (!options.sequenceIds?.length) options.sequenceIds = toOptions(data.sequences);
    }
    return { options, tags: loaded?.versionId === versionId ? loaded.tags : [] };
  }, [loaded, versionId, data]);
}
