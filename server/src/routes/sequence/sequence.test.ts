import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildProject,
  buildUser,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let p: BuiltProject;

async function buildSequence(q: BuiltProject, overrides: Record<string, unknown> = {}) {
  const [row] = await t
    .db("sequences")
    .insert({ project_id: q.id, version_id: q.versionId, name: `Séquence ${Math.random()}`, ...overrides })
    .returning("*");
  return row as { id: number; revision: number };
}

const seqQuery = (q: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${q.id}`, `versionId||$eq||${q.versionId}`],
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  outsider = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager, { members: [external] });
});
afterAll(async () => t?.close());

describe("GET /sequence", () => {
  it("lists the version's sequences by name with dates rolled up from their events (and subsequences')", async () => {
    const q = await buildProject(t, manager, { members: [external] });
    const zone = await buildZone(t.db, q, { name: "Bâtiment B" });
    const gros = await buildSequence(q, { name: "Gros œuvre R+1", zone_id: zone.id });
    const sub = await buildSequence(q, { name: "Dalle R+1", parent_sequence_id: gros.id });
    const empty = await buildSequence(q, { name: "Cloisons" });
    await buildEvent(t.db, q, {
      name: "Coffrage",
      sequence_id: gros.id,
      start_date: "2026-03-02",
      end_date: "2026-03-04",
      number_of_days: 3,
    });
    await buildEvent(t.db, q, {
      name: "Coulage",
      sequence_id: sub.id,
      start_date: "2026-03-09",
      end_date: "2026-03-10",
      number_of_days: 2,
    });
    const res = await t.request("GET", "/sequence", { token: external.token, query: seqQuery(q, { join: "zone" }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, total: 3 });
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(["Cloisons", "Dalle R+1", "Gros œuvre R+1"]);
    const g = res.body.data[2];
    expect(g).toMatchObject({
      id: gros.id,
      startDate: "2026-03-02",
      endDate: "2026-03-10",
      eventsCount: 2,
      zoneId: zone.id,
      zone: { id: zone.id, name: "Bâtiment B" },
    });
    expect(res.body.data[0]).toMatchObject({ id: empty.id, startDate: null, endDate: null, eventsCount: 0 });
    // Filters and sorts apply to the rolled-up dates.
    const later = await t.request("GET", "/sequence", {
      token: external.token,
      query: seqQuery(q, {
        filter: [`versionId||$eq||${q.versionId}`, "startDate||$gte||2026-03-05"],
        sort: "startDate,DESC",
      }),
    });
    expect(later.body.data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
    const byName = await t.request("GET", "/sequence", {
      token: external.token,
      query: { filter: [`projectId||$eq||${q.id}`, "name||contL||dalle"] },
    });
    expect(byName.body.data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
  });

  it("needs a project it may read and valid list parameters", async () => {
    expect((await t.request("GET", "/sequence", { token: manager.token })).body.code).toBe("errors.no_project");
    expect((await t.request("GET", "/sequence", { token: outsider.token, query: seqQuery(p) })).status).toBe(403);
    expect(
      (await t.request("GET", "/sequence", { token: manager.token, query: seqQuery(p, { sort: "color,ASC" }) })).body
        .code,
    ).toBe("errors.unknown_sort_field");
    expect(
      (await t.request("GET", "/sequence", { token: manager.token, query: { filter: "couleur||$eq||x" } })).body.code,
    ).toBe("errors.unknown_filter_field");
    const other = await buildProject(t, manager);
    expect(
      (
        await t.request("GET", "/sequence", {
          token: manager.token,
          query: { filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${other.versionId}`] },
        })
      ).body.code,
    ).toBe("errors.version_not_in_project");
  });
});

describe("GET /sequence/{id}", () => {
  it("answers the sequence with its events sorted by start", async () => {
    const s = await buildSequence(p, { name: "Façades" });
    const b = await buildEvent(t.db, p, {
      name: "Enduit",
      sequence_id: s.id,
      start_date: "2026-04-08",
      end_date: "2026-04-08",
    });
    const a = await buildEvent(t.db, p, {
      name: "Échafaudage",
      sequence_id: s.id,
      start_date: "2026-04-06",
      end_date: "2026-04-07",
      number_of_days: 2,
    });
    const res = await t.request("GET", `/sequence/${s.id}`, { token: external.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Façades",
      startDate: "2026-04-06",
      endDate: "2026-04-08",
      subsequences: [],
    });
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([a.id, b.id]);
    expect((await t.request("GET", "/sequence/999999", { token: manager.token })).body).toMatchObject({
      code: "errors.sequence_not_found",
      message: "Could not find any entity",
    });
    expect((await t.request("GET", `/sequence/${s.id}`, { token: outsider.token })).status).toBe(403);
    expect((await t.request("GET", "/sequence/abc", { token: manager.token })).body.code).toBe("errors.validation");
  });
});

describe("POST /sequence", () => {
  it("creates a sequence, attaches events with history, emits sequence:create", async () => {
    const zone = await buildZone(t.db, p);
    const e1 = await buildEvent(t.db, p, { start_date: "2026-05-04", end_date: "2026-05-04" });
    const before = t.emitted.length;
    const res = await t.request("POST", "/sequence", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        name: "  Menuiseries  ",
        color: "#336699",
        zoneId: zone.id,
        eventIds: [e1.id],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Menuiseries",
      color: "#336699",
      zoneId: zone.id,
      startDate: "2026-05-04",
      endDate: "2026-05-04",
      revision: 1,
    });
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([e1.id]);
    expect(t.emitted.slice(before).map((x) => x.event)).toEqual(["sequence:create", "event:bulk_update"]);
    expect(t.emitted[before]).toMatchObject({
      projectId: p.id,
      versionId: p.versionId,
      initiatorId: manager.id,
      ids: [res.body.id],
    });
    const hist = await t.db("event_histories").where({ event_id: e1.id, field_name: "sequenceId" }).first();
    expect(hist).toMatchObject({ previous_value: null, new_value: String(res.body.id), user_id: manager.id });
    // Current version by default.
    const dflt = await t.request("POST", "/sequence", {
      token: manager.token,
      body: { projectId: p.id, name: "Peinture" },
    });
    expect(dflt.body.versionId).toBe(p.versionId);
  });

  it("refuses bad input with a catalogue code and writes nothing", async () => {
    const n = await countRows(t.db, "sequences");
    const other = await buildProject(t, manager);
    const foreignEvent = await buildEvent(t.db, other);
    const cases: [unknown, number, string][] = [
      [{ projectId: p.id, name: "" }, 400, "errors.validation"],
      [{ projectId: p.id, name: "x".repeat(201) }, 400, "errors.validation"],
      [{ projectId: "undefined", name: "A" }, 400, "errors.no_project"],
      [{ projectId: p.id, name: "A", inconnu: 1 }, 400, "errors.validation"],
      [{ projectId: p.id, name: "A", color: "rouge vif" }, 400, "errors.validation"],
      [{ projectId: p.id, name: "A", zoneId: 999999 }, 400, "errors.validation"],
      [{ projectId: p.id, name: "A", eventIds: [foreignEvent.id] }, 404, "errors.event_not_found"],
      [{ projectId: p.id, versionId: other.versionId, name: "A" }, 400, "errors.version_not_in_project"],
      [{ projectId: 999999, name: "A" }, 404, "errors.project_not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("POST", "/sequence", { token: manager.token, body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    expect(await countRows(t.db, "sequences")).toBe(n);
  });

  it("refuses a frozen version", async () => {
    const q = await buildProject(t, manager);
    await t.db("versions").where({ id: q.versionId }).update({ is_archived: true });
    const res = await t.request("POST", "/sequence", {
      token: manager.token,
      body: { projectId: q.id, versionId: q.versionId, name: "A" },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("errors.version_frozen");
  });
});

describe("PATCH /sequence/{id}", () => {
  it("changes only the fields sent, checks the revision, bumps the write counter", async () => {
    const s = await buildSequence(p, { name: "Plomberie", color: "#112233" });
    const counter = Number((await t.db("versions").where({ id: p.versionId }).first("write_counter")).write_counter);
    const before = t.emitted.length;
    const res = await t.request("PATCH", `/sequence/${s.id}`, {
      token: manager.token,
      body: { name: "Plomberie sanitaire", revision: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Plomberie sanitaire", color: "#112233", revision: 2 });
    expect(t.emitted.slice(before).map((x) => x.event)).toEqual(["sequence:endUpdate"]);
    expect(
      Number((await t.db("versions").where({ id: p.versionId }).first("write_counter")).write_counter),
    ).toBeGreaterThan(counter);
    const stale = await t.request("PATCH", `/sequence/${s.id}`, {
      token: manager.token,
      body: { name: "Autre", revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("errors.conflict");
    expect((await t.db("sequences").where({ id: s.id }).first()).name).toBe("Plomberie sanitaire");
  });

  it("replaces its events and refuses a parent that is one of its subsequences", async () => {
    const s = await buildSequence(p, { name: "Électricité" });
    const child = await buildSequence(p, { name: "Courants faibles", parent_sequence_id: s.id });
    const e1 = await buildEvent(t.db, p, { sequence_id: s.id });
    const e2 = await buildEvent(t.db, p);
    const res = await t.request("PATCH", `/sequence/${s.id}`, { token: manager.token, body: { eventIds: [e2.id] } });
    expect(res.body.events.map((e: { id: number }) => e.id)).toEqual([e2.id]);
    expect((await t.db("events").where({ id: e1.id }).first()).sequence_id).toBeNull();
    const cycle = await t.request("PATCH", `/sequence/${s.id}`, {
      token: manager.token,
      body: { parentSequenceId: child.id },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe("errors.sequence_parent_cycle");
    expect(
      (await t.request("PATCH", `/sequence/${s.id}`, { token: manager.token, body: { parentSequenceId: s.id } })).body
        .code,
    ).toBe("errors.sequence_parent_cycle");
    expect((await t.request("PATCH", "/sequence/999999", { token: manager.token, body: { name: "X" } })).status).toBe(
      404,
    );
  });

  it("moves every event of the sequence as one selection (startDate), successors follow, one undo step", async () => {
    const q = await buildProject(t, manager);
    const s = await buildSequence(q, { name: "Cloisons R+2" });
    const a = await buildEvent(t.db, q, {
      name: "Rails",
      sequence_id: s.id,
      start_date: "2026-03-02",
      end_date: "2026-03-03",
      number_of_days: 2,
    });
    const b = await buildEvent(t.db, q, {
      name: "Plaques",
      sequence_id: s.id,
      start_date: "2026-03-04",
      end_date: "2026-03-04",
      reference_type: "taskReference",
    });
    const after = await buildEvent(t.db, q, {
      name: "Bandes",
      start_date: "2026-03-05",
      end_date: "2026-03-05",
      reference_type: "taskReference",
    });
    await buildLink(t.db, q, a.id, b.id);
    await buildLink(t.db, q, b.id, after.id);
    const before = t.emitted.length;
    const res = await t.request("PATCH", `/sequence/${s.id}`, {
      token: manager.token,
      body: { startDate: "2026-03-09" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startDate: "2026-03-09", endDate: "2026-03-11", undoRemaining: 1 });
    const dates = await t
      .db("events")
      .whereIn("id", [a.id, b.id, after.id])
      .orderBy("id")
      .select("start_date", "end_date");
    expect(dates).toEqual([
      { start_date: "2026-03-09", end_date: "2026-03-10" },
      { start_date: "2026-03-11", end_date: "2026-03-11" },
      { start_date: "2026-03-12", end_date: "2026-03-12" },
    ]);
    const names = t.emitted.slice(before).map((x) => x.event);
    expect(names[0]).toBe("sequence:startUpdate");
    expect(names).toContain("event:bulk_update");
    expect(names.at(-1)).toBe("sequence:endUpdate");
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: q.id, versionId: q.versionId },
    });
    expect(undo.status).toBe(200);
    expect((await t.db("events").where({ id: a.id }).first()).start_date).toBe("2026-03-02");
    // A weekend is refused and announced to the initiator as an error.
    const k = t.emitted.length;
    const weekend = await t.request("PATCH", `/sequence/${s.id}`, {
      token: manager.token,
      body: { startDate: "2026-03-07", name: "Renommée" },
    });
    expect(weekend.status).toBe(400);
    expect(weekend.body.code).toBe("errors.invalid_date");
    // The start went out at once; the failure sends the error twins of the start and of the end it was going to send.
    expect(t.emitted.slice(k).map((x) => x.event)).toEqual([
      "sequence:startUpdate",
      "sequence:startUpdate:error",
      "sequence:endUpdate:error",
    ]);
    expect(t.emitted.slice(k + 1).every((x) => x.code === "errors.invalid_date" && x.initiatorId === manager.id)).toBe(
      true,
    );
    expect((await t.db("sequences").where({ id: s.id }).first()).name).toBe("Cloisons R+2");
  });
});

describe("PATCH /sequence/bulk-update", () => {
  it("updates many sequences in one transaction, emits sequence:bulk_update", async () => {
    const s1 = await buildSequence(p, { name: "A1" });
    const s2 = await buildSequence(p, { name: "A2" });
    const before = t.emitted.length;
    const res = await t.request("PATCH", "/sequence/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        sequences: [
          { id: s1.id, color: "#FF0000" },
          { id: s2.id, name: "A2 bis", revision: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { name: string; color: string | null }) => [s.name, s.color])).toEqual([
      ["A1", "#FF0000"],
      ["A2 bis", null],
    ]);
    expect(t.emitted.slice(before)).toEqual([
      expect.objectContaining({ event: "sequence:bulk_update", ids: [s1.id, s2.id] }),
    ]);
    // One unknown id: nothing changes.
    const bad = await t.request("PATCH", "/sequence/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        sequences: [
          { id: s1.id, name: "Z" },
          { id: 999999, name: "Y" },
        ],
      },
    });
    expect(bad.status).toBe(404);
    expect((await t.db("sequences").where({ id: s1.id }).first()).name).toBe("A1");
    expect(
      (
        await t.request("PATCH", "/sequence/bulk-update", {
          token: manager.token,
          body: { projectId: p.id, sequences: [] },
        })
      ).body.code,
    ).toBe("errors.validation");
  });
});

describe("DELETE /sequence", () => {
  it("deletes a sequence with its events and subsequences; successors are re-planned; undo brings the events back", async () => {
    const q = await buildProject(t, manager);
    const s = await buildSequence(q, { name: "Démolition" });
    const sub = await buildSequence(q, { name: "Curage", parent_sequence_id: s.id });
    const a = await buildEvent(t.db, q, { sequence_id: s.id });
    const b = await buildEvent(t.db, q, {
      sequence_id: sub.id,
      start_date: "2026-03-03",
      end_date: "2026-03-03",
      reference_type: "taskReference",
    });
    await buildLink(t.db, q, a.id, b.id);
    const keep = await buildEvent(t.db, q, { name: "Hors séquence" });
    const res = await t.request("DELETE", `/sequence/${s.id}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, deletedEventIds: [a.id, b.id], detachedEventIds: [] });
    expect(res.body.ids.sort()).toEqual([s.id, sub.id].sort());
    expect(await countRows(t.db, "sequences", { version_id: q.versionId })).toBe(0);
    expect(await countRows(t.db, "events", { version_id: q.versionId })).toBe(1);
    expect(t.emitted.at(-1)).toMatchObject({ event: "sequence:bulk_update", projectId: q.id });
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: q.id, versionId: q.versionId },
    });
    expect(undo.status).toBe(200);
    expect(await countRows(t.db, "events", { version_id: q.versionId })).toBe(3);
    expect((await t.db("events").where({ id: keep.id }).first()).sequence_id).toBeNull();
  });

  it("keeps the events, detached, with keepEvents=true", async () => {
    const s = await buildSequence(p, { name: "Provisoire" });
    const e = await buildEvent(t.db, p, { sequence_id: s.id });
    const res = await t.request("DELETE", `/sequence/${s.id}`, { token: manager.token, query: { keepEvents: "true" } });
    expect(res.body).toMatchObject({ deletedEventIds: [], detachedEventIds: [e.id] });
    expect((await t.db("events").where({ id: e.id }).first()).sequence_id).toBeNull();
  });

  it("refuses counted events (errors.event_has_countings) and events others depend on, writing nothing", async () => {
    const s = await buildSequence(p, { name: "Comptée" });
    const e = await buildEvent(t.db, p, { sequence_id: s.id });
    await t.db("countings").insert({
      project_id: p.id,
      version_id: p.versionId,
      event_id: e.id,
      counting_date: "2026-03-02",
      percentage: 25,
    });
    const counted = await t.request("DELETE", `/sequence/${s.id}`, { token: manager.token });
    expect(counted.status).toBe(409);
    expect(counted.body).toMatchObject({ code: "errors.event_has_countings", details: { ids: [e.id] } });
    const s2 = await buildSequence(p, { name: "Référencée" });
    const inside = await buildEvent(t.db, p, { sequence_id: s2.id });
    const outside = await buildEvent(t.db, p, {
      start_date: "2026-03-03",
      end_date: "2026-03-03",
      reference_type: "taskReference",
    });
    await buildLink(t.db, p, inside.id, outside.id);
    const referenced = await t.request("DELETE", "/sequence/bulk-delete", {
      token: manager.token,
      body: { ids: [s2.id], projectId: p.id },
    });
    expect(referenced.status).toBe(400);
    expect(referenced.body.code).toBe("ImplementationError");
    expect(await countRows(t.db, "sequences", { id: s.id })).toBe(1);
    expect(await countRows(t.db, "sequences", { id: s2.id })).toBe(1);
    expect((await t.db("events").where({ id: inside.id }).first()).sequence_id).toBe(s2.id);
  });

  it("bulk-deletes several sequences and refuses unknown ids", async () => {
    const s1 = await buildSequence(p);
    const s2 = await buildSequence(p);
    const bad = await t.request("DELETE", "/sequence/bulk-delete", {
      token: manager.token,
      body: { ids: [s1.id, 999999], projectId: p.id },
    });
    expect(bad.status).toBe(404);
    expect(
      (await t.request("DELETE", "/sequence/bulk-delete", { token: manager.token, body: { ids: [], projectId: p.id } }))
        .body.code,
    ).toBe("errors.validation");
    const res = await t.request("DELETE", "/sequence/bulk-delete", {
      token: manager.token,
      body: { ids: [s1.id, s2.id], projectId: p.id, versionId: p.versionId },
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
  });
});

describe("authorization", () => {
  it("external reads, only managers write, members of another project are refused", async () => {
    const s = await buildSequence(p, { name: "Droits" });
    const writes: [string, string, unknown][] = [
      ["POST", "/sequence", { projectId: p.id, name: "X" }],
      ["PATCH", `/sequence/${s.id}`, { name: "X" }],
      ["PATCH", "/sequence/bulk-update", { projectId: p.id, sequences: [{ id: s.id, name: "X" }] }],
      ["DELETE", `/sequence/${s.id}`, undefined],
      ["DELETE", "/sequence/bulk-delete", { ids: [s.id], projectId: p.id }],
    ];
    for (const [method, path, body] of writes) {
      expect((await t.request(method, path, { token: external.token, body })).status).toBe(403);
      expect((await t.request(method, path, { token: outsider.token, body })).status).toBe(403);
      expect((await t.request(method, path, { body })).status).toBe(401);
    }
    expect((await t.db("sequences").where({ id: s.id }).first()).name).toBe("Droits");
    expect((await t.request("GET", `/sequence/${s.id}`, { token: external.token })).status).toBe(200);
    expect((await t.request("GET", "/sequence", { token: external.token, query: seqQuery(p) })).status).toBe(200);
    const guest = await buildUser(t, { type: "guest" });
    expect((await t.request("GET", "/sequence", { token: guest.token, query: seqQuery(p) })).status).toBe(403);
    expect((await t.request("GET", "/sequence", { token: outsider.token, query: seqQuery(p) })).status).toBe(403);
  });
});
