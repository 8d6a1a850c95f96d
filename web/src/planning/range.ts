import { NO_DAY, parseDay } from "@jalon/engine";
import { MAX_ZOOM, MIN_ZOOM, createTimeScale, defaultRange } from "@jalon/shared/gantt";

/**
 * The planning's displayed range (issue 14): the spec's default (3 months back, 4 ahead), the date filter's months,
 * the project's first to last event, each widened by scrolling past an edge. Ranges are whole months, inclusive
 * day numbers (day 0 = 1970-01-01), as GET /planning/data takes them (startDate/endDate, year-months).
 */
export interface DayRange {
  readonly firstDay: number;
  readonly lastDay: number;
}

export type Edge = "start" | "end";

/** At least this many months are loaded past an edge: fewer would ask again after a short scroll. */
export const EXTEND_MONTHS_MIN = 3;
/** The length of a range given only one end by the filter: the default's 8 months. */
const FILTER_SPAN_MONTHS = 8;
/** Pixels per day of the year view at the largest zoom. */
const YEAR_DAY_WIDTH = createTimeScale("year", MAX_ZOOM, 0, 0).dayWidth;

function ym(day: number): [number, number] {
  const d = new Date(day * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth()];
}

/** First day of the month `months` after the month of `day` (negative: before). */
export function monthStart(day: number, months = 0): number {
  const [y, m] = ym(day);
  return Date.UTC(y, m + months, 1) / 86_400_000;
}

/** Last day of the month `months` after the month of `day`. */
export function monthEnd(day: number, months = 0): number {
  return monthStart(day, months + 1) - 1;
}

export { defaultRange };

/**
 * The day of a filter date, or NO_DAY when it is not one the server takes (years 1900-2999): a date input gives
 * 0002-05-01 while its year is being typed, which must neither throw nor reach the server as a 400.
 */
export function filterDay(iso: string | null): number {
  if (!iso || !/^(19|2\d)\d\d-/.test(iso)) return NO_DAY;
  try {
    return parseDay(iso);
  } catch {
    return NO_DAY;
  }
}

/**
 * The range the date filter asks for: its months, from the start filter's to the end filter's. With one end
 * only, 8 months from (or up to) it; with an end before the start, 8 months from the start (the filter itself
 * then matches nothing, see serverFilterParams). Without a filter, the default.
 */
export function filterRange(fallback: DayRange, from: string | null, to: string | null): DayRange {
  const a = filterDay(from);
  const b = filterDay(to);
  if (a !== NO_DAY && b !== NO_DAY && b >= a) return { firstDay: monthStart(a), lastDay: monthEnd(b) };
  if (a !== NO_DAY) return { firstDay: monthStart(a), lastDay: monthEnd(a, FILTER_SPAN_MONTHS - 1) };
  if (b !== NO_DAY) return { firstDay: monthStart(b, 1 - FILTER_SPAN_MONTHS), lastDay: monthEnd(b) };
  return fallback;
}

/** The range with `months` more months at one edge, and the months added (what to load). */
export function extendRange(r: DayRange, edge: Edge, months: number): { range: DayRange; added: DayRange } {
  const n = Math.max(1, Math.round(months));
  if (edge === "start") {
    const firstDay = monthStart(r.firstDay, -n);
    return { range: { firstDay, lastDay: r.lastDay }, added: { firstDay, lastDay: r.firstDay - 1 } };
  }
  const lastDay = monthEnd(r.lastDay, n);
  return { range: { firstDay: r.firstDay, lastDay }, added: { firstDay: r.lastDay + 1, lastDay } };
}

/** How many months to add at an edge: enough to fill the canvas once more, at least EXTEND_MONTHS_MIN. */
export function monthsToFill(canvasWidth: number, dayWidth: number): number {
  return Math.max(EXTEND_MONTHS_MIN, Math.ceil(canvasWidth / (30 * Math.max(dayWidth, 0.01))));
}

/**
 * The edge the viewport is within `margin` pixels of, if any. `contentWidth` is the time axis' width,
 * `left` the scroll offset into it and `width` the visible part of it. A viewport wider than the content
 * touches both: the end is given (time goes forward).
 */
export function edgeNear(left: number, width: number, contentWidth: number, margin: number): Edge | null {
  if (left + width >= contentWidth - margin) return "end";
  if (left <= margin) return "start";
  return null;
}

/** First start and last end of the events, skipping those without dates; null for none. */
export function projectSpan(dates: Iterable<readonly [number, number]>): DayRange | null {
  let first = Infinity;
  let last = -Infinity;
  for (const [s, e] of dates) {
    if (s !== NO_DAY && s < first) first = s;
    if (e !== NO_DAY && e > last) last = e;
    if (s !== NO_DAY && s > last) last = s;
    if (e !== NO_DAY && e < first) first = e;
  }
  return first === Infinity ? null : { firstDay: first, lastDay: last };
}

/** "Tout le projet": the whole months from the first event's to the last one's. */
export function fitRange(span: DayRange): DayRange {
  return { firstDay: monthStart(span.firstDay), lastDay: monthEnd(span.lastDay) };
}

/** The year view's zoom that shows the range in `canvasWidth` pixels: the largest that fits, MIN_ZOOM at least. */
export function fitZoom(r: DayRange, canvasWidth: number): number {
  const days = r.lastDay - r.firstDay + 1;
  const zoom = Math.floor((canvasWidth * MAX_ZOOM) / (days * YEAR_DAY_WIDTH));
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Year-months of a range, as GET /planning/data's startDate and endDate. */
export function rangeMonths(r: DayRange): { startDate: string; endDate: string } {
  const f = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 7);
  return { startDate: f(r.firstDay), endDate: f(r.lastDay) };
}
