// How the order-line screens write amounts, quantities and file sizes (spec 001 section 9).

const quantities = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });

/** One fr-FR currency format per currency and number of decimals, built on first use. */
function currencyFormatter(decimals: number): (value: number | null | undefined, currency?: string) => string {
  const formats = new Map<string, Intl.NumberFormat>();
  return (value, currency = "EUR") => {
    if (value === null || value === undefined || !Number.isFinite(value)) return "—";
    let format = formats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat("fr-FR", {
        style: "currency",
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      formats.set(currency, format);
    }
    return format.format(value);
  };
}

/** "12 500 €": financial amounts are shown with no decimals (in euros unless the line says otherwise); a dash
 * when unknown. */
export const formatAmount = currencyFormatter(0);

/** "42,50 €": a unit price keeps its cents (amounts, its products, have none). */
export const formatUnitPrice = currencyFormatter(2);

/** "12,5": a quantity with at most 3 decimals (the column's precision); a dash when unknown. */
export function formatQuantity(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "—" : quantities.format(value);
}

/** A typed number ("12,5", "12.5", "1 200"); null for an empty field, NaN for text that is not a number. */
export function parseNumber(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (clean === "") return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** The text a form field shows for a stored number (fr-FR decimal comma, no grouping). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).replace(".", ",");
}
