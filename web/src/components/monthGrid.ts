// Calendar arithmetic on yyyy-MM-dd strings for the date picker, in UTC noon so no time zone or summer time
// change can move a day.

function toDate(isoDay: string): Date {
  return new Date(`${isoDay}T12:00:00Z`);
}
function toIso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function shiftIsoDay(isoDay: string, days: number): string {
  const d = toDate(isoDay);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** The same day of another month, kept inside that month (31 March - 1 month is 28 or 29 February). */
export function shiftMonth(isoDay: string, months: number): string {
  const d = toDate(isoDay);
  const day = d.getUTCDate();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, 12));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return toIso(first);
}

/** The weeks (Monday to Sunday) that show the month "yyyy-MM", as rows of yyyy-MM-dd days. */
export function monthGrid(month: string): string[][] {
  const first = toDate(`${month}-01`);
  const back = (first.getUTCDay() + 6) % 7;
  let day = shiftIsoDay(`${month}-01`, -back);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = shiftIsoDay(day, 1);
    }
    weeks.push(week);
  } while (day.startsWith(month));
  return weeks;
}
