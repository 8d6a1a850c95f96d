import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@jalon/shared";
import { startTestApp, type TestApp } from "./helpers/app.js";
import { buildEvent, buildProject, buildUser, type BuiltProject, type BuiltUser } from "./helpers/factories.js";

/**
 * Authorization matrix: every route group x every role (anonymous, guest, external, manager, admin), the
 * users being members of project A (admins are not: they see every project), plus members of project B
 * reaching into project A. A refusal is 401 without a session and 403 otherwise; an allowed call is
 * anything else.
 */

type Who = "anonymous" | Role;
const ALL: Who[] = ["anonymous", "guest", "external", "manager", "admin"];

let t: TestApp;
const users = {} as Record<Role, BuiltUser>;
const outsiders = {} as Record<"external" | "manager", BuiltUser>;
let a: BuiltProject;
let eventId: number;

interface Case {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  query?: () => Record<string, string | string[]>;
  allowed: Who[];
  /** Scoped to project A: members of B only are refused. */
  projectScoped: boolean;
}

const cases: Case[] = [
  {
    name: "GET /auth/me",
    method: "GET",
    path: () => "/auth/me",
    allowed: ["guest", "external", "manager", "admin"],
    projectScoped: false,
  },
  {
    name: "PATCH /user/views",
    method: "PATCH",
    path: () => "/user/views",
    body: () => ({ views: {} }),
    allowed: ["guest", "external", "manager", "admin"],
    projectScoped: false,
  },
  { name: "GET /user", method: "GET", path: () => "/user", allowed: ["manager", "admin"], projectScoped: false },
  {
    name: "POST /user",
    method: "POST",
    path: () => "/user",
    body: () => ({ email: `m${Math.random()}@x.fr`, firstname: "A", lastname: "B", type: "external" }),
    allowed: ["manager", "admin"],
    projectScoped: false,
  },
  { name: "DELETE /user/{id}", method: "DELETE", path: () => "/user/999999", allowed: ["admin"], projectScoped: false },
  {
    name: "GET /project",
    method: "GET",
    path: () => "/project",
    allowed: ["external", "manager", "admin"],
    projectScoped: false,
  },
  {
    name: "POST /project",
    method: "POST",
    path: () => "/project",
    body: () => ({ name: "Matrice" }),
    allowed: ["manager", "admin"],
    projectScoped: false,
  },
  {
    name: "GET /project/{id}",
    method: "GET",
    path: () => `/project/${a.id}`,
    allowed: ["external", "manager", "admin"],
    projectScoped: true,
  },
  {
    name: "PATCH /project/{id}",
    method: "PATCH",
    path: () => `/project/${a.id}`,
    body: () => ({ description: "Matrice" }),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "PATCH /project/assign-user",
    method: "PATCH",
    path: () => "/project/assign-user",
    body: () => ({ projectId: a.id, userId: 999999 }),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "PUT /project/{id}/clone",
    method: "PUT",
    path: () => `/project/${a.id}/clone`,
    body: () => ({ versionIds: [a.versionId] }),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "PATCH /project/{id}/close",
    method: "PATCH",
    path: () => `/project/${a.id}/close`,
    body: () => ({}),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "GET /version",
    method: "GET",
    path: () => "/version",
    query: () => ({ filter: `projectId||$eq||${a.id}` }),
    allowed: ["external", "manager", "admin"],
    projectScoped: false,
  },
  {
    name: "GET /version/{id}",
    method: "GET",
    path: () => `/version/${a.versionId}`,
    allowed: ["external", "manager", "admin"],
    projectScoped: true,
  },
  {
    name: "POST /version",
    method: "POST",
    path: () => "/version",
    body: () => ({ name: "Matrice", projectId: a.id }),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "PATCH /version/{id}",
    method: "PATCH",
    path: () => `/version/${a.versionId}`,
    body: () => ({ inConstruction: false }),
    allowed: ["manager", "admin"],
    projectScoped: true,
  },
  {
    name: "GET /event",
    method: "GET",
    path: () => "/event",
    query: () => ({ filter: `projectId||$eq||${a.id}` }),
    allowed: ["external", "manager", "admin"],
    projectScoped: true,
  },
  {
    name: "GET /event/{id}",
    method: "GET",
    path: () => `/event/${eventId}`,
    allowed: ["external", "manager", "admin"],
    projectScoped: true,
  },
  {
    name: "DELETE /event/bulk-delete",
    method: "DELETE",
    path: () => "/event/bulk-delete",
    body: () => ({ ids: [999999], projectId: a.id }),
    allowed: ["manager", "admin"],
    projectScoped: false,
  },
];

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ["guest", "external", "manager", "admin"] as Role[])
    users[role] = await buildUser(t, { type: role });
  outsiders.external = await buildUser(t, { type: "external" });
  outsiders.manager = await buildUser(t, { type: "manager" });
  a = await buildProject(t, users.manager, { members: [users.guest, users.external] });
  await buildProject(t, outsiders.manager, { members: [outsiders.external] });
  eventId = (await buildEvent(t.db, a)).id;
});
afterAll(async () => t?.close());

const call = (c: Case, token?: string) =>
  t.request(c.method, c.path(), { token, body: c.body?.(), query: c.query?.() });

describe("authorization matrix", () => {
  for (const c of cases) {
    for (const who of ALL) {
      const allowed = c.allowed.includes(who);
      it(`${c.name} as ${who}: ${allowed ? "allowed" : "refused"}`, async () => {
        const res = await call(c, who === "anonymous" ? undefined : users[who].token);
        if (allowed) expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
        else expect(res.status, JSON.stringify(res.body)).toBe(who === "anonymous" ? 401 : 403);
      });
    }
    if (c.projectScoped) {
      for (const role of ["external", "manager"] as const) {
        if (!c.allowed.includes(role)) continue;
        it(`${c.name} as a ${role} of another project: refused`, async () => {
          const res = await call(c, outsiders[role].token);
          expect(res.status, JSON.stringify(res.body)).toBe(403);
        });
      }
    }
  }

  it("an expired or forged token is 401 on every guarded route", async () => {
    const forged = `${users.admin.token.slice(0, -4)}AAAA`;
    for (const c of cases) expect((await call(c, forged)).status, c.name).toBe(401);
  });
});
