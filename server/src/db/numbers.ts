/**
 * The one place where database numbers are normalised: `pg` returns int8 (count(*)) and numeric as strings,
 * PGlite returns int8 as numbers. Both drivers are also told to keep `date` columns as ISO strings
 * (yyyy-MM-dd calendar days), never as JS Dates shifted by the process time zone.
 */
export const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

export function parseInt8(v: string): number {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

export function parseNumeric(v: string): number {
  return Number(v);
}

export function keepDate(v: string): string {
  return v;
}

/** A count or any numeric value as a JS number, whatever the driver gave (number, string, bigint). */
export function toNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && v.trim() !== "") return Number(v);
  return 0;
}

/** The `count` of the first row of a knex `count("* as count")` query. */
export function countOf(rows: readonly Record<string, unknown>[] | undefined): number {
  if (!rows || rows.length === 0) return 0;
  const row = rows[0];
  return toNumber(row.count ?? Object.values(row)[0]);
}
