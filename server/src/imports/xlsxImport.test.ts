import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { AppError } from "@jalon/shared";
import { readXlsxImport, type XlsxImportColumn } from "./xlsxImport.js";

const columns: XlsxImportColumn<"name" | "position" | "startDate" | "color">[] = [
  { key: "name", header: "Nom", required: true },
  { key: "position", header: "Position", kind: "integer" },
  { key: "startDate", header: "Date de début", kind: "day" },
  { key: "color", header: "Couleur", kind: "color" },
];

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Feuille");
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("readXlsxImport", () => {
  it("reads typed rows under headers matched without case or accents, skipping blank lines", async () => {
    const buf = await workbook([
      ["nom", "POSITION", "Date de debut", "Couleur", "Colonne inconnue"],
      ["  Bâtiment A ", 2, new Date(Date.UTC(2026, 4, 1)), "ff00aa", "ignorée"],
      [],
      ["Bâtiment B", "3", "15/06/2026", null],
    ]);
    const rows = await readXlsxImport(buf.toString("base64"), columns);
    expect(rows).toEqual([
      { rowNumber: 2, values: { name: "Bâtiment A", position: 2, startDate: "2026-05-01", color: "#FF00AA" } },
      { rowNumber: 4, values: { name: "Bâtiment B", position: 3, startDate: "2026-06-15", color: null } },
    ]);
  });

  it("accepts a multipart File and a data URL", async () => {
    const buf = await workbook([["Nom"], ["Zone 1"]]);
    const file = new File([buf], "zones.xlsx");
    expect((await readXlsxImport(file, columns))[0].values.name).toBe("Zone 1");
    const dataUrl = `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${buf.toString("base64")}`;
    expect((await readXlsxImport(dataUrl, columns))[0].values.name).toBe("Zone 1");
  });

  it("refuses bytes that are not an .xlsx with errors.import_format", async () => {
    const csv = await failure(readXlsxImport(Buffer.from("Nom;Position\nA;1\n").toString("base64"), columns));
    expect(csv.code).toBe("errors.import_format");
    expect(csv.status).toBe(400);
    // A ZIP signature followed by garbage: looks like an archive but exceljs cannot open it.
    const broken = await failure(
      readXlsxImport(Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(64, 7)]).toString("base64"), columns),
    );
    expect(broken.code).toBe("errors.import_format");
  });

  it("names the row and the column of wrong content, with every problem in details", async () => {
    const buf = await workbook([
      ["Nom", "Position", "Date de début", "Couleur"],
      ["A", "deux", "2026-02-30", "rouge"],
      [null, 1],
    ]);
    const err = await failure(readXlsxImport(buf.toString("base64"), columns));
    expect(err.code).toBe("errors.validation");
    expect(err.status).toBe(400);
    expect(err.message).toBe("Ligne 2, colonne « Position » : nombre attendu (4 erreurs dans le fichier)");
    const details = err.details as { problems: { row: number; column: string }[] };
    expect(details.problems.map((p) => `${p.row}:${p.column}`)).toEqual([
      "2:Position",
      "2:Date de début",
      "2:Couleur",
      "3:Nom",
    ]);
  });

  it("reports a missing required header on row 1", async () => {
    const err = await failure(readXlsxImport((await workbook([["Position"], [1]])).toString("base64"), columns));
    expect(err.code).toBe("errors.validation");
    expect(err.message).toBe("Ligne 1, colonne « Nom » : colonne absente des en-têtes");
  });

  it("answers errors.import_invalid for a workbook with nothing to import", async () => {
    expect((await failure(readXlsxImport((await workbook([["Nom"]])).toString("base64"), columns))).code).toBe(
      "errors.import_invalid",
    );
    expect((await failure(readXlsxImport((await workbook([])).toString("base64"), columns))).code).toBe(
      "errors.import_invalid",
    );
  });
});
