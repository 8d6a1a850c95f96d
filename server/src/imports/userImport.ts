import ExcelJS from "exceljs";
import { z } from "zod";
import { AppError, TEXT_MAX_LENGTH, type ErrorCode, type Role } from "@jalon/shared";

/**
 * The user import file (spec 001: "a present, well-formed email that is unique in the file, plus first and
 * last name"; the spec leaves the structure to us). Its fixed structure, which the downloadable template
 * carries and the web dialog describes:
 *
 * - an .xlsx workbook; only its first worksheet is read;
 * - row 1 holds the headers, in this order from column A: Prénom, Nom, Adresse e-mail, Type (compared without
 *   case, accents or surrounding spaces, so a retyped header still matches);
 * - every following row is one user; fully empty rows are skipped;
 * - Type is optional: empty means an external user; otherwise one of the role labels of the app
 *   (Utilisateur externe, Invité, Gestionnaire, Administrateur) or their short forms (Externe, external...).
 *
 * The whole file is checked before anything is written, and the first faulty row is reported with its
 * number, so a planner fixes the file and sends it again rather than ending with half a team imported.
 */

export const USER_IMPORT_HEADERS = ["Prénom", "Nom", "Adresse e-mail", "Type"] as const;
export const USER_IMPORT_MAX_ROWS = 2000;
export const USER_IMPORT_TYPE_LABELS: Record<Role, string> = {
  external: "Utilisateur externe",
  guest: "Invité",
  manager: "Gestionnaire",
  admin: "Administrateur",
};

export interface ImportedUser {
  row: number;
  firstname: string;
  lastname: string;
  email: string;
  type: Role;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

const TYPE_ALIASES: Record<string, Role> = {};
for (const [role, label] of Object.entries(USER_IMPORT_TYPE_LABELS) as [Role, string][]) {
  TYPE_ALIASES[fold(label)] = role;
  TYPE_ALIASES[role] = role;
}
TYPE_ALIASES.externe = "external";
TYPE_ALIASES.admin = "admin";

const emailFormat = z.email();

function rowError(code: ErrorCode, row: number, extra: Record<string, unknown> = {}, message?: string): AppError {
  return new AppError(code, { details: { row, ...extra }, ...(message ? { message } : {}) });
}

/** The bytes of an .xlsx are a zip: anything else (a .xls, a .csv renamed) is refused before exceljs sees it. */
function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

function cellText(row: ExcelJS.Row, col: number): string {
  // `text` flattens rich text, hyperlinks (Excel turns typed e-mails into mailto links) and formula results.
  return (row.getCell(col).text ?? "").replace(/^mailto:/i, "").trim();
}

/** Reads and checks the whole file; throws the catalogue error of the first faulty row. */
export async function readUserImport(data: Buffer, fileName: string | null): Promise<ImportedUser[]> {
  if (data.length === 0) throw new AppError("errors.missing_file");
  if ((fileName && !/\.xlsx$/i.test(fileName)) || !isZip(data)) throw new AppError("errors.xlsx_required");
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError("errors.import_format");
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError("errors.import_format");
  const header = ws.getRow(1);
  const headers = USER_IMPORT_HEADERS.map((_, i) => fold(cellText(header, i + 1)));
  if (headers.some((h, i) => h !== fold(USER_IMPORT_HEADERS[i]))) {
    throw new AppError("errors.import_format", {
      message: `La première ligne doit contenir les colonnes ${USER_IMPORT_HEADERS.join(", ")}.`,
      details: { expected: USER_IMPORT_HEADERS, found: USER_IMPORT_HEADERS.map((_, i) => cellText(header, i + 1)) },
    });
  }
  if (ws.rowCount - 1 > USER_IMPORT_MAX_ROWS) {
    throw new AppError("errors.import_invalid", {
      message: `Le fichier dépasse ${USER_IMPORT_MAX_ROWS} utilisateurs.`,
    });
  }

  const users: ImportedUser[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const [firstname, lastname, rawEmail, rawType] = [1, 2, 3, 4].map((c) => cellText(row, c));
    if (!firstname && !lastname && !rawEmail && !rawType) continue;
    if (!rawEmail) throw rowError("import_missing_email", r);
    const email = rawEmail.toLowerCase();
    if (email.length > TEXT_MAX_LENGTH || !emailFormat.safeParse(email).success)
      throw rowError("import_invalid_email", r, { email: rawEmail });
    const first = seen.get(email);
    if (first !== undefined) throw rowError("import_duplicate_email", r, { email, firstRow: first });
    seen.set(email, r);
    if (!firstname || !lastname) throw rowError("import_missing_name", r, { email });
    if (firstname.length > TEXT_MAX_LENGTH || lastname.length > TEXT_MAX_LENGTH) {
      throw rowError(
        "errors.import_invalid",
        r,
        { email },
        `Ligne ${r} : un prénom ou un nom dépasse ${TEXT_MAX_LENGTH} caractères.`,
      );
    }
    const type = rawType ? TYPE_ALIASES[fold(rawType)] : "external";
    if (!type) {
      throw rowError(
        "errors.import_invalid",
        r,
        { email, type: rawType },
        `Ligne ${r} : type inconnu « ${rawType} » (attendu : ${Object.values(USER_IMPORT_TYPE_LABELS).join(", ")}).`,
      );
    }
    users.push({ row: r, firstname, lastname, email, type });
  }
  if (users.length === 0)
    throw new AppError("errors.import_invalid", { message: "Le fichier ne contient aucun utilisateur." });
  return users;
}

/** The template: the header row, one example row, and a second sheet explaining the columns. */
export async function buildUserImportTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Jalon";
  const ws = wb.addWorksheet("Utilisateurs", { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = USER_IMPORT_HEADERS.map((header) => ({ header, width: header === "Adresse e-mail" ? 34 : 22 }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(["Camille", "Durand", "camille.durand@exemple.fr", USER_IMPORT_TYPE_LABELS.external]);
  const types = Object.values(USER_IMPORT_TYPE_LABELS).join(",");
  for (let r = 2; r <= 500; r++) {
    ws.getCell(r, 4).dataValidation = { type: "list", allowBlank: true, formulae: [`"${types}"`] };
  }
  const help = wb.addWorksheet("Aide");
  help.columns = [
    { header: "Colonne", width: 18 },
    { header: "Contenu", width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRows([
    ["Prénom", "Obligatoire."],
    ["Nom", "Obligatoire."],
    [
      "Adresse e-mail",
      "Obligatoire, bien formée et unique dans le fichier. Un compte existant avec cette adresse est associé au projet sans être modifié.",
    ],
    ["Type", `Facultatif (Utilisateur externe par défaut) : ${Object.values(USER_IMPORT_TYPE_LABELS).join(", ")}.`],
    ["", "Seule la première feuille est lue ; la première ligne doit garder ces quatre titres, dans cet ordre."],
  ]);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
