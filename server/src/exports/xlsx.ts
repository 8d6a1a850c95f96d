import ExcelJS from "exceljs";
import type { Ctx } from "../http/route.js";

/**
 * Spreadsheet exports (.xlsx via exceljs): one sheet, French headers in bold on a frozen first row, an
 * auto-filter, calendar days as real Excel dates shown dd/mm/yyyy (so Excel sorts and filters them as dates).
 */
export interface XlsxColumn<T> {
  header: string;
  width?: number;
  kind?: "text" | "day" | "instant" | "number" | "percent" | "boolean";
  value: (row: T) => unknown;
}

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A calendar day (yyyy-MM-dd) as a UTC midnight Date: Excel stores days without a time zone. */
function dayCell(v: unknown): Date | null {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  return new Date(`${v.slice(0, 10)}T00:00:00Z`);
}

function cellValue(kind: XlsxColumn<unknown>["kind"], v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  switch (kind) {
    case "day":
      return dayCell(v);
    case "instant":
      return v instanceof Date ? v : new Date(String(v));
    case "number":
    case "percent":
      return typeof v === "number" ? v : Number(v);
    case "boolean":
      return v ? "Oui" : "Non";
    default:
      return String(v);
  }
}

export async function buildXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Jalon";
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width ?? (c.kind === "day" ? 12 : c.kind === "instant" ? 17 : 20),
    style:
      c.kind === "day"
        ? { numFmt: "dd/mm/yyyy" }
        : c.kind === "instant"
          ? { numFmt: "dd/mm/yyyy h:mm" }
          : c.kind === "percent"
            ? { numFmt: "0.##" }
            : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => cellValue(c.kind, c.value(row))));
  if (columns.length > 0) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}

/** Answers a file download (Content-Disposition with an ASCII fallback and the UTF-8 name). */
export function sendFile(ctx: Ctx, body: Buffer | string, fileName: string, mime: string): void {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_");
  ctx.set("Content-Disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  ctx.set("Cache-Control", "no-store");
  ctx.type = mime;
  ctx.status = 200;
  ctx.body = body;
}

/** A file name safe on every OS: the project's name and the day, e.g. "Taches_Residence-A_2026-11-22.xlsx". */
export function exportFileName(prefix: string, projectName: string, ext: string, now = new Date()): string {
  const clean =
    projectName
      .trim()
      .replace(/[\\/:*?"<>|\s]+/g, "-")
      .slice(0, 80) || "projet";
  return `${prefix}_${clean}_${now.toISOString().slice(0, 10)}.${ext}`;
}
