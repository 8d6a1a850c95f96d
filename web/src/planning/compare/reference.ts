import { useProject } from "../../store/project";
import type { ComparedVersion } from "./compareModel";

/**
 * The compared version that deltas are measured against: the project's referent version when it is compared,
 * else the first one chosen (the comparison keeps the order of the ?compare= ids).
 */
export function referenceIndex(versions: readonly ComparedVersion[], referentId: number | null | undefined): number {
  const k = referentId == null ? -1 : versions.findIndex((v) => v.versionId === referentId);
  return k >= 0 ? k : 0;
}

/** referenceIndex with the project's referent version (none on the public planning: the first compared). */
export function useReferenceIndex(versions: readonly ComparedVersion[] | undefined): number {
  const referentId = useProject((s) => s.versions.find((v) => v.isReferentVersion)?.id ?? null);
  return versions ? referenceIndex(versions, referentId) : 0;
}
