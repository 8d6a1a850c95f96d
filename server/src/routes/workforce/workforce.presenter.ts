import type { WorkforceCounting } from "@jalon/shared";

/** The API's field names of a participant counting are decided here (spec 001: date, estimated, real). */
export const countingSelect = [
  "w.id",
  "w.project_id",
  "w.version_id",
  "w.date",
  "w.participant_id",
  "w.participant_group_pro_id",
  "w.estimated_number_of_people",
  "w.real_number_of_people",
  "p.name as participant_name",
  "p.color as participant_color",
  "l.name as lot_name",
  "l.color as lot_color",
];

export interface CountingDbRow {
  id: number;
  project_id: number;
  version_id: number;
  date: string;
  participant_id: number | null;
  participant_group_pro_id: number | null;
  estimated_number_of_people: string | number | null;
  real_number_of_people: string | number | null;
  participant_name: string | null;
  participant_color: string | null;
  lot_name: string | null;
  lot_color: string | null;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

export function presentCounting(r: CountingDbRow): WorkforceCounting {
  return {
    id: r.id,
    projectId: r.project_id,
    versionId: r.version_id,
    date: String(r.date).slice(0, 10),
    participantId: r.participant_id,
    participantGroupProId: r.participant_group_pro_id,
    name: r.participant_name ?? r.lot_name ?? "",
    color: r.participant_color ?? r.lot_color ?? "#FFFFFF",
    estimatedNumberOfPeople: num(r.estimated_number_of_people),
    realNumberOfPeople: num(r.real_number_of_people),
  };
}
