import type { Db } from "../db/knex.js";
import { ZONE_UNITIES } from "@jalon/shared";
import { FULL_NAME_SEPARATOR, refreshZoneTree, ZONE_LEVELS } from "../commands/zoneWrite.js";
import { contentError, readXlsxImport, type XlsxFile, type XlsxImportColumn, type XlsxProblem } from "./xlsxImport.js";

/**
 * POST /zone/import: one zone per row, added after the version's zones in file order. "Zone parente" names an
 * existing zone or a zone of an earlier row, by its full name ("Bâtiment A / R+1") or, when unambiguous, its
 * name; the export's columns are accepted, so an exported file imports into another project. The whole file
 * is checked before anything is written.
 */

export const ZONE_UNITY_LABELS: Record<string, string> = {
  macro: "Macro",
  zone: "Zone",
  micro: "Micro",
  others: "Autres",
};
export const ZONE_LEVEL_LABELS = ["Macro-zone", "Zone", "Micro-zone", "Nano-zone"] as const;

export const ZONE_IMPORT_COLUMNS: XlsxImportColumn<"name" | "parent" | "typology" | "unity">[] = [
  { key: "name", header: "Nom", aliases: ["Zone", "Name"], required: true, maxLength: 200 },
  { key: "parent", header: "Zone parente", aliases: ["Parent", "Zone parent"], maxLength: 1000 },
  { key: "typology", header: "Typologie", aliases: ["Typology"], maxLength: 200 },
  { key: "unity", header: "Unité", aliases: ["Unity"] },
];

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase();

function unityOf(raw: string): string | null {
  const n = norm(raw);
  for (const [value, label] of Object.entries(ZONE_UNITY_LABELS)) if (n === value || n === norm(label)) return value;
  return null;
}

interface Known {
  key: string; // "existing:<id>" or "row:<n>"
  name: string;
  fullName: string;
  level: number;
}

export async function importZones(
  db: Db,
  scope: { projectId: number; versionId: number },
  file: XlsxFile,
): Promise<number[]> {
  const rows = await readXlsxImport(file, ZONE_IMPORT_COLUMNS);
  const existing = (await db("zones")
    .where({ version_id: scope.versionId })
    .select("id", "name", "full_name", "level")) as {
    id: number;
    name: string;
    full_name: string | null;
    level: number;
  }[];
  const known: Known[] = existing.map((z) => ({
    key: `existing:${z.id}`,
    name: z.name,
    fullName: z.full_name ?? z.name,
    level: z.level,
  }));
  const problems: XlsxProblem[] = [];
  const planned: {
    row: number;
    name: string;
    parent: Known | null;
    typology: string | null;
    unity: string;
    level: number;
  }[] = [];

  for (const r of rows) {
    const name = String(r.values.name);
    const parentText = r.values.parent === null ? null : String(r.values.parent);
    let parent: Known | null = null;
    if (parentText !== null) {
      const byFull = known.filter((k) => norm(k.fullName) === norm(parentText));
      const matches = byFull.length > 0 ? byFull : known.filter((k) => norm(k.name) === norm(parentText));
      if (matches.length === 0) {
        problems.push({
          row: r.rowNumber,
          column: "Zone parente",
          message: `zone « ${parentText} » introuvable (ni dans le projet ni sur une ligne précédente)`,
        });
        continue;
      }
      if (matches.length > 1) {
        problems.push({
          row: r.rowNumber,
          column: "Zone parente",
          message: `plusieurs zones s'appellent « ${parentText} » : indiquez le nom complet`,
        });
        continue;
      }
      parent = matches[0];
    }
    const level = parent ? parent.level + 1 : 0;
    if (level >= ZONE_LEVELS) {
      problems.push({
        row: r.rowNumber,
        column: "Zone parente",
        message: "une nano-zone ne peut pas avoir de sous-zone",
      });
      continue;
    }
    let unity: string = ZONE_UNITIES[level];
    if (r.values.unity !== null) {
      const u = unityOf(String(r.values.unity));
      if (!u) {
        problems.push({ row: r.rowNumber, column: "Unité", message: "valeur attendue : Macro, Zone, Micro ou Autres" });
        continue;
      }
      unity = u;
    }
    const fullName = parent ? `${parent.fullName}${FULL_NAME_SEPARATOR}${name}` : name;
    known.push({ key: `row:${r.rowNumber}`, name, fullName, level });
    planned.push({
      row: r.rowNumber,
      name,
      parent,
      typology: r.values.typology === null ? null : String(r.values.typology),
      unity,
      level,
    });
  }
  if (problems.length > 0) throw contentError(problems);

  const max = await db("zones").where({ version_id: scope.versionId }).max({ max: "position" }).first();
  let position = max?.max === null || max?.max === undefined ? 0 : Number(max.max) + 1;
  const idOfRow = new Map<string, number>();
  const ids: number[] = [];
  for (const p of planned) {
    const parentId =
      p.parent === null
        ? null
        : p.parent.key.startsWith("existing:")
          ? Number(p.parent.key.slice(9))
          : idOfRow.get(p.parent.key)!;
    const [row] = await db("zones")
      .insert({
        project_id: scope.projectId,
        version_id: scope.versionId,
        name: p.name,
        parent_id: parentId,
        typology: p.typology,
        unity: p.unity,
        level: p.level,
        position: position++,
      })
      .returning("id");
    idOfRow.set(`row:${p.row}`, row.id as number);
    ids.push(row.id as number);
  }
  await refreshZoneTree(db, scope.versionId);
  return ids;
}
