import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
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
  participant: number;
  a: number;
  b: number;
}

/**
 * A: Mon 2 - Wed 4 March 2026, 2 people, lot L. B: Wed 4 - Mon 9 March (4 working days), 3 people.
 * A milestone on Thu 5 with 10 people weighs nothing. Participant X belongs to lot L.
 */
async function site(members: BuiltUser[] = []): Promise<Site> {
  const p = await buildProject(t, manager, { members });
  const lot = (await buildLot(t.db, p, { name: "Électricité" })).id as number;
  const [x] = await t
    .db("participants")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Elec Sud" })
    .returning("id");
  await t.db("participant_group_pro_participants").insert({
    version_id: p.versionId,
    participant_group_pro_id: lot,
    participant_id: x.id,
  });
  const a = await buildEvent(t.db, p, {
    name: "Saignées",
    number_of_days: 3,
    number_of_people: 2,
    start_date: "2026-03-02",
    end_date: "2026-03-04",
    participant_group_pro_id: lot,
  });
  const b = await buildEvent(t.db, p, {
    name: "Cloisons",
    number_of_days: 4,
    number_of_people: 3,
    start_date: "2026-03-04",
    end_date: "2026-03-09",
  });
  await buildEvent(t.db, p, {
    type: "milestone",
    name: "Hors d'air",
    number_of_people: 10,
    start_date: "2026-03-05",
    end_date: "2026-03-05",
  });
  return { p, lot, participant: x.id as number, a: a.id as number, b: b.id as number };
}

const post = (token: string, body: unknown) => t.request("POST", "/workforce/counting", { token, body });
const planned = (rows: { date: string; versions: Record<string, number> }[], versionId: number) =>
  Object.fromEntries(rows.map((r) => [r.date, r.versions[String(versionId)]]));

async function seedCountings(s: Site) {
  return post(manager.token, {
    projectId: s.p.id,
    versionId: s.p.versionId,
    data: [
      { participantId: s.participant, date: "2026-03-03", estimatedNumberOfPeople: 4, realNumberOfPeople: 3 },
      { participantGroupProId: s.lot, date: "2026-03-03", estimatedNumberOfPeople: 1, realNumberOfPeople: 1.5 },
      { participantId: s.participant, date: "2026-03-07", realNumberOfPeople: 2 },
    ],
  });
}

describe("POST and GET /workforce/counting", () => {
  it("upserts per participant and day, keeps a field left out, lists by range and filters", async () => {
    const s = await site();
    const res = await seedCountings(s);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(await countRows(t.db, "workforce_countings", { version_id: s.p.versionId })).toBe(3);

    // The same participant and day again: updated in place, the estimate left out stays.
    const again = await post(manager.token, {
      projectId: s.p.id,
      versionId: s.p.versionId,
      data: [{ participantId: s.participant, date: "2026-03-03T10:00:00.000Z", realNumberOfPeople: 5 }],
    });
    expect(again.status).toBe(200);
    expect(again.body.data[0]).toMatchObject({ date: "2026-03-03", estimatedNumberOfPeople: 4, realNumberOfPeople: 5 });
    expect(await countRows(t.db, "workforce_countings", { version_id: s.p.versionId })).toBe(3);

    const list = await t.request("GET", "/workforce/counting", {
      token: manager.token,
      query: { projectId: s.p.id, versionId: s.p.versionId, startDate: "2026-03-03", endDate: "2026-03-03" },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(["Elec Sud", "Électricité"]);
    const byParticipant = await t.request("GET", "/workforce/counting", {
      token: manager.token,
      query: { projectId: s.p.id, participantIds: String(s.participant) },
    });
    expect(byParticipant.body.data.map((r: { date: string }) => r.date)).toEqual(["2026-03-03", "2026-03-07"]);
    const tag = await t
      .db("tags")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Second œuvre" })
      .returning("id");
    await t
      .db("participant_group_pro_tags")
      .insert({ version_id: s.p.versionId, participant_group_pro_id: s.lot, tag_id: tag[0].id });
    const byTag = await t.request("GET", "/workforce/counting", {
      token: manager.token,
      query: { projectId: s.p.id, tagIds: [tag[0].id] },
    });
    expect(byTag.body.data).toHaveLength(1);
    expect(byTag.body.data[0].participantGroupProId).toBe(s.lot);
  });

  it("announces a write to the project's other viewers after commit; a refused one announces nothing", async () => {
    const s = await site();
    const before = t.emitted.length;
    const res = await post(manager.token, {
      projectId: s.p.id,
      versionId: s.p.versionId,
      data: [
        { participantId: s.participant, date: "2026-03-04", realNumberOfPeople: 2 },
        { participantGroupProId: s.lot, date: "2026-03-03", estimatedNumberOfPeople: 6 },
      ],
    });
    expect(res.status).toBe(200);
    const live = t.emitted.slice(before).filter((e) => e.projectId === s.p.id);
    expect(live).toEqual([
      expect.objectContaining({
        event: "reference:update",
        versionId: s.p.versionId,
        initiatorId: manager.id,
        ids: expect.arrayContaining(res.body.data.map((r: { id: number }) => r.id)),
        data: { resource: "workforce-counting", dates: ["2026-03-03", "2026-03-04"] },
      }),
    ]);
    const refused = await post(manager.token, {
      projectId: s.p.id,
      versionId: s.p.versionId,
      data: [{ participantId: 2_000_000_000, date: "2026-03-04", realNumberOfPeople: 2 }],
    });
    expect(refused.status).toBe(404);
    expect(t.emitted.slice(before).filter((e) => e.projectId === s.p.id)).toHaveLength(1);
  });

  it("refuses bad lines with the catalogue's codes and writes nothing", async () => {
    const s = await site();
    const other = await site();
    const cases: [unknown, number, string][] = [
      [
        { projectId: s.p.id, data: [{ participantId: other.participant, date: "2026-03-03", realNumberOfPeople: 1 }] },
        404,
        "errors.not_found",
      ],
      [
        { projectId: s.p.id, data: [{ participantId: s.participant, date: "2026-02-30", realNumberOfPeople: 1 }] },
        400,
        "errors.startDate_invalid",
      ],
      [
        {
          projectId: s.p.id,
          data: [{ participantId: s.participant, participantGroupProId: s.lot, date: "2026-03-03" }],
        },
        400,
        "errors.validation",
      ],
      [
        { projectId: s.p.id, data: [{ participantId: s.participant, date: "2026-03-03", realNumberOfPeople: -1 }] },
        400,
        "errors.validation",
      ],
      [{ projectId: s.p.id, data: [] }, 400, "errors.validation"],
      [
        { projectId: "undefined", data: [{ participantId: s.participant, date: "2026-03-03" }] },
        400,
        "errors.no_project",
      ],
      [
        {
          projectId: s.p.id,
          versionId: other.p.versionId,
          data: [{ participantId: s.participant, date: "2026-03-03" }],
        },
        400,
        "errors.version_not_in_project",
      ],
      // One good line and one bad: the whole request is refused.
      [
        {
          projectId: s.p.id,
          data: [
            { participantId: s.participant, date: "2026-03-03", realNumberOfPeople: 1 },
            { participantGroupProId: other.lot, date: "2026-03-03", realNumberOfPeople: 1 },
          ],
        },
        404,
        "errors.not_found",
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(manager.token, body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await countRows(t.db, "workforce_countings", { project_id: s.p.id })).toBe(0);
    expect(await countRows(t.db, "workforce_countings", { project_id: other.p.id })).toBe(0);
  });

  it("is for the project's managers: another project's manager, an external member and a guest are refused", async () => {
    const s = await site([external, guest]);
    const body = {
      projectId: s.p.id,
      data: [{ participantId: s.participant, date: "2026-03-03", realNumberOfPeople: 1 }],
    };
    for (const u of [outsider, external, guest]) {
      const res = await post(u.token, body);
      expect(res.status).toBe(403);
      const read = await t.request("GET", "/workforce/counting", { token: u.token, query: { projectId: s.p.id } });
      expect(read.status).toBe(403);
      const chart = await t.request("GET", `/workforce/${s.p.id}`, { token: u.token });
      expect(chart.status).toBe(403);
    }
    expect(await countRows(t.db, "workforce_countings", { project_id: s.p.id })).toBe(0);
  });
  it("refuses a frozen version and an archived project, writing nothing", async () => {
    const s = await site();
    const line = { participantId: s.participant, date: "2026-03-03", realNumberOfPeople: 2 };
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: true });
    const frozen = await post(manager.token, { projectId: s.p.id, versionId: s.p.versionId, data: [line] });
    expect([frozen.status, frozen.body.code]).toEqual([409, "errors.version_frozen"]);
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: false });
    await t.db("projects").where({ id: s.p.id }).update({ is_archived: true });
    const archived = await post(manager.token, { projectId: s.p.id, data: [line] });
    expect(archived.body.code).toBe("errors.project_archived");
    expect(archived.status).toBeGreaterThanOrEqual(400);
    expect(archived.status).toBeLessThan(500);
    expect(await countRows(t.db, "workforce_countings", { project_id: s.p.id })).toBe(0);
  });
});

describe("GET /workforce/{projectId}", () => {
  it("sums planned people per working day (milestones weightless) against the countings' sums", async () => {
    const s = await site();
    await seedCountings(s);
    const res = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { versionId: s.p.versionId, startDate: "2026-03-02", endDate: "2026-03-09" },
    });
    expect(res.status).toBe(200);
    expect(planned(res.body.rows, s.p.versionId)).toEqual({
      "2026-03-02": 2,
      "2026-03-03": 2,
      "2026-03-04": 5,
      "2026-03-05": 3,
      "2026-03-06": 3,
      "2026-03-07": 0, // a Saturday, listed because someone counted it
      "2026-03-09": 3,
    });
    const day3 = res.body.rows.find((r: { date: string }) => r.date === "2026-03-03");
    expect(day3).toMatchObject({ estimatedNumberOfPeople: 5, realNumberOfPeople: 4.5 });
    expect(Object.keys(day3.versions)).toEqual([String(s.p.versionId)]);

    // Lot filter: only A plans people; the lot's countings include its participant's.
    const lot = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { versionId: s.p.versionId, startDate: "2026-03-02", endDate: "2026-03-05", participantGroupIds: [s.lot] },
    });
    expect(planned(lot.body.rows, s.p.versionId)).toEqual({
      "2026-03-02": 2,
      "2026-03-03": 2,
      "2026-03-04": 2,
      "2026-03-05": 0,
    });
    expect(lot.body.rows[1]).toMatchObject({ estimatedNumberOfPeople: 5, realNumberOfPeople: 4.5 });
  });

  it("filters by participant, tag, macro-task and zone: planned people from the matching tasks, countings by their participant and tags", async () => {
    const s = await site();
    await seedCountings(s);
    // A is Elec Sud's; B is in macro-task "Cloisonnement", zone "R+1" and tagged "Second œuvre", as is Elec Sud.
    const [macro] = await t
      .db("macro_tasks")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Cloisonnement" })
      .returning("id");
    const zone = (await buildZone(t.db, s.p, { name: "R+1" })).id as number;
    const [tag] = await t
      .db("tags")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Second œuvre" })
      .returning("id");
    await t.db("events").where({ id: s.a }).update({ participant_id: s.participant });
    await t.db("events").where({ id: s.b }).update({ macro_task_id: macro.id, zone_id: zone });
    await t.db("event_tags").insert({ version_id: s.p.versionId, event_id: s.b, tag_id: tag.id });
    await t.db("participant_tags").insert({ version_id: s.p.versionId, participant_id: s.participant, tag_id: tag.id });
    const get = (filters: Record<string, number[]>, path = `/workforce/${s.p.id}`) =>
      t.request("GET", path, {
        token: manager.token,
        query: { versionId: s.p.versionId, startDate: "2026-03-02", endDate: "2026-03-05", ...filters },
      });
    const counted = (rows: { date: string; estimatedNumberOfPeople: number; realNumberOfPeople: number }[]) =>
      rows.find((r) => r.date === "2026-03-03");
    const onlyA = { "2026-03-02": 2, "2026-03-03": 2, "2026-03-04": 2, "2026-03-05": 0 };
    const onlyB = { "2026-03-02": 0, "2026-03-03": 0, "2026-03-04": 3, "2026-03-05": 3 };

    // Participant: A alone plans people; only Elec Sud's countings are summed (not the lot's own line).
    const byParticipant = await get({ participantIds: [s.participant] });
    expect(byParticipant.status).toBe(200);
    expect(planned(byParticipant.body.rows, s.p.versionId)).toEqual(onlyA);
    expect(counted(byParticipant.body.rows)).toMatchObject({ estimatedNumberOfPeople: 4, realNumberOfPeople: 3 });

    // Tag: B's people; the tagged participant's countings.
    const byTag = await get({ tagIds: [tag.id] });
    expect(planned(byTag.body.rows, s.p.versionId)).toEqual(onlyB);
    expect(counted(byTag.body.rows)).toMatchObject({ estimatedNumberOfPeople: 4, realNumberOfPeople: 3 });

    // Macro-task and zone narrow the planned people; countings have neither, so all of them are summed.
    for (const filters of [{ macroTaskIds: [macro.id as number] }, { zoneIds: [zone] }] as Record<string, number[]>[]) {
      const res = await get(filters);
      expect(res.status).toBe(200);
      expect(planned(res.body.rows, s.p.versionId)).toEqual(onlyB);
      expect(counted(res.body.rows)).toMatchObject({ estimatedNumberOfPeople: 5, realNumberOfPeople: 4.5 });
    }
    // Filters add up: Elec Sud has no task in R+1.
    const none = await get({ zoneIds: [zone], participantIds: [s.participant] });
    expect(Object.values(planned(none.body.rows, s.p.versionId))).toEqual([0, 0, 0, 0]);

    // The export takes the same filters: version 1's column holds B's people only.
    const file = await get({ zoneIds: [zone] }, `/workforce/export/${s.p.id}`);
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect([2, 3, 4, 5].map((r) => ws.getRow(r).getCell(2).value)).toEqual([0, 0, 3, 3]);
  });

  it("bounds the range from the start's 00:00:00.000 to the end's 23:59:59.999 (Europe/Paris) and refuses bad ranges", async () => {
    const s = await site();
    const res = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { startDate: "2026-03-02T23:00:00.000Z", endDate: "2026-03-05T22:59:59.999Z" },
    });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { date: string }) => r.date)).toEqual(["2026-03-03", "2026-03-04", "2026-03-05"]);
    // Without dates: from the first planned day to the last.
    const all = await t.request("GET", `/workforce/${s.p.id}`, { token: manager.token });
    expect([all.body.startDate, all.body.endDate]).toEqual(["2026-03-02", "2026-03-09"]);
    for (const [query, code] of [
      [{ startDate: "2026-03-09", endDate: "2026-03-02" }, "errors.endDate_invalid"],
      [{ startDate: "hier" }, "errors.startDate_invalid"],
      [{ endDate: "2026-13-01" }, "errors.endDate_invalid"],
      [{ versionIds: "1,2,3,4,5" }, "errors.compare_max_versions"],
    ] as const) {
      const r = await t.request("GET", `/workforce/${s.p.id}`, { token: manager.token, query });
      expect([r.status, r.body.code]).toEqual([400, code]);
    }
  });

  it("compares versions: each version's own tasks, the filters carried over by tracking id", async () => {
    const s = await site();
    const other = await site();
    const created = await t.request("POST", "/version", {
      token: manager.token,
      body: { projectId: s.p.id, name: "Version 2" },
    });
    expect(created.status).toBe(201);
    const v2 = created.body.id as number;
    // In version 2, the copy of B takes 6 people.
    const bTracking = (await t.db("events").where({ id: s.b }).first("tracking_id")).tracking_id;
    await t.db("events").where({ version_id: v2, tracking_id: bTracking }).update({ number_of_people: 6 });

    const res = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { versionId: s.p.versionId, versionIds: [v2], startDate: "2026-03-04", endDate: "2026-03-05" },
    });
    expect(res.status).toBe(200);
    expect(res.body.versionList.map((v: { name: string }) => v.name)).toEqual(["Version 1", "Version 2"]);
    expect(res.body.rows.map((r: { versions: Record<string, number> }) => r.versions)).toEqual([
      { [s.p.versionId]: 5, [v2]: 8 },
      { [s.p.versionId]: 3, [v2]: 6 },
    ]);
    const byLot = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: {
        versionId: s.p.versionId,
        versionIds: [v2],
        startDate: "2026-03-04",
        endDate: "2026-03-04",
        participantGroupIds: [s.lot],
      },
    });
    expect(byLot.body.rows[0].versions).toEqual({ [s.p.versionId]: 2, [v2]: 2 });
    // Without versionId: the current version (now version 2), and it is always in `versions`.
    const current = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { startDate: "2026-03-05", endDate: "2026-03-05" },
    });
    expect(current.body.rows[0].versions).toEqual({ [v2]: 6 });
    const foreign = await t.request("GET", `/workforce/${s.p.id}`, {
      token: manager.token,
      query: { versionId: s.p.versionId, versionIds: [other.p.versionId] },
    });
    expect([foreign.status, foreign.body.code]).toEqual([400, "errors.version_not_in_project"]);
  });
});

describe("workforce exports", () => {
  it("exports the countings and the monitoring as .xlsx", async () => {
    const s = await site();
    await seedCountings(s);
    const file = await t.request("GET", "/workforce/participant/export", {
      token: manager.token,
      query: { projectId: s.p.id },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Date",
      "Intervenant",
      "Type",
      "Effectif théorique",
      "Effectif réel",
    ]);
    expect(ws.rowCount).toBe(4);

    const chart = await t.request("GET", `/workforce/export/${s.p.id}`, {
      token: manager.token,
      query: { startDate: "2026-03-02", endDate: "2026-03-06" },
    });
    expect(chart.status).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(chart.body as unknown as ArrayBuffer);
    const ws2 = wb2.worksheets[0];
    expect(ws2.getRow(1).values).toEqual([
      undefined,
      "Date",
      "Effectif prévu (Version 1)",
      "Effectif théorique",
      "Effectif réel",
    ]);
    expect(ws2.getRow(4).getCell(2).value).toBe(5);
    const refused = await t.request("GET", `/workforce/export/${s.p.id}`, { token: outsider.token });
    expect(refused.status).toBe(403);
  });
});
