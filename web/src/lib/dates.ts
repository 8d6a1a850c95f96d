// Dates shown in Europe/Paris: dd/MM/yyyy and dd/MM/yyyy HH:mm (spec 000 section 9).
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";

export const TIME_ZONE = "Europe/Paris";
export const DATE_FORMAT = "dd/MM/yyyy";
export const DATE_TIME_FORMAT = "dd/MM/yyyy HH:mm";
export const ISO_DATE = "yyyy-MM-dd";

function valid(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = valid(value);
  return d ? formatInTimeZone(d, TIME_ZONE, DATE_FORMAT) : "";
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = valid(value);
  return d ? formatInTimeZone(d, TIME_ZONE, DATE_TIME_FORMAT) : "";
}

/** yyyy-MM-dd of an instant, in Paris (for <input type="date">). */
export function toIsoDay(value: string | number | Date | null | undefined): string {
  const d = valid(value);
  return d ? formatInTimeZone(d, TIME_ZONE, ISO_DATE) : "";
}

/** Project start date: the day at 00:00:00.000 in Paris, as an ISO instant. */
export function startOfParisDay(isoDay: string): string {
  return fromZonedTime(`${isoDay}T00:00:00.000`, TIME_ZONE).toISOString();
}

/** Project end date: the day at 23:59:59.999 in Paris, as an ISO instant. */
export function endOfParisDay(isoDay: string): string {
  return fromZonedTime(`${isoDay}T23:59:59.999`, TIME_ZONE).toISOString();
}

/** A calendar day (yyyy-MM-dd) or an instant, shown dd/MM/yyyy in Paris. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
}

/** A day typed dd/MM/yyyy (one-digit day and month accepted) as yyyy-MM-dd, or null when it is no calendar day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** dd/MM/yyyy of a yyyy-MM-dd day, without going through an instant (no time zone can shift it). */
export function showDay(isoDay: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}` : "";
}
