import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildUser, type BuiltUser } from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let guest: BuiltUser;
const tag = `f${Date.now()}`;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  guest = await buildUser(t, { type: "guest" });
  await t
    .db("families")
    .insert(["Réseaux", "Électricité", "cloisons", "Zinguerie"].map((n) => ({ name: `${n} ${tag}` })));
});
afterAll(async () => t?.close());

describe("GET /family", () => {
  it("lists the families by name (French order) with a name filter, paging and total", async () => {
    const res = await t.request("GET", "/family", {
      token: manager.token,
      query: { filter: [`name||$contL||${tag}`] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(
      ["cloisons", "Électricité", "Réseaux", "Zinguerie"].map((n) => `${n} ${tag}`),
    );
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), name: `cloisons ${tag}` });
    const page = await t.request("GET", "/family", {
      token: external.token,
      query: { filter: [`name||$contL||${tag}`], limit: "2", offset: "1", sort: "name,DESC" },
    });
    expect(page.body).toMatchObject({ count: 2, total: 4 });
    expect(page.body.data.map((f: { name: string }) => f.name)).toEqual([`Réseaux ${tag}`, `Électricité ${tag}`]);
  });

  it("refuses an unknown filter field (400), guests (403) and anonymous calls (401)", async () => {
    expect(
      (await t.request("GET", "/family", { token: manager.token, query: { filter: ["color||$eq||x"] } })).status,
    ).toBe(400);
    expect((await t.request("GET", "/family", { token: guest.token })).status).toBe(403);
    expect((await t.request("GET", "/family", {})).status).toBe(401);
  });
});
