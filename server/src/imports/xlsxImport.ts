import ExcelJS from "exceljs";
import { z } from "zod";
import { AppError, plainString } from "@jalon/shared";

/**
 * The one reader of uploaded .xlsx files for every import of the reference data (zones, lots, tags, phases,
 * holidays...). Contract of issue 8, so that the web can show one kind of message per case:
 * - bytes that are not a readable .xlsx workbook: errors.import_format (400);
 * - a readable workbook whose content is wrong (a header missing, an empty required cell, a bad number, date
 *   or colour): errors.validation (400) with a French message naming the row and the column, and every
 *   problem found in `details` as `{row, column, message}`;
 * - a readable workbook with nothing to import (no sheet, no row under the headers): errors.import_invalid.
 * It only reads and validates: the route writes the returned rows in its own transaction, so nothing is
 * written unless the whole file is valid.
 *
 * Use: put `file: xlsxFileField` in the route's body schema (multipart field or JSON base64/data URL), then
 * `const rows = await readXlsxImport(body.file, columns)`.
 */

/** Largest accepted upload; the body parser refuses bigger requests before this with errors.payload_too_large. */
export const XLSX_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The uploaded file in a body: a multipart File, or a base64 string / data URL in JSON. */
export const xlsxFileField = z.union(
  [
    z.instanceof(File),
    plainString()
      .min(1)
      .max(Math.ceil((XLSX_IMPORT_MAX_BYTES * 4) / 3) + 200),
  ],
  {
    message: "errors.missing_file",
  },
);
export type XlsxFile = z.infer<typeof xlsxFileField>;

export type XlsxCellKind = "text" | "integer" | "number" | "day" | "color" | "boolean";

export interface XlsxImportColumn<K extends string = string> {
  /** Key of the row object the route receives. */
  key: K;
  /** French header expected on the first row (matched without case, accents or surrounding spaces). */
  header: string;
  /** Other accepted spellings of the header (the export's header when it differs, English names...). */
  aliases?: string[];
  kind?: XlsxCellKind;
  required?: boolean;
  /** Longest accepted text (default 255). */
  maxLength?: number;
}

/** A value read from a cell: text trimmed, integers and numbers as numbers, days as yyyy-MM-dd, colours as #RRGGBB. */
export type XlsxValue = string | number | boolean | null;

export interface XlsxImportRow<K extends string = string> {
  /** The row number in the sheet (1 is the header row), for messages of the route's own checks. */
  rowNumber: number;
  values: Record<K, XlsxValue>;
}

export interface XlsxProblem {
  row: number | null;
  column: string | null;
  message: string;
}

const MAX_PROBLEMS_IN_DETAILS = 50;

function normalizeHeader(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The bytes of the upload, or errors.import_format for something that is not even a file. */
export async function uploadBytes(file: XlsxFile): Promise<Buffer> {
  let data: Buffer;
  if (typeof file === "string") {
    const m = /^data:[\w/+.-]*;base64,(.*)$/s.exec(file);
    const b64 = m ? m[1] : file;
    if (!/^[A-Za-z0-9+/=\s]+$/.test(b64))
      throw new AppError("errors.import_format", { message: "Le fichier doit être au format .xlsx." });
    data = Buffer.from(b64, "base64");
  } else {
    if (file.size > XLSX_IMPORT_MAX_BYTES) throw new AppError("errors.payload_too_large");
    data = Buffer.from(await file.arrayBuffer());
  }
  if (data.length === 0) throw new AppError("errors.missing_file");
  if (data.length > XLSX_IMPORT_MAX_BYTES) throw new AppError("errors.payload_too_large");
  return data;
}

/** Opens the workbook; anything exceljs cannot read (a .xls, a .csv, a PDF, a truncated file) is errors.import_format. */
export async function readWorkbook(file: XlsxFile): Promise<ExcelJS.Workbook> {
  const data = await uploadBytes(file);
  // An .xlsx is a ZIP archive: refuse other bytes before handing them to the unzipper.
  if (data.length < 4 || data[0] !== 0x50 || data[1] !== 0x4b) {
    throw new AppError("errors.import_format", { message: "Le fichier doit être au format .xlsx." });
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError("errors.import_format", { message: "Le fichier .xlsx ne peut pas être lu." });
  }
  return wb;
}

/** The displayed content of a cell, whatever exceljs made of it (rich text, formula result, hyperlink, date). */
function rawCell(value: ExcelJS.CellValue): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join("");
    if ("formula" in value || "sharedFormula" in value) {
      const r = (value as ExcelJS.CellFormulaValue).result;
      if (r === undefined || r === null || (typeof r === "object" && !(r instanceof Date))) return null;
      return r as string | number | boolean | Date;
    }
    if ("hyperlink" in value) return String((value as ExcelJS.CellHyperlinkValue).text ?? "");
    if ("error" in value) return null;
  }
  return String(value);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar day from a cell: Excel dates carry no time zone, so the UTC fields are the day written. */
function toDay(v: string | number | boolean | Date): string | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
  }
  if (typeof v === "number") {
    // A serial day number (1900 system): 25569 is 1970-01-01.
    if (!Number.isInteger(v) || v < 1 || v > 2958465) return null;
    const d = new Date(Math.round((v - 25569) * 86_400_000));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  if (typeof v !== "string") return null;
  const s = v.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

function convert(
  kind: XlsxCellKind,
  raw: string | number | boolean | Date,
  maxLength: number,
): { value: XlsxValue } | { error: string } {
  switch (kind) {
    case "integer":
    case "number": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim().replace(",", ".")) : NaN;
      if (!Number.isFinite(n)) return { error: "nombre attendu" };
      if (kind === "integer" && !Number.isInteger(n)) return { error: "nombre entier attendu" };
      return { value: n };
    }
    case "day": {
      const day = toDay(raw);
      return day ? { value: day } : { error: "date attendue (jj/mm/aaaa)" };
    }
    case "color": {
      const s = String(raw).trim();
      const m = /^#?([0-9a-fA-F]{6})$/.exec(s);
      return m ? { value: `#${m[1].toUpperCase()}` } : { error: "couleur attendue (#RRGGBB)" };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { value: raw };
      const s = normalizeHeader(String(raw));
      if (["oui", "vrai", "true", "1", "x"].includes(s)) return { value: true };
      if (["non", "faux", "false", "0"].includes(s)) return { value: false };
      return { error: "Oui ou Non attendu" };
    }
    default: {
      const s = (raw instanceof Date ? (toDay(raw) ?? "") : String(raw)).trim();
      if (s.length > maxLength) return { error: `texte trop long (${maxLength} caractères au plus)` };
      return { value: s === "" ? null : s };
    }
  }
}

/** Raises the content error of the contract: the first problem in the message, all of them in details. */
export function contentError(problems: XlsxProblem[]): AppError {
  const first = problems[0];
  const where = first.row !== null ? `Ligne ${first.row}${first.column ? `, colonne « ${first.column} »` : ""} : ` : "";
  const more = problems.length > 1 ? ` (${problems.length} erreurs dans le fichier)` : "";
  return new AppError("errors.validation", {
    message: `${where}${first.message}${more}`,
    details: { problems: problems.slice(0, MAX_PROBLEMS_IN_DETAILS) },
  });
}

export interface ReadXlsxOptions {
  /** Sheet to read (its name or 1-based index); the first sheet by default. */
  sheet?: string | number;
}

/**
 * Reads the rows of the first (or given) sheet under a header row, checking every cell against its column.
 * Unknown header cells are ignored, fully empty rows skipped. Throws per the contract above.
 */
export async function readXlsxImport<K extends string>(
  file: XlsxFile,
  columns: readonly XlsxImportColumn<K>[],
  options: ReadXlsxOptions = {},
): Promise<XlsxImportRow<K>[]> {
  const wb = await readWorkbook(file);
  const ws = options.sheet === undefined ? wb.worksheets[0] : wb.getWorksheet(options.sheet);
  if (!ws)
    throw new AppError("errors.import_invalid", { message: "Le fichier ne contient aucune feuille à importer." });

  const headerRow = ws.getRow(1);
  const byHeader = new Map<string, number>();
  headerRow.eachCell({ includeEmpty: false }, (cell, col) => {
    const text = rawCell(cell.value);
    if (text !== null) byHeader.set(normalizeHeader(String(text)), col);
  });
  if (byHeader.size === 0)
    throw new AppError("errors.import_invalid", {
      message: "La première ligne du fichier doit contenir les en-têtes.",
    });

  const colIndex = new Map<K, number>();
  const problems: XlsxProblem[] = [];
  for (const c of columns) {
    const idx = [c.header, ...(c.aliases ?? [])]
      .map((h) => byHeader.get(normalizeHeader(h)))
      .find((i) => i !== undefined);
    if (idx !== undefined) colIndex.set(c.key, idx);
    else if (c.required) problems.push({ row: 1, column: c.header, message: "colonne absente des en-têtes" });
  }
  if (problems.length > 0) throw contentError(problems);

  const rows: XlsxImportRow<K>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const values = {} as Record<K, XlsxValue>;
    let empty = true;
    const rowProblems: XlsxProblem[] = [];
    for (const c of columns) {
      const idx = colIndex.get(c.key);
      const raw = idx === undefined ? null : rawCell(row.getCell(idx).value);
      const blank = raw === null || (typeof raw === "string" && raw.trim() === "");
      if (blank) {
        values[c.key] = null;
        if (c.required) rowProblems.push({ row: r, column: c.header, message: "valeur obligatoire" });
        continue;
      }
      empty = false;
      const out = convert(c.kind ?? "text", raw, c.maxLength ?? 255);
      if ("error" in out) rowProblems.push({ row: r, column: c.header, message: out.error });
      else values[c.key] = out.value;
    }
    if (empty) continue; // a blank line between blocks of rows is not an error
    problems.push(...rowProblems);
    rows.push({ rowNumber: r, values });
  }
  if (problems.length > 0) throw contentError(problems);
  if (rows.length === 0)
    throw new AppError("errors.import_invalid", { message: "Le fichier ne contient aucune ligne à importer." });
  return rows;
}
