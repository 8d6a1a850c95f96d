import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDay } from "@jalon/engine";
import { startTestApp, type TestApp } from "../../test/helpers/app.js";
import { buildEvent, buildProject, buildUser, buildZone, type BuiltUser } from "../../test/helpers/factories.js";

// Issue 7: "tasks that exist in only one version are marked": GET /planning/data sends, per compared version,
// its events that the shown version does not have, so the web can show them on read-only rows.
let t: TestApp;
let manager: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
});
afterAll(async () => t?.close());

describe("GET /planning/data: events that only a compared version has", () => {
  it("lists them per compared version with their dates there and the shown version's zone, within the months asked", async () => {
    const p = await buildProject(t, manager);
    const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
    const kept = await buildEvent(t.db, p, {
      name: "Gros œuvre",
      zone_id: zone.id,
      start_date: "2026-03-02",
      end_date: "2026-03-06",
      number_of_days: 5,
    });
    await buildEvent(t.db, p, {
      name: "Dépose cloisons",
      zone_id: zone.id,
      start_date: "2026-03-09",
      end_date: "2026-03-10",
      number_of_days: 2,
    });
    await buildEvent(t.db, p, { name: "Hors période", start_date: "2026-09-01", end_date: "2026-09-01" });
    const v2 = await t.request("POST", "/version", {
      token: manager.token,
      body: { projectId: p.id, name: "Recalage" },
    });
    expect(v2.status).toBe(201);
    const current = { id: p.id, versionId: v2.body.id as number };
    // In the new version, the partition removal is dropped and a new task is added.
    const copied = await t.db("events").where({ version_id: current.versionId }).select("id", "name", "tracking_id");
    await t.db("events").where({ version_id: current.versionId, name: "Dépose cloisons" }).delete();
    await t.db("events").where({ version_id: current.versionId, name: "Hors période" }).delete();
    await buildEvent(t.db, current, { name: "Ajout terrasse", start_date: "2026-03-16", end_date: "2026-03-16" });
    const zoneV2 = await t
      .db("zones")
      .where({ version_id: current.versionId, tracking_id: zone.tracking_id })
      .first("id");

    const get = (versionId: number, compare: number) =>
      t.request("GET", "/planning/data", {
        token: manager.token,
        query: { projectId: p.id, versionId, startDate: "2026-03", endDate: "2026-04", compareVersionIds: [compare] },
      });
    const res = await get(current.versionId, p.versionId);
    expect(res.status).toBe(200);
    const cmp = res.body.comparisons[0];
    expect(cmp.onlyThere).toEqual([
      {
        trackingId: expect.any(Number),
        name: "Dépose cloisons",
        type: "task",
        startDay: parseDay("2026-03-09"),
        endDay: parseDay("2026-03-10"),
        zoneId: zoneV2.id,
        participantGroupProId: null,
        sequenceId: null,
      },
    ]);
    // Matched tasks stay in the matched columns, not in onlyThere.
    const keptCopy = copied.find((e) => e.tracking_id === kept.tracking_id)!;
    expect(cmp.eventIds).toEqual([keptCopy.id]);

    // The other way round: the task added in the new version is the one only the compared version has.
    const back = await get(p.versionId, current.versionId);
    expect(
      back.body.comparisons[0].onlyThere.map((e: { name: string; zoneId: number | null }) => [e.name, e.zoneId]),
    ).toEqual([["Ajout terrasse", null]]);

    // The planning's zone filter applies to them too (in the shown version's zone ids).
    const otherZone = await buildZone(t.db, current, { name: "Bâtiment B" });
    const filtered = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: {
        projectId: p.id,
        versionId: current.versionId,
        startDate: "2026-03",
        endDate: "2026-04",
        compareVersionIds: [p.versionId],
        zoneIds: [otherZone.id],
      },
    });
    expect(filtered.body.comparisons[0].onlyThere).toEqual([]);
    // Without a month range, every dated one comes, the September task too.
    const all = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: p.id, versionId: current.versionId, compareVersionIds: [p.versionId] },
    });
    expect(all.body.comparisons[0].onlyThere.map((e: { name: string }) => e.name)).toEqual([
      "Dépose cloisons",
      "Hors période",
    ]);
  });
});
