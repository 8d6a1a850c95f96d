import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildProject,
  buildUser,
  countRows,
  DEFAULT_PASSWORD,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

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
    const res = await t.request("POST", "/user", {
      token: admin.token,
      body: {
        email: " Nouveau.Manager@Test.Jalon ",
        firstname: "Léa",
        lastname: "Roux",
        type: "manager",
        password: "un-mot-de-passe",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: "nouveau.manager@test.jalon", type: "manager", isManager: true });
    expect(
      (
        await t.request("POST", "/auth/login", {
          body: { email: "nouveau.manager@test.jalon", password: "un-mot-de-passe" },
        })
      ).status,
    ).toBe(200);
    const dup = await t.request("POST", "/user", {
      token: admin.token,
      body: { email: "NOUVEAU.manager@test.jalon", firstname: "A", lastname: "B" },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("email_already_used");
    expect(
      (
        await t.request("POST", "/user", {
          token: manager.token,
          body: { email: "x1@test.jalon", firstname: "A", lastname: "B", type: "admin" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request("POST", "/user", {
          token: manager.token,
          body: { email: "x2@test.jalon", firstname: "A", lastname: "B", type: "external" },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.request("POST", "/user", {
          token: external.token,
          body: { email: "x3@test.jalon", firstname: "A", lastname: "B" },
        })
      ).status,
    ).toBe(403);
  });

  it("validates bodies without writing", async () => {
    const before = await countRows(t.db, "users");
    for (const body of [
      { email: "pas-un-email", firstname: "A", lastname: "B" },
      { email: "a@b.fr", firstname: "", lastname: "B" },
      { email: "a@b.fr", firstname: "A", lastname: "B", type: "roi" },
      { email: "a@b.fr", firstname: "A", lastname: "B", password: "court" },
    ]) {
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
    expect((await t.request("PATCH", `/user/${admin.id}`, { token: u.token, body: { firstname: "X" } })).status).toBe(
      403,
    );
    expect(
      (await t.request("PATCH", `/user/${u.id}`, { token: admin.token, body: { type: "manager" } })).body.type,
    ).toBe("manager");
    expect((await t.request("GET", `/user/${admin.id}`, { token: external.token })).status).toBe(403);
    expect((await t.request("GET", "/user/999999", { token: admin.token })).body.code).toBe("user_not_found");
  });

  it("PATCH /user/views keeps the signed-in user's views", async () => {
    const res = await t.request("PATCH", "/user/views", {
      token: external.token,
      body: { views: { planning: { zoom: 50 } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.views).toEqual({ planning: { zoom: 50 } });
    expect((await t.request("PATCH", "/user/views", { token: external.token, body: { views: "non" } })).status).toBe(
      400,
    );
  });

  it("refuses to delete a user assigned to a project (forbidden_delete_user_assigned_to_project)", async () => {
    const u = await buildUser(t, { type: "external" });
    const p = await buildProject(t, manager, { members: [u] });
    const res = await t.request("DELETE", `/user/${u.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: "forbidden_delete_user_assigned_to_project",
      message: "Cette utilisateur est associé à des projets",
    });
    await t.request("PATCH", "/project/remove-user", { token: manager.token, body: { projectId: p.id, userId: u.id } });
    expect((await t.request("DELETE", `/user/${u.id}`, { token: admin.token })).status).toBe(200);
    expect(await countRows(t.db, "users", { id: u.id })).toBe(0);
    expect((await t.request("DELETE", `/user/${admin.id}`, { token: admin.token })).body.code).toBe(
      "forbidden_delete_self",
    );
    expect((await t.request("DELETE", `/user/${external.id}`, { token: manager.token })).status).toBe(403);
  });

  it("lists users with filters, joins and sort for managers", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const res = await t.request("GET", "/user", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "type||$eq||external"], join: "projects", sort: "email,ASC" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([external.id]);
    expect(res.body.data[0].projects.map((x: { id: number }) => x.id)).toContain(p.id);
    expect(res.body.data[0].password_hash).toBeUndefined();
    expect(
      (await t.request("GET", "/user", { token: manager.token, query: { filter: "password_hash||$eq||x" } })).body.code,
    ).toBe("errors.unknown_filter_field");
  });

  describe("PATCH /user/{id} rights", () => {
    // Who may change which field of an external user: credentials (email, password) only oneself and
    // admins; other fields also a manager sharing a project with them; nobody else anything.
    type Field = "password" | "email" | "firstname";
    const FIELDS: Field[] = ["password", "email", "firstname"];
    let target: BuiltUser;
    let sharing: BuiltUser;
    let notSharing: BuiltUser;
    let otherExternal: BuiltUser;
    beforeAll(async () => {
      target = await buildUser(t, { type: "external" });
      sharing = await buildUser(t, { type: "manager" });
      notSharing = await buildUser(t, { type: "manager" });
      otherExternal = await buildUser(t, { type: "external" });
      await buildProject(t, sharing, { members: [target, otherExternal] });
      // A project of the manager who does not share one with the target: being a manager somewhere is not enough.
      await buildProject(t, notSharing, { members: [otherExternal] });
    });

    const bodyFor = (field: Field, n: number) =>
      field === "password"
        ? { password: `nouveau-mot-de-passe-${n}` }
        : field === "email"
          ? { email: `change-${n}-${target.id}@test.jalon` }
          : { firstname: `Prénom ${n}` };
    const snapshot = () =>
      t
        .db("users")
        .where({ id: target.id })
        .first("email", "firstname", "lastname", "type", "password_hash", "updated_at", "views");
    const login = async (email: string, password: string) =>
      (await t.request("POST", "/auth/login", { body: { email, password } })).status;

    const cases: { actor: () => BuiltUser; name: string; allowed: Record<Field, boolean> }[] = [
      { name: "an admin", actor: () => admin, allowed: { password: true, email: true, firstname: true } },
      { name: "the user themselves", actor: () => target, allowed: { password: true, email: true, firstname: true } },
      {
        name: "a manager sharing a project",
        actor: () => sharing,
        allowed: { password: false, email: false, firstname: true },
      },
      {
        name: "a manager sharing no project",
        actor: () => notSharing,
        allowed: { password: false, email: false, firstname: false },
      },
      {
        name: "another external user of the same project",
        actor: () => otherExternal,
        allowed: { password: false, email: false, firstname: false },
      },
    ];
    let n = 0;
    for (const c of cases) {
      for (const field of FIELDS) {
        const verdict = c.allowed[field] ? "may" : "may not";
        it(`${c.name} ${verdict} change an external user's ${field}`, async () => {
          n += 1;
          const body = bodyFor(field, n);
          const before = await snapshot();
          const res = await t.request("PATCH", `/user/${target.id}`, { token: c.actor().token, body });
          if (c.allowed[field]) {
            expect(res.status).toBe(200);
            const after = await snapshot();
            if (field === "password") {
              expect(after.password_hash).not.toBe(before.password_hash);
              expect(await login(after.email, body.password!)).toBe(200);
              // Back to the known password for the next cases.
              await t.request("PATCH", `/user/${target.id}`, {
                token: admin.token,
                body: { password: DEFAULT_PASSWORD },
              });
            } else {
              expect(after[field]).toBe(body[field]);
              expect(res.body[field]).toBe(body[field]);
            }
          } else {
            expect(res.status).toBe(403);
            expect(res.body).toEqual({ code: "errors.forbidden", message: "Action non autorisée." });
            // Nothing written: not the field, not the update time; the old password still signs in.
            expect(await snapshot()).toEqual(before);
            expect(await login(before.email, DEFAULT_PASSWORD)).toBe(200);
          }
        });
      }
    }

    it("a manager sharing a project may send the unchanged email with other fields, but not a new one among them", async () => {
      const { email } = await snapshot();
      expect(
        (await t.request("PATCH", `/user/${target.id}`, { token: sharing.token, body: { email, lastname: "Durand" } }))
          .status,
      ).toBe(200);
      expect((await snapshot()).lastname).toBe("Durand");
      const before = await snapshot();
      const res = await t.request("PATCH", `/user/${target.id}`, {
        token: sharing.token,
        body: { email: `autre-${target.id}@test.jalon`, lastname: "Martin" },
      });
      expect(res.status).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it("refuses before saying whether an email is taken, and managers never edit managers or admins", async () => {
      const before = await snapshot();
      const res = await t.request("PATCH", `/user/${target.id}`, {
        token: notSharing.token,
        body: { email: admin.email },
      });
      expect(res.body.code).toBe("errors.forbidden");
      expect(await snapshot()).toEqual(before);
      const colleague = await buildUser(t, { type: "manager" });
      await buildProject(t, sharing, { members: [colleague, admin] });
      for (const other of [colleague, admin]) {
        const row = await t.db("users").where({ id: other.id }).first();
        expect(
          (await t.request("PATCH", `/user/${other.id}`, { token: sharing.token, body: { firstname: "Pris" } })).status,
        ).toBe(403);
        expect(await t.db("users").where({ id: other.id }).first()).toEqual(row);
      }
      // An external user never edits anyone else, even a manager of their project.
      expect(
        (await t.request("PATCH", `/user/${sharing.id}`, { token: target.token, body: { firstname: "Pris" } })).status,
      ).toBe(403);
    });
  });
});
