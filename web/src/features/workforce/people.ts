// Small pure helpers of the workforce screens.

/** A people cell: "" is null (cleared), a number >= 0 (comma or dot) is that number, anything else undefined. */
export function parsePeople(text: string): number | null | undefined {
  const s = text.trim().replace(",", ".");
  if (s === "") return null;
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 100_000 ? n : undefined;
}

/** yyyy-MM-dd shifted by n calendar days. */
export function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
