// The quality calendar's month grid: whole weeks, Monday first, as ISO calendar days (no Date objects leak out,
// so no time zone or daylight-saving change can move a day).
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);

/** The ISO day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  return asDay(new Date(asDate(day).getTime() + n * 86_400_000));
}

/** "2026-11" of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The first day of the month `step` months after the month of `day`. */
export function shiftMonth(day: string, step: number): string {
  const d = asDate(day);
  return asDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + step, 1, 12)));
}

/** The same day of the month `step` months later, kept inside that month (31/01 + 1 month: 28/02). */
export function sameDayInMonth(day: string, step: number): string {
  const first = shiftMonth(day, step);
  const f = asDate(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0, 12)).getUTCDate();
  return `${first.slice(0, 8)}${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, "0")}`;
}

/** The weeks (Monday to Sunday) covering the month of `day`: 4 to 6 rows of 7 ISO days. */
export function monthWeeks(day: string): string[][] {
  const first = asDate(`${monthOf(day)}-01`);
  const monday = addDays(asDay(first), -((first.getUTCDay() + 6) % 7));
  const month = monthOf(day);
  const weeks: string[][] = [];
  let cursor = monday;
  while (weeks.length === 0 || monthOf(cursor) === month) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The ISO day a calendar key moves to from `day`, or null for a key the grid does not handle. */
export function dayAfterKey(day: string, key: string): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return addDays(day, -((asDate(day).getUTCDay() + 6) % 7));
    case "End":
      return addDays(day, 6 - ((asDate(day).getUTCDay() + 6) % 7));
    case "PageUp":
      return sameDayInMonth(day, -1);
    case "PageDown":
      return sameDayInMonth(day, 1);
    default:
      return null;
  }
}

/** Items grouped by their ISO due day (the date part of the value), in the order given. */
export function byDueDay<T>(items: readonly T[], dueOf: (item: T) => string | null | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const due = dueOf(item);
    if (!due) continue;
    const day = due.slice(0, 10);
    const list = out.get(day);
    if (list) list.push(item);
    else out.set(day, [item]);
  }
  return out;
}
