import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildProject, buildUser, unique, type BuiltUser } from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

describe("library lots (participant-group)", () => {
  it("creates, reads, renames, pages by name and refuses duplicates", async () => {
    const tag = unique("lib");
    const a = await t.request("POST", "/participant-group", {
      token: manager.token,
      body: { name: `${tag} Zinguerie` },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: `${tag} Zinguerie`, color: "#FFFFFF", projects: 0 });
    await t.request("POST", "/participant-group", { token: manager.token, body: { name: `${tag} Carrelage` } });
    const dup = await t.request("POST", "/participant-group", {
      token: manager.token,
      body: { name: `${tag} ZINGUERIE` },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("participant_group_name_exists");
    const page = await t.request("GET", "/participant-group", {
      token: manager.token,
      query: { filter: `name||$contL||${tag}`, limit: 1 },
    });
    expect(page.body).toMatchObject({ count: 1, total: 2 });
    expect(page.body.data[0].name).toBe(`${tag} Carrelage`);
    const patched = await t.request("PATCH", `/participant-group/${a.body.id}`, {
      token: manager.token,
      body: { name: `${tag} Couverture` },
    });
    expect(patched.body.name).toBe(`${tag} Couverture`);
    expect((await t.request("GET", `/participant-group/${a.body.id}`, { token: manager.token })).body.name).toBe(
      `${tag} Couverture`,
    );
    expect((await t.request("GET", "/participant-group", { token: external.token })).status).toBe(403);
    expect((await t.request("POST", "/participant-group", { token: external.token, body: { name: "X" } })).status).toBe(
      403,
    );
  });

  it("lists the projects that copied a lot and refuses to delete it while they do", async () => {
    const p = await buildProject(t, manager, { name: unique("Résidence") });
    const lib = await t.request("POST", "/participant-group", {
      token: manager.token,
      body: { name: unique("Serrurerie") },
    });
    await t.request("POST", "/participant-group-pro/bulk-import", {
      token: manager.token,
      body: { projectId: p.id, ids: [lib.body.id] },
    });
    const projects = await t.request("GET", `/participant-group/${lib.body.id}/projects`, { token: manager.token });
    expect(projects.body.data.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const other = await buildUser(t, { type: "manager" });
    expect(
      (await t.request("GET", `/participant-group/${lib.body.id}/projects`, { token: other.token })).body.data,
    ).toEqual([]);
    const refused = await t.request("DELETE", "/participant-group/bulk-delete", {
      token: manager.token,
      body: { ids: [lib.body.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("ImplementationError");
    const free = await t.request("POST", "/participant-group", {
      token: manager.token,
      body: { name: unique("Libre") },
    });
    const ok = await t.request("DELETE", "/participant-group/bulk-delete", {
      token: manager.token,
      body: { ids: [free.body.id] },
    });
    expect(ok.status).toBe(200);
    expect((await t.request("GET", `/participant-group/${free.body.id}`, { token: manager.token })).status).toBe(404);
  });
});
