import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDay } from "@jalon/engine";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildProject,
  buildUser,
  countRows,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";
import { forget, readVersionGraph } from "../../planning/versionGraph.js";
import { planningData } from "../../planning/planningData.js";
import { fromWire } from "@jalon/shared/planning";

// Issue 4's guarantees over HTTP that the other planning tests do not reach: concurrent bulk moves on one
// version are serialised (no lost update), and GET /planning/data compares versions by trackingId.
let t: TestApp;
let manager: BuiltUser;
let other: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  other = await buildUser(t, { type: "manager" });
});
afterAll(async () => t?.close());

async function chain(p: BuiltProject): Promise<{ a: number; b: number; c: number }> {
  const post = (body: Record<string, unknown>) =>
    t.request("POST", "/event", { token: manager.token, body: { projectId: p.id, versionId: p.versionId, ...body } });
  const a = await post({ name: "Terrassement", numberOfDays: 3, startDate: "2026-02-02" });
  const b = await post({
    name: "Fondations",
    numberOfDays: 2,
    parentsEvents: [{ id: a.body.id, type: "end-begin", delay: 0 }],
  });
  const c = await post({
    name: "Élévation",
    numberOfDays: 5,
    parentsEvents: [{ id: b.body.id, type: "end-begin", delay: 0 }],
  });
  expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
  return { a: a.body.id, b: b.body.id, c: c.body.id };
}

const move = (
  token: string,
  p: BuiltProject,
  events: { id: number; revision?: number }[],
  anchorId: number,
  startDate: string,
) =>
  t.request("PATCH", "/event/bulk-update", {
    token,
    body: { projectId: p.id, versionId: p.versionId, events, anchorId, startDate },
  });

const rows = async (ids: number[]) =>
  (await t.db("events").whereIn("id", ids).orderBy("id").select("id", "start_date", "end_date", "revision")).map(
    (r) => [r.start_date, r.end_date],
  );

describe("concurrent bulk moves on one version", () => {
  it("are serialised: two moves sent at once with the same revision give one 200 and one 409, and only the winner is written", async () => {
    const p = await buildProject(t, manager, { members: [other] });
    const ids = await chain(p);
    const revision = (await t.db("events").where({ id: ids.a }).first()).revision;
    const undo0 = await countRows(t.db, "undo_steps", { version_id: p.versionId });
    const [r1, r2] = await Promise.all([
      move(manager.token, p, [{ id: ids.a, revision }], ids.a, "2026-02-09"),
      move(other.token, p, [{ id: ids.a, revision }], ids.a, "2026-02-16"),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const loser = r1.status === 409 ? r1 : r2;
    expect(loser.body.code).toBe("errors.conflict");
    const winner = r1.status === 200 ? r1 : r2;
    const start = winner === r1 ? "2026-02-09" : "2026-02-16";
    expect((await rows([ids.a]))[0][0]).toBe(start);
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(undo0 + 1);
    // The stored dates are the engine's schedule of the stored graph: nothing half-applied.
    forget(p.versionId);
    const fresh = await readVersionGraph(t.db, p.versionId, 0);
    expect(fresh.stale.length).toBe(0);
  });

  it("each sees the other's result: a parent and its child moved at once end as one order or the other, never a mix", async () => {
    const p = await buildProject(t, manager, { members: [other] });
    const ids = await chain(p);
    // A (Mon 2 - Wed 4 Feb) -> B (Thu 5 - Fri 6) -> C (Mon 9 - Fri 13). A goes to Mon 9 while B goes to Fri 6.
    const [r1, r2] = await Promise.all([
      move(manager.token, p, [{ id: ids.a }], ids.a, "2026-02-09"),
      move(other.token, p, [{ id: ids.b }], ids.b, "2026-02-06"),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const delay = (await t.db("event_links").where({ child_id: ids.b }).first()).delay;
    const state = [...(await rows([ids.a, ids.b, ids.c])), delay];
    // A first: B derives to Thu 12 then moves back 4 working days to Fri 6 (delay -4).
    const aThenB = [["2026-02-09", "2026-02-11"], ["2026-02-06", "2026-02-09"], ["2026-02-10", "2026-02-16"], -4];
    // B first: B one working day late (delay 1), then A's move carries it to Fri 13.
    const bThenA = [["2026-02-09", "2026-02-11"], ["2026-02-13", "2026-02-16"], ["2026-02-17", "2026-02-23"], 1];
    expect([aThenB, bThenA]).toContainEqual(state);
    forget(p.versionId);
    expect((await readVersionGraph(t.db, p.versionId, 0)).stale.length).toBe(0);
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(5);
  });
});

describe("GET /planning/data with compareVersionIds", () => {
  it("returns, for each event of the shown version, its dates in each compared version, matched by trackingId", async () => {
    const p = await buildProject(t, manager);
    const ids = await chain(p);
    const v2 = await t.request("POST", "/version", {
      token: manager.token,
      body: { projectId: p.id, name: "Recalage" },
    });
    expect(v2.status).toBe(201);
    const current: BuiltProject = { id: p.id, versionId: v2.body.id };
    const copies = await t
      .db("events")
      .where({ version_id: current.versionId })
      .orderBy("id")
      .select("id", "tracking_id");
    const byTracking = new Map(copies.map((e) => [e.tracking_id as number, e.id as number]));
    const old = await t.db("events").whereIn("id", [ids.a, ids.b, ids.c]).orderBy("id").select("id", "tracking_id");
    const newIds = old.map((e) => byTracking.get(e.tracking_id)!);
    const moved = await move(manager.token, current, [{ id: newIds[0] }], newIds[0], "2026-02-16");
    expect(moved.status).toBe(200);

    const res = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: p.id, versionId: current.versionId, compareVersionIds: [p.versionId] },
    });
    expect(res.status).toBe(200);
    expect(res.body.comparisons).toHaveLength(1);
    const cmp = res.body.comparisons[0];
    expect(cmp).toMatchObject({ versionId: p.versionId, name: "Version 1" });
    expect([...cmp.eventIds].sort()).toEqual([...newIds].sort());
    // The compared version keeps the dates before the move; the shown version has the moved ones.
    const before = newIds.map((id) => {
      const k = cmp.eventIds.indexOf(id);
      return [cmp.startDay[k], cmp.endDay[k]];
    });
    expect(before).toEqual(
      [
        ["2026-02-02", "2026-02-04"],
        ["2026-02-05", "2026-02-06"],
        ["2026-02-09", "2026-02-13"],
      ].map((d) => d.map(parseDay)),
    );
    const shown = res.body.graph;
    expect(newIds.map((id) => shown.startDay[shown.ids.indexOf(id)])).toEqual(
      ["2026-02-16", "2026-02-19", "2026-02-23"].map(parseDay),
    );

    const foreign = await buildProject(t, manager);
    const refused = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: p.id, versionId: current.versionId, compareVersionIds: [foreign.versionId] },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("errors.version_not_found");
  });
});

describe("GET /planning/data serialisation", () => {
  it("answers JSON equal to the planning data, and the graph part follows each write", async () => {
    const p = await buildProject(t, manager);
    const ids = await chain(p);
    const q = { projectId: p.id, versionId: p.versionId, startDate: "2026-01", endDate: "2026-03" };
    const read = () => t.request("GET", "/planning/data", { token: manager.token, query: q });
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    // The wire form (events in columns) decodes to the planning data.
    expect(fromWire(first.body)).toEqual(JSON.parse(JSON.stringify(await planningData(t.db, q))));
    expect(first.body).not.toHaveProperty("events");
    expect((await move(manager.token, p, [{ id: ids.a }], ids.a, "2026-02-09")).status).toBe(200);
    const second = await read();
    expect(second.body.graph.startDay[second.body.graph.ids.indexOf(ids.c)]).toBe(parseDay("2026-02-16"));
    expect(second.body.writeCounter).toBeGreaterThan(first.body.writeCounter);
  });
});
