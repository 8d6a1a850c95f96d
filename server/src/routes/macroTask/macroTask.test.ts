import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

async function fixture(q: BuiltProject) {
  const lot = await buildLot(t.db, q, { name: "Plomberie" });
  const other = await buildLot(t.db, q, { name: "Électricité" });
  const [spec] = await t
    .db("specialities")
    .insert({ project_id: q.id, version_id: q.versionId, name: "Sanitaires", participant_group_pro_id: lot.id })
    .returning("*");
  const [wrongSpec] = await t
    .db("specialities")
    .insert({ project_id: q.id, version_id: q.versionId, name: "Courants forts", participant_group_pro_id: other.id })
    .returning("*");
  const [tag] = await t
    .db("tags")
    .insert({ project_id: q.id, version_id: q.versionId, name: "Second oeuvre" })
    .returning("*");
  const zoneA = await buildZone(t.db, q, { name: "Bâtiment A", position: 0, unity: "macro", level: 0 });
  const zoneB = await buildZone(t.db, q, { name: "R+1", position: 1, unity: "micro", level: 2 });
  const [family] = await t
    .db("families")
    .insert({ name: `Réseaux ${Math.random()}` })
    .returning("*");
  return { lot, other, spec, wrongSpec, tag, zoneA, zoneB, family };
}

const scope = (q: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${q.id}`, `versionId||$eq||${q.versionId}`],
  ...extra,
});

describe("macro-tasks", () => {
  it("create with lot, specialities, tags, tracked unit and families; read with dates from its tasks, tracking level and zoning", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const f = await fixture(p);
    const res = await t.request("POST", "/macro-task", {
      token: manager.token,
      body: {
        projectId: p.id,
        name: " Réseaux plomberie ",
        participantGroupProId: f.lot.id,
        specialityIds: [f.spec.id],
        tagIds: [f.tag.id],
        trackedUnit: "ml",
        trackedFamilies: { [f.zoneB.id]: [f.family.id] },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Réseaux plomberie",
      participantGroupPro: { id: f.lot.id, name: "Plomberie" },
      specialities: [{ id: f.spec.id, name: "Sanitaires" }],
      tags: [{ id: f.tag.id, name: "Second oeuvre" }],
      trackedUnit: "ml",
      trackedFamilies: { [f.zoneB.id]: [f.family.id] },
      trackingLevel: "micro",
      startDate: null,
      endDate: null,
      isComplete: false,
      hasCounting: false,
    });
    const id = res.body.id;
    await buildEvent(t.db, p, {
      macro_task_id: id,
      zone_id: f.zoneA.id,
      start_date: "2026-03-02",
      end_date: "2026-03-04",
      number_of_days: 3,
    });
    await buildEvent(t.db, p, {
      macro_task_id: id,
      zone_id: f.zoneA.id,
      start_date: "2026-03-09",
      end_date: "2026-03-10",
      number_of_days: 2,
    });
    const got = await t.request("GET", `/macro-task/${id}`, { token: external.token });
    expect(got.body).toMatchObject({
      startDate: "2026-03-02",
      endDate: "2026-03-10",
      zones: [{ id: f.zoneA.id, name: "Bâtiment A" }],
    });
    const zoning = await t.request("GET", `/macro-task/${id}/zoning`, { token: external.token });
    expect(zoning.body.data).toEqual([
      {
        zoneId: f.zoneA.id,
        zone: expect.objectContaining({ name: "Bâtiment A" }),
        eventsCount: 2,
        startDate: "2026-03-02",
        endDate: "2026-03-10",
        familyIds: [],
      },
      {
        zoneId: f.zoneB.id,
        zone: expect.objectContaining({ name: "R+1", unity: "micro" }),
        eventsCount: 0,
        startDate: null,
        endDate: null,
        familyIds: [f.family.id],
      },
    ]);
  });

  it("lists with filters, joins and the sorts of the spec; /many with plain parameters", async () => {
    const p = await buildProject(t, manager);
    const f = await fixture(p);
    const a = (
      await t.request("POST", "/macro-task", {
        token: manager.token,
        body: { projectId: p.id, name: "Cloisons", participantGroupProId: f.other.id },
      })
    ).body;
    const b = (
      await t.request("POST", "/macro-task", {
        token: manager.token,
        body: {
          projectId: p.id,
          name: "Appareils sanitaires",
          participantGroupProId: f.lot.id,
          specialityIds: [f.spec.id],
          tagIds: [f.tag.id],
        },
      })
    ).body;
    const c = (
      await t.request("POST", "/macro-task", { token: manager.token, body: { projectId: p.id, name: "Bardage" } })
    ).body;
    await buildEvent(t.db, p, {
      macro_task_id: c.id,
      zone_id: f.zoneA.id,
      start_date: "2026-01-05",
      end_date: "2026-01-05",
    });
    await buildEvent(t.db, p, { macro_task_id: a.id, start_date: "2026-06-01", end_date: "2026-06-01" });

    const list = await t.request("GET", "/macro-task", { token: manager.token, query: scope(p, { join: "zones" }) });
    expect(list.body.data.map((m: { name: string }) => m.name)).toEqual([
      "Appareils sanitaires",
      "Bardage",
      "Cloisons",
    ]);
    expect(list.body.data[1].zones).toMatchObject([{ name: "Bâtiment A" }]);
    const byStart = await t.request("GET", "/macro-task", {
      token: manager.token,
      query: scope(p, { sort: "startDate,ASC" }),
    });
    expect(byStart.body.data.map((m: { id: number }) => m.id)).toEqual([c.id, a.id, b.id]);
    const byGroup = await t.request("GET", "/macro-task", {
      token: manager.token,
      query: scope(p, { sort: "participantGroupName,ASC" }),
    });
    // French order: "Électricité" before "Plomberie" (not after it, as the bytes of "É" would put it); no lot last.
    expect(byGroup.body.data.map((m: { id: number }) => m.id)).toEqual([a.id, b.id, c.id]);
    expect(
      (await t.request("GET", "/macro-task", { token: manager.token, query: scope(p, { sort: "trackedUnit,ASC" }) }))
        .body.code,
    ).toBe("errors.unknown_sort_field");
    const withTag = await t.request("GET", "/macro-task", {
      token: manager.token,
      query: scope(p, { filter: [`projectId||$eq||${p.id}`, `tagId||$in||${f.tag.id}`] }),
    });
    expect(withTag.body.data.map((m: { id: number }) => m.id)).toEqual([b.id]);
    const named = await t.request("GET", "/macro-task", {
      token: manager.token,
      query: scope(p, { filter: [`projectId||$eq||${p.id}`, "name||contL||BAR"], limit: "1" }),
    });
    expect(named.body).toMatchObject({ total: 1, data: [{ id: c.id }] });

    const many = await t.request("GET", "/macro-task/many", {
      token: manager.token,
      query: { projectId: p.id, versionId: p.versionId, specialityIds: String(f.spec.id) },
    });
    expect(many.body.data.map((m: { id: number }) => m.id)).toEqual([b.id]);
    const byLots = await t.request("GET", "/macro-task/many", {
      token: manager.token,
      query: { projectId: p.id, participantGroupProIds: `${f.lot.id},${f.other.id}`, name: "s" },
    });
    expect(byLots.body.data.map((m: { id: number }) => m.id)).toEqual([b.id, a.id]);
    expect(
      (await t.request("GET", "/macro-task/many", { token: outsider.token, query: { projectId: p.id } })).status,
    ).toBe(403);
    expect(
      (await t.request("GET", "/macro-task/many", { token: manager.token, query: { projectId: p.id, tagIds: "a" } }))
        .status,
    ).toBe(400);
  });

  it("updates (one, bulk), refuses what the catalogue refuses, writing nothing", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const f = await fixture(p);
    const other = await buildProject(t, manager);
    const foreignTag = (
      await t.db("tags").insert({ project_id: other.id, version_id: other.versionId, name: "X" }).returning("*")
    )[0];
    const m = (
      await t.request("POST", "/macro-task", {
        token: manager.token,
        body: { projectId: p.id, name: "Sanitaires", participantGroupProId: f.lot.id, specialityIds: [f.spec.id] },
      })
    ).body;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "errors.validation"],
      [{ trackedUnit: "litre" }, 400, "errors.validation"],
      [{ specialityIds: [f.wrongSpec.id] }, 400, "speciality_participant_or_group_dont_match"],
      [{ participantGroupProId: f.other.id }, 400, "speciality_participant_or_group_dont_match"],
      [{ tagIds: [foreignTag.id] }, 400, "errors.validation"],
      [{ trackedFamilies: { 999999: [] } }, 400, "errors.validation"],
      [{ trackedFamilies: { [f.zoneA.id]: [999999] } }, 400, "errors.validation"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("PATCH", `/macro-task/${m.id}`, { token: manager.token, body });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(
      (await t.request("PATCH", `/macro-task/${m.id}`, { token: external.token, body: { name: "X" } })).status,
    ).toBe(403);
    expect(
      (await t.request("PATCH", `/macro-task/${m.id}`, { token: outsider.token, body: { name: "X" } })).status,
    ).toBe(403);
    const row = await t.db("macro_tasks").where({ id: m.id }).first();
    expect([row.name, row.participant_group_pro_id, row.tracked_unit]).toEqual(["Sanitaires", f.lot.id, null]);

    const ok = await t.request("PATCH", `/macro-task/${m.id}`, {
      token: manager.token,
      body: { participantGroupProId: f.other.id, specialityIds: [f.wrongSpec.id], isComplete: true },
    });
    expect(ok.body).toMatchObject({
      participantGroupProId: f.other.id,
      specialities: [{ id: f.wrongSpec.id }],
      isComplete: true,
    });
    const n = (
      await t.request("POST", "/macro-task", { token: manager.token, body: { projectId: p.id, name: "Autre" } })
    ).body;
    const bulk = await t.request("PATCH", "/macro-task/bulk-update", {
      token: manager.token,
      body: {
        macroTasks: [
          { id: m.id, trackedUnit: "m²" },
          { id: n.id, trackedUnit: "U" },
        ],
      },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data.map((x: { trackedUnit: string }) => x.trackedUnit)).toEqual(["U", "m²"]);
    const refused = await t.request("PATCH", "/macro-task/bulk-update", {
      token: manager.token,
      body: {
        macroTasks: [
          { id: m.id, trackedUnit: "kg" },
          { id: n.id, trackedUnit: "litre" },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect((await t.db("macro_tasks").where({ id: m.id }).first()).tracked_unit).toBe("m²");
  });

  it("bulk-delete refuses macro-tasks used by tasks (ImplementationError) and deletes the others", async () => {
    const p = await buildProject(t, manager);
    const used = (
      await t.request("POST", "/macro-task", { token: manager.token, body: { projectId: p.id, name: "Utilisée" } })
    ).body;
    const free = (
      await t.request("POST", "/macro-task", { token: manager.token, body: { projectId: p.id, name: "Libre" } })
    ).body;
    await buildEvent(t.db, p, { macro_task_id: used.id });
    const refused = await t.request("DELETE", "/macro-task/bulk-delete", {
      token: manager.token,
      body: { ids: [used.id, free.id] },
    });
    expect([refused.status, refused.body.code, refused.body.details]).toEqual([
      400,
      "ImplementationError",
      { ids: [used.id] },
    ]);
    expect(await countRows(t.db, "macro_tasks", { project_id: p.id })).toBe(2);
    expect(
      (await t.request("DELETE", "/macro-task/bulk-delete", { token: outsider.token, body: { ids: [free.id] } }))
        .status,
    ).toBe(403);
    expect(
      (await t.request("DELETE", "/macro-task/bulk-delete", { token: manager.token, body: { ids: [free.id] } })).body
        .count,
    ).toBe(1);
    expect(await countRows(t.db, "macro_tasks", { project_id: p.id })).toBe(1);
  });
});
