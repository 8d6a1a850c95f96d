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

const post = (p: BuiltProject, body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/zone", { token, body: { projectId: p.id, versionId: p.versionId, ...body } });

async function tree(p: BuiltProject) {
  const a = (await post(p, { name: "Bâtiment A" })).body;
  const r1 = (await post(p, { name: "R+1", parentId: a.id, typology: "Étage" })).body;
  const log = (await post(p, { name: "Logement 12", parentId: r1.id, typology: "Logement" })).body;
  const b = (await post(p, { name: "Bâtiment B" })).body;
  return { a, r1, log, b };
}

async function xlsx(rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Zones");
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer).toString("base64");
}

describe("POST /zone and GET /zone", () => {
  it("builds the four-level tree with derived level, unity, fullName, parent and children, listed by position", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    t.emitted.length = 0;
    const { a, r1, log, b } = await tree(p);
    expect(a).toMatchObject({
      name: "Bâtiment A",
      level: 0,
      unity: "macro",
      fullName: "Bâtiment A",
      parentId: null,
      position: 0,
    });
    expect(r1).toMatchObject({
      level: 1,
      unity: "zone",
      fullName: "Bâtiment A / R+1",
      parent: { id: a.id, name: "Bâtiment A" },
    });
    expect(log).toMatchObject({
      level: 2,
      unity: "micro",
      fullName: "Bâtiment A / R+1 / Logement 12",
      typology: "Logement",
    });
    const nano = await post(p, { name: "Chambre", parentId: log.id, unity: "others" });
    expect(nano.body).toMatchObject({ level: 3, unity: "others" });
    const fifth = await post(p, { name: "Placard", parentId: nano.body.id });
    expect(fifth.status).toBe(400);
    expect(fifth.body.code).toBe("errors.validation");
    expect(t.emitted.some((e) => e.event === "reference:update" && e.projectId === p.id && e.ids.includes(a.id))).toBe(
      true,
    );

    const list = await t.request("GET", "/zone", {
      token: external.token,
      query: { filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`] },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(5);
    expect(list.body.data.map((z: { name: string }) => z.name)).toEqual([
      "Bâtiment A",
      "R+1",
      "Logement 12",
      "Bâtiment B",
      "Chambre",
    ]);
    const first = list.body.data[0];
    expect(first.children).toEqual([{ id: r1.id, name: "R+1" }]);
    expect(first.allChildIds).toEqual([r1.id, log.id, nano.body.id].sort((x, y) => x - y));

    const filtered = await t.request("GET", "/zone", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, `parentId||$eq||${a.id}`] },
    });
    expect(filtered.body.data.map((z: { id: number }) => z.id)).toEqual([r1.id]);
    expect(b.position).toBe(3);
  });

  it("lists each zone's tags (id, name, colour) in French order and its parent by reference", async () => {
    const p = await buildProject(t, manager);
    const tags = await t
      .db("tags")
      .insert(
        ["zinc", "Étanche", "Acoustique"].map((name) => ({
          project_id: p.id,
          version_id: p.versionId,
          name,
          color: "#445566",
        })),
      )
      .returning("id");
    const a = (await post(p, { name: "Bâtiment A" })).body;
    const child = await post(p, { name: "R+1", parentId: a.id, tagIds: tags.map((x: { id: number }) => x.id) });
    expect(child.status).toBe(201);
    const list = await t.request("GET", "/zone", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, `parentId||$eq||${a.id}`] },
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].parent).toEqual({ id: a.id, name: "Bâtiment A" });
    expect(list.body.data[0].tags.map((x: { name: string; color: string }) => [x.name, x.color])).toEqual([
      ["Acoustique", "#445566"],
      ["Étanche", "#445566"],
      ["zinc", "#445566"],
    ]);
  });

  it("refuses an empty name, a parent of another version, external users and non-members", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const other = await buildProject(t, manager);
    const foreign = (await post(other, { name: "Ailleurs" })).body;
    expect((await post(p, { name: "   " })).body.code).toBe("errors.validation");
    expect((await post(p, { name: "Sous", parentId: foreign.id })).status).toBe(400);
    expect((await post(p, { name: "X" }, external.token)).status).toBe(403);
    expect((await post(p, { name: "X" }, outsider.token)).status).toBe(403);
    expect(
      (await t.request("GET", "/zone", { token: outsider.token, query: { filter: `projectId||$eq||${p.id}` } })).status,
    ).toBe(403);
    expect(await countRows(t.db, "zones", { project_id: p.id })).toBe(0);
  });
});

describe("PATCH /zone/{id}", () => {
  it("renames and moves a zone: every descendant's fullName and level follow", async () => {
    const p = await buildProject(t, manager);
    const { r1, log, b } = await tree(p);
    const moved = await t.request("PATCH", `/zone/${r1.id}`, {
      token: manager.token,
      body: { name: "R+2", parentId: b.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ fullName: "Bâtiment B / R+2", level: 1 });
    const child = await t.request("GET", `/zone/${log.id}`, { token: manager.token });
    expect(child.body.fullName).toBe("Bâtiment B / R+2 / Logement 12");
    const cycle = await t.request("PATCH", `/zone/${b.id}`, { token: manager.token, body: { parentId: log.id } });
    expect(cycle.status).toBe(400);
    expect((await t.request("GET", `/zone/${b.id}`, { token: manager.token })).body.parentId).toBeNull();
  });

  it("refuses to change the unity of a zone whose tasks use it (cant_change_unity_zone_with_events)", async () => {
    const p = await buildProject(t, manager);
    const { a, log } = await tree(p);
    await buildEvent(t.db, p, { zone_id: log.id });
    const res = await t.request("PATCH", `/zone/${a.id}`, { token: manager.token, body: { unity: "zone" } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("cant_change_unity_zone_with_events");
    expect((await t.request("GET", `/zone/${a.id}`, { token: manager.token })).body.unity).toBe("macro");
    expect(
      (await t.request("PATCH", `/zone/${a.id}`, { token: manager.token, body: { typology: "Bâtiment" } })).body
        .typology,
    ).toBe("Bâtiment");
  });
});

describe("PUT /zone/bulk-update and DELETE /zone/bulk-delete", () => {
  it("saves a new order", async () => {
    const p = await buildProject(t, manager);
    const { a, b } = await tree(p);
    const res = await t.request("PUT", "/zone/bulk-update", {
      token: manager.token,
      body: {
        zones: [
          { id: b.id, position: 0 },
          { id: a.id, position: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const list = await t.request("GET", "/zone", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(list.body.data[0].id).toBe(b.id);
    const foreign = (await post(await buildProject(t, manager), { name: "Ailleurs" })).body;
    const mixed = await t.request("PUT", "/zone/bulk-update", {
      token: manager.token,
      body: {
        zones: [
          { id: b.id, position: 5 },
          { id: foreign.id, position: 0 },
        ],
      },
    });
    expect(mixed.status).toBe(400);
    const elsewhere = await t.request("PUT", "/zone/bulk-update", {
      token: manager.token,
      body: { projectId: foreign.projectId, zones: [{ id: a.id, position: 9 }] },
    });
    expect(elsewhere.status).toBe(404);
    expect((await t.db("zones").where({ id: a.id }).first("position")).position).toBe(1);
  });

  it("deletes sub-zones with their zone, and refuses a zone whose sub-zone is used by a task", async () => {
    const p = await buildProject(t, manager);
    const { a, r1, log, b } = await tree(p);
    const used = await post(p, { name: "Local", parentId: b.id });
    await buildEvent(t.db, p, { zone_id: used.body.id });
    const refused = await t.request("DELETE", "/zone/bulk-delete", { token: manager.token, body: { ids: [b.id] } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("zone_used_by_events");
    expect(refused.body.details.ids).toEqual([used.body.id]);
    expect(await countRows(t.db, "zones", { project_id: p.id })).toBe(5);
    const ok = await t.request("DELETE", "/zone/bulk-delete", { token: manager.token, body: { ids: [a.id] } });
    expect(ok.status).toBe(200);
    expect(ok.body.ids.sort()).toEqual([a.id, r1.id, log.id].sort());
    expect(await countRows(t.db, "zones", { project_id: p.id })).toBe(2);
  });
});

describe("typologies, export and import", () => {
  it("lists typologies: of the lowest zones, and under a parent typology", async () => {
    const p = await buildProject(t, manager);
    await tree(p);
    const lowest = await t.request("GET", "/zone/typologies/lowest", {
      token: manager.token,
      query: { projectId: p.id },
    });
    expect(lowest.body.data).toEqual(["Logement"]);
    const under = await t.request("GET", `/zone/${p.versionId}/typologies`, {
      token: manager.token,
      query: { parentTypology: "Étage" },
    });
    expect(under.body.data).toEqual(["Logement"]);
    const all = await t.request("GET", `/zone/${p.versionId}/typologies`, { token: manager.token });
    expect(all.body.data).toEqual(["Étage", "Logement"]);
  });

  it("exports an .xlsx with French headers that imports back into another project", async () => {
    const p = await buildProject(t, manager);
    await tree(p);
    const res = await t.request("GET", "/zone/export", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Nom",
      "Nom complet",
      "Zone parente",
      "Niveau",
      "Unité",
      "Typologie",
      "Position",
      "Étiquettes",
    ]);
    expect(ws.getRow(4).getCell(2).value).toBe("Bâtiment A / R+1 / Logement 12");
    expect(ws.getRow(4).getCell(3).value).toBe("Bâtiment A / R+1");
    expect(ws.getRow(4).getCell(4).value).toBe("Micro-zone");

    const q = await buildProject(t, manager);
    const imported = await t.request("POST", "/zone/import", {
      token: manager.token,
      body: { projectId: q.id, file: (res.body as Buffer).toString("base64") },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.data.map((z: { fullName: string }) => z.fullName)).toEqual([
      "Bâtiment A",
      "Bâtiment A / R+1",
      "Bâtiment A / R+1 / Logement 12",
      "Bâtiment B",
    ]);
  });

  it("imports a multipart file, and writes nothing for a broken or unreadable one", async () => {
    const p = await buildProject(t, manager);
    const good = await xlsx([
      ["Nom", "Zone parente", "Unité"],
      ["Parking", null, "Autres"],
      ["Niveau -1", "Parking", null],
    ]);
    const form = new FormData();
    form.set("projectId", String(p.id));
    form.set("file", new Blob([Buffer.from(good, "base64")]), "zones.xlsx");
    const ok = await t.request("POST", "/zone/import", { token: manager.token, rawBody: form });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject([
      { name: "Parking", unity: "others", level: 0 },
      { name: "Niveau -1", level: 1, fullName: "Parking / Niveau -1" },
    ]);

    const broken = await xlsx([
      ["Nom", "Zone parente"],
      ["Cave", null],
      ["Box 1", "Inconnue"],
    ]);
    const refused = await t.request("POST", "/zone/import", {
      token: manager.token,
      body: { projectId: p.id, file: broken },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("errors.validation");
    expect(refused.body.message).toContain("Ligne 3, colonne « Zone parente »");
    const csv = await t.request("POST", "/zone/import", {
      token: manager.token,
      body: { projectId: p.id, file: Buffer.from("Nom\nCave\n").toString("base64") },
    });
    expect(csv.status).toBe(400);
    expect(csv.body.code).toBe("errors.import_format");
    expect(await countRows(t.db, "zones", { project_id: p.id })).toBe(2);
    const byExternal = await t.request("POST", "/zone/import", {
      token: external.token,
      body: { projectId: p.id, file: good },
    });
    expect(byExternal.status).toBe(403);
  });
});
