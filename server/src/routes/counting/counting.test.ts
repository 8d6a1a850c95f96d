import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
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
  /** Thu 5 - Tue 10 March 2026: 4 working days over a weekend, 2 people. */
  a: number;
  /** Mon 2 - Fri 6 March 2026: 5 working days, 1 person. */
  b: number;
  milestone: number;
  macroTask: number;
}

/** A project whose first version is signed, with two tasks of one macro-task and a milestone. */
async function site(opts: { signed?: boolean; members?: BuiltUser[] } = {}): Promise<Site> {
  const p = await buildProject(t, manager, { members: opts.members });
  if (opts.signed ?? true) await t.db("projects").where({ id: p.id }).update({ signed_version_id: p.versionId });
  const [mt] = await t
    .db("macro_tasks")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Second œuvre" })
    .returning("id");
  const a = await buildEvent(t.db, p, {
    name: "Cloisons",
    number_of_days: 4,
    number_of_people: 2,
    start_date: "2026-03-05",
    end_date: "2026-03-10",
    macro_task_id: mt.id,
  });
  const b = await buildEvent(t.db, p, {
    name: "Doublages",
    number_of_days: 5,
    number_of_people: 1,
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    macro_task_id: mt.id,
  });
  const m = await buildEvent(t.db, p, {
    type: "milestone",
    name: "Hors d'eau",
    start_date: "2026-03-09",
    end_date: "2026-03-09",
    macro_task_id: mt.id,
  });
  return { p, a: a.id as number, b: b.id as number, milestone: m.id as number, macroTask: mt.id as number };
}

const post = (token: string, body: unknown, headers?: Record<string, string>) =>
  t.request("POST", "/counting", { token, body, headers });
const countings = (p: BuiltProject) => countRows(t.db, "countings", { project_id: p.id });

describe("POST /counting", () => {
  it("counts a task of the signed version: the user, the date, a JSON number; GET /event shows it", async () => {
    const s = await site();
    const res = await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-06" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      eventId: s.a,
      percentage: 50,
      countingDate: "2026-03-06",
      versionId: s.p.versionId,
      user: { id: manager.id, firstName: "Camille", lastName: "Martin" },
      event: { id: s.a, name: "Cloisons", startDate: "2026-03-05", endDate: "2026-03-10" },
    });
    expect(typeof res.body.createdAt).toBe("string");
    const event = await t.request("GET", `/event/${s.a}`, { token: manager.token, query: { date: "2026-03-06" } });
    expect(event.body.lastCounting).toEqual({ percentage: 50, countingDate: "2026-03-06" });
    expect(event.body.theoreticalProgress).toBe(50);
    const live = t.emitted.filter((e) => e.event === "event:update_progress" && e.projectId === s.p.id);
    expect(live).toEqual([
      expect.objectContaining({ versionId: s.p.versionId, ids: [res.body.id], data: { eventIds: [s.a] } }),
    ]);
    const check = await t.request("GET", `/event/check-countings/${s.a}`, { token: manager.token });
    expect(check.body).toMatchObject({ hasCountings: true, count: 1 });
    // A later counting is the last one; 33.333 keeps two decimals.
    await post(manager.token, { eventId: s.a, percentage: 33.333, countingDate: "2026-03-09" });
    const again = await t.request("GET", `/event/${s.a}`, { token: manager.token });
    expect(again.body.lastCounting).toEqual({ percentage: 33.33, countingDate: "2026-03-09" });
  });

  it("refuses a percentage of 0 or less, over 100 or not a number with the catalogue's code; nothing written", async () => {
    const s = await site();
    for (const percentage of [0, -5, 100.01, 150, 0.001]) {
      const res = await post(manager.token, { eventId: s.a, percentage, countingDate: "2026-03-06" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("counting_out_of_range");
      expect(res.body.message).toBe("L'avancement doit être supérieur à 0 et au plus 100.");
    }
    for (const percentage of ["50", null, "abc"]) {
      const res = await post(manager.token, { eventId: s.a, percentage, countingDate: "2026-03-06" });
      expect(res.status).toBe(400);
    }
    expect(await countings(s.p)).toBe(0);
    expect(t.emitted.some((e) => e.event === "event:update_progress" && e.projectId === s.p.id)).toBe(false);
    // 100 is the maximum, and accepted.
    const full = await post(manager.token, { eventId: s.a, percentage: 100, countingDate: "2026-03-06" });
    expect(full.status).toBe(200);
    expect(await countings(s.p)).toBe(1);
  });

  it("refuses a counting dated before the task's start; the start day itself and after its end are accepted", async () => {
    const s = await site();
    const before = await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-04" });
    expect(before.status).toBe(400);
    expect(before.body.code).toBe("counting_unstarted_task");
    expect(before.body.message).toBe("Impossible de compter une tâche non commencée.");
    expect(await countings(s.p)).toBe(0);
    expect((await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-05" })).status).toBe(200);
    expect((await post(manager.token, { eventId: s.a, percentage: 90, countingDate: "2026-04-20" })).status).toBe(200);
    expect(await countings(s.p)).toBe(2);
  });

  it("refuses a project with no signed version and the copy of a task in a newer unsigned version (409)", async () => {
    const unsigned = await site({ signed: false });
    const res = await post(manager.token, { eventId: unsigned.a, percentage: 50, countingDate: "2026-03-06" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("counting_unsigned_version");
    expect(res.body.message).toBe("Impossible de compter sur une version non signée.");
    expect(await countings(unsigned.p)).toBe(0);

    const s = await site();
    const [v2] = await t
      .db("versions")
      .insert({ project_id: s.p.id, name: "Version 2", is_active_version: true })
      .returning("id");
    const original = await t.db("events").where({ id: s.a }).first();
    const copy = await buildEvent(
      t.db,
      { id: s.p.id, versionId: v2.id },
      {
        name: original.name,
        tracking_id: original.tracking_id,
        number_of_days: 4,
        start_date: "2026-03-05",
        end_date: "2026-03-10",
      },
    );
    const refused = await post(manager.token, { eventId: copy.id, percentage: 50, countingDate: "2026-03-06" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("counting_unsigned_version");
    expect(await countings(s.p)).toBe(0);
  });

  it("the number of days is mandatory: an event with no working day (a milestone) is refused, nothing written", async () => {
    const s = await site();
    const res = await post(manager.token, { eventId: s.milestone, percentage: 50, countingDate: "2026-03-09" });
    expect([res.status, res.body.code]).toEqual([400, "counting_missing_days"]);
    const batch = await t.request("PATCH", "/macro-task/counting", {
      token: manager.token,
      body: {
        macroTaskId: s.macroTask,
        countingDate: "2026-03-09",
        countings: [
          { eventId: s.a, percentage: 50 },
          { eventId: s.milestone, percentage: 50 },
        ],
      },
    });
    expect([batch.status, batch.body.code]).toEqual([400, "counting_missing_days"]);
    expect(await countings(s.p)).toBe(0);
    expect((await t.db("macro_tasks").where({ id: s.macroTask }).first()).has_counting).toBe(false);
  });

  it("refuses a milestone, an unknown task and a zone of another version; nothing written", async () => {
    const s = await site();
    const other = await site();
    const zone = await buildZone(t.db, other.p);
    const cases = [
      [{ eventId: s.milestone, percentage: 50, countingDate: "2026-03-09" }, 400, "counting_missing_days"],
      [{ eventId: 2_000_000_000, percentage: 50, countingDate: "2026-03-09" }, 404, "errors.event_not_found"],
      [{ eventId: s.a, percentage: 50, countingDate: "2026-03-09", zoneId: zone.id }, 404, "errors.not_found"],
      [{ eventId: s.a, percentage: 50, countingDate: "2026-02-30" }, 400, "errors.validation"],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await post(manager.token, body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await countings(s.p)).toBe(0);
    const own = await buildZone(t.db, s.p);
    const ok = await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-09", zoneId: own.id });
    expect(ok.body.zoneId).toBe(own.id);
  });

  it("stores a counting sent twice with one key once and answers the first's result (body key or header)", async () => {
    const s = await site();
    const clientKey = "6f1c1a8e-2b7d-4c1e-9a51-0d3a1c2b4e5f";
    // A refused first attempt stores nothing: the key is free for the corrected counting.
    const refused = await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-01", clientKey });
    expect(refused.status).toBe(400);
    const first = await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-06", clientKey });
    const second = await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-06", clientKey });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.clientKey).toBe(clientKey);
    expect(await countings(s.p)).toBe(1);

    const headers = { "Idempotency-Key": "c0ffee00-1111-4222-8333-944445555666" };
    const h1 = await post(manager.token, { eventId: s.b, percentage: 75, countingDate: "2026-03-06" }, headers);
    const h2 = await post(manager.token, { eventId: s.b, percentage: 75, countingDate: "2026-03-06" }, headers);
    expect(h2.body.id).toBe(h1.body.id);
    expect(await countings(s.p)).toBe(2);
    // Concurrent replays still make one row.
    const key = "aaaabbbb-cccc-4ddd-8eee-ffff00001111";
    const all = await Promise.all(
      [1, 2, 3].map(() =>
        post(manager.token, { eventId: s.b, percentage: 80, countingDate: "2026-03-09", clientKey: key }),
      ),
    );
    expect(new Set(all.map((r) => r.body.id)).size).toBe(1);
    expect(await countings(s.p)).toBe(3);
    const bad = await post(
      manager.token,
      { eventId: s.b, percentage: 80, countingDate: "2026-03-09" },
      {
        "Idempotency-Key": "no",
      },
    );
    expect(bad.status).toBe(400);
    expect(await countings(s.p)).toBe(3);
  });
});

describe("GET /event/{id} theoreticalProgress", () => {
  it("is 0 before the start, counts the start day, stands still over the weekend, 100 from the end", async () => {
    const s = await site();
    const at = async (date: string) =>
      (await t.request("GET", `/event/${s.a}`, { token: manager.token, query: { date } })).body.theoreticalProgress;
    expect(await at("2026-03-04")).toBe(0);
    expect(await at("2026-03-05")).toBe(25);
    expect(await at("2026-03-07")).toBe(50);
    expect(await at("2026-03-08")).toBe(50);
    expect(await at("2026-03-09")).toBe(75);
    expect(await at("2026-03-10")).toBe(100);
    expect(await at("2027-01-04")).toBe(100);
    // Today's by default: this task ended in 2026... or is still ahead; either way a number in 0..100.
    const today = (await t.request("GET", `/event/${s.a}`, { token: manager.token })).body.theoreticalProgress;
    expect(today).toBeGreaterThanOrEqual(0);
    expect(today).toBeLessThanOrEqual(100);
    // The list gives every task today's theoretical progress too, the same as the task's own GET.
    const list = await t.request("GET", "/event", {
      token: manager.token,
      query: { filter: `projectId||$eq||${s.p.id}`, limit: 100 },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.find((e: { id: number }) => e.id === s.a).theoreticalProgress).toBe(today);
    const bad = await t.request("GET", `/event/${s.a}`, { token: manager.token, query: { date: "demain" } });
    expect(bad.status).toBe(400);
  });
});

describe("GET /counting and GET /counting/all", () => {
  it("lists the signed version's countings newest first with filters and paging; all by date", async () => {
    const s = await site();
    await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-05" });
    await post(manager.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-06" });
    await post(manager.token, { eventId: s.b, percentage: 100, countingDate: "2026-03-06" });
    const list = await t.request("GET", "/counting", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`], limit: "2" },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((c: { countingDate: string }) => c.countingDate)).toEqual(["2026-03-06", "2026-03-06"]);
    const ofA = await t.request("GET", "/counting", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`, `eventId||$eq||${s.a}`], sort: "countingDate,ASC" },
    });
    expect(ofA.body.data.map((c: { percentage: number }) => c.percentage)).toEqual([25, 50]);
    const page2 = await t.request("GET", "/counting", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`], limit: "2", offset: "2" },
    });
    expect(page2.body.data).toHaveLength(1);
    const all = await t.request("GET", "/counting/all", {
      token: manager.token,
      query: { projectId: String(s.p.id), eventIds: `${s.a}` },
    });
    expect(all.body.data.map((c: { percentage: number }) => c.percentage)).toEqual([25, 50]);
    const huge = await t.request("GET", "/counting/all", {
      token: manager.token,
      query: { projectId: String(s.p.id), eventIds: "9999999999,abc" },
    });
    expect(huge.status).toBe(400);
    const tooBig = await t.request("GET", "/counting/all", {
      token: manager.token,
      query: { projectId: String(s.p.id), eventIds: "9999999999" },
    });
    expect(tooBig.status).toBeLessThan(500);
    const noProject = await t.request("GET", "/counting", { token: manager.token });
    expect(noProject.status).toBe(400);
  });
});

describe("PATCH /counting/bulk", () => {
  it("corrects percentages and dates by the same rules, all or nothing", async () => {
    const s = await site();
    const a = (await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-06" })).body;
    const b = (await post(manager.token, { eventId: s.b, percentage: 50, countingDate: "2026-03-06" })).body;
    const refusals = [
      [[{ id: a.id, percentage: 120 }], 400, "counting_out_of_range"],
      [
        [
          { id: b.id, percentage: 60 },
          { id: a.id, countingDate: "2026-03-04" },
        ],
        400,
        "counting_unstarted_task",
      ],
      [[{ id: 2_000_000_000, percentage: 10 }], 404, "errors.not_found"],
    ] as const;
    for (const [lines, status, code] of refusals) {
      const res = await t.request("PATCH", "/counting/bulk", { token: manager.token, body: { countings: lines } });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const unchanged = await t.db("countings").whereIn("id", [a.id, b.id]).orderBy("id").select("percentage");
    expect(unchanged.map((r) => Number(r.percentage))).toEqual([25, 50]);
    const ok = await t.request("PATCH", "/counting/bulk", {
      token: manager.token,
      body: {
        countings: [
          { id: a.id, percentage: 40, countingDate: "2026-03-09" },
          { id: b.id, percentage: 100 },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(
      ok.body.data.map((c: { percentage: number; countingDate: string }) => [c.percentage, c.countingDate]),
    ).toEqual([
      [40, "2026-03-09"],
      [100, "2026-03-06"],
    ]);
  });

  it("refuses countings left in a version that is no longer the signed one (409), nothing changed", async () => {
    const s = await site();
    const a = (await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-06" })).body;
    await t.db("projects").where({ id: s.p.id }).update({ signed_version_id: null });
    const res = await t.request("PATCH", "/counting/bulk", {
      token: manager.token,
      body: { countings: [{ id: a.id, percentage: 60 }] },
    });
    expect([res.status, res.body.code]).toEqual([409, "counting_unsigned_version"]);
    expect(Number((await t.db("countings").where({ id: a.id }).first()).percentage)).toBe(25);
  });
});

describe("macro-task countings", () => {
  it("counts tasks of a macro-task at once; the list shows the weighted progression and the completed flag", async () => {
    const s = await site();
    const listed = async () => {
      const res = await t.request("GET", "/macro-task", {
        token: manager.token,
        query: { filter: [`projectId||$eq||${s.p.id}`, `versionId||$eq||${s.p.versionId}`] },
      });
      return res.body.data.find((m: { id: number }) => m.id === s.macroTask);
    };
    // Nothing counted: 0 %, a task never counted weighs 0 %.
    expect(await listed()).toMatchObject({ globalCounting: 0, hasCounting: false, isComplete: false });
    const res = await t.request("PATCH", "/macro-task/counting", {
      token: manager.token,
      body: { macroTaskId: s.macroTask, countingDate: "2026-03-06", countings: [{ eventId: s.a, percentage: 50 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    // A: 2 people × 4 days at 50 %, B: 1 × 5 at 0 %, the milestone weighs nothing: 400 / 13.
    expect(await listed()).toMatchObject({ globalCounting: 30.77, hasCounting: true, isComplete: false });
    await t.request("PATCH", "/macro-task/counting", {
      token: manager.token,
      body: {
        macroTaskId: s.macroTask,
        countingDate: "2026-03-10",
        countings: [
          { eventId: s.a, percentage: 100 },
          { eventId: s.b, percentage: 100 },
        ],
      },
    });
    expect(await listed()).toMatchObject({ globalCounting: 100, isComplete: true });
  });

  it("stores a batch sent again with its keys once and answers the first's countings", async () => {
    const s = await site();
    const body = {
      macroTaskId: s.macroTask,
      countingDate: "2026-03-09",
      countings: [
        { eventId: s.a, percentage: 40, clientKey: "batch-line-a-0001" },
        { eventId: s.b, percentage: 20, clientKey: "batch-line-b-0001" },
      ],
    };
    const first = await t.request("PATCH", "/macro-task/counting", { token: manager.token, body });
    const again = await t.request("PATCH", "/macro-task/counting", { token: manager.token, body });
    expect([first.status, again.status]).toEqual([200, 200]);
    const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((c) => c.id);
    expect(ids(again)).toEqual(ids(first));
    expect(first.body.data.map((c: { clientKey: string }) => c.clientKey)).toEqual([
      "batch-line-a-0001",
      "batch-line-b-0001",
    ]);
    expect(await countings(s.p)).toBe(2);
    // One key twice in a batch is refused before anything is written.
    const twice = await t.request("PATCH", "/macro-task/counting", {
      token: manager.token,
      body: {
        ...body,
        countings: [
          { eventId: s.a, percentage: 60, clientKey: "batch-line-c-0001" },
          { eventId: s.b, percentage: 60, clientKey: "batch-line-c-0001" },
        ],
      },
    });
    expect([twice.status, twice.body.code]).toEqual([400, "errors.validation"]);
    expect(await countings(s.p)).toBe(2);
  });

  it("refuses a task of another macro-task, an unstarted one or an out-of-range value, all or nothing", async () => {
    const s = await site();
    const stray = await buildEvent(t.db, s.p, { start_date: "2026-03-02", end_date: "2026-03-02" });
    const cases = [
      [[{ eventId: stray.id, percentage: 50 }], "2026-03-06", 404, "errors.not_found"],
      [
        [
          { eventId: s.b, percentage: 50 },
          { eventId: s.a, percentage: 50 },
        ],
        "2026-03-04",
        400,
        "counting_unstarted_task",
      ],
      [[{ eventId: s.b, percentage: 0 }], "2026-03-06", 400, "counting_out_of_range"],
    ] as const;
    for (const [lines, countingDate, status, code] of cases) {
      const res = await t.request("PATCH", "/macro-task/counting", {
        token: manager.token,
        body: { macroTaskId: s.macroTask, countingDate, countings: lines },
      });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await countings(s.p)).toBe(0);
    expect((await t.db("macro_tasks").where({ id: s.macroTask }).first()).has_counting).toBe(false);
  });
});

describe("GET /counting/progress", () => {
  it("sums a sequence's sub-events (its instances' tasks too) and weighs their real and theoretical progress", async () => {
    const s = await site();
    const [train] = await t
      .db("sequences")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Train logements" })
      .returning("id");
    const [instance] = await t
      .db("sequences")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Logement 1", parent_sequence_id: train.id })
      .returning("id");
    await t.db("events").where({ id: s.a }).update({ sequence_id: train.id });
    await t.db("events").whereIn("id", [s.b, s.milestone]).update({ sequence_id: instance.id });
    await post(manager.token, { eventId: s.b, percentage: 100, countingDate: "2026-03-06" });
    const res = await t.request("GET", "/counting/progress", {
      token: manager.token,
      query: {
        projectId: String(s.p.id),
        sequenceIds: `${train.id}`,
        macroTaskIds: `${s.macroTask}`,
        date: "2026-03-06",
      },
    });
    expect(res.status).toBe(200);
    // A: 2 × 4 days, theoretically 50 % on Friday 6, not counted; B: 1 × 5 days, 100 % both ways: 5 / 13 real.
    const expected = {
      numberOfDays: 9,
      numberOfPeople: 3,
      tasks: 2,
      countedTasks: 1,
      progress: 38.46,
      theoreticalProgress: 69.23,
      finished: false,
    };
    expect(res.body.data).toEqual([
      { type: "sequence", id: train.id, name: "Train logements", ...expected },
      { type: "macroTask", id: s.macroTask, name: "Second œuvre", ...expected },
    ]);
    const foreign = await site();
    const refused = await t.request("GET", "/counting/progress", {
      token: manager.token,
      query: { projectId: String(s.p.id), macroTaskIds: `${foreign.macroTask}` },
    });
    expect(refused.status).toBe(404);
    const outside = await t.request("GET", "/counting/progress", {
      token: outsider.token,
      query: { projectId: String(s.p.id), sequenceIds: `${train.id}` },
    });
    expect(outside.status).toBe(403);
  });
});

describe("permissions", () => {
  it("refuses another project's manager, an external member and a guest; nothing written", async () => {
    const s = await site({ members: [external, guest] });
    const mine = (await post(manager.token, { eventId: s.a, percentage: 25, countingDate: "2026-03-06" })).body;
    for (const u of [outsider, external, guest]) {
      const res = await post(u.token, { eventId: s.a, percentage: 50, countingDate: "2026-03-06" });
      expect(res.status).toBe(403);
      const bulk = await t.request("PATCH", "/counting/bulk", {
        token: u.token,
        body: { countings: [{ id: mine.id, percentage: 90 }] },
      });
      expect(bulk.status).toBe(403);
      const macro = await t.request("PATCH", "/macro-task/counting", {
        token: u.token,
        body: { macroTaskId: s.macroTask, countingDate: "2026-03-06", countings: [{ eventId: s.b, percentage: 50 }] },
      });
      expect(macro.status).toBe(403);
      const list = await t.request("GET", "/counting", {
        token: u.token,
        query: { filter: [`projectId||$eq||${s.p.id}`] },
      });
      expect(list.status).toBe(403);
      const all = await t.request("GET", "/counting/all", { token: u.token, query: { projectId: String(s.p.id) } });
      expect(all.status).toBe(403);
    }
    expect(await countings(s.p)).toBe(1);
    expect(Number((await t.db("countings").where({ id: mine.id }).first()).percentage)).toBe(25);
    const anonymous = await post("", { eventId: s.a, percentage: 50, countingDate: "2026-03-06" });
    expect(anonymous.status).toBe(401);
  });
});
