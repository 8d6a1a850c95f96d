// How the cost screens write amounts, quantities, hours and ratios (spec 001 section 9: euros with no
// decimals, ratios rounded to 2 decimals).

const euros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const quantities = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });
const twoDecimals = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** "12 500 €"; a dash when unknown. */
export const formatEuros = (v: number | null | undefined) => (known(v) ? euros.format(v) : "—");
/** "12,5" (3 decimals at most); a dash when unknown. */
export const formatQuantity = (v: number | null | undefined) => (known(v) ? quantities.format(v) : "—");
/** Hours and ratios: 2 decimals at most; a dash when unknown. */
export const formatTwo = (v: number | null | undefined) => (known(v) ? twoDecimals.format(v) : "—");
/** "45 %". */
export const formatPercent = (v: number | null | undefined) => (known(v) ? `${twoDecimals.format(v)} %` : "—");
