import { dayOfWeek, formatDay, parseDay } from "@jalon/engine";

/**
 * The Gantt's time axis, shared by the web canvas and the server's PDF so that both agree to the day.
 * x is in pixels from the left edge of the range; day D occupies [x(D), x(D + 1)).
 */
export type PlanningView = "year" | "month" | "week";

export const DEFAULT_VIEW: PlanningView = "year";
export const DEFAULT_ZOOM = 75;
export const MIN_ZOOM = 20;
export const MAX_ZOOM = 75;
/** Pixels per calendar day at zoom 75, by view. */
const BASE_DAY_WIDTH: Record<PlanningView, number> = { year: 4, month: 24, week: 72 };

export const WEEKDAY_LABELS = ["LUN", "MAR", "MER", "JEU", "VEN"] as const;
const MONTH_LABELS = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juil.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
];
/** French month names, as the time header and the print write them. */
export const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** The spec's zoom classes: 20, 21-30, 31-50, 51-75. */
export type ZoomClass = "zoom-20" | "zoom-21-30" | "zoom-31-50" | "zoom-51-75";
export function zoomClass(zoom: number): ZoomClass {
  if (zoom <= 20) return "zoom-20";
  if (zoom <= 30) return "zoom-21-30";
  if (zoom <= 50) return "zoom-31-50";
  return "zoom-51-75";
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)));
}

export interface TimeScale {
  readonly view: PlanningView;
  readonly zoom: number;
  readonly firstDay: number;
  /** Last day shown (inclusive). */
  readonly lastDay: number;
  readonly dayWidth: number;
  readonly width: number;
}

export function createTimeScale(view: PlanningView, zoom: number, firstDay: number, lastDay: number): TimeScale {
  const z = clampZoom(zoom);
  const dayWidth = (BASE_DAY_WIDTH[view] * z) / MAX_ZOOM;
  return { view, zoom: z, firstDay, lastDay, dayWidth, width: (lastDay - firstDay + 1) * dayWidth };
}

export function dayToX(scale: TimeScale, day: number): number {
  return (day - scale.firstDay) * scale.dayWidth;
}

/** The day under pixel x (floor). */
export function xToDay(scale: TimeScale, x: number): number {
  return scale.firstDay + Math.floor(x / scale.dayWidth);
}

function monthStart(y: number, m: number): number {
  return Date.UTC(y, m, 1) / 86_400_000;
}

function ymOf(day: number): [number, number] {
  const d = new Date(day * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth()];
}

/** The spec's default range: from the first day of the month 3 months back to the end of the month 4 months ahead. */
export function defaultRange(today: number): { firstDay: number; lastDay: number } {
  const [y, m] = ymOf(today);
  return { firstDay: monthStart(y, m - 3), lastDay: monthStart(y, m + 5) - 1 };
}

/** A range given as year-months (GET /planning/data startDate/endDate), inclusive of the whole end month. */
export function monthRange(startMonth: string, endMonth: string): { firstDay: number; lastDay: number } {
  const a = parseDay(`${startMonth}-01`);
  const [y, m] = ymOf(parseDay(`${endMonth}-01`));
  return { firstDay: a, lastDay: monthStart(y, m + 1) - 1 };
}

export function monthKey(day: number): string {
  return formatDay(day).slice(0, 7);
}

export interface Tick {
  readonly day: number;
  readonly x: number;
  readonly width: number;
  readonly label: string;
}

/** Header bands: top (years or months) and bottom (months, weeks or days), depending on view and zoom. */
export function headerTicks(scale: TimeScale): { top: Tick[]; bottom: Tick[] } {
  const top: Tick[] = [];
  const bottom: Tick[] = [];
  const [y0, m0] = ymOf(scale.firstDay);
  const months: { day: number; end: number; y: number; m: number }[] = [];
  for (let k = 0; ; k++) {
    const day = monthStart(y0, m0 + k);
    if (day > scale.lastDay) break;
    const [y, m] = ymOf(day);
    months.push({
      day: Math.max(day, scale.firstDay),
      end: Math.min(monthStart(y0, m0 + k + 1) - 1, scale.lastDay),
      y,
      m,
    });
  }
  const tick = (from: number, to: number, label: string): Tick => ({
    day: from,
    x: dayToX(scale, from),
    width: (to - from + 1) * scale.dayWidth,
    label,
  });
  if (scale.view === "year") {
    const years = new Map<number, { from: number; to: number }>();
    for (const mo of months) {
      const yr = years.get(mo.y);
      if (yr) yr.to = mo.end;
      else years.set(mo.y, { from: mo.day, to: mo.end });
    }
    for (const [y, r] of years) top.push(tick(r.from, r.to, String(y)));
    const short = zoomClass(scale.zoom) === "zoom-20";
    for (const mo of months)
      bottom.push(tick(mo.day, mo.end, short ? MONTH_LABELS[mo.m].slice(0, 1).toUpperCase() : MONTH_LABELS[mo.m]));
    return { top, bottom };
  }
  for (const mo of months) top.push(tick(mo.day, mo.end, `${MONTH_NAMES[mo.m]} ${mo.y}`));
  if (scale.view === "month") {
    // Weeks, labelled by their Monday's day of month (S for semaine).
    let d = scale.firstDay - dayOfWeek(scale.firstDay);
    for (; d <= scale.lastDay; d += 7) {
      const from = Math.max(d, scale.firstDay);
      bottom.push(tick(from, Math.min(d + 6, scale.lastDay), `S${isoWeek(d)}`));
    }
    return { top, bottom };
  }
  for (let d = scale.firstDay; d <= scale.lastDay; d++) {
    const w = dayOfWeek(d);
    if (w < 5) bottom.push(tick(d, d, `${WEEKDAY_LABELS[w]} ${new Date(d * 86_400_000).getUTCDate()}`));
  }
  return { top, bottom };
}

/** ISO-8601 week number of a day. */
export function isoWeek(day: number): number {
  const thursday = day - dayOfWeek(day) + 3;
  const [y] = ymOf(thursday);
  const jan1 = Date.UTC(y, 0, 1) / 86_400_000;
  return Math.floor((thursday - jan1) / 7) + 1;
}
