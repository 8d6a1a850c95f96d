import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildLot,
  buildProject,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";
import { compactToJson, decodeCompact, fromWire, PLANNING_COMPACT_TYPE } from "@jalon/shared/planning";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
let p: BuiltProject;
let ids: { a: number; b: number; m: number };

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  p = await buildProject(t, manager, { members: [external] });
  const lot = await buildLot(t.db, p, { name: "Gros œuvre", color: "#8B4513" });
  const post = (body: Record<string, unknown>) =>
    t.request("POST", "/event", { token: manager.token, body: { projectId: p.id, versionId: p.versionId, ...body } });
  const a = await post({
    name: "Fondations",
    numberOfDays: 3,
    startDate: "2026-02-02",
    participantGroupProId: lot.id,
    trigram: "fdn",
  });
  expect(a.status).toBe(201);
  const b = await post({
    name: "Élévation",
    numberOfDays: 2,
    parentsEvents: [{ id: a.body.id, type: "end-begin", delay: 0 }],
  });
  const m = await post({
    name: "Hors d'eau",
    type: "milestone",
    parentsEvents: [{ id: b.body.id, type: "end-begin" }],
  });
  ids = { a: a.body.id, b: b.body.id, m: m.body.id };
});
afterAll(async () => t?.close());

const data = (token: string, query: Record<string, string | number | (string | number)[]> = {}) =>
  t.request("GET", "/planning/data", {
    token,
    query: { projectId: p.id, versionId: p.versionId, startDate: "2026-01", endDate: "2026-03", ...query },
  });

describe("planning over HTTP", () => {
  it("GET /planning/data gives the graph in columns, display attributes and the projected end", async () => {
    const res = await data(external.token);
    expect(res.status).toBe(200);
    expect(res.body.graph.ids).toEqual([ids.a, ids.b, ids.m]);
    expect(res.body.graph.linkParentId).toEqual([ids.a, ids.b]);
    expect(res.body.projectedEndDate).toBe("2026-02-09");
    expect(fromWire(res.body).events.map((e: { name: string }) => e.name)).toEqual([
      "Fondations",
      "Élévation",
      "Hors d'eau",
    ]);
    expect(fromWire(res.body).events[0]).toMatchObject({ trigram: "FDN", participantGroupProId: expect.any(Number) });
    expect(res.body.lots).toEqual([{ id: expect.any(Number), name: "Gros œuvre", color: "#8B4513" }]);
  });

  it("filters the displayed events but always sends the whole graph", async () => {
    const res = await data(manager.token, { startDate: "2026-02", endDate: "2026-02", eventNames: ["Élévation"] });
    expect(fromWire(res.body).events.map((e: { id: number }) => e.id)).toEqual([ids.b]);
    expect(res.body.graph.ids).toHaveLength(3);
    const none = await data(manager.token, { startDate: "2027-01", endDate: "2027-02" });
    expect(fromWire(none.body).events).toEqual([]);
  });

  it("refuses a project the user does not belong to, a missing project id, bad months and a fifth compared version", async () => {
    expect((await data(outsider.token)).status).toBe(403);
    const missing = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: "undefined", versionId: p.versionId },
    });
    expect(missing.status).toBe(400);
    expect((await data(manager.token, { startDate: "2026-13" })).status).toBe(400);
    const five = await data(manager.token, { compareVersionIds: [1, 2, 3, 4, 5] });
    expect(five.status).toBe(400);
    expect(
      (await t.request("GET", "/planning/data", { query: { projectId: p.id, versionId: p.versionId } })).status,
    ).toBe(401);
  });

  it("a bulk move commits, answers the authoritative dates and emits the delta after commit", async () => {
    const graph = (await data(manager.token)).body.graph;
    const revision = graph.revision[graph.ids.indexOf(ids.a)];
    t.emitted.length = 0;
    const res = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: ids.a, revision }],
        anchorId: ids.a,
        startDate: "2026-02-04",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.ids).toEqual([ids.a, ids.b, ids.m]);
    expect(res.body.startDates).toEqual(["2026-02-04", "2026-02-09", "2026-02-11"]);
    expect(res.body.undoRemaining).toBeGreaterThan(0);
    expect(t.emitted.map((e) => e.event)).toEqual(["event:update"]);
    expect(t.emitted[0].dates?.startDates).toEqual(res.body.startDates);
    // Each moved row's new revision goes with its dates, so a client skips a delta older than what it shows.
    expect(t.emitted[0].dates?.revisions).toEqual(res.body.revisions);
    expect(res.body.revisions.every((r: number) => r > 1)).toBe(true);
    // The same stale revision again: 409, nothing written.
    const stale = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: ids.a, revision }],
        anchorId: ids.a,
        startDate: "2026-02-05",
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("errors.conflict");
    expect((await data(manager.token)).body.projectedEndDate).toBe("2026-02-11");
  });

  it("a drop on a weekend is refused with 'Date invalide'; an external user cannot move", async () => {
    const bad = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: ids.a }],
        anchorId: ids.a,
        startDate: "2026-02-07",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "errors.invalid_date", message: "Date invalide" });
    const ext = await t.request("PATCH", "/event/bulk-update", {
      token: external.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: ids.a }],
        anchorId: ids.a,
        startDate: "2026-02-09",
      },
    });
    expect(ext.status).toBe(403);
  });

  it("PATCH /event/{id} sends only changed fields; a cycle is refused with its ids; bad input is a 400 that writes nothing", async () => {
    const before = await countRows(t.db, "event_histories");
    const res = await t.request("PATCH", `/event/${ids.b}`, {
      token: manager.token,
      body: { numberOfDays: 3, name: "  Élévation R+1  " },
    });
    expect(res.status).toBe(200);
    const row = await t.db("events").where({ id: ids.b }).first();
    expect(row).toMatchObject({ name: "Élévation R+1", number_of_days: 3 });
    expect(await countRows(t.db, "event_histories")).toBeGreaterThan(before);
    const cycle = await t.request("PATCH", `/event/${ids.a}`, {
      token: manager.token,
      body: { parentsEvents: [{ id: ids.m, type: "end-begin", delay: 0 }] },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe("errors.cycle");
    expect(cycle.body.details.ids).toEqual(expect.arrayContaining([ids.a, ids.b, ids.m]));
    for (const body of [
      { numberOfDays: "trois" },
      { numberOfDays: 0 },
      { startDate: "2026-02-30" },
      { color: 12 },
      { unknownField: 1 },
    ]) {
      const r = await t.request("PATCH", `/event/${ids.b}`, { token: manager.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.db("events").where({ id: ids.b }).first()).number_of_days).toBe(3);
  });

  it("undo reverts the last step and says how many remain; nothing left is 'Annulation impossible'", async () => {
    let remaining = 1;
    let guard = 0;
    while (remaining > 0 && guard++ < 20) {
      const r = await t.request("POST", "/undo/apply", {
        token: manager.token,
        body: { projectId: p.id, versionId: p.versionId },
      });
      expect(r.status).toBe(200);
      remaining = r.body.remaining;
    }
    const none = await t.request("PUT", "/undo/apply", {
      token: manager.token,
      query: { projectId: p.id, versionId: p.versionId },
    });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: "errors.undo_nothing", message: "Annulation impossible" });
    expect(await countRows(t.db, "events", { version_id: p.versionId })).toBe(0);
  });
});

describe("public planning", () => {
  it("answers for a public project only, without a session, and stops at once when made private", async () => {
    const pub = await buildProject(t, manager, { isPublic: true });
    const token = (await t.db("projects").where({ id: pub.id }).first("share_token")).share_token as string;
    expect(token.length).toBeGreaterThanOrEqual(20);
    const res = await t.request("GET", `/planning/public/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.projectId).toBe(pub.id);
    await t.db("projects").where({ id: pub.id }).update({ is_public: false });
    expect((await t.request("GET", `/planning/public/${token}`)).status).toBe(404);
    expect((await t.request("GET", `/planning/public/${"x".repeat(30)}`)).status).toBe(404);
  });
});

describe("public planning's project name", () => {
  it("names the project, follows a rename at once, and leaves the months asked by scrolling unnamed", async () => {
    const pub = await buildProject(t, manager, { isPublic: true });
    const token = (await t.db("projects").where({ id: pub.id }).first("share_token")).share_token as string;
    const name = (await t.db("projects").where({ id: pub.id }).first("name")).name as string;
    const first = await t.request("GET", `/planning/public/${token}`);
    expect(first.status).toBe(200);
    expect(first.body.projectName).toBe(name);
    expect(first.body.graph).toBeDefined();
    // The signed-in planning's answer of the same version names no project.
    const own = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: pub.id, versionId: pub.versionId },
    });
    expect(own.body.projectName).toBeUndefined();
    // A rename does not touch the version's counters: the name is read on every request.
    await t.db("projects").where({ id: pub.id }).update({ name: "Résidence « Les Tilleuls »" });
    const renamed = await t.request("GET", `/planning/public/${token}`);
    expect(renamed.body.projectName).toBe("Résidence « Les Tilleuls »");
    expect(renamed.headers.get("etag")).not.toBe(first.headers.get("etag"));
    const slice = await t.request("GET", `/planning/public/${token}`, { query: { eventsOnly: true } });
    expect(slice.status).toBe(200);
    expect(slice.body.projectName).toBeUndefined();
  });

  it("gives the public page's compact answer (what the page asks for) with the project's name, as the JSON one", async () => {
    const pub = await buildProject(t, manager, { isPublic: true, name: "Résidence « Les Érables »" });
    await t.request("POST", "/event", {
      token: manager.token,
      body: {
        projectId: pub.id,
        versionId: pub.versionId,
        name: "Gros œuvre",
        numberOfDays: 3,
        startDate: "2026-03-02",
      },
    });
    const token = (await t.db("projects").where({ id: pub.id }).first("share_token")).share_token as string;
    const json = await t.request("GET", `/planning/public/${token}`);
    const res = await fetch(`${t.url}/api/planning/public/${token}`, {
      headers: { accept: `${PLANNING_COMPACT_TYPE}, application/json;q=0.5` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(PLANNING_COMPACT_TYPE);
    const decoded = compactToJson(decodeCompact(await res.arrayBuffer())) as { projectName?: string };
    expect(decoded.projectName).toBe("Résidence « Les Érables »");
    expect(decoded).toEqual(json.body);
  });
});

describe("planning data after a structural write", () => {
  it("a link added through PATCH /event/{id} appears in the graph at once (the cached graph follows the write)", async () => {
    const post = (body: Record<string, unknown>) =>
      t.request("POST", "/event", { token: manager.token, body: { projectId: p.id, versionId: p.versionId, ...body } });
    const parent = await post({ name: "Terrassements", numberOfDays: 3, startDate: "2026-02-02" });
    const c = await post({ name: "Réseaux", numberOfDays: 2, startDate: "2026-02-02" });
    expect(c.status).toBe(201);
    await data(manager.token); // warm the cache
    const got = await t.request("GET", `/event/${c.body.id}`, { token: manager.token });
    const res = await t.request("PATCH", `/event/${c.body.id}`, {
      token: manager.token,
      body: { parentsEvents: [{ id: parent.body.id, type: "end-begin", delay: 0 }], revision: got.body.revision },
    });
    expect(res.status).toBe(200);
    const after = await data(manager.token);
    const k = after.body.graph.linkChildId.indexOf(c.body.id);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(after.body.graph.linkParentId[k]).toBe(parent.body.id);
    expect(after.body.graph.startDay[after.body.graph.ids.indexOf(c.body.id)]).toBe(
      after.body.graph.endDay[after.body.graph.ids.indexOf(parent.body.id)] + 1,
    );
  });
});
