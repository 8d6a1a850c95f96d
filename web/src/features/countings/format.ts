/** "45 %" with at most 2 decimals (spec 001 section 9). */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(value)} %`;
}

/** A typed percentage: "33,5" or "33.5"; null when it is not a number. */
export function parsePercent(text: string): number | null {
  const v = Number(text.trim().replace(",", ".").replace(/\s*%$/, ""));
  return text.trim() === "" || !Number.isFinite(v) ? null : v;
}

/** The catalogue's range (counting_out_of_range): > 0 and <= 100. */
export function inRange(value: number): boolean {
  return value > 0 && value <= 100;
}

export type PeriodView = "week" | "month";

// Calendar days as UTC noon dates: no time zone or daylight saving moves a day.
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The week (Monday to Sunday) or the month holding `day`, as ISO days. */
export function periodOf(day: string, view: PeriodView): { start: string; end: string } {
  const d = asDate(day);
  if (view === "week") {
    const monday = plusDays(d, -((d.getUTCDay() + 6) % 7));
    return { start: asDay(monday), end: asDay(plusDays(monday, 6)) };
  }
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 12));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 12));
  return { start: asDay(first), end: asDay(last) };
}

/** The same day one period earlier (-1) or later (+1) (a month later from the 31st: the month's last day). */
export function shiftPeriod(day: string, view: PeriodView, step: -1 | 1): string {
  const d = asDate(day);
  if (view === "week") return asDay(plusDays(d, 7 * step));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + step, 1, 12));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return asDay(target);
}
