import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_LINE_IMPORT_HEADERS, ORDER_LINE_IMPORT_LISTS_SHEET, orderLineImportSizeMb } from "@jalon/shared";
import { type TestApp } from "../../../test/helpers/app.js";
import { buildUser, countRows, startWithUsers, type BuiltUser } from "../../../test/helpers/factories.js";
import { orderLineSite, type OrderLineSite } from "../../../test/helpers/orderLineSite.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
let s: OrderLineSite;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
  s = await orderLineSite(t, manager, [external]);
});
afterAll(async () => t?.close());

const H = ORDER_LINE_IMPORT_HEADERS;
const HEADERS = [
  H.label,
  H.type,
  H.unit,
  H.family,
  H.macroTask,
  H.participantGroupPro,
  H.price,
  H.quantity,
  H.currency,
  H.zone,
];

async function xlsx(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Lignes de commande");
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** POST /order-line/import/data as the web sends it: multipart with the file. */
function upload(file: Buffer, name: string, token = manager.token) {
  const form = new FormData();
  form.set("projectId", String(s.p.id));
  form.set("file", new File([new Uint8Array(file)], name, { type: "application/octet-stream" }));
  return t.request("POST", "/order-line/import/data", { token, rawBody: form });
}

const goodRows = () => [
  [
    "Plaques BA13",
    "Fourniture",
    "m2",
    s.families[0].name,
    "cloisons",
    "Plâtrerie",
    12.5,
    100,
    null,
    "Bâtiment A / R+1",
  ],
  ["Pose cloisons", "Main d'oeuvre", "m²", null, "Cloisons", null, "35,5", 80, "EUR", "R+2"],
  ["Rails", "supply", "ml", s.families[1].name.toUpperCase(), null, null, 2, 300, null, null],
];

describe("order-line import", () => {
  it("gives the template: French headers, and the version's accepted values on a second sheet", async () => {
    const res = await t.request("POST", "/order-line/import/template", {
      token: manager.token,
      body: { projectId: s.p.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Modele-lignes-de-commande");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe("Lignes de commande");
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const lists = wb.getWorksheet(ORDER_LINE_IMPORT_LISTS_SHEET)!;
    const column = (header: string) => {
      const col = (lists.getRow(1).values as unknown[]).indexOf(header);
      const out: unknown[] = [];
      lists.getColumn(col).eachCell((c, row) => row > 1 && c.value !== null && out.push(c.value));
      return out;
    };
    expect(column(H.type)).toEqual(["Fourniture", "Main d'œuvre"]);
    expect(column(H.unit)).toEqual(["ml", "m²", "m³", "U", "kg", "ens", "tonne"]);
    expect(column(H.macroTask)).toEqual(["Cloisons"]);
    expect(column(H.zone)).toEqual(["Bâtiment A / R+1", "Bâtiment A / R+2"]);
    expect(column(H.family)).toEqual(expect.arrayContaining(s.families.map((f) => f.name)));

    // The template filled on its first row imports as it is (its drop-down rows below stay empty).
    ws.getRow(2).values = [
      "Plaques BA13",
      "Fourniture",
      "m²",
      null,
      "Cloisons",
      "Plâtrerie",
      12,
      30,
      "EUR",
      "Bâtiment A / R+2",
    ];
    const filled = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const imported = await upload(filled, "modele-rempli.xlsx");
    expect(imported.status).toBe(201);
    expect(imported.body.data).toMatchObject([{ label: "Plaques BA13", orderLineTasks: [{ zoneId: s.zones[1].id }] }]);
    await t.request("DELETE", `/order-line/import/${imported.body.import.id}`, { token: manager.token });
  });

  it("imports a filled file in one go, lists it in the history with its file, and deletes it with its lines", async () => {
    const file = await xlsx(goodRows());
    const res = await upload(file, "commandes mars.xlsx");
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(3);
    expect(res.body.import).toMatchObject({
      fileName: "commandes mars.xlsx",
      fileSize: file.length,
      linesCount: 3,
      url: `/order-line/import/${res.body.import.id}/file`,
      createdBy: { id: manager.id },
    });
    const [plates, labour, rails] = res.body.data;
    expect(plates).toMatchObject({
      label: "Plaques BA13",
      type: "supply",
      unit: "m²",
      familyId: s.families[0].id,
      macroTaskId: s.macroTask.id,
      participantGroupProId: s.lot.id,
      price: 12.5,
      quantity: 100,
      currency: "EUR",
      importId: res.body.import.id,
    });
    expect(plates.orderLineTasks).toMatchObject([{ zoneId: s.zones[0].id, quantity: 100, effectivePrice: 12.5 }]);
    expect(labour).toMatchObject({ type: "labor", price: 35.5, orderLineTasks: [{ zoneId: s.zones[1].id }] });
    expect(rails).toMatchObject({ type: "supply", unit: "ml", familyId: s.families[1].id, orderLineTasks: [] });

    const list = await t.request("GET", "/order-line/import/list", {
      token: manager.token,
      query: { projectId: s.p.id },
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ fileName: "commandes mars.xlsx", fileSize: file.length });
    expect(orderLineImportSizeMb(file.length)).toBe(Math.round(file.length / 1000));
    const download = await t.request("GET", list.body.data[0].url, { token: manager.token });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, file)).toBe(0);
    expect(download.headers.get("content-disposition")).toContain("commandes%20mars.xlsx");

    const lines = await countRows(t.db, "order_lines");
    const del = await t.request("DELETE", `/order-line/import/${res.body.import.id}`, { token: manager.token });
    expect(del.status).toBe(200);
    expect(del.body.lineIds).toHaveLength(3);
    expect(await countRows(t.db, "order_lines")).toBe(lines - 3);
    expect(await countRows(t.db, "order_line_tasks", { order_line_id: plates.id })).toBe(0);
    expect(await countRows(t.db, "order_line_imports", { version_id: s.p.versionId })).toBe(0);
    expect(t.emitted.at(-1)).toMatchObject({ event: "reference:update", data: { resource: "order-line" } });
  });

  it("copies an import with its lines into a new version, where deleting it removes only that version's lines", async () => {
    const res = await upload(await xlsx(goodRows()), "copie.xlsx");
    const v = await t.request("POST", "/version", { token: manager.token, body: { projectId: s.p.id, name: "V2" } });
    expect(v.status).toBeLessThan(300);
    const copied = await t.db("order_line_imports").where({ version_id: v.body.id }).first("id", "file_name");
    expect(copied.file_name).toBe("copie.xlsx");
    const lines = await t.db("order_lines").where({ version_id: v.body.id, import_id: copied.id }).pluck("label");
    expect(lines.sort()).toEqual(["Plaques BA13", "Pose cloisons", "Rails"]);
    const tasks = await t
      .db("order_line_tasks as t")
      .join("zones as z", "z.id", "t.zone_id")
      .where("t.version_id", v.body.id)
      .pluck("z.version_id");
    expect(new Set(tasks)).toEqual(new Set([v.body.id]));
    const del = await t.request("DELETE", `/order-line/import/${copied.id}`, { token: manager.token });
    expect(del.body.count).toBe(3);
    expect(await countRows(t.db, "order_lines", { import_id: res.body.import.id })).toBe(3);
    await t.request("DELETE", `/order-line/import/${res.body.import.id}`, { token: manager.token });
    await t.db("projects").where({ id: s.p.id }).update({ current_version_id: s.p.versionId });
  });

  it("refuses a bad row naming its row and column, a wrong extension and an unreadable file, with nothing written", async () => {
    const lines = await countRows(t.db, "order_lines");
    const imports = await countRows(t.db, "order_line_imports");
    const badUnit = await upload(
      await xlsx([goodRows()[0], ["Vis", "Fourniture", "boîtes", null, null, null, 1, 1, null, null]]),
      "bad.xlsx",
    );
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.code).toBe("errors.validation");
    expect(badUnit.body.message).toMatch(/^Ligne 3, colonne « Unité » : /);
    const badMacro = await upload(
      await xlsx([["Vis", "Fourniture", "U", null, "Plomberie", null, 1, 1, "FRF", null]]),
      "bad.xlsx",
    );
    expect(badMacro.status).toBe(400);
    expect(badMacro.body.details.problems).toEqual([
      { row: 2, column: "Macro-tâche", message: expect.stringContaining("Plomberie") },
      { row: 2, column: "Devise", message: expect.stringContaining("FRF") },
    ]);
    const badPrice = await upload(await xlsx([["Vis", "Fourniture", "U", null, null, null, "abc"]]), "bad.xlsx");
    expect(badPrice.body.message).toBe("Ligne 2, colonne « Prix unitaire » : nombre attendu");
    const missing = await upload(await xlsx([["Vis", "Fourniture"]], [H.label, H.type]), "bad.xlsx");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("colonne « Unité »");
    const wrongName = await upload(await xlsx(goodRows()), "commandes.csv");
    expect([wrongName.status, wrongName.body.code]).toEqual([400, "errors.xlsx_required"]);
    const notXlsx = await upload(Buffer.from("libellé;type\nVis;Fourniture\n"), "commandes.xlsx");
    expect([notXlsx.status, notXlsx.body.code]).toEqual([400, "errors.import_format"]);
    const empty = await upload(await xlsx([]), "vide.xlsx");
    expect([empty.status, empty.body.code]).toEqual([400, "errors.import_invalid"]);
    expect(await countRows(t.db, "order_lines")).toBe(lines);
    expect(await countRows(t.db, "order_line_imports")).toBe(imports);
  });

  it("keeps imports to the project's managers", async () => {
    const ok = await upload(await xlsx(goodRows()), "a.xlsx");
    const lines = await countRows(t.db, "order_lines");
    const imports = await countRows(t.db, "order_line_imports");
    for (const who of [outsider, external, guest]) {
      expect((await upload(await xlsx(goodRows()), "b.xlsx", who.token)).status).toBe(403);
      expect(
        (await t.request("GET", "/order-line/import/list", { token: who.token, query: { projectId: s.p.id } })).status,
      ).toBe(403);
      expect(
        (await t.request("GET", `/order-line/import/${ok.body.import.id}/file`, { token: who.token })).status,
      ).toBe(403);
      expect((await t.request("DELETE", `/order-line/import/${ok.body.import.id}`, { token: who.token })).status).toBe(
        403,
      );
      expect(
        (await t.request("POST", "/order-line/import/template", { token: who.token, body: { projectId: s.p.id } }))
          .status,
      ).toBe(403);
    }
    expect(await countRows(t.db, "order_lines")).toBe(lines);
    expect(await countRows(t.db, "order_line_imports")).toBe(imports);
  });
});
