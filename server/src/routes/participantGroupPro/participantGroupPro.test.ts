import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildProject,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

const create = (p: BuiltProject, body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/participant-group-pro", { token, body: { projectId: p.id, versionId: p.versionId, ...body } });
const list = (p: BuiltProject, extra: Record<string, string | string[]> = {}, token = manager.token) =>
  t.request("GET", "/participant-group-pro", {
    token,
    query: { filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`], ...extra },
  });

describe("project lots", () => {
  it("creates a lot (white by default) with specialities and lists by name with filters and participants", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    t.emitted.length = 0;
    const res = await create(p, {
      name: "  Plomberie ",
      specialities: [{ name: "Sanitaires" }, { name: "Chauffage" }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Plomberie",
      color: "#FFFFFF",
      projectId: p.id,
      versionId: p.versionId,
      total: 0,
    });
    expect(res.body.specialities.map((s: { name: string }) => s.name)).toEqual(["Chauffage", "Sanitaires"]);
    expect(t.emitted).toMatchObject([
      { event: "reference:update", projectId: p.id, data: { resource: "participantGroupPro" } },
    ]);
    await create(p, { name: "Couverture", color: "#FFCC00" });
    await create(p, { name: "Charpente" });
    const [participant] = await t
      .db("participants")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Dupont SARL" })
      .returning("id");
    await t.request("PATCH", `/participant-group-pro/${res.body.id}`, {
      token: manager.token,
      body: { participantIds: [participant.id] },
    });

    const all = await list(p, {}, external.token);
    expect(all.status).toBe(200);
    expect(all.body.data.map((l: { name: string }) => l.name)).toEqual(["Charpente", "Couverture", "Plomberie"]);
    expect(all.body.data[2].participants).toEqual([{ id: participant.id, name: "Dupont SARL", color: "#FFFFFF" }]);
    const named = await t.request("GET", "/participant-group-pro", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "name||$contL||plomb"] },
    });
    expect(named.body.total).toBe(1);
    const tracked = await t.request("GET", "/participant-group-pro", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, `trackingId||$eq||${res.body.trackingId}`] },
    });
    expect(tracked.body.data.map((l: { id: number }) => l.id)).toEqual([res.body.id]);
    const paged = await list(p, { limit: "2", offset: "2" });
    expect(paged.body).toMatchObject({ count: 1, total: 3 });
  });

  it("refuses a duplicate name (participant_group_name_exists), a nameless speciality, externals and non-members", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const first = await create(p, { name: "Menuiserie" });
    const dup = await create(p, { name: "menuiserie" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("participant_group_name_exists");
    const other = await create(p, { name: "Peinture" });
    const rename = await t.request("PATCH", `/participant-group-pro/${other.body.id}`, {
      token: manager.token,
      body: { name: "MENUISERIE" },
    });
    expect(rename.body.code).toBe("participant_group_name_exists");
    expect((await create(p, { name: "Sols", specialities: [{ name: " " }] })).status).toBe(400);
    expect((await create(p, { name: "Sols" }, external.token)).status).toBe(403);
    expect((await create(p, { name: "Sols" }, outsider.token)).status).toBe(403);
    expect((await list(p, {}, outsider.token)).status).toBe(403);
    expect(await countRows(t.db, "participant_group_pros", { project_id: p.id })).toBe(2);
    expect(first.body.id).toBeGreaterThan(0);
  });

  it("updates name, colour and specialities (kept, renamed, added, removed)", async () => {
    const p = await buildProject(t, manager);
    const lot = (await create(p, { name: "CVC", specialities: [{ name: "Ventilation" }, { name: "Clim" }] })).body;
    const [vent, clim] = [
      lot.specialities.find((s: { name: string }) => s.name === "Ventilation"),
      lot.specialities.find((s: { name: string }) => s.name === "Clim"),
    ];
    const res = await t.request("PATCH", `/participant-group-pro/${lot.id}`, {
      token: manager.token,
      body: { color: "#00AAFF", specialities: [{ id: clim.id, name: "Climatisation" }, { name: "Désenfumage" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.color).toBe("#00AAFF");
    expect(res.body.specialities.map((s: { name: string }) => s.name)).toEqual(["Climatisation", "Désenfumage"]);
    expect(await countRows(t.db, "specialities", { id: vent.id })).toBe(0);
  });

  it("refuses to delete a lot that tasks use (400 ImplementationError) and deletes the others", async () => {
    const p = await buildProject(t, manager);
    const used = (await create(p, { name: "Gros oeuvre" })).body;
    const free = (await create(p, { name: "VRD" })).body;
    await buildEvent(t.db, p, { participant_group_pro_id: used.id });
    const refused = await t.request("DELETE", "/participant-group-pro/bulk-delete", {
      token: manager.token,
      body: { ids: [used.id, free.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("ImplementationError");
    expect(refused.body.message).toContain("ne peuvent pas être supprimés");
    expect(refused.body.details.ids).toEqual([used.id]);
    expect(await countRows(t.db, "participant_group_pros", { project_id: p.id })).toBe(2);
    const ok = await t.request("DELETE", "/participant-group-pro/bulk-delete", {
      token: manager.token,
      body: { ids: [free.id] },
    });
    expect(ok.status).toBe(200);
    expect(await countRows(t.db, "participant_group_pros", { project_id: p.id })).toBe(1);
  });

  it("counts tasks per lot (histogram), exports an .xlsx, and imports lots from the library", async () => {
    const p = await buildProject(t, manager);
    const go = (await create(p, { name: "Gros oeuvre", specialities: [{ name: "Maçonnerie" }] })).body;
    await create(p, { name: "Toiture" });
    await buildEvent(t.db, p, { participant_group_pro_id: go.id });
    await buildEvent(t.db, p, { participant_group_pro_id: go.id });
    const histogram = await t.request("GET", "/participant-group-pro/histogram", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(histogram.body.data.map((h: { name: string; total: number }) => [h.name, h.total])).toEqual([
      ["Gros oeuvre", 2],
      ["Toiture", 0],
    ]);

    const file = await t.request("GET", "/participant-group-pro/export", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Nom",
      "Couleur",
      "Spécialités",
      "Participants",
      "Étiquettes",
      "Nombre de tâches",
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, "Gros oeuvre", "#FFFFFF", "Maçonnerie", undefined, undefined, 2]);

    const lib = await t.request("POST", "/participant-group", {
      token: manager.token,
      body: { name: `Étanchéité ${p.id}`, color: "#123456" },
    });
    const libToiture = await t
      .db("participant_groups")
      .insert({ name: `toiture-${p.id}` })
      .returning("id");
    await t
      .db("participant_group_pros")
      .where({ project_id: p.id, name: "Toiture" })
      .update({ name: `Toiture-${p.id}` });
    const imported = await t.request("POST", "/participant-group-pro/bulk-import", {
      token: manager.token,
      body: { projectId: p.id, ids: [lib.body.id, libToiture[0].id] },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.data).toMatchObject([
      { name: `Étanchéité ${p.id}`, color: "#123456", participantGroupId: lib.body.id },
    ]);
    const missing = await t.request("POST", "/participant-group-pro/bulk-import", {
      token: manager.token,
      body: { projectId: p.id, ids: [99_999_999] },
    });
    expect(missing.status).toBe(404);
  });
});
