// French number formats of the tracking screens: "45,5 %" and a signed working-day margin.
const percentFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/** A percentage 0..100 as French text: "45,5 %" (a no-break space before the sign). */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : `${percentFormat.format(value)}\u00a0%`;
}

/** A signed whole number: "+3", "−2" (a true minus sign), "0". */
export function formatSigned(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `\u2212${Math.abs(value)}`;
  return "0";
}

/** The tone of a margin or a delay: early is good, late is bad. */
export function marginTone(value: number | null): "success" | "danger" | "neutral" {
  if (value === null || value === 0) return "neutral";
  return value > 0 ? "success" : "danger";
}

/** dd/MM/yyyy typed by the user as yyyy-MM-dd, or null when it is no real calendar day. */
export function parseFrenchDay(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
