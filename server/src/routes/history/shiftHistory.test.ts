import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildProject,
  buildUser,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let p: BuiltProject;
let eventId: number;

const FILES = [
  { name: "Planning recalé indice B.pdf", url: "/files/a.pdf", createdAt: "2026-03-02T09:00:00.000Z" },
  { name: "Compte rendu réunion 12.pdf", url: "/files/b.pdf", createdAt: "2026-03-03T09:00:00.000Z" },
  { name: "Photos.zip", createdAt: "2026-03-04T09:00:00.000Z" },
];

async function buildShift(q: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await t
    .db("shift_histories")
    .insert({
      project_id: q.id,
      version_id: q.versionId,
      name: `Recalage ${Math.random()}`,
      files: JSON.stringify(FILES),
      user_id: manager.id,
      ...overrides,
    })
    .returning("*");
  return row as { id: number };
}

const listQuery = (q: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${q.id}`, `versionId||$eq||${q.versionId}`],
  limit: "10000",
  sort: "name,ASC",
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager", firstname: "Lou", lastname: "Martin" });
  external = await buildUser(t, { type: "external" });
  outsider = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager, { members: [external], name: "Groupe scolaire" });
  eventId = (await buildEvent(t.db, p, { name: "Charpente", start_date: "2026-03-02", end_date: "2026-03-02" })).id;
});
afterAll(async () => t?.close());

describe("GET /history/shift", () => {
  it("lists the version's recalibrations by name with their event, files and author", async () => {
    const b = await buildShift(p, { name: "Recalage B", event_id: eventId });
    const a = await buildShift(p, { name: "Recalage A", files: "[]" });
    const other = await buildProject(t, manager);
    await buildShift(other, { name: "Autre projet" });
    const res = await t.request("GET", "/history/shift", { token: external.token, query: listQuery(p) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, total: 2 });
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([a.id, b.id]);
    expect(res.body.data[1]).toMatchObject({
      name: "Recalage B",
      eventId,
      event: { id: eventId, name: "Charpente", startDate: "2026-03-02" },
      files: FILES,
      user: { id: manager.id, firstname: "Lou", lastname: "Martin" },
      projectId: p.id,
      versionId: p.versionId,
    });
    const named = await t.request("GET", "/history/shift", {
      token: external.token,
      query: listQuery(p, { filter: [`projectId||$eq||${p.id}`, "name||contL||recalage b"] }),
    });
    expect(named.body.data.map((s: { id: number }) => s.id)).toEqual([b.id]);
  });

  it("needs a project it may read and valid parameters", async () => {
    expect((await t.request("GET", "/history/shift", { token: manager.token })).body.code).toBe("errors.no_project");
    expect((await t.request("GET", "/history/shift", { token: outsider.token, query: listQuery(p) })).status).toBe(403);
    expect(
      (await t.request("GET", "/history/shift", { token: manager.token, query: listQuery(p, { sort: "files,ASC" }) }))
        .body.code,
    ).toBe("errors.unknown_sort_field");
    expect(
      (await t.request("GET", "/history/shift", { token: manager.token, query: listQuery(p, { limit: "100001" }) }))
        .body.code,
    ).toBe("errors.invalid_pagination");
  });
});

describe("PATCH /history/shift/{id}", () => {
  it("changes the fields sent", async () => {
    const s = await buildShift(p, { name: "Avant" });
    const res = await t.request("PATCH", `/history/shift/${s.id}`, {
      token: manager.token,
      body: { name: "  Après  ", eventId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Après", eventId, files: FILES });
    const files = await t.request("PATCH", `/history/shift/${s.id}`, {
      token: manager.token,
      body: { files: [{ name: "Seul.pdf" }], eventId: null },
    });
    expect(files.body).toMatchObject({ name: "Après", eventId: null, event: null, files: [{ name: "Seul.pdf" }] });
  });

  it("refuses bad input, unknown rows, events of another version and frozen versions, writing nothing", async () => {
    const s = await buildShift(p, { name: "Intact" });
    const other = await buildProject(t, manager);
    const foreign = await buildEvent(t.db, other);
    const cases: [unknown, number, string][] = [
      [{ name: "" }, 400, "errors.validation"],
      [{ files: [{ url: "/sans-nom" }] }, 400, "errors.validation"],
      [{ files: "a.pdf" }, 400, "errors.validation"],
      [{ inconnu: true }, 400, "errors.validation"],
      [{ eventId: foreign.id }, 404, "errors.event_not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("PATCH", `/history/shift/${s.id}`, { token: manager.token, body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(
      (await t.request("PATCH", "/history/shift/999999", { token: manager.token, body: { name: "X" } })).body.code,
    ).toBe("errors.shift_history_not_found");
    const frozen = await buildProject(t, manager);
    const fs = await buildShift(frozen, { name: "Figé" });
    await t.db("versions").where({ id: frozen.versionId }).update({ is_archived: true });
    expect(
      (await t.request("PATCH", `/history/shift/${fs.id}`, { token: manager.token, body: { name: "X" } })).body.code,
    ).toBe("errors.version_frozen");
    expect((await t.db("shift_histories").where({ id: s.id }).first()).name).toBe("Intact");
    expect((await t.db("shift_histories").where({ id: fs.id }).first()).name).toBe("Figé");
  });
});

describe("DELETE /history/shift/{id}/{fileIndex}", () => {
  it("removes one file entry by its index", async () => {
    const s = await buildShift(p);
    const res = await t.request("DELETE", `/history/shift/${s.id}/1`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([FILES[0], FILES[2]]);
    const again = await t.request("DELETE", `/history/shift/${s.id}/1`, { token: manager.token });
    expect(again.body.files).toEqual([FILES[0]]);
    const out = await t.request("DELETE", `/history/shift/${s.id}/1`, { token: manager.token });
    expect(out.status).toBe(404);
    expect(out.body.code).toBe("errors.shift_history_file_not_found");
    expect((await t.request("DELETE", `/history/shift/${s.id}/-1`, { token: manager.token })).body.code).toBe(
      "errors.validation",
    );
    expect((await t.request("DELETE", `/history/shift/${s.id}/x`, { token: manager.token })).body.code).toBe(
      "errors.validation",
    );
    expect((await t.db("shift_histories").where({ id: s.id }).first()).files).toEqual([FILES[0]]);
  });
});

describe("GET /history/shift/export", () => {
  it("answers an .xlsx with French headers", async () => {
    const q = await buildProject(t, manager, { name: "Export recalages" });
    await buildShift(q, { name: "Recalage de mars" });
    const res = await t.request("GET", "/history/shift/export", {
      token: manager.token,
      query: { filter: `projectId||$eq||${q.id}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Recalages_Export-recalages_");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      "Nom",
      "Tâche",
      "Début de la tâche",
      "Fin de la tâche",
      "Nombre de fichiers",
      "Fichiers",
      "Auteur",
      "Créé le",
      "Modifié le",
    ]);
    expect(rows[1].slice(0, 7)).toEqual([
      "Recalage de mars",
      undefined,
      undefined,
      undefined,
      3,
      FILES.map((f) => f.name).join("\n"),
      "Lou Martin",
    ]);
    expect((await t.request("GET", "/history/shift/export", { token: manager.token })).body.code).toBe(
      "errors.no_project",
    );
  });
});

describe("authorization", () => {
  it("external reads, managers change and export, members of another project are refused", async () => {
    const s = await buildShift(p, { name: "Droits" });
    expect((await t.request("GET", "/history/shift", { token: external.token, query: listQuery(p) })).status).toBe(200);
    expect((await t.request("GET", "/history/shift", { query: listQuery(p) })).status).toBe(401);
    const managerOnly: [string, string, unknown, Record<string, string> | undefined][] = [
      ["PATCH", `/history/shift/${s.id}`, { name: "X" }, undefined],
      ["DELETE", `/history/shift/${s.id}/0`, undefined, undefined],
      ["GET", "/history/shift/export", undefined, { filter: `projectId||$eq||${p.id}` }],
    ];
    for (const [method, path, body, query] of managerOnly) {
      expect((await t.request(method, path, { token: external.token, body, query })).status).toBe(403);
      expect((await t.request(method, path, { token: outsider.token, body, query })).status).toBe(403);
    }
    const row = await t.db("shift_histories").where({ id: s.id }).first();
    expect(row.name).toBe("Droits");
    expect(row.files).toHaveLength(3);
  });
});
