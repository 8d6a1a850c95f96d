import { formatInTimeZone } from "date-fns-tz";
import { TIME_ZONE } from "@jalon/shared";

/**
 * CSV for Excel in French locale: UTF-8 with a BOM (otherwise Excel reads it as Windows-1252), ';' as the
 * separator (',' is the decimal mark), CRLF line ends, decimals with a comma, days as dd/MM/yyyy.
 * Cells that a spreadsheet would read as a formula (=, +, -, @, tab, CR) are prefixed with a quote
 * (CSV injection, OWASP).
 */
export const CSV_MIME = "text/csv; charset=utf-8";
const BOM = "\uFEFF";

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return "";
  let s: string;
  if (typeof v === "number") s = Number.isFinite(v) ? String(v).replace(".", ",") : "";
  else if (typeof v === "boolean") s = v ? "Oui" : "Non";
  else {
    s = v;
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  }
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function buildCsv(headers: string[], rows: CsvValue[][]): string {
  const lines = [headers, ...rows].map((r) => r.map(csvCell).join(";"));
  return BOM + lines.join("\r\n") + "\r\n";
}

/** yyyy-MM-dd -> dd/MM/yyyy (spec 000 section 9). */
export function frDay(v: unknown): string | null {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
}

/** An instant as dd/MM/yyyy H:mm in Europe/Paris. */
export function frDateTime(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  return formatInTimeZone(d, TIME_ZONE, "dd/MM/yyyy H:mm");
}
