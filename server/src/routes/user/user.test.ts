import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildProject, buildUser, countRows, type BuiltUser } from "../../../test/helpers/factories.js";

let t: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;
let external: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t, { type: "admin" });
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

describe("users", () => {
  it("admins create any type; managers only external users; emails are unique", async () => {
    const res = await t.request("POST", "/user", { token: admin.token, body: { email: " Nouveau.Manager@Test.Jalon ", firstname: "Léa", lastname: "Roux", type: "manager", password: "un-mot-de-passe" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "nouveau.manager@test.jalon", type: "manager", isManager: true });
    expect((await t.request("POST", "/auth/login", { body: { email: "nouveau.manager@test.jalon", password: "un-mot-de-passe" } })).status).toBe(200);
    const dup = await t.request("POST", "/user", { token: admin.token, body: { email: "NOUVEAU.manager@test.jalon", firstname: "A", lastname: "B" } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("email_already_used");
    expect((await t.request("POST", "/user", { token: manager.token, body: { email: "x1@test.jalon", firstname: "A", lastname: "B", type: "admin" } })).status).toBe(403);
    expect((await t.request("POST", "/user", { token: manager.token, body: { email: "x2@test.jalon", firstname: "A", lastname: "B", type: "external" } })).status).toBe(201);
    expect((await t.request("POST", "/user", { token: external.token, body: { email: "x3@test.jalon", firstname: "A", lastname: "B" } })).status).toBe(403);
  });

  it("validates bodies without writing", async () => {
    const before = await countRows(t.db, "users");
    for (const body of [{ email: "pas-un-email", firstname: "A", lastname: "B" }, { email: "a@b.fr", firstname: "", lastname: "B" }, { email: "a@b.fr", firstname: "A", lastname: "B", type: "roi" }, { email: "a@b.fr", firstname: "A", lastname: "B", password: "court" }]) {
      const res = await t.request("POST", "/user", { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("errors.validation");
    }
    expect(await countRows(t.db, "users")).toBe(before);
  });

  it("a user edits their own profile but not their type; admins change types", async () => {
    const u = await buildUser(t, { type: "external" });
    const self = await t.request("PATCH", `/user/${u.id}`, { token: u.token, body: { firstname: "  Jeanne " } });
    expect(self.body.firstname).toBe("Jeanne");
    expect((await t.request("PATCH", `/user/${u.id}`, { token: u.token, body: { type: "admin" } })).status).toBe(403);
    expect((await t.request("PATCH", `/user/${admin.id}`, { token: u.token, body: { firstname: "X" } })).status).toBe(403);
    expect((await t.request("PATCH", `/user/${u.id}`, { token: admin.token, body: { type: "manager" } })).body.type).toBe("manager");
    expect((await t.request("GET", `/user/${admin.id}`, { token: external.token })).status).toBe(403);
    expect((await t.request("GET", "/user/999999", { token: admin.token })).body.code).toBe("user_not_found");
  });

  it("PATCH /user/views keeps the signed-in user's views", async () => {
    const res = await t.request("PATCH", "/user/views", { token: external.token, body: { views: { planning: { zoom: 50 } } } });
    expect(res.status).toBe(200);
    expect(res.body.views).toEqual({ planning: { zoom: 50 } });
    expect((await t.request("PATCH", "/user/views", { token: external.token, body: { views: "non" } })).status).toBe(400);
  });

  it("refuses to delete a user assigned to a project (forbidden_delete_user_assigned_to_project)", async () => {
    const u = await buildUser(t, { type: "external" });
    const p = await buildProject(t, manager, { members: [u] });
    const res = await t.request("DELETE", `/user/${u.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "forbidden_delete_user_assigned_to_project", message: "Cette utilisateur est associé à des projets" });
    await t.request("PATCH", "/project/remove-user", { token: manager.token, body: { projectId: p.id, userId: u.id } });
    expect((await t.request("DELETE", `/user/${u.id}`, { token: admin.token })).status).toBe(200);
    expect(await countRows(t.db, "users", { id: u.id })).toBe(0);
    expect((await t.request("DELETE", `/user/${admin.id}`, { token: admin.token })).body.code).toBe("forbidden_delete_self");
    expect((await t.request("DELETE", `/user/${external.id}`, { token: manager.token })).status).toBe(403);
  });

  it("lists users with filters, joins and sort for managers", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const res = await t.request("GET", "/user", { token: manager.token, query: { filter: [`projectId||$eq||${p.id}`, "type||$eq||external"], join: "projects", sort: "email,ASC" } });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([external.id]);
    expect(res.body.data[0].projects.map((x: { id: number }) => x.id)).toContain(p.id);
    expect(res.body.data[0].password_hash).toBeUndefined();
    expect((await t.request("GET", "/user", { token: manager.token, query: { filter: "password_hash||$eq||x" } })).body.code).toBe("errors.unknown_filter_field");
  });
});
