/** Timestamps as ISO instants; `date` columns are already ISO days (see db/numbers.ts). */
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

export function isoRequired(v: unknown): string {
  return iso(v) ?? new Date(0).toISOString();
}
