/** Day numbers (engine's: day 0 is 1970-01-01) of the dates the files write, without throwing on bad input. */

const MS_PER_DAY = 86_400_000;

/** "yyyy-MM-dd" -> day number; null when malformed or not a date of the calendar. */
export function dayOfIso(s: string): number | null {
  if (s.length !== 10 || s[4] !== "-" || s[7] !== "-") return null;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 1900 || y > 2200) return null;
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / MS_PER_DAY;
}

/** Excel/P6 day serials count from 1899-12-30; day 0 (1970-01-01) is serial 25569. */
export const SERIAL_EPOCH = 25569;
