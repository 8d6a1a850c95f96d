// Rules of the holiday form (spec 001 sections 3-5): a holiday is one day for the whole project or for given
// lots (its end is its start); a vacation is a range for the whole project. The form is valid with a name,
// valid dates and, when editing, a change; only changed fields are sent.
import type { HolidayType } from "@jalon/shared";
import type { HolidayInput, HolidayItem } from "../../api/referenceMore";

export interface HolidayDraft {
  name: string;
  startDate: string;
  endDate: string;
  lots: number[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(s: string): boolean {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function draftOf(item: HolidayItem | null): HolidayDraft {
  if (!item) return { name: "", startDate: "", endDate: "", lots: [] };
  return {
    name: item.name,
    startDate: item.startDate,
    endDate: item.endDate,
    lots: item.participantsGroupPro.map((l) => l.id).sort((a, b) => a - b),
  };
}

/** The catalogue key of the first date problem, or null (errors.startDate_invalid, errors.endDate_invalid). */
export function dateError(type: HolidayType, d: HolidayDraft): "startDate_invalid" | "endDate_invalid" | null {
  if (!isDay(d.startDate)) return "startDate_invalid";
  if (type === "vacation" && (!isDay(d.endDate) || d.endDate < d.startDate)) return "endDate_invalid";
  return null;
}

const sameLots = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/** The body to send: everything on creation, the changed fields on update ({} when nothing changed). */
export function holidayBody(type: HolidayType, d: HolidayDraft, original: null): HolidayInput;
export function holidayBody(type: HolidayType, d: HolidayDraft, original: HolidayDraft | null): Partial<HolidayInput>;
export function holidayBody(type: HolidayType, d: HolidayDraft, original: HolidayDraft | null): Partial<HolidayInput> {
  const name = d.name.trim();
  const full: HolidayInput = {
    name,
    type,
    startDate: d.startDate,
    ...(type === "vacation" ? { endDate: d.endDate } : { participantsGroupPro: d.lots }),
  };
  if (!original) return full;
  const out: Partial<HolidayInput> = {};
  if (name !== original.name) out.name = name;
  if (d.startDate !== original.startDate) out.startDate = d.startDate;
  if (type === "vacation" && d.endDate !== original.endDate) out.endDate = d.endDate;
  if (type === "holiday" && !sameLots(d.lots, original.lots)) out.participantsGroupPro = d.lots;
  return out;
}

export function canSave(type: HolidayType, d: HolidayDraft, original: HolidayDraft | null): boolean {
  if (!d.name.trim() || dateError(type, d) !== null) return false;
  return original === null || Object.keys(holidayBody(type, d, original)).length > 0;
}
