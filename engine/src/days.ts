import { InvalidDateError } from "./errors.js";

/**
 * Calendar days as integers: day 0 is 1970-01-01. A day is a date on the wall calendar of Europe/Paris, not an
 * instant, so no time zone enters the engine: the server and the web convert at their edges.
 */
export const NO_DAY = -2147483648;

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDay(iso: unknown): number {
  if (typeof iso !== "string") throw new InvalidDateError(iso);
  const m = ISO_DAY.exec(iso);
  if (!m) throw new InvalidDateError(iso);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    throw new InvalidDateError(iso);
  return ms / MS_PER_DAY;
}

export function formatDay(day: number): string {
  const dt = new Date(day * MS_PER_DAY);
  const y = dt.getUTCFullYear();
  const m = dt.getUTCMonth() + 1;
  const d = dt.getUTCDate();
  return `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export function dayOfWeek(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

export function isWeekend(day: number): boolean {
  return dayOfWeek(day) >= 5;
}

/**
 * Easter Sunday of a year (anonymous Gregorian algorithm), as a day number: France's moving public holidays
 * (Easter Monday, Ascension, Whit Monday) are 1, 39 and 50 days after it.
 */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}
