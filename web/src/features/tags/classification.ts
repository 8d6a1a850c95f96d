// Tags and phases share their screens (spec 001 routes /dashboard/tags... and /dashboard/phases...): a list of
// items, an item form and the categories with their order. Each screen takes one of these configurations.
import { phasesApi, tagsApi, type ClassificationApi, type ClassItem } from "../../api/referenceMore";

export interface ClassificationConfig {
  /** i18n namespace of the screen's text ("tags.title", "phases.title"...). */
  ns: "tags" | "phases";
  api: ClassificationApi;
  basePath: string;
}

/** What every screen of a classification (its list, its categories, an item's form) works on. */
export interface ClassificationScreenProps {
  config: ClassificationConfig;
  projectId: number;
  versionId: number;
}

export const TAGS_CONFIG: ClassificationConfig = { ns: "tags", api: tagsApi, basePath: "/dashboard/tags" };
export const PHASES_CONFIG: ClassificationConfig = { ns: "phases", api: phasesApi, basePath: "/dashboard/phases" };

export interface ItemDraft {
  name: string;
  color: string;
  type: string;
  categoryId: number | null;
}

export function itemDraftOf(item: ClassItem | null): ItemDraft {
  return {
    name: item?.name ?? "",
    color: item?.color ?? "",
    type: item?.type ?? "",
    categoryId: item?.categoryId ?? null,
  };
}

/** Everything on creation, the changed fields (trimmed; blank means none) on update. */
export function itemBody(d: ItemDraft, original: ItemDraft | null) {
  const full = { name: d.name.trim(), color: d.color || null, type: d.type.trim() || null, categoryId: d.categoryId };
  if (!original) return full;
  const base = {
    name: original.name.trim(),
    color: original.color || null,
    type: original.type.trim() || null,
    categoryId: original.categoryId,
  };
  return Object.fromEntries(Object.entries(full).filter(([k, v]) => base[k as keyof typeof base] !== v)) as Partial<
    typeof full
  >;
}

/** Valid with a name and, when editing, a change. */
export function canSaveItem(d: ItemDraft, original: ItemDraft | null): boolean {
  return d.name.trim().length > 0 && (original === null || Object.keys(itemBody(d, original)).length > 0);
}

/** The ids in their new order once `dragged` is dropped on `target` (it takes the target's place). */
export function reorder(ids: readonly number[], dragged: number, target: number): number[] {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const out = ids.filter((id) => id !== dragged);
  out.splice(to, 0, dragged);
  return out;
}
