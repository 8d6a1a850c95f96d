import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildProject,
  buildZone,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
let p: BuiltProject;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  p = await buildProject(t, manager, { members: [external] });
  const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
  const a = await buildEvent(t.db, p, {
    name: "Fondations",
    start_date: "2026-03-02",
    end_date: "2026-03-04",
    number_of_days: 3,
    zone_id: zone.id,
    trigram: "fdn",
  });
  const b = await buildEvent(t.db, p, {
    name: "Élévation",
    start_date: "2026-03-05",
    end_date: "2026-03-06",
    number_of_days: 2,
    zone_id: zone.id,
  });
  const m = await buildEvent(t.db, p, {
    name: "Hors d'eau",
    type: "milestone",
    start_date: "2026-03-09",
    end_date: "2026-03-09",
    is_tracked: true,
  });
  await buildLink(t.db, p, a.id, b.id);
  await buildLink(t.db, p, b.id, m.id, { delay: 1 });
  ids = { a: a.id, b: b.id, m: m.id, zone: zone.id };
});
afterAll(async () => t?.close());

describe("GET /event", () => {
  it("filters, sorts, pages and joins parents and children", async () => {
    const res = await t.request("GET", "/event", {
      token: external.token,
      query: {
        filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`, "type||$eq||task"],
        sort: "startDate,DESC",
        join: ["parentsEvents", "childrenEvents"],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, total: 2 });
    const [b, a] = res.body.data;
    expect(a).toMatchObject({
      name: "Fondations",
      trigram: "FDN",
      startDate: "2026-03-02",
      endDate: "2026-03-04",
      numberOfDays: 3,
      numberOfPeople: 1,
      revision: 1,
      zoneId: ids.zone,
    });
    expect(a.childrenEvents).toEqual([expect.objectContaining({ id: ids.b, type: "end-begin", delay: 0 })]);
    expect(b.parentsEvents).toEqual([expect.objectContaining({ id: ids.a, type: "end-begin", delay: 0 })]);
    expect(b.childrenEvents).toEqual([expect.objectContaining({ id: ids.m, delay: 1 })]);
    const page = await t.request("GET", "/event", {
      token: external.token,
      query: { filter: `projectId||$eq||${p.id}`, limit: 1, offset: 1, sort: "startDate,ASC" },
    });
    expect(page.body).toMatchObject({ count: 1, total: 3 });
    expect(page.body.data[0].id).toBe(ids.b);
  });

  it("defaults to 10 events, filters by date and name", async () => {
    const res = await t.request("GET", "/event", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "startDate||$gte||2026-03-05", "name||contL||hors"] },
    });
    expect(res.body.data.map((e: { id: number }) => e.id)).toEqual([ids.m]);
    const instant = await t.request("GET", "/event", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "startDate||$gte||2026-03-04T23:00:00.000Z"] },
    });
    expect(instant.body.total).toBe(2);
  });

  it("needs a project or version it may read", async () => {
    expect((await t.request("GET", "/event", { token: manager.token })).body.code).toBe("errors.no_project");
    expect(
      (await t.request("GET", "/event", { token: outsider.token, query: { filter: `projectId||$eq||${p.id}` } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.request("GET", "/event", {
          token: manager.token,
          query: { filter: `projectId||$eq||${p.id}`, sort: "color,ASC" },
        })
      ).body.code,
    ).toBe("errors.unknown_sort_field");
    expect(
      (
        await t.request("GET", "/event", {
          token: manager.token,
          query: { filter: `projectId||$eq||${p.id}`, limit: "dix" },
        })
      ).body.code,
    ).toBe("errors.invalid_pagination");
  });
});

describe("GET /event/{id}", () => {
  it("answers the event with parentsEvents and childrenEvents", async () => {
    const res = await t.request("GET", `/event/${ids.b}`, { token: external.token });
    expect(res.status).toBe(200);
    expect(res.body.parentsEvents.map((x: { id: number }) => x.id)).toEqual([ids.a]);
    expect(res.body.childrenEvents.map((x: { id: number }) => x.id)).toEqual([ids.m]);
    expect((await t.request("GET", "/event/999999", { token: manager.token })).body).toMatchObject({
      code: "errors.event_not_found",
      message: "Could not find any entity",
    });
    expect((await t.request("GET", `/event/${ids.b}`, { token: outsider.token })).status).toBe(403);
  });
});

describe("DELETE /event/bulk-delete", () => {
  it("refuses events others depend on (ImplementationError) and counted tasks, writing nothing", async () => {
    const q = await buildProject(t, manager);
    const a = await buildEvent(t.db, q);
    const b = await buildEvent(t.db, q, { start_date: "2026-03-03", end_date: "2026-03-03" });
    await buildLink(t.db, q, a.id, b.id);
    const referenced = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { ids: [a.id], projectId: q.id },
    });
    expect(referenced.status).toBe(400);
    expect(referenced.body.code).toBe("ImplementationError");
    await t.db("countings").insert({
      project_id: q.id,
      version_id: q.versionId,
      event_id: b.id,
      counting_date: "2026-03-03",
      percentage: 50,
    });
    const counted = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { ids: [b.id], projectId: q.id },
    });
    expect(counted.status).toBe(409);
    expect(counted.body.code).toBe("errors.event_has_countings");
    expect(Number((await t.db("events").whereIn("id", [a.id, b.id]).count({ c: "*" }))[0].c)).toBe(2);
    const bad = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { ids: [], projectId: q.id },
    });
    expect(bad.body.code).toBe("errors.validation");
    const noProject = await t.request("DELETE", "/event/bulk-delete", { token: manager.token, body: { ids: [a.id] } });
    expect(noProject.body.code).toBe("errors.no_project");
  });

  it("deletes a selection whose successors are inside it", async () => {
    const q = await buildProject(t, manager, { members: [external] });
    const a = await buildEvent(t.db, q);
    const b = await buildEvent(t.db, q, { start_date: "2026-03-03", end_date: "2026-03-03" });
    await buildLink(t.db, q, a.id, b.id);
    expect(
      (
        await t.request("DELETE", "/event/bulk-delete", {
          token: external.token,
          body: { ids: [a.id, b.id], projectId: q.id },
        })
      ).status,
    ).toBe(403);
    const res = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { ids: [a.id, b.id], projectId: q.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.ids.sort()).toEqual([a.id, b.id].sort());
    expect(Number((await t.db("events").whereIn("id", [a.id, b.id]).count({ c: "*" }))[0].c)).toBe(0);
  });
});
