// Rules of the lot form (spec 001 section 5): valid only with a name, a name on every speciality, and a
// change against the original; the body holds only what changed, trimmed.
import type { Lot, LotInput, LotSpeciality } from "../../api/reference";

export interface LotDraft {
  name: string;
  color: string;
  specialities: LotSpeciality[];
}

export const NEW_LOT: LotDraft = { name: "", color: "#FFFFFF", specialities: [] };

export function draftOf(lot: Lot): LotDraft {
  return { name: lot.name, color: lot.color, specialities: lot.specialities.map((s) => ({ id: s.id, name: s.name })) };
}

const sameSpecialities = (a: LotSpeciality[], b: LotSpeciality[]) =>
  a.length === b.length && a.every((s, i) => s.id === b[i].id && s.name.trim() === b[i].name.trim());

export function lotChanges(original: LotDraft | null, value: LotDraft): Partial<LotInput> {
  const base = original ?? NEW_LOT;
  const out: Partial<LotInput> = {};
  if (!original || value.name.trim() !== base.name) out.name = value.name.trim();
  if (value.color.toUpperCase() !== base.color.toUpperCase()) out.color = value.color.toUpperCase();
  if (!sameSpecialities(value.specialities, base.specialities))
    out.specialities = value.specialities.map((s) =>
      s.id ? { id: s.id, name: s.name.trim() } : { name: s.name.trim() },
    );
  return out;
}

export function lotFormValid(original: LotDraft | null, value: LotDraft): boolean {
  if (value.name.trim() === "") return false;
  if (value.specialities.some((s) => s.name.trim() === "")) return false;
  const changes = lotChanges(original, value);
  return original ? Object.keys(changes).length > 0 : true;
}
