import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { MAX_COMPARED_VERSIONS } from "../../store/ui";

/**
 * The versions compared with the one on screen: the versions panel's 'Comparer' opens the planning with
 * ?compare=ids. The version on screen is not compared with itself; at most 4 are kept.
 */
export function useComparedVersions(versionId: number): { ids: number[]; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get("compare") ?? "";
  const ids = useMemo(
    () =>
      raw
        .split(",")
        .map((s) => Number(s.trim()))
        .filter((n, i, all) => Number.isSafeInteger(n) && n > 0 && n !== versionId && all.indexOf(n) === i)
        .slice(0, MAX_COMPARED_VERSIONS),
    [raw, versionId],
  );
  const clear = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete("compare");
    setParams(next, { replace: true });
  }, [params, setParams]);
  return { ids, clear };
}
