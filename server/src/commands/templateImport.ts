import { AppError, EVENT_TEMPLATE_XLSX_HEADERS, LINK_TYPE_SHORT, type LinkType } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { contentError, readXlsxImport, type XlsxImportColumn, type XlsxProblem } from "../imports/xlsxImport.js";
import { scoped, type TemplateScope } from "./templateScope.js";
import {
  writeEventTemplate,
  writeSequenceTemplate,
  type EventTemplateInput,
  type ParentLink,
} from "./templateWrite.js";

/**
 * POST /event-template(-pro)/importManyXLSX: task templates from an .xlsx with the export's columns
 * (EVENT_TEMPLATE_XLSX_HEADERS). Every row or none: an unreadable file is errors.import_format, a file without
 * rows errors.import_invalid, a wrong cell, an unknown lot or parent errors.validation naming the row (the
 * reader's contract, imports/xlsxImport.ts). "Modèle de séquence" names a sequence template of the scope,
 * created when missing; "Parents" lists parents of the same sequence template separated by ";", each written
 * "Nom" (fin-début, 0) or "Nom (DD +2)" (FD, DD, FF, DF and a signed delay in working days).
 */

type Key =
  | "name"
  | "trigram"
  | "sequence"
  | "lot"
  | "days"
  | "people"
  | "rate"
  | "typology"
  | "parents"
  | "comments"
  | "prerequisitesDelay"
  | "finishesDelay"
  | "prerequisitesDocument"
  | "finishesDocument";

const H = EVENT_TEMPLATE_XLSX_HEADERS;
const COLUMNS: XlsxImportColumn<Key>[] = [
  { key: "name", header: H[0], required: true, maxLength: 200 },
  { key: "trigram", header: H[1], maxLength: 10 },
  { key: "sequence", header: H[2], maxLength: 200 },
  { key: "lot", header: H[3], maxLength: 200 },
  { key: "days", header: H[4], kind: "integer", aliases: ["Durée", "Nombre de jours"] },
  { key: "people", header: H[5], kind: "number" },
  { key: "rate", header: H[6], kind: "number" },
  { key: "typology", header: H[7], maxLength: 5000, aliases: ["Typologie"] },
  { key: "parents", header: H[8], maxLength: 5000 },
  { key: "comments", header: H[9], maxLength: 5000 },
  { key: "prerequisitesDelay", header: H[10], kind: "integer" },
  { key: "finishesDelay", header: H[11], kind: "integer" },
  { key: "prerequisitesDocument", header: H[12], maxLength: 200 },
  { key: "finishesDocument", header: H[13], maxLength: 200 },
];

const SHORT_TO_TYPE = new Map(Object.entries(LINK_TYPE_SHORT).map(([type, short]) => [short, type as LinkType]));

/** How the export writes a parent: "Nom", or "Nom (DD +2)" for another type or a delay. */
export function formatParent(p: { name: string; type: LinkType; delay: number }): string {
  if (p.type === "end-begin" && p.delay === 0) return p.name;
  return `${p.name} (${LINK_TYPE_SHORT[p.type]} ${p.delay >= 0 ? "+" : ""}${p.delay})`;
}

/** Reads one "Parents" entry back (a name without a link part is fin-début 0); null for an empty name. */
export function parseParent(entry: string): { name: string; type: LinkType; delay: number } | null {
  const m = /^(.*?)\s*\(\s*(FD|DD|FF|DF)\s*(?:([+-]?)\s*(\d+))?\s*\)$/i.exec(entry.trim());
  if (!m) return { name: entry.trim(), type: "end-begin", delay: 0 };
  const type = SHORT_TO_TYPE.get(m[2].toUpperCase());
  if (!type || m[1].trim() === "") return null;
  const delay = m[4] === undefined ? 0 : Number(m[4]) * (m[3] === "-" ? -1 : 1);
  return { name: m[1].trim(), type, delay };
}

const key = (s: string) => s.trim().toLowerCase();
const split = (s: string | null) =>
  (s ?? "")
    .split(/[;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Lot names of the scope: the library's lots, or the lots of the project's current version. */
async function lotsByName(db: Db, scope: TemplateScope): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  let rows: { id: number; name: string }[];
  if (scope.projectId === null) {
    rows = await db("participant_groups").orderBy("id").select("id", "name");
  } else {
    const project = await db("projects").where({ id: scope.projectId }).first("current_version_id");
    rows = project?.current_version_id
      ? await db("participant_group_pros")
          .where({ version_id: project.current_version_id })
          .orderBy("id")
          .select("id", "name")
      : [];
  }
  for (const r of rows) if (!map.has(key(r.name))) map.set(key(r.name), r.id);
  return map;
}

export async function importEventTemplatesXlsx(db: Db, scope: TemplateScope, data: string): Promise<number[]> {
  const rows = await readXlsxImport(data, COLUMNS);
  if (rows.length === 0)
    throw new AppError("errors.import_invalid", { message: "Le fichier ne contient aucun modèle de tâche." });
  const problems: XlsxProblem[] = [];
  const lots = await lotsByName(db, scope);
  for (const r of rows) {
    const v = r.values;
    if (v.days !== null && (Number(v.days) < 1 || Number(v.days) > 100_000))
      problems.push({ row: r.rowNumber, column: H[4], message: "nombre de jours entre 1 et 100 000 attendu" });
    if (v.people !== null && (Number(v.people) < 0 || Number(v.people) > 100_000))
      problems.push({ row: r.rowNumber, column: H[5], message: "nombre de personnes entre 0 et 100 000 attendu" });
    if (v.rate !== null && (Number(v.rate) < 0 || Number(v.rate) > 1_000_000_000))
      problems.push({ row: r.rowNumber, column: H[6], message: "taux positif attendu" });
    for (const d of ["prerequisitesDelay", "finishesDelay"] as const)
      if (v[d] !== null && Math.abs(Number(v[d])) > 100_000)
        problems.push({ row: r.rowNumber, column: d === "finishesDelay" ? H[11] : H[10], message: "délai trop grand" });
    if (v.lot !== null && !lots.has(key(String(v.lot))))
      problems.push({ row: r.rowNumber, column: H[3], message: `lot inconnu « ${String(v.lot)} »` });
    if (v.parents !== null && v.sequence === null)
      problems.push({ row: r.rowNumber, column: H[8], message: "des parents demandent un modèle de séquence" });
    for (const p of split(v.parents as string | null))
      if (!parseParent(p)) problems.push({ row: r.rowNumber, column: H[8], message: `lien illisible « ${p} »` });
    const typology = split(v.typology as string | null);
    if (typology.some((x) => x.length > 200) || typology.length > 200)
      problems.push({ row: r.rowNumber, column: H[7], message: "typologies trop longues" });
  }
  if (problems.length > 0) throw contentError(problems);

  // Sequence templates named in the file: the scope's (first of that name), else created.
  const sequences = new Map<string, number>();
  const existing = (await scoped(db, scope.t.sequences, scope).orderBy("id").select("id", "name")) as {
    id: number;
    name: string;
  }[];
  for (const s of existing) if (!sequences.has(key(s.name))) sequences.set(key(s.name), s.id);
  for (const r of rows) {
    const name = r.values.sequence as string | null;
    if (name === null || sequences.has(key(name))) continue;
    sequences.set(key(name), await writeSequenceTemplate(db, scope, null, { name }));
  }

  const created: { id: number; row: (typeof rows)[number]; sequenceId: number | null }[] = [];
  for (const r of rows) {
    const v = r.values;
    const sequenceId = v.sequence === null ? null : sequences.get(key(String(v.sequence)))!;
    const lot = v.lot === null ? null : lots.get(key(String(v.lot)))!;
    const input: EventTemplateInput = {
      name: String(v.name),
      trigram: v.trigram === null ? null : String(v.trigram).toUpperCase(),
      sequenceTemplateId: sequenceId,
      typology: split(v.typology as string | null),
      comments: v.comments === null ? null : String(v.comments),
      prerequisitesDocumentName: v.prerequisitesDocument === null ? null : String(v.prerequisitesDocument),
      finishesDocumentName: v.finishesDocument === null ? null : String(v.finishesDocument),
      ...(v.days !== null ? { numberOfDays: Number(v.days) } : {}),
      ...(v.people !== null ? { numberOfPeople: Number(v.people) } : {}),
      ...(v.rate !== null ? { rate: Number(v.rate) } : {}),
      prerequisitesDelay: v.prerequisitesDelay === null ? 0 : Number(v.prerequisitesDelay),
      finishesDelay: v.finishesDelay === null ? 0 : Number(v.finishesDelay),
      ...(lot === null ? {} : scope.projectId === null ? { participantGroupId: lot } : { participantGroupProId: lot }),
    };
    created.push({ id: await writeEventTemplate(db, scope, null, input), row: r, sequenceId });
  }

  // Parents by name: first among the file's rows of the same sequence template, then among its other tasks.
  for (const c of created) {
    const entries = split(c.row.values.parents as string | null);
    if (entries.length === 0 || c.sequenceId === null) continue;
    const parents: ParentLink[] = [];
    for (const e of entries) {
      const p = parseParent(e)!;
      const inFile = created.find(
        (o) => o !== c && o.sequenceId === c.sequenceId && key(String(o.row.values.name)) === key(p.name),
      );
      const other = inFile
        ? inFile.id
        : ((
            (await db(scope.t.events)
              .where(scope.t.eventSequence, c.sequenceId)
              .whereRaw("lower(name) = ?", [key(p.name)])
              .whereNot("id", c.id)
              .orderBy("id")
              .first("id")) as { id: number } | undefined
          )?.id ?? null);
      if (other === null)
        throw contentError([{ row: c.row.rowNumber, column: H[8], message: `parent inconnu « ${p.name} »` }]);
      parents.push({ id: other, type: p.type, delay: p.delay });
    }
    await writeEventTemplate(db, scope, c.id, { parentsET: parents });
  }
  return created.map((c) => c.id);
}
