import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildProject, buildUser, countRows, type BuiltUser } from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

describe("phases and phase categories", () => {
  it("create, list, order, update and delete like tags, in their own tables", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const etudes = (
      await t.request("POST", "/phase-category", { token: manager.token, body: { projectId: p.id, name: "Études" } })
    ).body;
    const travaux = (
      await t.request("POST", "/phase-category", { token: manager.token, body: { projectId: p.id, name: "Travaux" } })
    ).body;
    expect([etudes.position, travaux.position]).toEqual([0, 1]);
    const dce = await t.request("POST", "/phase", {
      token: manager.token,
      body: { projectId: p.id, name: "DCE", color: "#3949AB", categoryId: etudes.id },
    });
    expect(dce.status).toBe(201);
    expect(dce.body).toMatchObject({ name: "DCE", category: { name: "Études" } });
    await t.request("POST", "/phase", {
      token: manager.token,
      body: { projectId: p.id, name: "Gros oeuvre", categoryId: travaux.id },
    });
    expect(await countRows(t.db, "phases", { project_id: p.id })).toBe(2);
    expect(await countRows(t.db, "tags", { project_id: p.id })).toBe(0);

    const list = await t.request("GET", "/phase", {
      token: external.token,
      query: { filter: [`projectId||$eq||${p.id}`, `categoryName||contL||trav`] },
    });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(["Gros oeuvre"]);
    await t.request("PATCH", "/phase-category/order", { token: manager.token, body: { ids: [travaux.id, etudes.id] } });
    const cats = await t.request("GET", "/phase-category", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}`, join: "phases" },
    });
    expect(
      cats.body.data.map((c: { name: string; phases: { name: string }[] }) => [c.name, c.phases.map((x) => x.name)]),
    ).toEqual([
      ["Travaux", ["Gros oeuvre"]],
      ["Études", ["DCE"]],
    ]);
    expect(
      (await t.request("PATCH", `/phase/${dce.body.id}`, { token: manager.token, body: { name: "DCE indice B" } })).body
        .name,
    ).toBe("DCE indice B");
    expect(
      (await t.request("POST", "/phase", { token: external.token, body: { projectId: p.id, name: "X" } })).status,
    ).toBe(403);
    expect(
      (
        await t.request("POST", "/phase", {
          token: manager.token,
          body: { projectId: p.id, name: "X", categoryId: 999999 },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.request("DELETE", "/phase/bulk-delete", { token: manager.token, body: { ids: [dce.body.id] } })).body
        .count,
    ).toBe(1);
    expect((await t.request("DELETE", `/phase-category/${etudes.id}`, { token: manager.token })).status).toBe(200);
    expect(await countRows(t.db, "phase_categories", { project_id: p.id })).toBe(1);
  });

  it("are copied with their version (new version: same names, categories remapped to the copies)", async () => {
    const p = await buildProject(t, manager);
    const cat = (
      await t.request("POST", "/phase-category", { token: manager.token, body: { projectId: p.id, name: "Réception" } })
    ).body;
    await t.request("POST", "/phase", {
      token: manager.token,
      body: { projectId: p.id, name: "OPR", categoryId: cat.id },
    });
    const res = await t.request("POST", "/version", { token: manager.token, body: { projectId: p.id, name: "V2" } });
    expect(res.status).toBeLessThan(300);
    const versions = await t.db("versions").where({ project_id: p.id }).orderBy("id").pluck("id");
    const copy = versions[versions.length - 1];
    expect(copy).not.toBe(p.versionId);
    await expect.poll(async () => countRows(t.db, "phases", { version_id: copy }), { timeout: 10_000 }).toBe(1);
    const phase = await t.db("phases").where({ version_id: copy }).first();
    const copiedCat = await t.db("phase_categories").where({ id: phase.category_id }).first();
    expect([phase.name, copiedCat.name, copiedCat.version_id, copiedCat.tracking_id]).toEqual([
      "OPR",
      "Réception",
      copy,
      cat.trackingId,
    ]);
  });
});
