// The client-side export of a list (DataTable's "Exporter (.csv)"): the rows as a spreadsheet reads them.
// Semicolons separate the cells and a byte-order mark opens the file, so Excel in French opens it with its
// accents and columns right; a cell holding a semicolon, a quote or a line break is quoted.
import { isValidElement, type ReactNode } from "react";

export type CsvCell = string | number | null | undefined;

const SEPARATOR = ";";

function quoted(cell: CsvCell): string {
  const text = cell === null || cell === undefined ? "" : String(cell);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a header row and the data rows (CRLF line ends, the byte-order mark first). */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(quoted).join(SEPARATOR));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The text a reader sees in a rendered cell: strings and numbers, through elements' children. */
export function textOfNode(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) {
    return node
      .map(textOfNode)
      .filter((s) => s.trim() !== "")
      .join(" ")
      .replace(/\s+/g, " ")
      .trim();
  }
  if (isValidElement<{ children?: ReactNode }>(node)) return textOfNode(node.props.children);
  return "";
}

/** A data value as a cell: booleans as `yes`/`no`, named objects by their name, lists joined with commas. */
export function textOfValue(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? yes : no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((v) => textOfValue(v, yes, no))
      .filter(Boolean)
      .join(", ");
  }
  if (typeof value === "object" && "name" in value && typeof value.name === "string") return value.name;
  return "";
}

/** Hands a file to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the rows as `<name>.csv`. */
export function saveCsv(name: string, headers: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  saveFile(new Blob([toCsv(headers, rows)], { type: "text/csv;charset=utf-8" }), `${name}.csv`);
}
