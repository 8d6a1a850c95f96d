import ExcelJS from "exceljs";
import {
  AppError,
  DEFAULT_ORDER_LINE_CURRENCY,
  ORDER_LINE_CURRENCIES,
  ORDER_LINE_IMPORT_HEADERS,
  ORDER_LINE_IMPORT_LISTS_SHEET,
  ORDER_LINE_IMPORT_REQUIRED,
  ORDER_LINE_IMPORT_SHEET,
  ORDER_LINE_TYPE_LABELS,
  ORDER_LINE_TYPES,
  ORDER_LINE_UNITS,
  type OrderLineUnit,
} from "@jalon/shared";
import type { Db } from "../db/knex.js";
import {
  contentError,
  readXlsxImport,
  uploadBytes,
  type XlsxFile,
  type XlsxImportColumn,
  type XlsxProblem,
} from "../imports/xlsxImport.js";
import { createOrderLines, type LineInput, type Scope } from "./orderLineWrite.js";
import { readAll } from "../db/readAll.js";

/**
 * The order-line import (spec 001 sections 5 and 8; issue 19). The template names the columns and lists, on a
 * second sheet, the values the version accepts; an import reads every row, resolves the names (type and unit by
 * their label or code, family, macro-task, lot and zone by name without case or accents) and refuses the whole
 * file on the first sheet's first problem, naming its row and column (xlsxImport's contract). Only then does it
 * store the file and write the lines with one insert per table, tied to the import so that deleting the import
 * deletes them.
 */

type Key = keyof typeof ORDER_LINE_IMPORT_HEADERS;

const TEXT_LIMITS: Partial<Record<Key, number>> = { label: 200, zone: 1000 };

export const ORDER_LINE_IMPORT_COLUMNS: XlsxImportColumn<Key>[] = (
  Object.entries(ORDER_LINE_IMPORT_HEADERS) as [Key, string][]
).map(([key, header]) => ({
  key,
  header,
  required: (ORDER_LINE_IMPORT_REQUIRED as readonly string[]).includes(key),
  kind: key === "price" || key === "quantity" ? "number" : "text",
  maxLength: TEXT_LIMITS[key] ?? 255,
  aliases: key === "price" ? ["Prix"] : key === "label" ? ["Libelle", "Désignation"] : undefined,
}));

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Type by its French label or its code ("Fourniture", "supply", "Main d'œuvre", "MO", "labor"). */
const TYPE_NAMES = new Map<string, (typeof ORDER_LINE_TYPES)[number]>([
  ...ORDER_LINE_TYPES.map((t) => [norm(ORDER_LINE_TYPE_LABELS[t]), t] as const),
  ...ORDER_LINE_TYPES.map((t) => [t, t] as const),
  ["main d'oeuvre", "labor"],
  ["main-d'oeuvre", "labor"],
  ["mo", "labor"],
  ["labour", "labor"],
  ["fournitures", "supply"],
]);

/** Units as written on a keyboard without ², ³ too (m2, m3, u, t). */
const UNIT_NAMES = new Map<string, OrderLineUnit>([
  ...ORDER_LINE_UNITS.map((u) => [norm(u), u] as const),
  ["m2", "m²"],
  ["m3", "m³"],
  ["t", "tonne"],
  ["tonnes", "tonne"],
  ["ensemble", "ens"],
  ["unite", "U"],
]);

interface Named {
  id: number;
  name: string;
}

/** Finds a row by name without case or accents; several rows of one name is an ambiguity, not a guess. */
function byName(rows: readonly Named[]) {
  const map = new Map<string, number[]>();
  for (const r of rows) {
    const k = norm(r.name);
    map.set(k, [...(map.get(k) ?? []), r.id]);
  }
  return (name: string): { id: number } | { error: string } => {
    const ids = map.get(norm(name)) ?? [];
    if (ids.length === 1) return { id: ids[0] };
    return { error: ids.length === 0 ? `« ${name} » est inconnu(e) dans ce projet` : `« ${name} » est ambigu` };
  };
}

interface Lookups {
  families: Named[];
  macroTasks: Named[];
  lots: Named[];
  /** Zones by full name ("Bâtiment A / R+1") and by name. */
  zonesFull: Named[];
  zones: Named[];
}

async function lookups(db: Db, versionId: number): Promise<Lookups> {
  const [families, macroTasks, lots, zoneRows] = await readAll(db, [
    () => db("families").orderBy("name").select("id", "name") as Promise<Named[]>,
    () => db("macro_tasks").where({ version_id: versionId }).orderBy("name").select("id", "name") as Promise<Named[]>,
    () =>
      db("participant_group_pros").where({ version_id: versionId }).orderBy("name").select("id", "name") as Promise<
        Named[]
      >,
    () =>
      db("zones").where({ version_id: versionId }).orderBy("position").select("id", "name", "full_name") as Promise<
        { id: number; name: string; full_name: string | null }[]
      >,
  ]);
  return {
    families,
    macroTasks,
    lots,
    zonesFull: zoneRows.map((z) => ({ id: z.id, name: z.full_name ?? z.name })),
    zones: zoneRows.map((z) => ({ id: z.id, name: z.name })),
  };
}

/** The file name an import is stored under; only .xlsx names are accepted (errors.xlsx_required). */
export function importFileName(file: XlsxFile, sent: string | undefined): string {
  const name = (sent ?? (typeof file === "string" ? "" : file.name) ?? "").trim() || "lignes-de-commande.xlsx";
  if (!/\.xlsx$/i.test(name)) throw new AppError("errors.xlsx_required");
  return name.slice(0, 255);
}

/** Reads and resolves every row; the first problem (and all of them in details) refuses the whole file. */
export async function readOrderLineFile(db: Db, versionId: number, file: XlsxFile): Promise<LineInput[]> {
  const rows = await readXlsxImport(file, ORDER_LINE_IMPORT_COLUMNS);
  const l = await lookups(db, versionId);
  const family = byName(l.families);
  const macroTask = byName(l.macroTasks);
  const lot = byName(l.lots);
  const zoneFull = byName(l.zonesFull);
  const zoneName = byName(l.zones);
  const problems: XlsxProblem[] = [];
  const lines: LineInput[] = [];
  for (const r of rows) {
    const v = r.values;
    const problem = (key: Key, message: string) =>
      problems.push({ row: r.rowNumber, column: ORDER_LINE_IMPORT_HEADERS[key], message });
    const text = (key: Key) => (v[key] === null ? null : String(v[key]));
    const type = TYPE_NAMES.get(norm(text("type") ?? ""));
    if (!type) problem("type", `« ${text("type")} » : Fourniture ou Main d'œuvre attendu`);
    const unit = UNIT_NAMES.get(norm(text("unit") ?? ""));
    if (!unit) problem("unit", `« ${text("unit")} » : unité attendue parmi ${ORDER_LINE_UNITS.join(", ")}`);
    const resolve = (key: Key, find: (name: string) => { id: number } | { error: string }) => {
      const name = text(key);
      if (name === null) return null;
      const found = find(name);
      if ("error" in found) {
        problem(key, found.error);
        return null;
      }
      return found.id;
    };
    const familyId = resolve("family", family);
    const macroTaskId = resolve("macroTask", macroTask);
    const participantGroupProId = resolve("participantGroupPro", lot);
    const zoneId = resolve("zone", (name) => {
      const full = zoneFull(name);
      return "id" in full ? full : zoneName(name);
    });
    const number = (key: "price" | "quantity") => {
      const n = v[key] as number | null;
      if (n !== null && (n < 0 || n > 999_999_999_999)) {
        problem(key, "nombre positif attendu");
        return null;
      }
      return n === null ? null : key === "price" ? Math.round(n * 100) / 100 : Math.round(n * 1000) / 1000;
    };
    const price = number("price");
    const quantity = number("quantity");
    const currencyText = text("currency");
    const currency = currencyText === null ? DEFAULT_ORDER_LINE_CURRENCY : currencyText.trim().toUpperCase();
    if (!(ORDER_LINE_CURRENCIES as readonly string[]).includes(currency))
      problem("currency", `« ${currencyText} » : devise attendue parmi ${ORDER_LINE_CURRENCIES.join(", ")}`);
    if (!type || !unit) continue;
    lines.push({
      label: String(v.label),
      type,
      unit,
      familyId,
      macroTaskId,
      participantGroupProId,
      price,
      quantity,
      currency,
      orderLineTasks: zoneId === null ? [] : [{ zoneId, quantity, price: null }],
    });
  }
  if (problems.length > 0) throw contentError(problems);
  return lines;
}

/** Stores the file and writes its lines; returns the import's id and the lines' ids. */
export async function importOrderLines(
  db: Db,
  scope: Scope,
  userId: number,
  file: XlsxFile,
  fileName: string,
): Promise<{ importId: number; lineIds: number[] }> {
  const lines = await readOrderLineFile(db, scope.versionId, file);
  const bytes = await uploadBytes(file);
  const [{ id: importId }] = (await db("order_line_imports")
    .insert({
      project_id: scope.projectId,
      version_id: scope.versionId,
      file_name: fileName,
      file_size: bytes.length,
      file_data: bytes,
      created_by: userId,
    })
    .returning("id")) as { id: number }[];
  const lineIds = await createOrderLines(db, scope, lines, importId, true);
  return { importId, lineIds };
}

/** The template: the columns to fill, and the values the version accepts on a second sheet. */
export async function orderLineTemplate(db: Db, versionId: number): Promise<Buffer> {
  const l = await lookups(db, versionId);
  const wb = new ExcelJS.Workbook();
  wb.creator = "Jalon";
  wb.created = new Date();
  const ws = wb.addWorksheet(ORDER_LINE_IMPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = ORDER_LINE_IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === "label" ? 40 : c.key === "zone" || c.key === "macroTask" ? 30 : 16,
  }));
  ws.getRow(1).font = { bold: true };
  ORDER_LINE_IMPORT_COLUMNS.forEach((c, i) => {
    if (c.required) ws.getRow(1).getCell(i + 1).note = "Obligatoire";
  });
  const lists: [string, string[]][] = [
    [ORDER_LINE_IMPORT_HEADERS.type, ORDER_LINE_TYPES.map((t) => ORDER_LINE_TYPE_LABELS[t])],
    [ORDER_LINE_IMPORT_HEADERS.unit, [...ORDER_LINE_UNITS]],
    [ORDER_LINE_IMPORT_HEADERS.currency, [...ORDER_LINE_CURRENCIES]],
    [ORDER_LINE_IMPORT_HEADERS.family, l.families.map((f) => f.name)],
    [ORDER_LINE_IMPORT_HEADERS.macroTask, l.macroTasks.map((m) => m.name)],
    [ORDER_LINE_IMPORT_HEADERS.participantGroupPro, l.lots.map((g) => g.name)],
    [ORDER_LINE_IMPORT_HEADERS.zone, l.zonesFull.map((z) => z.name)],
  ];
  const listSheet = wb.addWorksheet(ORDER_LINE_IMPORT_LISTS_SHEET);
  listSheet.columns = lists.map(([header]) => ({ header, width: 30 }));
  listSheet.getRow(1).font = { bold: true };
  const longest = Math.max(...lists.map(([, values]) => values.length));
  for (let i = 0; i < longest; i++) listSheet.addRow(lists.map(([, values]) => values[i] ?? null));
  // Type, unit and currency offer their values in a drop-down on the rows to fill.
  const choices: [number, number][] = [
    [ORDER_LINE_IMPORT_COLUMNS.findIndex((c) => c.key === "type") + 1, 1],
    [ORDER_LINE_IMPORT_COLUMNS.findIndex((c) => c.key === "unit") + 1, 2],
    [ORDER_LINE_IMPORT_COLUMNS.findIndex((c) => c.key === "currency") + 1, 3],
  ];
  for (const [col, listCol] of choices) {
    const letter = String.fromCharCode(64 + listCol);
    const count = lists[listCol - 1][1].length;
    for (let r = 2; r <= 500; r++)
      ws.getRow(r).getCell(col).dataValidation = {
        type: "list",
        allowBlank: true,
        formulae: [`'${ORDER_LINE_IMPORT_LISTS_SHEET}'!$${letter}$2:$${letter}$${count + 1}`],
      };
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
