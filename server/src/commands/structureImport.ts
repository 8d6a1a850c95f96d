import type { Knex } from "knex";
import { AppError, HOLIDAY_TYPES, ORDER_LINE_UNITS, type HolidayType } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import {
  contentError,
  readWorkbook,
  readXlsxImport,
  type XlsxFile,
  type XlsxImportColumn,
  type XlsxImportRow,
  type XlsxProblem,
} from "../imports/xlsxImport.js";
import { importHolidays, type StructureCreated } from "./holidayWrite.js";
import type { VersionGraph } from "../planning/versionGraph.js";

/**
 * The structure import of /dashboard/imports: one workbook whose sheets hold the version's classification and
 * calendar, each sheet optional: "Étiquettes" and "Phases" (Nom, Couleur, Type, Catégorie: a category is
 * found by name or created), "Macro-tâches" (Nom, Lot: an existing lot by name, Unité suivie) and "Jours
 * fériés et congés" (Nom, Type, Date de début, Date de fin). The whole workbook is checked before anything is
 * written; the holidays re-plan the version once (one undo step, which also takes back the tags, phases,
 * categories and macro-tasks the file created). GET /structure/export writes the same
 * sheets from the version, so an exported file imports into another project.
 */

export const STRUCTURE_SHEETS = {
  tags: "Étiquettes",
  phases: "Phases",
  macroTasks: "Macro-tâches",
  holidays: "Jours fériés et congés",
} as const;

type ClassKey = "name" | "color" | "type" | "category";
export const CLASS_COLUMNS: XlsxImportColumn<ClassKey>[] = [
  { key: "name", header: "Nom", required: true, maxLength: 200 },
  { key: "color", header: "Couleur", kind: "color" },
  { key: "type", header: "Type", maxLength: 40 },
  { key: "category", header: "Catégorie", maxLength: 200 },
];
type MacroKey = "name" | "lot" | "unit";
export const MACRO_COLUMNS: XlsxImportColumn<MacroKey>[] = [
  { key: "name", header: "Nom", required: true, maxLength: 200 },
  { key: "lot", header: "Lot", maxLength: 200 },
  { key: "unit", header: "Unité suivie", maxLength: 20 },
];
type HolidayKey = "name" | "type" | "start" | "end";
export const HOLIDAY_COLUMNS: XlsxImportColumn<HolidayKey>[] = [
  { key: "name", header: "Nom", required: true, maxLength: 200 },
  { key: "type", header: "Type", maxLength: 40 },
  { key: "start", header: "Date de début", kind: "day", required: true },
  { key: "end", header: "Date de fin", kind: "day" },
];

export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = { holiday: "Jour férié", vacation: "Congés" };

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** A sheet's rows, or [] when the workbook has no such sheet or it has no row; problems name the sheet. */
async function sheetRows<K extends string>(
  file: XlsxFile,
  names: Map<string, string>,
  sheet: string,
  columns: XlsxImportColumn<K>[],
): Promise<XlsxImportRow<K>[]> {
  const actual = names.get(norm(sheet));
  if (!actual) return [];
  try {
    return await readXlsxImport(file, columns, { sheet: actual });
  } catch (e) {
    if (e instanceof AppError && e.code === "errors.import_invalid") return [];
    if (e instanceof AppError && e.code === "errors.validation")
      throw new AppError("errors.validation", { message: `Feuille « ${actual} » : ${e.message}`, details: e.details });
    throw e;
  }
}

export interface StructureImportResult {
  counts: { tags: number; phases: number; macroTasks: number; holidays: number };
  graph: VersionGraph | null;
  emit: RealtimePayload[];
  undoRemaining: number;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export async function importStructure(
  trx: Knex.Transaction,
  userId: number,
  scope: { projectId: number; versionId: number },
  file: XlsxFile,
): Promise<StructureImportResult> {
  const wb = await readWorkbook(file);
  const names = new Map(wb.worksheets.map((w) => [norm(w.name), w.name]));
  const tags = await sheetRows(file, names, STRUCTURE_SHEETS.tags, CLASS_COLUMNS);
  const phases = await sheetRows(file, names, STRUCTURE_SHEETS.phases, CLASS_COLUMNS);
  const macros = await sheetRows(file, names, STRUCTURE_SHEETS.macroTasks, MACRO_COLUMNS);
  const holidays = await sheetRows(file, names, STRUCTURE_SHEETS.holidays, HOLIDAY_COLUMNS);
  if (tags.length + phases.length + macros.length + holidays.length === 0) {
    throw new AppError("errors.import_invalid", {
      message: `Le fichier ne contient aucune ligne à importer (feuilles attendues : ${Object.values(STRUCTURE_SHEETS).join(", ")}).`,
    });
  }

  // Every check first: nothing is written unless the whole workbook is valid.
  const problems: XlsxProblem[] = [];
  const lots = (await trx("participant_group_pros").where({ version_id: scope.versionId }).select("id", "name")) as {
    id: number;
    name: string;
  }[];
  const lotByName = new Map(lots.map((l) => [norm(l.name), l.id]));
  const macroRows = macros.map((r) => {
    const lot = text(r.values.lot);
    const unit = text(r.values.unit);
    const lotId = lot === null ? null : (lotByName.get(norm(lot)) ?? undefined);
    if (lotId === undefined)
      problems.push({ row: r.rowNumber, column: "Lot", message: `lot « ${lot} » inconnu dans cette version` });
    if (unit !== null && !(ORDER_LINE_UNITS as readonly string[]).includes(unit))
      problems.push({
        row: r.rowNumber,
        column: "Unité suivie",
        message: `unité « ${unit} » inconnue (${ORDER_LINE_UNITS.join(", ")})`,
      });
    return { name: String(r.values.name), lotId: lotId ?? null, unit };
  });
  if (problems.length > 0) throw prefixed(STRUCTURE_SHEETS.macroTasks, problems);
  const holidayRows = holidays.map((r) => {
    const raw = text(r.values.type);
    const type =
      raw === null
        ? "holiday"
        : (HOLIDAY_TYPES.find((x) => norm(x) === norm(raw) || norm(HOLIDAY_TYPE_LABELS[x]) === norm(raw)) ?? null);
    if (type === null)
      problems.push({ row: r.rowNumber, column: "Type", message: `type « ${raw} » inconnu (Jour férié ou Congés)` });
    const start = String(r.values.start);
    const end = text(r.values.end) ?? start;
    if (type === "vacation" && end < start)
      problems.push({ row: r.rowNumber, column: "Date de fin", message: "la date de fin précède la date de début" });
    return { name: String(r.values.name), type: (type ?? "holiday") as HolidayType, startDate: start, endDate: end };
  });
  if (problems.length > 0) throw prefixed(STRUCTURE_SHEETS.holidays, problems);

  const created: StructureCreated = {};
  const classify = async (
    items: "tags" | "phases",
    categories: "tag_categories" | "phase_categories",
    rows: XlsxImportRow<ClassKey>[],
  ) => {
    if (rows.length === 0) return 0;
    const newCategories: number[] = [];
    const known = new Map(
      (
        (await trx(categories).where({ version_id: scope.versionId }).select("id", "name")) as {
          id: number;
          name: string;
        }[]
      ).map((c) => [norm(c.name), c.id]),
    );
    const last = await trx(categories).where({ version_id: scope.versionId }).max("position as max").first();
    let position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    const out = [];
    for (const r of rows) {
      const category = text(r.values.category);
      let categoryId: number | null = null;
      if (category !== null) {
        categoryId = known.get(norm(category)) ?? null;
        if (categoryId === null) {
          const [c] = await trx(categories)
            .insert({ project_id: scope.projectId, version_id: scope.versionId, name: category, position: position++ })
            .returning("id");
          categoryId = c.id as number;
          newCategories.push(categoryId);
          known.set(norm(category), categoryId);
        }
      }
      out.push({
        project_id: scope.projectId,
        version_id: scope.versionId,
        name: String(r.values.name),
        color: text(r.values.color),
        type: text(r.values.type),
        category_id: categoryId,
      });
    }
    const ids = ((await trx(items).insert(out).returning("id")) as { id: number }[]).map((r) => r.id);
    if (items === "tags") Object.assign(created, { tags: ids, tagCategories: newCategories });
    else Object.assign(created, { phases: ids, phaseCategories: newCategories });
    return out.length;
  };
  const counts = {
    tags: await classify("tags", "tag_categories", tags),
    phases: await classify("phases", "phase_categories", phases),
    macroTasks: macroRows.length,
    holidays: holidayRows.length,
  };
  if (macroRows.length > 0) {
    const rows = await trx("macro_tasks")
      .insert(
        macroRows.map((m) => ({
          project_id: scope.projectId,
          version_id: scope.versionId,
          name: m.name,
          participant_group_pro_id: m.lotId,
          tracked_unit: m.unit,
        })),
      )
      .returning("id");
    created.macroTasks = (rows as { id: number }[]).map((r) => r.id);
  }
  const emit: RealtimePayload[] = [];
  for (const resource of ["tag", "phase", "macroTask"] as const) {
    const n = resource === "tag" ? counts.tags : resource === "phase" ? counts.phases : counts.macroTasks;
    if (n > 0) emit.push({ event: "reference:update", ...scope, initiatorId: userId, ids: [], data: { resource } });
  }
  // Always through the holiday write, even without holidays: the whole import is then one undo step.
  const out = await importHolidays(trx, userId, scope.projectId, scope.versionId, holidayRows, created);
  for (const p of out.emit) {
    // The import answers with its own confirmation: viewers refresh, the initiator gets no second toast.
    if (p.event.startsWith("holiday:") && holidayRows.length === 0) continue;
    emit.push(p.event.startsWith("holiday:") ? { ...p, initiatorId: null } : p);
  }
  const graph: VersionGraph | null = out.graph;
  return { counts, graph, emit, undoRemaining: out.undoRemaining };
}

function prefixed(sheet: string, problems: XlsxProblem[]): AppError {
  const e = contentError(problems);
  return new AppError("errors.validation", { message: `Feuille « ${sheet} » : ${e.message}`, details: e.details });
}
