// Rules of the macro-task form (spec 001 section 5): valid if the name is present and the name, tags, group,
// tracked unit or tracked families changed. Only changed fields are sent.
import { isOrderLineUnit, type OrderLineUnit } from "@jalon/shared";
import type { MacroTaskInput, MacroTaskItem } from "../../api/referenceMore";

export interface MacroTaskDraft {
  name: string;
  tagIds: number[];
  participantGroupProId: number | null;
  specialityIds: number[];
  trackedUnit: OrderLineUnit | null;
  trackedFamilies: Record<string, number[]>;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

export function draftOf(m: MacroTaskItem | null): MacroTaskDraft {
  return {
    name: m?.name ?? "",
    tagIds: sorted(m?.tags.map((t) => t.id) ?? []),
    participantGroupProId: m?.participantGroupProId ?? null,
    specialityIds: sorted(m?.specialities.map((s) => s.id) ?? []),
    trackedUnit: m?.trackedUnit && isOrderLineUnit(m.trackedUnit) ? m.trackedUnit : null,
    trackedFamilies: m?.trackedFamilies ?? {},
  };
}

const sameIds = (a: number[], b: number[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const families = (f: Record<string, number[]>) =>
  JSON.stringify(
    Object.keys(f)
      .sort()
      .map((k) => [k, sorted(f[k])]),
  );

export function macroTaskBody(d: MacroTaskDraft, original: MacroTaskDraft | null): Partial<MacroTaskInput> {
  const name = d.name.trim();
  if (!original)
    return {
      name,
      tagIds: d.tagIds,
      participantGroupProId: d.participantGroupProId,
      specialityIds: d.specialityIds,
      trackedUnit: d.trackedUnit,
      trackedFamilies: d.trackedFamilies,
    };
  const out: Partial<MacroTaskInput> = {};
  if (name !== original.name) out.name = name;
  if (!sameIds(d.tagIds, original.tagIds)) out.tagIds = d.tagIds;
  if (d.participantGroupProId !== original.participantGroupProId) out.participantGroupProId = d.participantGroupProId;
  if (!sameIds(d.specialityIds, original.specialityIds)) out.specialityIds = d.specialityIds;
  if (d.trackedUnit !== original.trackedUnit) out.trackedUnit = d.trackedUnit;
  if (families(d.trackedFamilies) !== families(original.trackedFamilies)) out.trackedFamilies = d.trackedFamilies;
  return out;
}

/** The fields whose change makes the form valid (spec 001 section 5); a speciality change rides along. */
const VALIDATING: (keyof MacroTaskInput)[] = [
  "name",
  "tagIds",
  "participantGroupProId",
  "trackedUnit",
  "trackedFamilies",
];

export function canSave(d: MacroTaskDraft, original: MacroTaskDraft | null): boolean {
  if (!d.name.trim()) return false;
  if (original === null) return true;
  const body = macroTaskBody(d, original);
  return VALIDATING.some((k) => k in body);
}

/** Toggles a followed zone: its families are kept while it stays followed. */
export function toggleZone(f: Record<string, number[]>, zoneId: number, on: boolean): Record<string, number[]> {
  const key = String(zoneId);
  if (!on) return Object.fromEntries(Object.entries(f).filter(([k]) => k !== key));
  return key in f ? f : { ...f, [key]: [] };
}
