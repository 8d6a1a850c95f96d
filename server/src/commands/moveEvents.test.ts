import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/knex.js";
import { openTestDb } from "../../test/helpers/db.js";
import { moveEvents } from "./moveEvents.js";
import { undoApply } from "./undoApply.js";
import { forget, readVersionGraph } from "../planning/versionGraph.js";
import { AppError } from "@jalon/shared";

// Command-level test of the planning write path against PGlite (or DATABASE_URL in a schema of its own).
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});

afterAll(async () => close?.());

async function fixture() {
  const [user] = await db("users")
    .insert({ email: `u${Math.random()}@x.fr`, firstname: "Ana", lastname: "Planif", type: "manager" })
    .returning("id");
  const [project] = await db("projects").insert({ name: "Résidence" }).returning("id");
  const [version] = await db("versions")
    .insert({ project_id: project.id, name: "V1", is_active_version: true })
    .returning("id");
  await db("projects").where({ id: project.id }).update({ current_version_id: version.id });
  const base = { project_id: project.id, version_id: version.id };
  // A(3) Mon 2 -> B(2) -> C(1); a holiday on Wed 11.
  await db("holidays").insert({
    ...base,
    name: "Férié",
    type: "holiday",
    start_date: "2026-02-11",
    end_date: "2026-02-11",
  });
  const ev = await db("events")
    .insert([
      { ...base, name: "A", type: "task", number_of_days: 3, start_date: "2026-02-02", end_date: "2026-02-04" },
      { ...base, name: "B", type: "task", number_of_days: 2, start_date: "2026-02-05", end_date: "2026-02-06" },
      { ...base, name: "C", type: "task", number_of_days: 1, start_date: "2026-02-09", end_date: "2026-02-09" },
    ])
    .returning(["id", "revision"]);
  await db("event_links").insert([
    { ...base, parent_id: ev[0].id, child_id: ev[1].id, type: "end-begin", delay: 0 },
    { ...base, parent_id: ev[1].id, child_id: ev[2].id, type: "end-begin", delay: 0 },
  ]);
  return {
    userId: user.id as number,
    projectId: project.id as number,
    versionId: version.id as number,
    ids: ev.map((e: { id: number }) => e.id) as number[],
  };
}

const datesOf = async (ids: number[]) =>
  (await db("events").whereIn("id", ids).orderBy("id").select("start_date", "end_date", "revision")).map((r) => [
    r.start_date,
    r.end_date,
    r.revision,
  ]);

describe("moveEvents", () => {
  it("moves a root and its successors in one transaction, with history and one undo step", async () => {
    const f = await fixture();
    const out = await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0], revision: 1 }],
        anchorId: f.ids[0],
        startDate: "2026-02-04",
      }),
    );
    expect(await datesOf(f.ids)).toEqual([
      ["2026-02-04", "2026-02-06", 2],
      ["2026-02-09", "2026-02-10", 2],
      ["2026-02-12", "2026-02-12", 2], // Wed 11 is a holiday
    ]);
    expect(out.ids.sort()).toEqual([...f.ids].sort());
    expect(out.emit[0]).toMatchObject({ event: "event:update", initiatorId: f.userId, dates: { ids: out.ids } });
    const history = await db("event_histories").where({ version_id: f.versionId }).orderBy("id");
    expect(history.map((h) => h.field_name)).toContain("startDate");
    expect(
      history.filter((h) => h.event_id === f.ids[2]).map((h) => [h.field_name, h.previous_value, h.new_value]),
    ).toEqual([
      ["startDate", "2026-02-09", "2026-02-12"],
      ["endDate", "2026-02-09", "2026-02-12"],
    ]);
    expect(await db("undo_steps").where({ version_id: f.versionId }).count("* as c")).toEqual([{ c: 1 }]);
    expect(out.undoRemaining).toBe(1);
    expect((await db("projects").where({ id: f.projectId }).first()).projected_end_date).toBe("2026-02-12");
    expect((await db("versions").where({ id: f.versionId }).first()).write_counter).toBe(1);
  });

  it("moving a derived event changes its incoming delay; the cached graph equals a fresh read", async () => {
    const f = await fixture();
    await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[1] }],
        anchorId: f.ids[1],
        startDate: "2026-02-10",
      }),
    );
    const link = await db("event_links").where({ child_id: f.ids[1] }).first();
    expect(link.delay).toBe(3); // Thu 5 -> Tue 10: three working days
    const cached = await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0] }],
        anchorId: f.ids[0],
        startDate: "2026-02-03",
      }),
    );
    forget(f.versionId);
    const fresh = await readVersionGraph(db, f.versionId, 0);
    expect(Array.from(fresh.schedule.startDay)).toEqual(Array.from(cached.graph.schedule.startDay));
    expect(fresh.stale.length).toBe(0);
  });

  it("refuses a stale revision with errors.conflict and writes nothing", async () => {
    const f = await fixture();
    const attempt = db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0], revision: 7 }],
        anchorId: f.ids[0],
        startDate: "2026-02-03",
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: "errors.conflict", status: 409 });
    expect(await datesOf(f.ids)).toEqual([
      ["2026-02-02", "2026-02-04", 1],
      ["2026-02-05", "2026-02-06", 1],
      ["2026-02-09", "2026-02-09", 1],
    ]);
  });

  it("refuses a drop on a non-working day with errors.invalid_date ('Date invalide')", async () => {
    const f = await fixture();
    const attempt = db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0] }],
        anchorId: f.ids[0],
        startDate: "2026-02-11",
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "errors.invalid_date", message: "Date invalide" });
    expect(await db("undo_steps").where({ version_id: f.versionId }).count("* as c")).toEqual([{ c: 0 }]);
  });

  it("refuses a write to a frozen version", async () => {
    const f = await fixture();
    await db("versions").where({ id: f.versionId }).update({ is_archived: true });
    const attempt = db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0] }],
        anchorId: f.ids[0],
        startDate: "2026-02-03",
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: "errors.version_frozen" });
  });

  it("a bulk move writes its date history with the events' tracking ids, then the delay rows, and one compact undo step", async () => {
    const f = await fixture();
    const revision0 = Number((await db("versions").where({ id: f.versionId }).first()).content_revision);
    await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[1] }, { id: f.ids[2] }],
        anchorId: f.ids[1],
        startDate: "2026-02-12",
      }),
    );
    const tracking = new Map(
      (await db("events").whereIn("id", f.ids).select("id", "tracking_id")).map((r) => [
        r.id as number,
        r.tracking_id as number,
      ]),
    );
    const history = await db("event_histories").where({ version_id: f.versionId }).orderBy("id");
    const row = (h: Record<string, unknown>) => [
      h.event_id,
      h.event_tracking_id,
      h.project_id,
      h.user_id,
      h.field_name,
      h.previous_value,
      h.new_value,
    ];
    // Dates first (per event: start then end), the delays after them.
    const dates = history.slice(0, 4).sort((a, b) => a.event_id - b.event_id || Number(a.id) - Number(b.id));
    expect(dates.map(row)).toEqual(
      [
        [f.ids[1], "startDate", "2026-02-05", "2026-02-12"],
        [f.ids[1], "endDate", "2026-02-06", "2026-02-13"],
        [f.ids[2], "startDate", "2026-02-09", "2026-02-16"],
        [f.ids[2], "endDate", "2026-02-09", "2026-02-16"],
      ].map(([id, field, prev, next]) => [id, tracking.get(id as number), f.projectId, f.userId, field, prev, next]),
    );
    expect(history.slice(4).map(row)).toEqual([
      [f.ids[1], tracking.get(f.ids[1]), f.projectId, f.userId, "delay", `${f.ids[0]}:0`, `${f.ids[0]}:4`],
    ]);
    const step = await db("undo_steps").where({ version_id: f.versionId }).first();
    const payload = typeof step.payload === "string" ? JSON.parse(step.payload) : step.payload;
    expect(payload.events.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([
      [f.ids[1], "2026-02-05", "2026-02-06", 2],
      [f.ids[2], "2026-02-09", "2026-02-09", 1],
    ]);
    expect(payload.links).toEqual([[(await db("event_links").where({ child_id: f.ids[1] }).first()).id, 0]]);
    // The planning cache's revision moved with the write (statement triggers of migration 006).
    expect(Number((await db("versions").where({ id: f.versionId }).first()).content_revision)).toBeGreaterThan(
      revision0,
    );
  });

  it("undo restores the dates and delays of the last move; nothing left gives 'Annulation impossible'", async () => {
    const f = await fixture();
    await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[1] }, { id: f.ids[2] }],
        anchorId: f.ids[1],
        startDate: "2026-02-12",
      }),
    );
    expect((await db("event_links").where({ child_id: f.ids[1] }).first()).delay).toBe(4);
    const undone = await db.transaction((trx) => undoApply(trx, f.userId, f.projectId, f.versionId));
    expect(undone.remaining).toBe(0);
    expect((await db("event_links").where({ child_id: f.ids[1] }).first()).delay).toBe(0);
    expect((await datesOf(f.ids)).map((r) => r.slice(0, 2))).toEqual([
      ["2026-02-02", "2026-02-04"],
      ["2026-02-05", "2026-02-06"],
      ["2026-02-09", "2026-02-09"],
    ]);
    await expect(db.transaction((trx) => undoApply(trx, f.userId, f.projectId, f.versionId))).rejects.toMatchObject({
      code: "errors.undo_nothing",
      message: "Annulation impossible",
    });
    // The next move starts from the restored state, not from a stale cache.
    await db.transaction((trx) =>
      moveEvents(trx, f.userId, {
        projectId: f.projectId,
        versionId: f.versionId,
        events: [{ id: f.ids[0] }],
        anchorId: f.ids[0],
        startDate: "2026-02-03",
      }),
    );
    expect((await datesOf([f.ids[2]]))[0].slice(0, 2)).toEqual(["2026-02-10", "2026-02-10"]);
  });
});
