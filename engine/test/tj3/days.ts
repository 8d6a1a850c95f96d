/**
 * ISO-day helpers for the tj3 differential test. Deliberately independent of engine/src: the conversion of
 * tj3's output to calendar days must not borrow the code under test.
 */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO yyyy-MM-dd day. */
export function isoToDay(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`Not an ISO day: ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY;
}

export function dayToIso(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(iso: string, n: number): string {
  return dayToIso(isoToDay(iso) + n);
}

/** 0 = Monday ... 6 = Sunday. */
export function weekday(iso: string): number {
  return (new Date(isoToDay(iso) * MS_PER_DAY).getUTCDay() + 6) % 7;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = isoToDay(from); d <= isoToDay(to); d++) out.push(dayToIso(d));
  return out;
}

/** Monday to Friday minus the given non-working days. */
export function workingDayPredicate(offDays: Iterable<string>): (iso: string) => boolean {
  const off = new Set(offDays);
  return (iso) => weekday(iso) < 5 && !off.has(iso);
}
