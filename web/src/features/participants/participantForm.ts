// Rules of the participant form (spec 001 section 5): valid with a name and a change; the body holds only what
// changed, trimmed (empty optional texts become null).
import type { Participant, ParticipantInput } from "../../api/reference";

export type ParticipantDraft = ParticipantInput;

export function emptyParticipant(lotId: number | null): ParticipantDraft {
  return {
    name: "",
    companyName: null,
    color: "#FFFFFF",
    projectManagerEmail: null,
    projectManagerFirstName: null,
    projectManagerLastName: null,
    projectManagerPhoneNumber: null,
    participantsGroupPro: lotId ? [lotId] : [],
    specialityIds: [],
    zoneIds: [],
  };
}

export function participantDraft(p: Participant): ParticipantDraft {
  return {
    name: p.name,
    companyName: p.companyName,
    color: p.color,
    projectManagerEmail: p.projectManagerEmail,
    projectManagerFirstName: p.projectManagerFirstName,
    projectManagerLastName: p.projectManagerLastName,
    projectManagerPhoneNumber: p.projectManagerPhoneNumber,
    participantsGroupPro: p.participantsGroupPro.map((l) => l.id),
    specialityIds: p.specialities.map((s) => s.id),
    zoneIds: p.zones.map((z) => z.id),
  };
}

const TEXTS = [
  "companyName",
  "projectManagerEmail",
  "projectManagerFirstName",
  "projectManagerLastName",
  "projectManagerPhoneNumber",
] as const;
const LISTS = ["participantsGroupPro", "specialityIds", "zoneIds"] as const;
const sameSet = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

export function participantChanges(
  original: ParticipantDraft | null,
  value: ParticipantDraft,
): Partial<ParticipantInput> {
  const base = original ?? emptyParticipant(null);
  const out: Partial<ParticipantInput> = {};
  if (!original || value.name.trim() !== base.name) out.name = value.name.trim();
  if (value.color.toUpperCase() !== base.color.toUpperCase()) out.color = value.color.toUpperCase();
  for (const key of TEXTS) {
    const v = (value[key] ?? "").trim() || null;
    if (v !== base[key]) out[key] = v;
  }
  for (const key of LISTS)
    if (!sameSet(value[key], base[key]) || (!original && value[key].length > 0)) out[key] = value[key];
  return out;
}

export function participantFormValid(original: ParticipantDraft | null, value: ParticipantDraft): boolean {
  if (value.name.trim() === "") return false;
  return !original || Object.keys(participantChanges(original, value)).length > 0;
}
