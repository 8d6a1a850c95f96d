import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RequestOptions, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
beforeAll(async () => {
  ({ t, manager, external, outsider, guest } = await startWithUsers());
});
afterAll(async () => t?.close());

interface Site {
  p: BuiltProject;
  lot: number;
  z1: number;
  ids: Record<"A" | "B" | "C" | "D" | "E" | "F" | "G" | "M" | "N", number>;
}

/**
 * March 2026, no holidays (Mon 2 is a Monday). Weight = people x days.
 *   A 4 d x 2 p (8)  Mon 2 - Thu 5, lot L, zone Z1; countings 10 % Tue 3, 25 % Wed 4, 90 % Tue 10.
 *   B 2 d x 1 p (2)  after A: Fri 6 - Mon 9.    G 5 d x 1 p (5) after B: Tue 10 - Mon 16.
 *   M tracked milestone (10 people, weighs nothing) after G: Tue 17.   N untracked milestone Fri 6.
 *   C 5 d x 3 p (15) Mon 9 - Fri 13, zone Z2.
 *   D 1 d x 1 p (1)  Mon 2, counted 100 % Mon 2.
 *   E 2 d x 1 p (2)  Tue 3 - Wed 4, never counted.
 *   F 4 d x 1 p (4)  Mon 2 - Thu 5, counted 75 % Wed 4.
 * Expected end Fri 20 March. Roadblocks: 3, one validated.
 */
async function site(): Promise<Site> {
  const p = await buildProject(t, manager);
  await t.db("projects").where({ id: p.id }).update({ expected_end_date: "2026-03-20T10:00:00Z" });
  const lot = (await buildLot(t.db, p, { name: "Gros œuvre" })).id as number;
  const z1 = (await buildZone(t.db, p, { name: "Z1" })).id as number;
  const z2 = (await buildZone(t.db, p, { name: "Z2" })).id as number;
  const task = async (name: string, days: number, people: number, start: string, end: string, extra = {}) =>
    (
      await buildEvent(t.db, p, {
        name,
        number_of_days: days,
        number_of_people: people,
        start_date: start,
        end_date: end,
        ...extra,
      })
    ).id as number;
  const A = await task("A", 4, 2, "2026-03-02", "2026-03-05", { participant_group_pro_id: lot, zone_id: z1 });
  const B = await task("B", 2, 1, "2026-03-06", "2026-03-09");
  const G = await task("G", 5, 1, "2026-03-10", "2026-03-16");
  const M = await task("Réception", 0, 10, "2026-03-17", "2026-03-17", { type: "milestone", is_tracked: true });
  const N = await task("Jalon libre", 0, 1, "2026-03-06", "2026-03-06", { type: "milestone" });
  const C = await task("C", 5, 3, "2026-03-09", "2026-03-13", { zone_id: z2 });
  const D = await task("D", 1, 1, "2026-03-02", "2026-03-02");
  const E = await task("E", 2, 1, "2026-03-03", "2026-03-04");
  const F = await task("F", 4, 1, "2026-03-02", "2026-03-05");
  await buildLink(t.db, p, A, B);
  await buildLink(t.db, p, B, G);
  await buildLink(t.db, p, G, M);
  const count = (event_id: number, counting_date: string, percentage: number) =>
    t.db("countings").insert({ project_id: p.id, version_id: p.versionId, event_id, counting_date, percentage });
  await count(A, "2026-03-03", 10);
  await count(A, "2026-03-04", 25);
  await count(A, "2026-03-10", 90);
  await count(D, "2026-03-02", 100);
  await count(F, "2026-03-04", 75);
  await t.db("roadblocks").insert(
    [true, false, false].map((validate, k) => ({
      project_id: p.id,
      version_id: p.versionId,
      name: `Levée ${k}`,
      validate,
      event_id: C,
    })),
  );
  return { p, lot, z1, ids: { A, B, C, D, E, F, G, M, N } };
}

const dash = (s: Site, date: string, token = manager.token) =>
  t.request("GET", `/project/${s.p.id}/dashboard`, { token, query: { versionId: s.p.versionId, date } });
const list = (path: string, s: Site, query: Record<string, string | number>, token = manager.token) =>
  t.request("GET", `/project/${path}`, { token, query: { projectId: s.p.id, versionId: s.p.versionId, ...query } });

describe("GET /project/{id}/dashboard", () => {
  it("answers the hand-computed figures on Wed 4 March", async () => {
    const s = await site();
    const res = await dash(s, "2026-03-04");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      projectId: s.p.id,
      versionId: s.p.versionId,
      date: "2026-03-04",
      // (8 x 25 + 1 x 100 + 4 x 75) / 37: the Tue 10 counting of A is after the date, E and the rest count 0.
      progress: 16.22,
      // (8 x 75 + 1 x 100 + 2 x 100 + 4 x 75) / 37.
      theoreticalProgress: 32.43,
      // The last event: the milestone M (a project ends on its last milestone too).
      projectedEndDate: "2026-03-17",
      // A: 75 % of 4 days left from Thu 5 -> Mon 9; B Tue 10 - Wed 11; G Thu 12 - Wed 18; M Thu 19.
      forecastEndDate: "2026-03-19",
      expectedEndDate: "2026-03-20",
      // Fri 20.
      marginForHazards: 1,
      milestones: [
        { id: s.ids.M, name: "Réception", plannedDate: "2026-03-17", projectedDate: "2026-03-19", deltaDays: 2 },
      ],
      // D finished; A and E late (E never counted: to point too); F on time (75 = 75); B, C, G not started.
      production: { tasksFinished: 1, tasksOnTime: 1, tasksLate: 2, tasksToPoint: 1 },
      // One week so far, taken at the date: the same counts as production.
      productionWeeks: [
        {
          weekStart: "2026-03-02",
          date: "2026-03-04",
          tasksFinished: 1,
          tasksOnTime: 1,
          tasksLate: 2,
          tasksToPoint: 1,
        },
      ],
      roadblocks: { total: 3, open: 2 },
    });
    // The projected end is the planning's.
    const planning = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: s.p.id, versionId: s.p.versionId },
    });
    expect(planning.body.projectedEndDate).toBe(res.body.projectedEndDate);
  });

  it("theoretical progress is 0 before every start and 100 after every end; the margin goes negative", async () => {
    const s = await site();
    const before = await dash(s, "2026-03-01");
    expect(before.body).toMatchObject({ progress: 0, theoreticalProgress: 0 });
    expect(before.body.production).toEqual({ tasksFinished: 0, tasksOnTime: 0, tasksLate: 0, tasksToPoint: 0 });
    const after = await dash(s, "2026-03-20");
    expect(after.body.theoreticalProgress).toBe(100);
    // A's 90 % of Tue 10 counts now: (8 x 90 + 100 + 4 x 75) / 37 = 30.27.
    expect(after.body.progress).toBe(30.27);
    // A 90 % on Tue 10: 1 day left, Wed 11; B Thu 12 - Fri 13; G Mon 16 - Fri 20; M Mon 23.
    expect(after.body.forecastEndDate).toBe("2026-03-23");
    expect(after.body.marginForHazards).toBe(-1);
    expect(after.body.milestones[0]).toMatchObject({ projectedDate: "2026-03-23", deltaDays: 4 });
    await t.db("projects").where({ id: s.p.id }).update({ expected_end_date: "2026-03-17T10:00:00Z" });
    expect((await dash(s, "2026-03-04")).body.marginForHazards).toBe(-2);
  });

  it("counts production per week at each Sunday, the date's own week at the date", async () => {
    const s = await site();
    const res = await dash(s, "2026-03-20");
    const week = (weekStart: string, date: string, f: number, o: number, l: number, p: number) => ({
      weekStart,
      date,
      tasksFinished: f,
      tasksOnTime: o,
      tasksLate: l,
      tasksToPoint: p,
    });
    expect(res.body.productionWeeks).toEqual([
      // Sun 8: D finished; A 25 %, F 75 %, E and B (half its days gone, never counted) late; B and E to point.
      week("2026-03-02", "2026-03-08", 1, 0, 4, 2),
      // Sun 15: A 90 % < 100; B, C, E and G (4 of 5 days gone) never counted: late and to point.
      week("2026-03-09", "2026-03-15", 1, 0, 6, 4),
      week("2026-03-16", "2026-03-20", 1, 0, 6, 4),
    ]);
    const { weekStart: _w, date: _d, ...last } = res.body.productionWeeks.at(-1);
    expect(last).toEqual(res.body.production);
    // Before the first start there is no week; far later only the latest 104 weeks are kept.
    expect((await dash(s, "2026-03-01")).body.productionWeeks).toEqual([]);
    const later = (await dash(s, "2028-06-01")).body.productionWeeks;
    expect(later).toHaveLength(104);
    expect(later.at(-1)).toMatchObject({ weekStart: "2028-05-29", date: "2028-06-01" });
    expect(later[0].weekStart).toBe("2026-06-08");
  });

  it("defaults to the current version and today; an empty version has no dates", async () => {
    const q = await buildProject(t, manager);
    const res = await t.request("GET", `/project/${q.id}/dashboard`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      versionId: q.versionId,
      progress: 0,
      projectedEndDate: null,
      forecastEndDate: null,
      marginForHazards: null,
      milestones: [],
      productionWeeks: [],
    });
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses a version of another project, a bad date and a missing project", async () => {
    const s = await site();
    const other = await buildProject(t, manager);
    const wrong = await t.request("GET", `/project/${s.p.id}/dashboard`, {
      token: manager.token,
      query: { versionId: other.versionId },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "errors.version_not_in_project"]);
    expect((await dash(s, "2026-02-30")).status).toBe(400);
    const none = await t.request("GET", "/project/null/dashboard", { token: manager.token });
    expect(none.body.code).toBe("errors.no_project");
  });
});

describe("GET /project/delayed-events and /project/on-time", () => {
  it("lists the late tasks by largest gap and the on-time ones, with limit, lot and zone filters", async () => {
    const s = await site();
    const late = await list("delayed-events", s, { date: "2026-03-04" });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ date: "2026-03-04", count: 2, total: 2 });
    expect(late.body.data.map((e: { id: number }) => e.id)).toEqual([s.ids.E, s.ids.A]);
    expect(late.body.data[1]).toEqual({
      id: s.ids.A,
      name: "A",
      startDate: "2026-03-02",
      endDate: "2026-03-05",
      numberOfDays: 4,
      numberOfPeople: 2,
      zoneId: s.z1,
      participantGroupProId: s.lot,
      progress: 25,
      lastCountingDate: "2026-03-04",
      theoreticalProgress: 75,
    });
    expect(late.body.data[0]).toMatchObject({ progress: 0, lastCountingDate: null, theoreticalProgress: 100 });
    const one = await list("delayed-events", s, { date: "2026-03-04", limit: 1 });
    expect([one.body.count, one.body.total, one.body.data[0].id]).toEqual([1, 2, s.ids.E]);
    const byZone = await list("delayed-events", s, { date: "2026-03-04", zoneIds: String(s.z1) });
    expect(byZone.body.data.map((e: { id: number }) => e.id)).toEqual([s.ids.A]);
    const byLot = await list("delayed-events", s, { date: "2026-03-04", participantGroupProIds: String(s.lot) });
    expect(byLot.body.data.map((e: { id: number }) => e.id)).toEqual([s.ids.A]);

    const onTime = await list("on-time", s, { date: "2026-03-04" });
    expect(onTime.status).toBe(200);
    expect(onTime.body.data.map((e: { id: number }) => e.id)).toEqual([s.ids.F]);
    expect(onTime.body.data[0]).toMatchObject({ progress: 75, theoreticalProgress: 75 });
    // Thu 5: F's theoretical is 100 > 75: late now.
    const thursday = await list("on-time", s, { date: "2026-03-05" });
    expect(thursday.body.total).toBe(0);
    expect((await list("delayed-events", s, { date: "2026-03-01" })).body.total).toBe(0);
  });

  it("the default limit is 100", async () => {
    const q = await buildProject(t, manager);
    await t.db("events").insert(
      Array.from({ length: 105 }, (_, k) => ({
        project_id: q.id,
        version_id: q.versionId,
        name: `T${k}`,
        type: "task",
        number_of_days: 1,
        start_date: "2026-03-02",
        end_date: "2026-03-02",
      })),
    );
    const res = await t.request("GET", "/project/delayed-events", {
      token: manager.token,
      query: { projectId: q.id, date: "2026-03-02" },
    });
    expect([res.status, res.body.count, res.body.total]).toEqual([200, 100, 105]);
    const bad = await t.request("GET", "/project/on-time", {
      token: manager.token,
      query: { projectId: q.id, limit: 0 },
    });
    expect(bad.status).toBe(400);
    const missing = await t.request("GET", "/project/on-time", { token: manager.token });
    expect(missing.body.code).toBe("errors.no_project");
  });
});

describe("recalibration", () => {
  it("previews, then re-dates the late counted task, re-plans its successors and writes the shift history", async () => {
    const s = await site();
    const path = `/project/${s.p.id}/recalibration`;
    const preview = await t.request("GET", path, {
      token: manager.token,
      query: { versionId: s.p.versionId, date: "2026-03-04" },
    });
    expect(preview.status).toBe(200);
    // E is late but never counted: nothing to re-date it from.
    expect(preview.body.tasks).toHaveLength(1);
    expect(preview.body.tasks[0]).toMatchObject({
      id: s.ids.A,
      startDate: "2026-03-02",
      endDate: "2026-03-05",
      newStartDate: "2026-03-04",
      newEndDate: "2026-03-09",
    });
    expect(await countRows(t.db, "shift_histories", { version_id: s.p.versionId })).toBe(0);

    const res = await t.request("POST", path, {
      token: manager.token,
      body: { versionId: s.p.versionId, date: "2026-03-04" },
    });
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((x: { id: number }) => x.id)).toEqual([s.ids.A]);
    expect(res.body.projectedEndDate).toBe("2026-03-19");
    expect(res.body.shiftHistoryIds).toHaveLength(1);
    const rows = await t.db("events").whereIn("id", [s.ids.A, s.ids.B, s.ids.G, s.ids.M]).orderBy("id");
    const dates = Object.fromEntries(
      rows.map((r) => [r.id, [r.start_date, r.end_date].map((d) => new Date(d).toISOString().slice(0, 10))]),
    );
    expect(dates[s.ids.A]).toEqual(["2026-03-04", "2026-03-09"]);
    expect(dates[s.ids.B]).toEqual(["2026-03-10", "2026-03-11"]);
    expect(dates[s.ids.G]).toEqual(["2026-03-12", "2026-03-18"]);
    expect(dates[s.ids.M]).toEqual(["2026-03-19", "2026-03-19"]);

    const shift = await t.db("shift_histories").where({ id: res.body.shiftHistoryIds[0] }).first();
    expect(shift).toMatchObject({ event_id: s.ids.A, name: "Recalage du 04/03/2026", user_id: manager.id });
    expect(shift.files).toEqual([
      expect.objectContaining({
        name: "Recalage du 04/03/2026 - A",
        countingDate: "2026-03-04",
        percentage: 25,
        previousStartDate: "2026-03-02",
        previousEndDate: "2026-03-05",
        newStartDate: "2026-03-04",
        newEndDate: "2026-03-09",
      }),
    ]);
    // Readable and exportable; the planning and the dashboard agree on the new end.
    const listed = await t.request("GET", "/history/shift", {
      token: manager.token,
      query: { filter: `versionId||$eq||${s.p.versionId}` },
    });
    expect(listed.body.data.map((r: { eventId: number }) => r.eventId)).toEqual([s.ids.A]);
    const file = await t.request("GET", "/history/shift/export", {
      token: manager.token,
      query: { filter: `versionId||$eq||${s.p.versionId}` },
    });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe("Recalage du 04/03/2026");
    const after = await dash(s, "2026-03-04");
    expect(after.body).toMatchObject({ projectedEndDate: "2026-03-19", forecastEndDate: "2026-03-19" });
    // A is on time now (25 % = 1 of its 4 days from Wed 4): a second recalibration changes nothing.
    const again = await t.request("POST", path, { token: manager.token, body: { date: "2026-03-04" } });
    expect([again.status, again.body.tasks.length]).toEqual([200, 0]);
    expect(await countRows(t.db, "shift_histories", { version_id: s.p.versionId })).toBe(1);
  });

  it("announces the re-dated task and its re-planned successors live, with their new dates", async () => {
    const s = await site();
    const before = t.emitted.length;
    const res = await t.request("POST", `/project/${s.p.id}/recalibration`, {
      token: manager.token,
      body: { date: "2026-03-04", eventIds: [s.ids.A] },
    });
    expect(res.status).toBe(200);
    const live = t.emitted.slice(before).filter((e) => e.projectId === s.p.id);
    expect(live.map((e) => e.event)).toEqual(["event:bulk_update"]);
    const [bulk] = live;
    expect(bulk).toMatchObject({ versionId: s.p.versionId, initiatorId: manager.id });
    // The planning of every viewer applies these dates without a refetch (the web's pushed dates).
    const pushed = Object.fromEntries(
      bulk.dates!.ids.map((id, k) => [id, [bulk.dates!.startDates[k], bulk.dates!.endDates[k]]]),
    );
    expect(pushed).toMatchObject({
      [s.ids.A]: ["2026-03-04", "2026-03-09"],
      [s.ids.B]: ["2026-03-10", "2026-03-11"],
      [s.ids.G]: ["2026-03-12", "2026-03-18"],
      [s.ids.M]: ["2026-03-19", "2026-03-19"],
    });
    expect(bulk.ids).toEqual(expect.arrayContaining([s.ids.A, s.ids.B, s.ids.G, s.ids.M]));
    // Nothing to re-date: nothing announced.
    const quiet = t.emitted.length;
    const again = await t.request("POST", `/project/${s.p.id}/recalibration`, {
      token: manager.token,
      body: { date: "2026-03-04" },
    });
    expect([again.status, again.body.tasks.length]).toEqual([200, 0]);
    expect(t.emitted.slice(quiet).filter((e) => e.projectId === s.p.id)).toEqual([]);
  });

  it("eventIds restricts it; an unknown event is refused and nothing is written", async () => {
    const s = await site();
    const path = `/project/${s.p.id}/recalibration`;
    const onlyF = await t.request("POST", path, {
      token: manager.token,
      body: { date: "2026-03-04", eventIds: [s.ids.F] },
    });
    expect([onlyF.status, onlyF.body.tasks.length]).toEqual([200, 0]);
    const history = await countRows(t.db, "event_histories", { version_id: s.p.versionId });
    const bad = await t.request("POST", path, {
      token: manager.token,
      body: { date: "2026-03-04", eventIds: [s.ids.A, 99_999_999] },
    });
    expect([bad.status, bad.body.code]).toEqual([404, "errors.event_not_found"]);
    const a = await t.db("events").where({ id: s.ids.A }).first();
    expect(new Date(a.start_date).toISOString().slice(0, 10)).toBe("2026-03-02");
    expect(await countRows(t.db, "shift_histories", { version_id: s.p.versionId })).toBe(0);
    expect(await countRows(t.db, "event_histories", { version_id: s.p.versionId })).toBe(history);
    const frozen = await buildProject(t, manager);
    await t.db("versions").where({ id: frozen.versionId }).update({ is_archived: true });
    const refused = await t.request("POST", `/project/${frozen.id}/recalibration`, { token: manager.token, body: {} });
    expect(refused.body.code).toBe("errors.version_frozen");
  });
});

describe("permissions", () => {
  it("managers of the project only: another project's manager, an external user and a guest are refused", async () => {
    const s = await site();
    await t.db("project_users").insert({ project_id: s.p.id, user_id: external.id });
    const calls: [string, string, RequestOptions["query"], unknown][] = [
      ["GET", `/project/${s.p.id}/dashboard`, { date: "2026-03-04" }, undefined],
      ["GET", "/project/delayed-events", { projectId: s.p.id }, undefined],
      ["GET", "/project/on-time", { projectId: s.p.id }, undefined],
      ["GET", `/project/${s.p.id}/recalibration`, { date: "2026-03-04" }, undefined],
      ["POST", `/project/${s.p.id}/recalibration`, undefined, { date: "2026-03-04" }],
    ];
    for (const [method, path, query, body] of calls) {
      for (const who of [outsider, external, guest]) {
        const res = await t.request(method, path, { token: who.token, query, body });
        expect([403, 404], `${method} ${path} as ${who.type}`).toContain(res.status);
      }
      expect((await t.request(method, path, { query, body })).status).toBe(401);
    }
    expect(await countRows(t.db, "shift_histories", { version_id: s.p.versionId })).toBe(0);
    const a = await t.db("events").where({ id: s.ids.A }).first();
    expect(new Date(a.start_date).toISOString().slice(0, 10)).toBe("2026-03-02");
  });
});
