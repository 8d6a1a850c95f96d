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
let p: BuiltProject;

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  p = await buildProject(t, manager, { members: [external], name: "Collège Jules Verne" });
});
afterAll(async () => t?.close());

const scope = (q: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${q.id}`, `versionId||$eq||${q.versionId}`],
  ...extra,
});

async function category(q: BuiltProject, name: string, extra: Record<string, unknown> = {}) {
  const res = await t.request("POST", "/category", {
    token: manager.token,
    body: { projectId: q.id, versionId: q.versionId, name, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; position: number };
}

describe("tags", () => {
  it("creates, lists with filters, sorts, reads with its category, updates and deletes", async () => {
    const phase = await category(p, "Phase", { type: "event" });
    const created = await t.request("POST", "/tag", {
      token: manager.token,
      body: { projectId: p.id, name: "  Second oeuvre ", color: "#43A047", type: "event", categoryId: phase.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Second oeuvre",
      color: "#43A047",
      type: "event",
      categoryId: phase.id,
      category: { id: phase.id, name: "Phase", type: "event", parentCategory: null },
      versionId: p.versionId,
    });
    await t.request("POST", "/tag", {
      token: manager.token,
      body: { projectId: p.id, name: "Gros oeuvre", type: "event", categoryId: phase.id },
    });
    await t.request("POST", "/tag", { token: manager.token, body: { projectId: p.id, name: "Réserve", type: "zone" } });

    const all = await t.request("GET", "/tag", { token: external.token, query: scope(p) });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, total: 3 });
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual(["Gros oeuvre", "Réserve", "Second oeuvre"]);
    const events = await t.request("GET", "/tag", {
      token: manager.token,
      query: scope(p, {
        filter: [`projectId||$eq||${p.id}`, "type||$eq||event", "name||contL||OEUVRE"],
        sort: "name,DESC",
      }),
    });
    expect(events.body.data.map((x: { name: string }) => x.name)).toEqual(["Second oeuvre", "Gros oeuvre"]);
    const inCategory = await t.request("GET", "/tag", {
      token: manager.token,
      query: scope(p, { filter: [`projectId||$eq||${p.id}`, `categoryId||$eq||${phase.id}`], limit: "1", offset: "1" }),
    });
    expect(inCategory.body).toMatchObject({ count: 1, total: 2, data: [{ name: "Second oeuvre" }] });

    const one = await t.request("GET", `/tag/${created.body.id}`, { token: external.token });
    expect(one.body).toMatchObject({ name: "Second oeuvre", category: { name: "Phase" } });
    const patched = await t.request("PATCH", `/tag/${created.body.id}`, {
      token: manager.token,
      body: { name: "SO", categoryId: null, color: null },
    });
    expect(patched.body).toMatchObject({ name: "SO", categoryId: null, category: null, color: null, type: "event" });

    // A tag used by an event can be deleted: the event loses it.
    const ev = await buildEvent(t.db, p);
    await t.db("event_tags").insert({ version_id: p.versionId, event_id: ev.id, tag_id: created.body.id });
    expect((await t.request("DELETE", `/tag/${created.body.id}`, { token: manager.token })).status).toBe(200);
    expect(await countRows(t.db, "event_tags", { event_id: ev.id })).toBe(0);
    expect((await t.request("GET", `/tag/${created.body.id}`, { token: manager.token })).status).toBe(404);
  });

  it("refuses bad input, categories of another version, other projects and roles, writing nothing", async () => {
    const other = await buildProject(t, manager);
    const foreign = await category(other, "Ailleurs");
    const before = await countRows(t.db, "tags", { project_id: p.id });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "errors.validation"],
      [{ name: "x".repeat(201) }, 400, "errors.validation"],
      [{ name: "X", color: "rouge vif!" }, 400, "errors.validation"],
      [{ name: "X", categoryId: foreign.id }, 400, "errors.validation"],
      [{ name: "X", inconnu: 1 }, 400, "errors.validation"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("POST", "/tag", { token: manager.token, body: { projectId: p.id, ...body } });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect((await t.request("POST", "/tag", { token: manager.token, body: { name: "X" } })).body.code).toBe(
      "errors.no_project",
    );
    expect(
      (await t.request("POST", "/tag", { token: external.token, body: { projectId: p.id, name: "X" } })).status,
    ).toBe(403);
    expect(
      (await t.request("POST", "/tag", { token: outsider.token, body: { projectId: p.id, name: "X" } })).status,
    ).toBe(403);
    expect((await t.request("POST", "/tag", { body: { projectId: p.id, name: "X" } })).status).toBe(401);
    expect((await t.request("GET", "/tag", { token: outsider.token, query: scope(p) })).status).toBe(403);
    expect(
      (
        await t.request("POST", "/tag", {
          token: manager.token,
          body: { projectId: p.id, versionId: other.versionId, name: "X" },
        })
      ).body.code,
    ).toBe("errors.version_not_in_project");
    expect(await countRows(t.db, "tags", { project_id: p.id })).toBe(before);

    const tag = await t.request("POST", "/tag", { token: manager.token, body: { projectId: p.id, name: "Gardé" } });
    expect(
      (await t.request("PATCH", `/tag/${tag.body.id}`, { token: manager.token, body: { categoryId: foreign.id } }))
        .status,
    ).toBe(400);
    expect((await t.request("PATCH", "/tag/999999", { token: manager.token, body: { name: "X" } })).status).toBe(404);
    expect((await t.request("DELETE", `/tag/${tag.body.id}`, { token: outsider.token })).status).toBe(403);
    expect(
      (await t.request("DELETE", "/tag/bulk-delete", { token: manager.token, body: { ids: [tag.body.id, 999999] } }))
        .status,
    ).toBe(404);
    const frozen = await buildProject(t, manager);
    const frozenTag = await t.request("POST", "/tag", {
      token: manager.token,
      body: { projectId: frozen.id, name: "Figé" },
    });
    await t.db("versions").where({ id: frozen.versionId }).update({ is_archived: true });
    expect(
      (await t.request("PATCH", `/tag/${frozenTag.body.id}`, { token: manager.token, body: { name: "Y" } })).body.code,
    ).toBe("errors.version_frozen");
    expect((await t.request("GET", `/tag/${tag.body.id}`, { token: manager.token })).body.name).toBe("Gardé");
  });

  it("bulk-deletes and exports an .xlsx with French headers", async () => {
    const q = await buildProject(t, manager);
    const cat = await category(q, "Lots techniques");
    const ids: number[] = [];
    for (const name of ["CVC", "Plomberie"])
      ids.push(
        (
          await t.request("POST", "/tag", {
            token: manager.token,
            body: { projectId: q.id, name, categoryId: cat.id, color: "#1E88E5" },
          })
        ).body.id,
      );
    const file = await t.request("GET", "/tag/export", { token: manager.token, query: scope(q) });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, "Nom", "Couleur", "Type", "Catégorie", "Catégorie parente"]);
    expect([1, 2, 3, 4, 5].map((c) => ws.getRow(2).getCell(c).value)).toEqual([
      "CVC",
      "#1E88E5",
      null,
      "Lots techniques",
      null,
    ]);
    expect((await t.request("GET", "/tag/export", { token: external.token, query: scope(q) })).status).toBe(403);
    const del = await t.request("DELETE", "/tag/bulk-delete", { token: manager.token, body: { ids } });
    expect(del.body.count).toBe(2);
    expect(await countRows(t.db, "tags", { project_id: q.id })).toBe(0);
  });
});
