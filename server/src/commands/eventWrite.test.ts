import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/knex.js";
import { openTestDb } from "../../test/helpers/db.js";
import { createEvent, deleteEvents, updateEvent } from "./eventWrite.js";
import { undoApply } from "./undoApply.js";
import { forget, readVersionGraph } from "../planning/versionGraph.js";

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
  const [lot] = await db("participant_group_pros")
    .insert({ project_id: project.id, version_id: version.id, name: "Gros œuvre", color: "#8B4513" })
    .returning("id");
  const c = {
    userId: user.id as number,
    projectId: project.id as number,
    versionId: version.id as number,
    lotId: lot.id as number,
  };
  const tx = <T>(fn: (trx: import("knex").Knex.Transaction) => Promise<T>) => db.transaction(fn);
  const a = await tx((t) =>
    createEvent(t, c.userId, c.projectId, c.versionId, {
      name: "Fondations",
      type: "task",
      numberOfDays: 3,
      startDate: "2026-02-02",
      participantGroupProId: c.lotId,
    }),
  );
  const b = await tx((t) =>
    createEvent(t, c.userId, c.projectId, c.versionId, {
      name: "Élévation",
      type: "task",
      numberOfDays: 2,
      parentsEvents: [{ id: a.id, type: "end-begin", delay: 0 }],
    }),
  );
  return { ...c, tx, a: a.id, b: b.id };
}

const row = (id: number) => db("events").where({ id }).first();

describe("event writes", () => {
  it("creates a root on its date and a child derived from its link", async () => {
    const f = await fixture();
    expect(await row(f.a)).toMatchObject({
      start_date: "2026-02-02",
      end_date: "2026-02-04",
      reference_type: "dateReference",
      participant_group_pro_id: f.lotId,
    });
    expect(await row(f.b)).toMatchObject({
      start_date: "2026-02-05",
      end_date: "2026-02-06",
      reference_type: "taskReference",
    });
    const m = await f.tx((t) =>
      createEvent(t, f.userId, f.projectId, f.versionId, {
        name: "Hors d'eau",
        type: "milestone",
        parentsEvents: [{ id: f.b, type: "end-begin", delay: 0 }],
      }),
    );
    expect(await row(m.id)).toMatchObject({
      start_date: "2026-02-09",
      end_date: "2026-02-09",
      number_of_days: 0,
      color: "#FFFFFF",
    });
  });

  it("refuses a root on a non-working day, a root without date, an unknown parent and a cycle, writing nothing", async () => {
    const f = await fixture();
    const count = async () => Number((await db("events").where({ version_id: f.versionId }).count("* as c"))[0].c);
    const before = await count();
    await expect(
      f.tx((t) => createEvent(t, f.userId, f.projectId, f.versionId, { name: "X", startDate: "2026-02-07" })),
    ).rejects.toMatchObject({ code: "errors.invalid_date" });
    await expect(f.tx((t) => createEvent(t, f.userId, f.projectId, f.versionId, { name: "X" }))).rejects.toMatchObject({
      code: "errors.startDate_invalid",
    });
    await expect(
      f.tx((t) =>
        createEvent(t, f.userId, f.projectId, f.versionId, {
          name: "X",
          parentsEvents: [{ id: 999999, type: "end-begin", delay: 0 }],
        }),
      ),
    ).rejects.toMatchObject({ code: "errors.event_not_found" });
    await expect(
      f.tx((t) =>
        createEvent(t, f.userId, f.projectId, f.versionId, {
          name: "X",
          parentsEvents: [{ id: f.b, type: "end-begin", delay: 0 }],
          childrenEvents: [{ id: f.a, type: "end-begin", delay: 0 }],
        }),
      ),
    ).rejects.toMatchObject({ code: "errors.cycle", status: 400 });
    expect(await count()).toBe(before);
  });

  it("a longer duration pushes the successors; only changed fields are written, with history", async () => {
    const f = await fixture();
    const revision = (await row(f.a)).revision;
    const r = await f.tx((t) =>
      updateEvent(t, f.userId, f.projectId, f.versionId, f.a, {
        numberOfDays: 5,
        name: "Fondations  spéciales",
        revision,
      }),
    );
    expect(await row(f.a)).toMatchObject({ end_date: "2026-02-06", number_of_days: 5, name: "Fondations  spéciales" });
    expect(await row(f.b)).toMatchObject({ start_date: "2026-02-09", end_date: "2026-02-10" });
    expect(r.ids.sort()).toEqual([f.a, f.b].sort());
    const fields = (await db("event_histories").where({ event_id: f.a }).select("field_name"))
      .map((h) => h.field_name)
      .sort();
    expect(fields).toEqual(["endDate", "name", "numberOfDays"]);
  });

  it("a stale revision is refused with errors.conflict", async () => {
    const f = await fixture();
    await expect(
      f.tx((t) => updateEvent(t, f.userId, f.projectId, f.versionId, f.a, { name: "Autre", revision: 9 })),
    ).rejects.toMatchObject({ code: "errors.conflict", status: 409 });
    expect((await row(f.a)).name).toBe("Fondations");
  });

  it("a new start date on a derived event becomes a delay on its incoming link", async () => {
    const f = await fixture();
    await f.tx((t) => updateEvent(t, f.userId, f.projectId, f.versionId, f.b, { startDate: "2026-02-10" }));
    expect(await row(f.b)).toMatchObject({ start_date: "2026-02-10" });
    expect((await db("event_links").where({ child_id: f.b }).first()).delay).toBe(3);
    // Its parent moving still carries it.
    await f.tx((t) => updateEvent(t, f.userId, f.projectId, f.versionId, f.a, { startDate: "2026-02-03" }));
    expect(await row(f.b)).toMatchObject({ start_date: "2026-02-11" });
  });

  it("replacing the parents re-derives the dates; locking keeps the dates when a parent moves", async () => {
    const f = await fixture();
    const c = await f.tx((t) =>
      createEvent(t, f.userId, f.projectId, f.versionId, {
        name: "Cloisons",
        numberOfDays: 1,
        startDate: "2026-03-02",
      }),
    );
    await f.tx((t) =>
      updateEvent(t, f.userId, f.projectId, f.versionId, f.b, {
        parentsEvents: [{ id: c.id, type: "begin-begin", delay: 1 }],
      }),
    );
    expect(await row(f.b)).toMatchObject({ start_date: "2026-03-03" });
    await f.tx((t) => updateEvent(t, f.userId, f.projectId, f.versionId, f.b, { locked: true }));
    await f.tx((t) => updateEvent(t, f.userId, f.projectId, f.versionId, c.id, { startDate: "2026-03-09" }));
    expect(await row(f.b)).toMatchObject({ start_date: "2026-03-03", locked: true });
    forget(f.versionId);
    const fresh = await readVersionGraph(db, f.versionId, 0);
    expect(fresh.schedule.violations).toHaveLength(1);
    expect(fresh.stale.length).toBe(0);
  });

  it("deletion is refused for a task other tasks depend on and for a counted task; a leaf goes, and undo brings it back", async () => {
    const f = await fixture();
    await expect(f.tx((t) => deleteEvents(t, f.userId, f.projectId, f.versionId, [f.a]))).rejects.toMatchObject({
      code: "ImplementationError",
      status: 400,
    });
    await db("countings").insert({
      project_id: f.projectId,
      version_id: f.versionId,
      event_id: f.b,
      counting_date: "2026-02-05",
      percentage: 50,
    });
    await expect(f.tx((t) => deleteEvents(t, f.userId, f.projectId, f.versionId, [f.b]))).rejects.toMatchObject({
      code: "errors.event_has_countings",
    });
    await db("countings").where({ event_id: f.b }).delete();
    const r = await f.tx((t) => deleteEvents(t, f.userId, f.projectId, f.versionId, [f.a, f.b]));
    expect(r.deleted.sort()).toEqual([f.a, f.b].sort());
    expect(await row(f.a)).toBeUndefined();
    await f.tx((t) => undoApply(t, f.userId, f.projectId, f.versionId));
    expect(await row(f.b)).toMatchObject({ start_date: "2026-02-05", name: "Élévation" });
    expect(await db("event_links").where({ parent_id: f.a, child_id: f.b }).first()).toBeTruthy();
  });

  it("undo of an update restores the fields and the links", async () => {
    const f = await fixture();
    const c = await f.tx((t) =>
      createEvent(t, f.userId, f.projectId, f.versionId, {
        name: "Cloisons",
        numberOfDays: 1,
        startDate: "2026-03-02",
      }),
    );
    await f.tx((t) =>
      updateEvent(t, f.userId, f.projectId, f.versionId, f.b, {
        name: "Renommée",
        parentsEvents: [{ id: c.id, type: "end-begin", delay: 0 }],
      }),
    );
    await f.tx((t) => undoApply(t, f.userId, f.projectId, f.versionId));
    expect(await row(f.b)).toMatchObject({ name: "Élévation", start_date: "2026-02-05" });
    expect((await db("event_links").where({ child_id: f.b })).map((l) => l.parent_id)).toEqual([f.a]);
  });
});
