import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  buildZone,
  countRows,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

describe("POST /version", () => {
  it("copies every row of the current version, remaps keys, makes it current and emits start/end create", async () => {
    const p = await buildProject(t, manager);
    const parentZone = await buildZone(t.db, p, { name: "Bâtiment A" });
    const zone = await buildZone(t.db, p, { name: "R+1", parent_id: parentZone.id });
    const lot = await buildLot(t.db, p);
    const [holiday] = await t
      .db("holidays")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Férié",
        type: "holiday",
        start_date: "2026-05-01",
        end_date: "2026-05-01",
      })
      .returning("*");
    await t
      .db("holiday_lots")
      .insert({ version_id: p.versionId, holiday_id: holiday.id, participant_group_pro_id: lot.id });
    const a = await buildEvent(t.db, p, { zone_id: zone.id, participant_group_pro_id: lot.id });
    const b = await buildEvent(t.db, p);
    await buildLink(t.db, p, a.id, b.id, { type: "begin-begin", delay: 3 });
    const [seq] = await t
      .db("sequences")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Séquence",
        start_milestone_id: a.id,
        zone_id: zone.id,
      })
      .returning("*");
    await t.db("events").where({ id: b.id }).update({ sequence_id: seq.id });
    t.emitted.length = 0;

    const res = await t.request("POST", "/version", {
      token: manager.token,
      body: { name: " Version 2 ", projectId: p.id },
    });
    expect(res.status).toBe(201);
    const v2 = res.body.id;
    expect(res.body).toMatchObject({
      name: "Version 2",
      projectId: p.id,
      isActiveVersion: true,
      isBeingUpdated: false,
      isManualVersion: true,
    });
    expect(t.emitted.map((e) => e.event)).toEqual(["version:startCreate", "version:endCreate"]);
    expect(t.emitted.every((e) => e.initiatorId === manager.id)).toBe(true);

    const project = await t.db("projects").where({ id: p.id }).first();
    expect(project.current_version_id).toBe(v2);
    expect(project.is_being_updated).toBe(false);
    expect((await t.db("versions").where({ id: p.versionId }).first()).is_active_version).toBe(false);

    for (const table of [
      "zones",
      "participant_group_pros",
      "holidays",
      "holiday_lots",
      "events",
      "event_links",
      "sequences",
    ]) {
      expect(await countRows(t.db, table, { version_id: v2 }), table).toBe(
        await countRows(t.db, table, { version_id: p.versionId }),
      );
    }
    const byTracking = async (table: string, trackingId: number) =>
      t.db(table).where({ version_id: v2, tracking_id: trackingId }).first();
    const a2 = await byTracking("events", a.tracking_id);
    const b2 = await byTracking("events", b.tracking_id);
    const zone2 = await byTracking("zones", zone.tracking_id);
    const parent2 = await byTracking("zones", parentZone.tracking_id);
    const seq2 = await byTracking("sequences", seq.tracking_id);
    expect(a2.zone_id).toBe(zone2.id);
    expect(zone2.parent_id).toBe(parent2.id);
    expect(a2.participant_group_pro_id).toBe((await byTracking("participant_group_pros", lot.tracking_id)).id);
    expect(b2.sequence_id).toBe(seq2.id);
    expect(seq2.start_milestone_id).toBe(a2.id);
    const link2 = await t.db("event_links").where({ version_id: v2 }).first();
    expect([link2.parent_id, link2.child_id, link2.type, link2.delay]).toEqual([a2.id, b2.id, "begin-begin", 3]);
    const hl = await t.db("holiday_lots").where({ version_id: v2 }).first();
    expect(hl.holiday_id).toBe((await byTracking("holidays", holiday.tracking_id)).id);
    // The source version is untouched.
    expect((await t.db("events").where({ id: a.id }).first()).zone_id).toBe(zone.id);
  });

  it("refuses a missing or too long name, a missing project, and writes nothing", async () => {
    const p = await buildProject(t, manager);
    const before = await countRows(t.db, "versions");
    const cases: [unknown, string][] = [
      [{ projectId: p.id }, "errors.validation"],
      [{ name: "x".repeat(201), projectId: p.id }, "errors.validation"],
      [{ name: "V" }, "errors.no_project"],
      [{ name: "V", projectId: "undefined" }, "errors.no_project"],
    ];
    for (const [body, code] of cases) {
      const res = await t.request("POST", "/version", { token: manager.token, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
    }
    expect(
      (await t.request("POST", "/version", { token: outsider.token, body: { name: "V", projectId: p.id } })).status,
    ).toBe(403);
    expect(
      (await t.request("POST", "/version", { token: external.token, body: { name: "V", projectId: p.id } })).status,
    ).toBe(403);
    expect(await countRows(t.db, "versions")).toBe(before);
  });

  it("refuses while the project is being updated", async () => {
    const p = await buildProject(t, manager);
    await t.db("projects").where({ id: p.id }).update({ is_being_updated: true });
    const res = await t.request("POST", "/version", { token: manager.token, body: { name: "V", projectId: p.id } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("errors.project_being_updated");
  });
});

describe("GET /version", () => {
  it("lists a project's versions paged and sorted, only for its members", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    await t.request("POST", "/version", { token: manager.token, body: { name: "V2", projectId: p.id } });
    await t.request("POST", "/version", { token: manager.token, body: { name: "V3", projectId: p.id } });
    const res = await t.request("GET", "/version", {
      token: external.token,
      query: { filter: `projectId||$eq||${p.id}`, sort: "id,DESC", limit: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, total: 3 });
    expect(res.body.data.map((v: { name: string }) => v.name)).toEqual(["V3", "V2"]);
    const other = await t.request("GET", "/version", {
      token: outsider.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(other.body.total).toBe(0);
    expect((await t.request("GET", `/version/${p.versionId}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request("GET", `/version/${p.versionId}`, { token: external.token })).body.name).toBe("Version 1");
    expect((await t.request("GET", "/version/null", { token: external.token })).body.code).toBe("errors.no_project");
  });
});

describe("PATCH /version/{id}", () => {
  it("changes inConstruction and keeps one referent version per project", async () => {
    const p = await buildProject(t, manager);
    const v2 = (await t.request("POST", "/version", { token: manager.token, body: { name: "V2", projectId: p.id } }))
      .body.id;
    expect(
      (await t.request("PATCH", `/version/${v2}`, { token: manager.token, body: { inConstruction: true } })).body
        .inConstruction,
    ).toBe(true);
    await t.request("PATCH", `/version/${p.versionId}`, { token: manager.token, body: { isReferentVersion: true } });
    await t.request("PATCH", `/version/${v2}`, { token: manager.token, body: { isReferentVersion: true } });
    const referents = await t.db("versions").where({ project_id: p.id, is_referent_version: true }).pluck("id");
    expect(referents).toEqual([v2]);
    const bad = await t.request("PATCH", `/version/${v2}`, { token: manager.token, body: { inConstruction: "oui" } });
    expect(bad.body.code).toBe("errors.validation");
    expect(
      (await t.request("PATCH", `/version/${v2}`, { token: external.token, body: { inConstruction: false } })).status,
    ).toBe(403);
  });
});

describe("PATCH /project/{id}/close (freeze)", () => {
  it("is refused without new changes", async () => {
    const p = await buildProject(t, manager);
    const res = await t.request("PATCH", `/project/${p.id}/close`, { token: manager.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("errors.error_close_project");
    expect(await countRows(t.db, "versions", { project_id: p.id })).toBe(1);
    expect((await t.db("projects").where({ id: p.id }).first()).is_being_updated).toBe(false);
  });

  it("archives the current version, continues on a new named copy, and the frozen version refuses writes", async () => {
    const p = await buildProject(t, manager);
    const e = await buildEvent(t.db, p, { name: "Terrassement" });
    await t.db("versions").where({ id: p.versionId }).update({ write_counter: 1 });
    const res = await t.request("PATCH", `/project/${p.id}/close`, {
      token: manager.token,
      body: { name: "Après signature" },
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toMatchObject({ name: "Après signature", isActiveVersion: true, isArchived: false });
    expect(res.body.project.currentVersionId).toBe(res.body.version.id);
    const frozen = await t.request("GET", `/version/${p.versionId}`, { token: manager.token });
    expect(frozen.body).toMatchObject({ isArchived: true, isActiveVersion: false });
    expect(await countRows(t.db, "events", { version_id: res.body.version.id })).toBe(1);

    const rename = await t.request("PATCH", `/version/${p.versionId}`, {
      token: manager.token,
      body: { name: "Autre" },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("errors.version_frozen");
    const del = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { ids: [e.id], projectId: p.id },
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("errors.version_frozen");
    expect(await countRows(t.db, "events", { id: e.id })).toBe(1);
    // The referent star may still be set on a frozen version.
    expect(
      (await t.request("PATCH", `/version/${p.versionId}`, { token: manager.token, body: { isReferentVersion: true } }))
        .status,
    ).toBe(200);
    // The new version has no changes yet.
    expect((await t.request("PATCH", `/project/${p.id}/close`, { token: manager.token, body: {} })).body.code).toBe(
      "errors.error_close_project",
    );
  });
});
