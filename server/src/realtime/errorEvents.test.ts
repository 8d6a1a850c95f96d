import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REQUEST_ID_HEADER, SUMMARY_HEADER, type RealtimePayload } from "@jalon/shared/realtime";
import { startTestApp, type TestApp } from "../../test/helpers/app.js";
import { buildProject, buildUser, countRows, type BuiltProject, type BuiltUser } from "../../test/helpers/factories.js";

/**
 * Spec 000 section 7: every live event has an error twin. route() sends them from one place: when a request
 * that sent a start or progress event, recorded an event for after commit, or declared the event it was going
 * to send fails, the room gets the twin of each (once), with the catalogue code the request answers with, and
 * the request's id so that its client recognises it. Nothing is written.
 */
let t: TestApp;
let manager: BuiltUser;
let p: BuiltProject;
let events: { id: number; revision: number }[];
let k = 0;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager);
  const post = (body: Record<string, unknown>) =>
    t.request("POST", "/event", { token: manager.token, body: { projectId: p.id, versionId: p.versionId, ...body } });
  const a = await post({ name: "Fondations", numberOfDays: 3, startDate: "2026-02-02" });
  const b = await post({
    name: "Élévation",
    numberOfDays: 2,
    parentsEvents: [{ id: a.body.id, type: "end-begin", delay: 0 }],
  });
  expect(b.status).toBe(201);
  events = await t.db("events").where({ version_id: p.versionId }).orderBy("id").select("id", "revision");
});
afterAll(async () => t?.close());
beforeEach(() => {
  k = t.emitted.length;
});

const since = (): RealtimePayload[] => t.emitted.slice(k);
const names = () => since().map((e) => e.event);
const write = (method: string, path: string, body: unknown, requestId = "tab-1:7") =>
  t.request(method, path, { token: manager.token, body, headers: { [REQUEST_ID_HEADER]: requestId } });

/** Makes every insert into `table` fail (SQLSTATE P0001) until the returned function is called. */
async function failInserts(table: string): Promise<() => Promise<void>> {
  const fn = `jalon_test_fail_${table}`;
  await t.db.raw(
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'test failure'; END $$ LANGUAGE plpgsql`,
  );
  await t.db.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
  return async () => {
    await t.db.raw(`DROP TRIGGER ${fn} ON ${table}`);
    await t.db.raw(`DROP FUNCTION ${fn}()`);
  };
}

describe("live error events", () => {
  it("version:startCreate:error and version:endCreate:error when the copy fails after the start; the flag is cleared", async () => {
    const versions = await countRows(t.db, "versions", { project_id: p.id });
    const restore = await failInserts("versions");
    try {
      const res = await write("POST", "/version", { projectId: p.id, name: "V2" });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(names()).toEqual(["version:startCreate", "version:startCreate:error", "version:endCreate:error"]);
    for (const e of since())
      expect(e).toMatchObject({
        projectId: p.id,
        versionId: p.versionId,
        initiatorId: manager.id,
        requestId: "tab-1:7",
      });
    expect(since()[1].code).toBe("errors.default");
    expect(await countRows(t.db, "versions", { project_id: p.id })).toBe(versions);
    expect((await t.db("projects").where({ id: p.id }).first()).is_being_updated).toBe(false);
  });

  it("a refusal before the start sends nothing (the creation in progress keeps the room's updating state)", async () => {
    await t.db("projects").where({ id: p.id }).update({ is_being_updated: true });
    const res = await write("POST", "/version", { projectId: p.id, name: "V2" });
    await t.db("projects").where({ id: p.id }).update({ is_being_updated: false });
    expect(res.status).toBe(409);
    expect(since()).toEqual([]);
  });

  it("event:update_progress:error and event:bulk_update:error when a bulk move fails after its progress started", async () => {
    const stale = events.map((e, i) => ({ id: e.id, revision: i === 0 ? e.revision + 5 : e.revision }));
    const res = await write("PATCH", "/event/bulk-update", {
      projectId: p.id,
      versionId: p.versionId,
      events: stale,
      anchorId: events[0].id,
      startDate: "2026-02-09",
    });
    expect(res.status).toBe(409);
    expect(names()).toEqual(["event:update_progress", "event:update_progress:error", "event:bulk_update:error"]);
    expect(since()[1]).toMatchObject({
      code: "errors.conflict",
      initiatorId: manager.id,
      requestId: "tab-1:7",
      projectId: p.id,
      versionId: p.versionId,
    });
    expect((await t.db("events").where({ id: events[0].id }).first()).start_date).toBe("2026-02-02");
  });

  it("a bulk move that fails at its last statement: the progress it announced gets its error twin, nothing is written", async () => {
    const steps = await countRows(t.db, "undo_steps", { version_id: p.versionId });
    const restore = await failInserts("undo_steps");
    try {
      const res = await write("PATCH", "/event/bulk-update", {
        projectId: p.id,
        versionId: p.versionId,
        events,
        anchorId: events[0].id,
        startDate: "2026-02-09",
      });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(names().filter((n) => n === "event:update_progress").length).toBeGreaterThan(1);
    expect(names().slice(-2)).toEqual(["event:update_progress:error", "event:bulk_update:error"]);
    expect(names()).not.toContain("event:bulk_update");
    expect((await t.db("events").where({ id: events[0].id }).first()).start_date).toBe("2026-02-02");
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(steps);
  });

  it("sequence:create:error when the sequence cannot be created", async () => {
    const before = await countRows(t.db, "sequences", { version_id: p.versionId });
    const res = await write("POST", "/sequence", {
      projectId: p.id,
      versionId: p.versionId,
      name: "Cloisons",
      eventIds: [999_999],
    });
    expect(res.status).toBe(404);
    expect(since()).toEqual([
      {
        event: "sequence:create:error",
        projectId: p.id,
        versionId: p.versionId,
        initiatorId: manager.id,
        ids: [],
        code: "errors.event_not_found",
        requestId: "tab-1:7",
      },
    ]);
    expect(await countRows(t.db, "sequences", { version_id: p.versionId })).toBe(before);
  });

  it("sequence:startUpdate:error (with sequence:endUpdate:error) when a sequence move fails after its start", async () => {
    const created = await write("POST", "/sequence", {
      projectId: p.id,
      versionId: p.versionId,
      name: "Gros œuvre",
      eventIds: [events[0].id],
    });
    expect(created.status).toBe(201);
    k = t.emitted.length;
    const res = await write("PATCH", `/sequence/${created.body.id}`, { startDate: "2026-02-07" });
    expect(res.status).toBe(400);
    expect(names()).toEqual(["sequence:startUpdate", "sequence:startUpdate:error", "sequence:endUpdate:error"]);
    expect(since()[1]).toMatchObject({ code: "errors.invalid_date", requestId: "tab-1:7" });
  });

  it("sequence:bulk_update:error when one sequence of the batch is stale", async () => {
    const created = await write("POST", "/sequence", { projectId: p.id, versionId: p.versionId, name: "Cloisons" });
    k = t.emitted.length;
    const res = await write("PATCH", "/sequence/bulk-update", {
      projectId: p.id,
      versionId: p.versionId,
      sequences: [{ id: created.body.id, revision: 99, name: "Renommée" }],
    });
    expect(res.status).toBe(409);
    expect(names()).toEqual(["sequence:bulk_update:error"]);
    expect(since()[0]).toMatchObject({ code: "errors.conflict", initiatorId: manager.id });
    expect((await t.db("sequences").where({ id: created.body.id }).first()).name).toBe("Cloisons");
  });

  it("project:startClone:error (with project:endClone:error) when the clone fails after its start", async () => {
    const projects = await countRows(t.db, "projects");
    const res = await write("PUT", `/project/${p.id}/clone`, { versionIds: [999_999] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(names()).toEqual(["project:startClone", "project:startClone:error", "project:endClone:error"]);
    expect(since()[1]).toMatchObject({
      code: res.body.code,
      projectId: p.id,
      initiatorId: manager.id,
      requestId: "tab-1:7",
    });
    expect(await countRows(t.db, "projects")).toBe(projects);
  });

  it("a refused write of another route (holiday) sends its twin too", async () => {
    const res = await write("POST", "/holiday", {
      projectId: p.id,
      versionId: p.versionId,
      name: "Congés",
      type: "vacation",
      startDate: "2026-02-10",
      endDate: "2026-02-09",
    });
    expect(res.status).toBe(400);
    expect(names()).toEqual(["holiday:endCreate:error"]);
    expect(since()[0]).toMatchObject({ code: "errors.endDate_invalid", requestId: "tab-1:7" });
  });
});

describe("request ids and the header's summary", () => {
  it("a committed move echoes the request id and carries the project's projected end and undo count, in its events and its answer", async () => {
    const fresh = await t.db("events").where({ version_id: p.versionId }).orderBy("id").select("id", "revision");
    const res = await write(
      "PATCH",
      "/event/bulk-update",
      { projectId: p.id, versionId: p.versionId, events: fresh, anchorId: fresh[0].id, startDate: "2026-02-09" },
      "tab-2:1",
    );
    expect(res.status).toBe(200);
    const project = await t.db("projects").where({ id: p.id }).first("projected_end_date");
    const undo = await countRows(t.db, "undo_steps", { version_id: p.versionId });
    const summary = { versionId: p.versionId, projectedEndDate: project.projected_end_date, undoRemaining: undo };
    expect(summary.projectedEndDate).toBe(res.body.projectedEndDate);
    expect(JSON.parse(res.headers.get(SUMMARY_HEADER) ?? "null")).toEqual(summary);
    const move = since().find((e) => e.event === "event:bulk_update");
    expect(move).toMatchObject({ requestId: "tab-2:1", summary });
    expect(since().every((e) => e.requestId === "tab-2:1")).toBe(true);
  });

  it("an undo's events carry the summary it leaves", async () => {
    const res = await write("POST", "/undo/apply", { projectId: p.id, versionId: p.versionId }, "tab-2:2");
    expect(res.status).toBe(200);
    const bulk = since().find((e) => e.event === "event:bulk_update");
    expect(bulk?.summary).toMatchObject({ versionId: p.versionId, undoRemaining: res.body.remaining });
    expect(bulk?.summary?.projectedEndDate).toBe(
      (await t.db("projects").where({ id: p.id }).first()).projected_end_date,
    );
  });

  it("a malformed request id is ignored, and a write without one carries none", async () => {
    await write(
      "PATCH",
      "/sequence/bulk-update",
      { projectId: p.id, versionId: p.versionId, sequences: [{ id: 999_999 }] },
      "bad id with spaces",
    );
    expect(since().length).toBeGreaterThan(0);
    expect(since().every((e) => e.requestId === undefined)).toBe(true);
    k = t.emitted.length;
    await t.request("PATCH", "/sequence/bulk-update", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId, sequences: [{ id: 999_999 }] },
    });
    expect(since().every((e) => e.requestId === undefined)).toBe(true);
  });

  it("a read sends nothing and sets no summary", async () => {
    const res = await write("GET", `/project/${p.id}`, undefined);
    expect(res.status).toBe(200);
    expect(res.headers.get(SUMMARY_HEADER)).toBeNull();
    expect(since()).toEqual([]);
  });
});
