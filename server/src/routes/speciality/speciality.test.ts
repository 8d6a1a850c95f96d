import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
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
  t.request("POST", "/speciality", { token, body: { projectId: p.id, versionId: p.versionId, ...body } });

describe("specialities", () => {
  it("creates, lists by project, version and lot, updates and deletes", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const a = await create(p, { name: "Cloisons", participantGroupProId: lot.id });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: "Cloisons", participantGroupPro: { id: lot.id, name: "Plâtrerie" } });
    await create(p, { name: "Enduits" });
    const all = await t.request("GET", "/speciality", {
      token: external.token,
      query: { filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`], limit: 10000 },
    });
    expect(all.body.data.map((s: { name: string }) => s.name)).toEqual(["Cloisons", "Enduits"]);
    const byLot = await t.request("GET", "/speciality", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, `participantGroupProId||$eq||${lot.id}`] },
    });
    expect(byLot.body.total).toBe(1);
    const patched = await t.request("PATCH", `/speciality/${a.body.id}`, {
      token: manager.token,
      body: { name: "Faux plafonds", participantGroupProId: null },
    });
    expect(patched.body).toMatchObject({ name: "Faux plafonds", participantGroupPro: null });
    expect((await t.request("DELETE", `/speciality/${a.body.id}`, { token: manager.token })).status).toBe(200);
    expect(await countRows(t.db, "specialities", { project_id: p.id })).toBe(1);
  });

  it("refuses an empty name, a lot of another project, deleting a speciality tasks use, externals and non-members", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const other = await buildProject(t, manager);
    const foreignLot = await buildLot(t.db, other);
    expect((await create(p, { name: "" })).status).toBe(400);
    expect((await create(p, { name: "X", participantGroupProId: foreignLot.id })).status).toBe(400);
    expect((await create(p, { name: "X" }, external.token)).status).toBe(403);
    expect((await create(p, { name: "X" }, outsider.token)).status).toBe(403);
    const used = (await create(p, { name: "Utilisée" })).body;
    await buildEvent(t.db, p, { speciality_id: used.id });
    const refused = await t.request("DELETE", "/speciality/bulk-delete", {
      token: manager.token,
      body: { ids: [used.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("ImplementationError");
    expect(await countRows(t.db, "specialities", { project_id: p.id })).toBe(1);
  });
});
