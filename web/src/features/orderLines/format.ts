// How the order-line screens write amounts, quantities and file sizes (spec 001 section 9).

const money = new Map<string, Intl.NumberFormat>();
const quantities = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });

/** "12 500 €": financial amounts are shown with no decimals (in euros unless the line says otherwise); a dash
 * when unknown. */
export function formatAmount(value: number | null | undefined, currency = "EUR"): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  let format = money.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    money.set(currency, format);
  }
  return format.format(value);
}

const unitPrices = new Map<string, Intl.NumberFormat>();

/** "42,50 €": a unit price keeps its cents (amounts, its products, have none). */
export function formatUnitPrice(value: number | null | undefined, currency = "EUR"): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  let format = unitPrices.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    unitPrices.set(currency, format);
  }
  return format.format(value);
}

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
