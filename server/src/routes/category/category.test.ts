import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildProject,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

const scope = (q: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${q.id}`, `versionId||$eq||${q.versionId}`],
  ...extra,
});
const create = (q: BuiltProject, body: Record<string, unknown>) =>
  t.request("POST", "/category", { token: manager.token, body: { projectId: q.id, ...body } });
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name);

describe("tag categories", () => {
  it("are created last in order, listed by position with their parent and tags, reordered and reloaded in the new order", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const a = (await create(p, { name: "Phase", type: "event" })).body;
    const b = (await create(p, { name: "Corps d'état", type: "event" })).body;
    const c = (await create(p, { name: "Sous-phase", type: "event", parentCategoryId: a.id })).body;
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);
    expect(c).toMatchObject({ parentCategoryId: a.id, parentCategory: { id: a.id, name: "Phase" } });
    await t.request("POST", "/tag", {
      token: manager.token,
      body: { projectId: p.id, name: "Gros oeuvre", categoryId: a.id },
    });

    const list = await t.request("GET", "/category", { token: external.token, query: scope(p, { join: "tags" }) });
    expect(list.status).toBe(200);
    expect(names(list)).toEqual(["Phase", "Corps d'état", "Sous-phase"]);
    expect(list.body.data[0].tags).toMatchObject([{ name: "Gros oeuvre", categoryId: a.id }]);
    expect(list.body.data[1].tags).toEqual([]);

    t.emitted.length = 0;
    const order = await t.request("PATCH", "/category/order", {
      token: manager.token,
      body: { projectId: p.id, ids: [c.id, a.id, b.id] },
    });
    expect(order.status).toBe(200);
    expect(order.body).toEqual({ ids: [c.id, a.id, b.id], positions: [0, 1, 2] });
    expect(t.emitted[0]).toMatchObject({
      event: "reference:update",
      initiatorId: manager.id,
      data: { resource: "tagCategory" },
    });
    expect(names(await t.request("GET", "/category", { token: manager.token, query: scope(p) }))).toEqual([
      "Sous-phase",
      "Phase",
      "Corps d'état",
    ]);
    const byType = await t.request("GET", "/category", {
      token: manager.token,
      query: scope(p, { filter: [`projectId||$eq||${p.id}`, "parentCategoryId||isnull"], sort: "name,ASC" }),
    });
    expect(names(byType)).toEqual(["Corps d'état", "Phase"]);
  });

  it("updates, refuses a parent cycle and another version's parent, deletes keeping the tags", async () => {
    const p = await buildProject(t, manager);
    const other = await buildProject(t, manager);
    const a = (await create(p, { name: "A" })).body;
    const b = (await create(p, { name: "B", parentCategoryId: a.id })).body;
    const foreign = (await create(other, { name: "Ailleurs" })).body;
    const res = await t.request("PATCH", `/category/${a.id}`, {
      token: manager.token,
      body: { name: " A bis ", type: "zone" },
    });
    expect(res.body).toMatchObject({ name: "A bis", type: "zone" });
    expect(
      (await t.request("PATCH", `/category/${a.id}`, { token: manager.token, body: { parentCategoryId: b.id } }))
        .status,
    ).toBe(400);
    expect(
      (await t.request("PATCH", `/category/${a.id}`, { token: manager.token, body: { parentCategoryId: a.id } }))
        .status,
    ).toBe(400);
    expect(
      (await t.request("PATCH", `/category/${a.id}`, { token: manager.token, body: { parentCategoryId: foreign.id } }))
        .status,
    ).toBe(400);
    expect((await create(p, { name: "C", parentCategoryId: foreign.id })).body.code).toBe("errors.validation");
    expect((await t.db("tag_categories").where({ id: a.id }).first()).parent_category_id).toBeNull();

    const tag = await t.request("POST", "/tag", {
      token: manager.token,
      body: { projectId: p.id, name: "Reste", categoryId: a.id },
    });
    expect((await t.request("DELETE", `/category/${a.id}`, { token: external.token })).status).toBe(403);
    expect((await t.request("DELETE", `/category/${a.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request("DELETE", `/category/${a.id}`, { token: manager.token })).status).toBe(200);
    expect((await t.request("GET", `/tag/${tag.body.id}`, { token: manager.token })).body).toMatchObject({
      name: "Reste",
      categoryId: null,
    });
    expect((await t.db("tag_categories").where({ id: b.id }).first()).parent_category_id).toBeNull();
    expect((await t.request("DELETE", `/category/${a.id}`, { token: manager.token })).status).toBe(404);
  });

  it("order refuses duplicates, unknown ids and a mix of versions, changing nothing", async () => {
    const p = await buildProject(t, manager);
    const other = await buildProject(t, manager);
    const a = (await create(p, { name: "A" })).body;
    const b = (await create(p, { name: "B" })).body;
    const foreign = (await create(other, { name: "X" })).body;
    const cases: [unknown, number][] = [
      [{ ids: [a.id, a.id] }, 400],
      [{ ids: [a.id, 999999] }, 404],
      [{ ids: [b.id, foreign.id] }, 400],
      [{ ids: [] }, 400],
      [{ ids: "a,b" }, 400],
    ];
    for (const [body, status] of cases)
      expect((await t.request("PATCH", "/category/order", { token: manager.token, body })).status).toBe(status);
    expect(
      (await t.request("PATCH", "/category/order", { token: outsider.token, body: { ids: [b.id, a.id] } })).status,
    ).toBe(403);
    expect(await countRows(t.db, "tag_categories", { id: a.id, position: 0 })).toBe(1);
  });
});
