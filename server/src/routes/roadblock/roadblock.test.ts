import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildUser,
  buildZone,
  countRows,
  startWithUsers,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
  await t.db("users").where({ id: manager.id }).update({ firstname: "Camille", lastname: "Martin" });
});
afterAll(async () => t?.close());

interface Site {
  p: BuiltProject;
  /** A task on the lot (with its participant) in the zone. */
  task: number;
  other: number;
  lot: number;
  otherLot: number;
  participant: number;
  zone: number;
}

/** A project with a lot and its participant, a zone, and two tasks (the first on that lot, participant and zone). */
async function site(members: BuiltUser[] = []): Promise<Site> {
  const p = await buildProject(t, manager, { members });
  const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
  const otherLot = await buildLot(t.db, p, { name: "Électricité" });
  const [participant] = await t
    .db("participants")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Plâtres du Rhône" })
    .returning("id");
  await t.db("participant_group_pro_participants").insert({
    version_id: p.versionId,
    participant_group_pro_id: lot.id,
    participant_id: participant.id,
  });
  const zone = await buildZone(t.db, p, { name: "R+1", full_name: "Bâtiment A / R+1" });
  const task = await buildEvent(t.db, p, {
    name: "Cloisons R+1",
    participant_group_pro_id: lot.id,
    participant_id: participant.id,
    zone_id: zone.id,
  });
  const other = await buildEvent(t.db, p, { name: "Doublages R+1" });
  return {
    p,
    task: task.id,
    other: other.id,
    lot: lot.id,
    otherLot: otherLot.id,
    participant: participant.id,
    zone: zone.id,
  };
}

const post = (body: Record<string, unknown>, token = manager.token) => t.request("POST", "/roadblock", { token, body });
const patch = (id: number, body: Record<string, unknown>, token = manager.token) =>
  t.request("PATCH", `/roadblock/${id}`, { token, body });
const list = (p: BuiltProject, filters: string[] = [], token = manager.token, extra: Record<string, string> = {}) =>
  t.request("GET", "/roadblock", {
    token,
    query: { filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`, ...filters], ...extra },
  });
const rows = (p: BuiltProject) => countRows(t.db, "roadblocks", { project_id: p.id });

describe("POST /roadblock", () => {
  it("adds a roadblock on a task: the task's lot, participant and zone by default, the author, announced live", async () => {
    const s = await site();
    t.emitted.length = 0;
    const res = await post({ projectId: s.p.id, name: "  Plans de réservation non reçus ", eventId: s.task });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      projectId: s.p.id,
      versionId: s.p.versionId,
      name: "Plans de réservation non reçus",
      validate: false,
      createdBy: { id: manager.id, firstname: "Camille", lastname: "Martin" },
      eventId: s.task,
      event: { id: s.task, name: "Cloisons R+1", type: "task", startDate: "2026-03-02", endDate: "2026-03-02" },
      participantGroupProId: s.lot,
      participantGroupPro: { id: s.lot, name: "Plâtrerie" },
      participantId: s.participant,
      participant: { id: s.participant, name: "Plâtres du Rhône" },
      zoneId: s.zone,
      zone: { id: s.zone, name: "R+1", fullName: "Bâtiment A / R+1" },
    });
    expect(await rows(s.p)).toBe(1);
    expect(t.emitted).toEqual([
      expect.objectContaining({
        event: "reference:update",
        projectId: s.p.id,
        versionId: s.p.versionId,
        initiatorId: manager.id,
        ids: [res.body.id],
        data: { resource: "roadblock" },
      }),
    ]);
  });

  it("keeps what is sent over the task's: another lot drops the task's participant, null stays null", async () => {
    const s = await site();
    const res = await post({
      projectId: s.p.id,
      versionId: s.p.versionId,
      name: "Gaines électriques absentes",
      eventId: s.task,
      participantGroupProId: s.otherLot,
      zoneId: null,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ participantGroupProId: s.otherLot, participantId: null, zoneId: null });
    const bare = await post({ projectId: s.p.id, name: "Accès chantier fermé", validate: true });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ eventId: null, event: null, validate: true, zone: null });
  });

  it("refuses bad input with the catalogue's codes and writes nothing", async () => {
    const s = await site();
    const elsewhere = await site();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ projectId: s.p.id, name: "" }, 400, "errors.validation"],
      [{ projectId: s.p.id, name: "   " }, 400, "errors.validation"],
      [{ projectId: s.p.id }, 400, "errors.validation"],
      [{ projectId: s.p.id, name: "x".repeat(201) }, 400, "errors.validation"],
      [{ projectId: s.p.id, name: "A", validate: "oui" }, 400, "errors.validation"],
      [{ projectId: s.p.id, name: "A", eventId: "abc" }, 400, "errors.validation"],
      [{ projectId: s.p.id, name: "A", unknown: 1 }, 400, "errors.validation"],
      [{ name: "A" }, 400, "errors.no_project"],
      [{ projectId: s.p.id, name: "A", eventId: elsewhere.task }, 400, "roadblock_reference_invalid"],
      [{ projectId: s.p.id, name: "A", eventId: 999_999_999 }, 400, "roadblock_reference_invalid"],
      [{ projectId: s.p.id, name: "A", zoneId: elsewhere.zone }, 400, "roadblock_reference_invalid"],
      [{ projectId: s.p.id, name: "A", participantGroupProId: elsewhere.lot }, 400, "roadblock_reference_invalid"],
      [{ projectId: s.p.id, name: "A", participantId: elsewhere.participant }, 400, "roadblock_reference_invalid"],
      [
        { projectId: s.p.id, name: "A", participantGroupProId: s.otherLot, participantId: s.participant },
        400,
        "speciality_participant_or_group_dont_match",
      ],
      [{ projectId: s.p.id, versionId: elsewhere.p.versionId, name: "A" }, 400, "errors.version_not_in_project"],
      [{ projectId: 999_999_999, name: "A" }, 404, "errors.project_not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await rows(s.p)).toBe(0);
  });

  it("refuses a frozen version and an archived project; nothing written", async () => {
    const s = await site();
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: true });
    const frozen = await post({ projectId: s.p.id, name: "A" });
    expect([frozen.status, frozen.body.code]).toEqual([409, "errors.version_frozen"]);
    const archived = await buildProject(t, manager, { isArchived: true });
    const res = await post({ projectId: archived.id, name: "A" });
    expect([res.status, res.body.code]).toEqual([403, "errors.project_archived"]);
    expect(await rows(s.p)).toBe(0);
    expect(await rows(archived)).toBe(0);
  });
});

describe("GET /roadblock and GET /roadblock/{id}", () => {
  it("lists the version's roadblocks by name with filters, and answers one", async () => {
    const s = await site();
    const a = (await post({ projectId: s.p.id, name: "Réservations manquantes", eventId: s.task })).body;
    const b = (await post({ projectId: s.p.id, name: "Accès grue", eventId: s.other, validate: true })).body;
    const c = (await post({ projectId: s.p.id, name: "Livraison plaques", zoneId: s.zone })).body;
    // Another project's roadblock never shows.
    const elsewhere = await site();
    await post({ projectId: elsewhere.p.id, name: "Ailleurs" });

    const all = await list(s.p);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((r: { id: number }) => r.id)).toEqual([b.id, c.id, a.id]);
    const open = await list(s.p, ["validate||$eq||false"]);
    expect(open.body.data.map((r: { id: number }) => r.id)).toEqual([c.id, a.id]);
    const onTask = await list(s.p, [`eventId||$eq||${s.task}`]);
    expect(onTask.body.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const inZone = await list(s.p, [`zoneId||$eq||${s.zone}`]);
    expect(inZone.body.total).toBe(2);
    const named = await list(s.p, ["name||contL||grue"]);
    expect(named.body.data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const byTask = await list(s.p, [], manager.token, { sort: "eventName,DESC", limit: "2" });
    expect(byTask.body).toMatchObject({ count: 2, total: 3 });
    // The project's current version when only the project is named.
    const current = await t.request("GET", "/roadblock", {
      token: manager.token,
      query: { filter: `projectId||$eq||${s.p.id}` },
    });
    expect(current.body.total).toBe(3);

    const one = await t.request("GET", `/roadblock/${a.id}`, { token: manager.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(a);
  });

  it("refuses bad list queries and unknown rows with catalogue codes", async () => {
    const s = await site();
    const bad: [string[], Record<string, string>, string][] = [
      [["nope||$eq||1"], {}, "errors.unknown_filter_field"],
      [["validate||$eq||peut-être"], {}, "errors.invalid_filter_value"],
      [[], { sort: "participant,ASC" }, "errors.unknown_sort_field"],
      [[], { limit: "10001" }, "errors.invalid_pagination"],
    ];
    for (const [filters, extra, code] of bad) {
      const res = await list(s.p, filters, manager.token, extra);
      expect({ filters, extra, status: res.status, code: res.body.code }).toEqual({
        filters,
        extra,
        status: 400,
        code,
      });
    }
    const none = await t.request("GET", "/roadblock", { token: manager.token });
    expect([none.status, none.body.code]).toEqual([400, "errors.no_project"]);
    const missing = await t.request("GET", "/roadblock/999999999", { token: manager.token });
    expect([missing.status, missing.body.code]).toEqual([404, "errors.not_found"]);
    const word = await t.request("GET", "/roadblock/abc", { token: manager.token });
    expect(word.status).toBe(400);
  });
});

describe("PATCH /roadblock/{id}", () => {
  it("validates a roadblock and changes the fields sent only, announced live", async () => {
    const s = await site();
    const rb = (await post({ projectId: s.p.id, name: "Réservations manquantes", eventId: s.task })).body;
    t.emitted.length = 0;
    const res = await patch(rb.id, { validate: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      validate: true,
      name: "Réservations manquantes",
      eventId: s.task,
      zoneId: s.zone,
    });
    expect(t.emitted).toEqual([
      expect.objectContaining({ event: "reference:update", ids: [rb.id], data: { resource: "roadblock" } }),
    ]);
    const moved = await patch(rb.id, { name: "Réservations reçues", eventId: s.other, zoneId: null, validate: false });
    expect(moved.body).toMatchObject({
      name: "Réservations reçues",
      validate: false,
      eventId: s.other,
      zoneId: null,
      participantGroupProId: s.lot,
    });
  });

  it("refuses bad input with the catalogue's codes and changes nothing", async () => {
    const s = await site();
    const elsewhere = await site();
    const rb = (await post({ projectId: s.p.id, name: "Réservations manquantes", eventId: s.task })).body;
    const before = await t.db("roadblocks").where({ id: rb.id }).first();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "errors.validation"],
      [{ validate: 1 }, 400, "errors.validation"],
      [{ createdBy: 3 }, 400, "errors.validation"],
      [{ eventId: elsewhere.task }, 400, "roadblock_reference_invalid"],
      [{ zoneId: elsewhere.zone }, 400, "roadblock_reference_invalid"],
      // The roadblock keeps its participant: another lot does not have it.
      [{ participantGroupProId: s.otherLot }, 400, "speciality_participant_or_group_dont_match"],
      [{ projectId: elsewhere.p.id, name: "B" }, 400, "errors.version_not_in_project"],
    ];
    for (const [body, status, code] of cases) {
      const res = await patch(rb.id, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await t.db("roadblocks").where({ id: rb.id }).first()).toEqual(before);
    const missing = await patch(999_999_999, { validate: true });
    expect([missing.status, missing.body.code]).toEqual([404, "errors.not_found"]);
  });
});

describe("DELETE /roadblock/bulk-delete", () => {
  it("deletes the roadblocks sent, announced live", async () => {
    const s = await site();
    const a = (await post({ projectId: s.p.id, name: "A" })).body;
    const b = (await post({ projectId: s.p.id, name: "B" })).body;
    const c = (await post({ projectId: s.p.id, name: "C" })).body;
    t.emitted.length = 0;
    const res = await t.request("DELETE", "/roadblock/bulk-delete", {
      token: manager.token,
      body: { ids: [c.id, a.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ids: [a.id, c.id].sort((x, y) => x - y), count: 2 });
    expect((await t.db("roadblocks").where({ project_id: s.p.id }).select("id")).map((r) => r.id)).toEqual([b.id]);
    expect(t.emitted).toEqual([
      expect.objectContaining({ event: "reference:update", data: { resource: "roadblock" } }),
    ]);
  });

  it("refuses unknown ids, rows of two versions and bad bodies; nothing deleted", async () => {
    const s = await site();
    const elsewhere = await site();
    const a = (await post({ projectId: s.p.id, name: "A" })).body;
    const b = (await post({ projectId: elsewhere.p.id, name: "B" })).body;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ids: [a.id, 999_999_999] }, 404, "errors.not_found"],
      [{ ids: [a.id, b.id] }, 400, "errors.validation"],
      [{ ids: [] }, 400, "errors.validation"],
      [{ ids: "tous" }, 400, "errors.validation"],
      [{ ids: [a.id], projectId: elsewhere.p.id }, 400, "errors.version_not_in_project"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("DELETE", "/roadblock/bulk-delete", { token: manager.token, body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await rows(s.p)).toBe(1);
    expect(await rows(elsewhere.p)).toBe(1);
  });
});

describe("GET /roadblock/{projectId}/zones", () => {
  it("answers the zones of the version's roadblocks with their total and open counts", async () => {
    const s = await site();
    const z2 = await buildZone(t.db, s.p, { name: "R+2", position: 2 });
    await post({ projectId: s.p.id, name: "A", zoneId: s.zone });
    await post({ projectId: s.p.id, name: "B", zoneId: s.zone, validate: true });
    await post({ projectId: s.p.id, name: "C", zoneId: z2.id });
    await post({ projectId: s.p.id, name: "D", zoneId: null });
    const res = await t.request("GET", `/roadblock/${s.p.id}/zones`, {
      token: manager.token,
      query: { versionId: String(s.p.versionId) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: s.zone, name: "R+1", fullName: "Bâtiment A / R+1", total: 2, open: 1 },
      { id: z2.id, name: "R+2", fullName: null, total: 1, open: 1 },
    ]);
    const other = await site();
    const wrong = await t.request("GET", `/roadblock/${s.p.id}/zones`, {
      token: manager.token,
      query: { versionId: String(other.p.versionId) },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "errors.version_not_in_project"]);
    const bad = await t.request("GET", `/roadblock/${s.p.id}/zones`, { token: manager.token, query: { x: "1" } });
    expect([bad.status, bad.body.code]).toEqual([400, "errors.validation"]);
  });
});

describe("open roadblocks counted on tasks and on the dashboard", () => {
  it("numberOfRoadblocks of GET /event, GET /event/{id} and the planning data counts the open ones; the dashboard both", async () => {
    const s = await site();
    const a = (await post({ projectId: s.p.id, name: "A", eventId: s.task })).body;
    await post({ projectId: s.p.id, name: "B", eventId: s.task });
    await post({ projectId: s.p.id, name: "C", eventId: s.task, validate: true });
    await post({ projectId: s.p.id, name: "D", eventId: s.other, validate: true });
    const counts = async () => {
      const events = await t.request("GET", "/event", {
        token: manager.token,
        query: { filter: [`versionId||$eq||${s.p.versionId}`], limit: "100" },
      });
      const byId = new Map(
        events.body.data.map((e: { id: number; numberOfRoadblocks: number }) => [e.id, e.numberOfRoadblocks]),
      );
      const one = await t.request("GET", `/event/${s.task}`, { token: manager.token });
      const planning = await t.request("GET", "/planning/data", {
        token: manager.token,
        query: {
          projectId: String(s.p.id),
          versionId: String(s.p.versionId),
          startDate: "2026-03",
          endDate: "2026-03",
        },
      });
      const cols = planning.body.eventColumns as { id: number[]; numberOfRoadblocks: number[] };
      const inPlanning = new Map(cols.id.map((id, i) => [id, cols.numberOfRoadblocks[i]]));
      return {
        list: [byId.get(s.task), byId.get(s.other)],
        one: one.body.numberOfRoadblocks,
        planning: [inPlanning.get(s.task), inPlanning.get(s.other)],
      };
    };
    expect(await counts()).toEqual({ list: [2, 0], one: 2, planning: [2, 0] });
    // Validating one lowers the count at once (the planning's cached answer included).
    await patch(a.id, { validate: true });
    expect(await counts()).toEqual({ list: [1, 0], one: 1, planning: [1, 0] });
    const dash = await t.request("GET", `/project/${s.p.id}/dashboard`, {
      token: manager.token,
      query: { versionId: s.p.versionId, date: "2026-03-04" },
    });
    expect(dash.body.roadblocks).toEqual({ total: 4, open: 1 });
  });
});

describe("permissions", () => {
  it("an external member reads but cannot write; another project's manager, a non-member external and a guest get 403; nothing written", async () => {
    const s = await site([external, guest]);
    const rb = (await post({ projectId: s.p.id, name: "Réservations manquantes", eventId: s.task })).body;
    const before = await t.db("roadblocks").where({ id: rb.id }).first();
    const reads = (u: BuiltUser) =>
      Promise.all([
        list(s.p, [], u.token),
        t.request("GET", `/roadblock/${rb.id}`, { token: u.token }),
        t.request("GET", `/roadblock/${s.p.id}/zones`, { token: u.token }),
      ]);
    const writes = (u: BuiltUser) =>
      Promise.all([
        post({ projectId: s.p.id, name: "Intrus" }, u.token),
        patch(rb.id, { validate: true }, u.token),
        t.request("DELETE", "/roadblock/bulk-delete", { token: u.token, body: { ids: [rb.id] } }),
      ]);
    expect((await reads(external)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await writes(external)).map((r) => [r.status, r.body.code])).toEqual([
      [403, "errors.forbidden"],
      [403, "errors.forbidden"],
      [403, "errors.forbidden"],
    ]);
    const strangerExternal = await buildUser(t, { type: "external" });
    for (const u of [outsider, strangerExternal, guest]) {
      expect((await reads(u)).map((r) => r.status)).toEqual([403, 403, 403]);
      expect((await writes(u)).map((r) => r.status)).toEqual([403, 403, 403]);
    }
    const anonymous = await t.request("GET", "/roadblock", { query: { filter: `projectId||$eq||${s.p.id}` } });
    expect(anonymous.status).toBe(401);
    expect(await rows(s.p)).toBe(1);
    expect(await t.db("roadblocks").where({ id: rb.id }).first()).toEqual(before);
  });
});
