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
