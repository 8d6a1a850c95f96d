import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildUser,
  countRows,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

async function workbook(sheets: Record<string, unknown[][]>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer).toString("base64");
}

const VALID = {
  Étiquettes: [
    ["Nom", "Couleur", "Type", "Catégorie"],
    ["Gros oeuvre", "#E53935", "event", "Phase"],
    ["Second oeuvre", null, "event", "Phase"],
  ],
  Phases: [
    ["Nom", "Catégorie"],
    ["DCE", "Études"],
  ],
  "Macro-tâches": [
    ["Nom", "Lot", "Unité suivie"],
    ["Réseaux", "Plomberie", "ml"],
    ["Nettoyage", null, null],
  ],
  "Jours fériés et congés": [
    ["Nom", "Type", "Date de début", "Date de fin"],
    ["Grève", "Jour férié", new Date("2026-03-03T00:00:00Z"), null],
    ["Congés d'hiver", "Congés", new Date("2026-03-16T00:00:00Z"), new Date("2026-03-20T00:00:00Z")],
  ],
};

describe("POST /structure/import", () => {
  it("imports every sheet of a valid file in one go; the holidays re-plan the version once", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Plomberie" });
    const a = await buildEvent(t.db, p, { number_of_days: 3, start_date: "2026-03-02", end_date: "2026-03-04" });
    t.emitted.length = 0;
    const res = await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook(VALID) },
    });
    expect(res.status).toBe(201);
    expect(res.body.counts).toEqual({ tags: 2, phases: 1, macroTasks: 2, holidays: 2 });
    const tags = await t.request("GET", "/tag", { token: manager.token, query: { filter: `projectId||$eq||${p.id}` } });
    expect(
      tags.body.data.map((x: { name: string; color: string | null; category: { name: string } }) => [
        x.name,
        x.color,
        x.category.name,
      ]),
    ).toEqual([
      ["Gros oeuvre", "#E53935", "Phase"],
      ["Second oeuvre", null, "Phase"],
    ]);
    expect(await countRows(t.db, "tag_categories", { version_id: p.versionId })).toBe(1);
    expect(await countRows(t.db, "phase_categories", { version_id: p.versionId, name: "Études" })).toBe(1);
    expect(
      await t
        .db("macro_tasks")
        .where({ version_id: p.versionId })
        .orderBy("name")
        .select("name", "participant_group_pro_id", "tracked_unit"),
    ).toEqual([
      { name: "Nettoyage", participant_group_pro_id: null, tracked_unit: null },
      { name: "Réseaux", participant_group_pro_id: lot.id, tracked_unit: "ml" },
    ]);
    expect(
      await t
        .db("holidays")
        .where({ version_id: p.versionId })
        .orderBy("start_date")
        .select("type", "start_date", "end_date"),
    ).toEqual([
      { type: "holiday", start_date: "2026-03-03", end_date: "2026-03-03" },
      { type: "vacation", start_date: "2026-03-16", end_date: "2026-03-20" },
    ]);
    expect((await t.db("events").where({ id: a.id }).first()).end_date).toBe("2026-03-05");
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(1);
    expect(t.emitted.map((e) => e.event)).toEqual(
      expect.arrayContaining(["reference:update", "holiday:endCreate", "event:bulk_update"]),
    );
  });

  it("a broken file writes nothing: unreadable bytes, wrong content naming sheet, row and column, nothing to import", async () => {
    const p = await buildProject(t, manager);
    const send = (file: string) =>
      t.request("POST", "/structure/import", { token: manager.token, body: { projectId: p.id, file } });
    const garbage = await send(Buffer.from("pas un classeur").toString("base64"));
    expect([garbage.status, garbage.body.code]).toEqual([400, "errors.import_format"]);
    const unknownLot = await send(
      await workbook({
        ...VALID,
        "Macro-tâches": [
          ["Nom", "Lot"],
          ["Réseaux", "Inconnu"],
        ],
      }),
    );
    expect([unknownLot.status, unknownLot.body.code]).toEqual([400, "errors.validation"]);
    expect(unknownLot.body.message).toContain("Feuille « Macro-tâches »");
    expect(unknownLot.body.message).toContain("Inconnu");
    const badDate = await send(
      await workbook({
        "Jours fériés et congés": [
          ["Nom", "Date de début"],
          ["Grève", "demain"],
        ],
      }),
    );
    expect([badDate.status, badDate.body.code]).toEqual([400, "errors.validation"]);
    expect(badDate.body.message).toContain("Feuille « Jours fériés et congés »");
    const missingName = await send(
      await workbook({
        Étiquettes: [
          ["Nom", "Couleur"],
          [null, "#FFFFFF"],
        ],
      }),
    );
    expect(missingName.body.code).toBe("errors.validation");
    const nothing = await send(await workbook({ Autre: [["A"], ["b"]] }));
    expect([nothing.status, nothing.body.code]).toEqual([400, "errors.import_invalid"]);
    for (const table of ["tags", "tag_categories", "phases", "macro_tasks", "holidays", "undo_steps"])
      expect(await countRows(t.db, table, { version_id: p.versionId })).toBe(0);
    expect(
      (
        await t.request("POST", "/structure/import", {
          token: external.token,
          body: { projectId: p.id, file: await workbook(VALID) },
        })
      ).status,
    ).toBe(403);
  });

  it("GET /structure/export writes the same sheets, which import into another project", async () => {
    const p = await buildProject(t, manager);
    await buildLot(t.db, p, { name: "Plomberie" });
    await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook(VALID) },
    });
    const file = await t.request("GET", "/structure/export", { token: manager.token, query: { projectId: p.id } });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Étiquettes",
      "Phases",
      "Macro-tâches",
      "Jours fériés et congés",
    ]);
    const q = await buildProject(t, manager);
    await buildLot(t.db, q, { name: "plomberie" });
    const again = await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: q.id, file: (file.body as Buffer).toString("base64") },
    });
    expect(again.body.counts).toEqual({ tags: 2, phases: 1, macroTasks: 2, holidays: 2 });
    expect(
      (await t.request("GET", "/structure/export", { token: external.token, query: { projectId: p.id } })).status,
    ).toBe(403);
  });

  it("one undo step takes back the whole import (tags, phases, their new categories, macro-tasks, holidays and the dates)", async () => {
    const p = await buildProject(t, manager);
    await buildLot(t.db, p, { name: "Plomberie" });
    const a = await buildEvent(t.db, p, { number_of_days: 3, start_date: "2026-03-02", end_date: "2026-03-04" });
    // A category that existed before the import stays.
    await t.db("tag_categories").insert({ project_id: p.id, version_id: p.versionId, name: "Phase", position: 0 });
    const res = await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook(VALID) },
    });
    expect(res.status).toBe(201);
    expect(res.body.undoRemaining).toBe(1);
    expect((await t.db("events").where({ id: a.id }).first()).end_date).toBe("2026-03-05");
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect(undo.status).toBe(200);
    for (const table of ["tags", "phases", "phase_categories", "macro_tasks", "holidays", "undo_steps"])
      expect([table, await countRows(t.db, table, { version_id: p.versionId })]).toEqual([table, 0]);
    expect(await t.db("tag_categories").where({ version_id: p.versionId }).pluck("name")).toEqual(["Phase"]);
    expect((await t.db("events").where({ id: a.id }).first()).end_date).toBe("2026-03-04");
  });

  it("an import without holidays is one undo step too; its holiday event neither confirms twice nor claims a holiday", async () => {
    const p = await buildProject(t, manager);
    t.emitted.length = 0;
    const res = await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook({ Étiquettes: VALID["Étiquettes"] }) },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ counts: { tags: 2, holidays: 0 }, undoRemaining: 1 });
    expect(t.emitted.map((e) => e.event)).toEqual(["reference:update"]);
    expect(
      (
        await t.request("POST", "/undo/apply", {
          token: manager.token,
          body: { projectId: p.id, versionId: p.versionId },
        })
      ).status,
    ).toBe(200);
    expect(await countRows(t.db, "tags", { version_id: p.versionId })).toBe(0);
    expect(await countRows(t.db, "tag_categories", { version_id: p.versionId })).toBe(0);

    const q = await buildProject(t, manager);
    await buildLot(t.db, q, { name: "Plomberie" });
    t.emitted.length = 0;
    await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: q.id, file: await workbook(VALID) },
    });
    expect(t.emitted.find((e) => e.event === "holiday:endCreate")).toMatchObject({ initiatorId: null });
  });

  it("refuses the undo (errors.undo_import_in_use, nothing changes) once a task uses an imported macro-task", async () => {
    const p = await buildProject(t, manager);
    await buildLot(t.db, p, { name: "Plomberie" });
    await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook(VALID) },
    });
    const [macro] = await t.db("macro_tasks").where({ version_id: p.versionId, name: "Réseaux" }).pluck("id");
    await buildEvent(t.db, p, { macro_task_id: macro, start_date: "2026-04-01", end_date: "2026-04-01" });
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect([undo.status, undo.body.code]).toEqual([409, "errors.undo_import_in_use"]);
    expect(await countRows(t.db, "macro_tasks", { version_id: p.versionId })).toBe(2);
    expect(await countRows(t.db, "tags", { version_id: p.versionId })).toBe(2);
    expect(await countRows(t.db, "holidays", { version_id: p.versionId })).toBe(2);
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(1);
  });
  it("refuses the undo once a zone or a task carries an imported tag, and takes everything back while none does", async () => {
    const p = await buildProject(t, manager);
    await buildLot(t.db, p, { name: "Plomberie" });
    await t.request("POST", "/structure/import", {
      token: manager.token,
      body: { projectId: p.id, file: await workbook(VALID) },
    });
    const [tag] = await t.db("tags").where({ version_id: p.versionId }).pluck("id");
    const [zone] = await t
      .db("zones")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Bât A" })
      .returning("id");
    await t.db("zone_tags").insert({ version_id: p.versionId, zone_id: zone.id, tag_id: tag });
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect([undo.status, undo.body.code]).toEqual([409, "errors.undo_import_in_use"]);
    expect(await countRows(t.db, "zone_tags", { zone_id: zone.id })).toBe(1);
    expect(await countRows(t.db, "tags", { version_id: p.versionId })).toBe(2);

    await t.db("zone_tags").where({ zone_id: zone.id }).delete();
    const done = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect(done.status).toBe(200);
    expect(await countRows(t.db, "tags", { version_id: p.versionId })).toBe(0);
  });
});
