// Rules of the versions panel (spec 000 sections 4 and 5), pure so they are tested on their own.
import { MAX_COMPARED_VERSIONS, ROWS_PER_PAGE_VERSIONS } from "@jalon/shared";
import type { Project, Version } from "../../api/types";

export { MAX_COMPARED_VERSIONS, ROWS_PER_PAGE_VERSIONS };

/** Freeze: hidden without an active version, disabled when the project is archived. */
export function freezeState(project: Project | null, active: Version | null): { visible: boolean; disabled: boolean } {
  return { visible: active !== null, disabled: !project || project.isArchived };
}

/** Sign: offered only without a signed version; disabled when archived or without an active version. */
export function signState(project: Project | null, active: Version | null): { visible: boolean; disabled: boolean } {
  if (!project || project.signedVersionId) return { visible: false, disabled: true };
  return { visible: true, disabled: project.isArchived || active === null };
}

/** Adds or removes a version from the comparison; `null` when a fifth one is refused. */
export function toggleCompared(ids: readonly number[], id: number, checked: boolean): number[] | null {
  if (!checked) return ids.filter((x) => x !== id);
  if (ids.includes(id)) return [...ids];
  if (ids.length >= MAX_COMPARED_VERSIONS) return null;
  return [...ids, id];
}
