import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

/** A(3 days) from Mon 2026-03-02 -> B(2 days) end-begin; B on a lot. */
async function plan(p: BuiltProject, lotId: number | null = null) {
  const a = await buildEvent(t.db, p, {
    name: "Gros oeuvre",
    number_of_days: 3,
    start_date: "2026-03-02",
    end_date: "2026-03-04",
  });
  const b = await buildEvent(t.db, p, {
    name: "Charpente",
    number_of_days: 2,
    start_date: "2026-03-05",
    end_date: "2026-03-06",
    participant_group_pro_id: lotId,
    reference_type: "taskReference",
  });
  await buildLink(t.db, p, a.id, b.id);
  return { a: a.id as number, b: b.id as number };
}

const datesOf = async (ids: number[]) =>
  (await t.db("events").whereIn("id", ids).orderBy("id").select("start_date", "end_date")).map((r) => [
    r.start_date,
    r.end_date,
  ]);

const listQuery = (p: BuiltProject, extra: Record<string, string | string[]> = {}) => ({
  filter: [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`],
  ...extra,
});

describe("POST /holiday", () => {
  it("adds a holiday on a working day of a task: the task and its successor move at once, with history and one undo step", async () => {
    const p = await buildProject(t, manager);
    const { a, b } = await plan(p);
    t.emitted.length = 0;
    const res = await t.request("POST", "/holiday", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        name: "  Jour de grève ",
        type: "holiday",
        startDate: "2026-03-03",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Jour de grève",
      type: "holiday",
      startDate: "2026-03-03",
      endDate: "2026-03-03",
      participantsGroupPro: [],
      undoRemaining: 1,
    });
    expect(res.body.moved.ids.sort()).toEqual([a, b].sort());
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-05"],
      ["2026-03-06", "2026-03-09"],
    ]);
    const history = await t
      .db("event_histories")
      .where({ event_id: b })
      .select("field_name", "previous_value", "new_value")
      .orderBy("id");
    expect(history).toEqual([
      { field_name: "startDate", previous_value: "2026-03-05", new_value: "2026-03-06" },
      { field_name: "endDate", previous_value: "2026-03-06", new_value: "2026-03-09" },
    ]);
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(1);
    expect(t.emitted.map((e) => e.event)).toEqual(["holiday:endCreate", "event:bulk_update"]);
    // The screen confirms the write itself: the events carry no initiator (one toast, not two).
    expect(t.emitted[0]).toMatchObject({
      projectId: p.id,
      versionId: p.versionId,
      initiatorId: null,
      ids: [res.body.id],
    });
    expect(t.emitted[1]).toMatchObject({ initiatorId: null, dates: { ids: expect.arrayContaining([a, b]) } });

    // The planning data the worker reads has the new calendar and the new dates.
    const data = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: { projectId: p.id, versionId: p.versionId, startDate: "2026-03", endDate: "2026-03" },
    });
    expect(JSON.stringify(data.body)).toContain("2026-03-03");
  });

  it("undo restores the dates and removes the holiday; a deleted holiday comes back with its lots", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Charpente bois" });
    const { a, b } = await plan(p, lot.id);
    // A holiday limited to B's lot on Fri 6: only B skips it.
    const created = await t.request("POST", "/holiday", {
      token: manager.token,
      body: { projectId: p.id, name: "Fête du lot", startDate: "2026-03-06", participantsGroupPro: [lot.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.participantsGroupPro).toEqual([{ id: lot.id, name: "Charpente bois", color: "#FFFFFF" }]);
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-04"],
      ["2026-03-05", "2026-03-09"],
    ]);

    t.emitted.length = 0;
    const undo = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect(undo.status).toBe(200);
    // Viewers refetch the calendar and get the restored dates as a delta.
    expect(t.emitted.map((e) => e.event)).toEqual(["holiday:endUpdate", "event:bulk_update"]);
    // The undo button confirms: no event of the undo carries an initiator (one toast, not two).
    expect(t.emitted.map((e) => e.initiatorId)).toEqual([null, null]);
    const k = t.emitted[1].dates!.ids.indexOf(b);
    expect([t.emitted[1].dates!.startDates[k], t.emitted[1].dates!.endDates[k]]).toEqual(["2026-03-05", "2026-03-06"]);
    expect(await countRows(t.db, "holidays", { version_id: p.versionId })).toBe(0);
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-04"],
      ["2026-03-05", "2026-03-06"],
    ]);

    const again = await t.request("POST", "/holiday", {
      token: manager.token,
      body: { projectId: p.id, name: "Fête du lot", startDate: "2026-03-06", participantsGroupPro: [lot.id] },
    });
    const del = await t.request("DELETE", "/holiday/bulk-delete", {
      token: manager.token,
      body: { ids: [again.body.id] },
    });
    expect(del.status).toBe(200);
    expect(await datesOf([b])).toEqual([["2026-03-05", "2026-03-06"]]);
    await t.request("POST", "/undo/apply", { token: manager.token, body: { projectId: p.id, versionId: p.versionId } });
    const back = await t.request("GET", `/holiday/${again.body.id}`, { token: manager.token });
    expect(back.body).toMatchObject({ name: "Fête du lot", participantsGroupPro: [{ id: lot.id }] });
    expect(await datesOf([b])).toEqual([["2026-03-05", "2026-03-09"]]);
  });

  it("the next planning write sees the new calendar (the cached version graph was updated in step)", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Peinture" });
    const { a } = await plan(p, lot.id);
    // Warm the cache, then add a holiday for the lot only.
    await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId, events: [{ id: a }], anchorId: a, startDate: "2026-03-02" },
    });
    await t.request("POST", "/holiday", {
      token: manager.token,
      body: { projectId: p.id, name: "Fête du lot", startDate: "2026-03-10", participantsGroupPro: [lot.id] },
    });
    const onHoliday = await t.request("POST", "/event", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        name: "Retouches",
        startDate: "2026-03-10",
        participantGroupProId: lot.id,
      },
    });
    expect([onHoliday.status, onHoliday.body.code]).toEqual([400, "errors.invalid_date"]);
    const otherLot = await t.request("POST", "/event", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId, name: "Nettoyage", startDate: "2026-03-10" },
    });
    expect(otherLot.status).toBe(201);
  });

  it("a vacation is a range for the whole project", async () => {
    const p = await buildProject(t, manager);
    const { a, b } = await plan(p);
    const res = await t.request("POST", "/holiday", {
      token: manager.token,
      body: {
        projectId: p.id,
        name: "Congés d'hiver",
        type: "vacation",
        startDate: "2026-03-04",
        endDate: "2026-03-10",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "vacation", startDate: "2026-03-04", endDate: "2026-03-10" });
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-11"],
      ["2026-03-12", "2026-03-13"],
    ]);
  });

  it("refuses bad dates, unknown lots and bad input with the catalogue code, writing nothing", async () => {
    const p = await buildProject(t, manager);
    const { a } = await plan(p);
    const other = await buildProject(t, manager);
    const foreignLot = await buildLot(t.db, other);
    const cases: [unknown, number, string][] = [
      [{ name: "X", startDate: "2026-02-30" }, 400, "errors.startDate_invalid"],
      [{ name: "X", startDate: "demain" }, 400, "errors.startDate_invalid"],
      [{ name: "X", startDate: 12 }, 400, "errors.startDate_invalid"],
      [{ name: "X", type: "vacation", startDate: "2026-03-10", endDate: "2026-03-09" }, 400, "errors.endDate_invalid"],
      [
        { name: "X", type: "vacation", startDate: "2026-03-10", endDate: "pas une date" },
        400,
        "errors.endDate_invalid",
      ],
      [{ name: "", startDate: "2026-03-03" }, 400, "errors.validation"],
      [{ name: "X", type: "pont", startDate: "2026-03-03" }, 400, "errors.validation"],
      [{ name: "X", startDate: "2026-03-03", participantsGroupPro: [foreignLot.id] }, 400, "errors.validation"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request("POST", "/holiday", {
        token: manager.token,
        body: { projectId: p.id, ...(body as object) },
      });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await countRows(t.db, "holidays", { version_id: p.versionId })).toBe(0);
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(0);
    expect(await datesOf([a])).toEqual([["2026-03-02", "2026-03-04"]]);
    expect(t.emitted.some((e) => e.event === "holiday:endCreate:error" && e.code === "errors.startDate_invalid")).toBe(
      true,
    );
    expect(
      (await t.request("POST", "/holiday", { token: manager.token, body: { name: "X", startDate: "2026-03-03" } })).body
        .code,
    ).toBe("errors.no_project");
  });

  it("is for managers of the project, on a version that is not frozen", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const body = { projectId: p.id, name: "Férié", startDate: "2026-05-01" };
    expect((await t.request("POST", "/holiday", { body })).status).toBe(401);
    expect((await t.request("POST", "/holiday", { token: external.token, body })).status).toBe(403);
    expect((await t.request("POST", "/holiday", { token: outsider.token, body })).status).toBe(403);
    await t.db("versions").where({ id: p.versionId }).update({ is_archived: true });
    expect((await t.request("POST", "/holiday", { token: manager.token, body })).body.code).toBe(
      "errors.version_frozen",
    );
    expect(await countRows(t.db, "holidays", { project_id: p.id })).toBe(0);
  });
});

describe("PATCH /holiday/{id}", () => {
  it("moving a holiday re-plans and one undo puts both the holiday and the dates back", async () => {
    const p = await buildProject(t, manager);
    const { a, b } = await plan(p);
    const created = await t.request("POST", "/holiday", {
      token: manager.token,
      body: { projectId: p.id, name: "Férié", startDate: "2026-03-16" },
    });
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-04"],
      ["2026-03-05", "2026-03-06"],
    ]);
    t.emitted.length = 0;
    const res = await t.request("PATCH", `/holiday/${created.body.id}`, {
      token: manager.token,
      body: { startDate: "2026-03-05", name: "Férié déplacé" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Férié déplacé", startDate: "2026-03-05", endDate: "2026-03-05" });
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-04"],
      ["2026-03-06", "2026-03-09"],
    ]);
    expect(t.emitted[0]).toMatchObject({ event: "holiday:endUpdate", ids: [created.body.id] });
    await t.request("POST", "/undo/apply", { token: manager.token, body: { projectId: p.id, versionId: p.versionId } });
    expect((await t.request("GET", `/holiday/${created.body.id}`, { token: manager.token })).body).toMatchObject({
      name: "Férié",
      startDate: "2026-03-16",
    });
    expect(await datesOf([a, b])).toEqual([
      ["2026-03-02", "2026-03-04"],
      ["2026-03-05", "2026-03-06"],
    ]);
  });

  it("refuses bad dates and unknown rows, writing nothing", async () => {
    const p = await buildProject(t, manager);
    const created = await t.request("POST", "/holiday", {
      token: manager.token,
      body: { projectId: p.id, name: "Congés", type: "vacation", startDate: "2026-08-03", endDate: "2026-08-21" },
    });
    expect(
      (
        await t.request("PATCH", `/holiday/${created.body.id}`, {
          token: manager.token,
          body: { endDate: "2026-08-01" },
        })
      ).body.code,
    ).toBe("errors.endDate_invalid");
    expect(
      (
        await t.request("PATCH", `/holiday/${created.body.id}`, {
          token: manager.token,
          body: { startDate: "2026-13-01" },
        })
      ).body.code,
    ).toBe("errors.startDate_invalid");
    expect((await t.request("PATCH", "/holiday/999999", { token: manager.token, body: { name: "X" } })).status).toBe(
      404,
    );
    expect(
      (await t.request("PATCH", `/holiday/${created.body.id}`, { token: outsider.token, body: { name: "X" } })).status,
    ).toBe(403);
    const row = await t.db("holidays").where({ id: created.body.id }).first();
    expect([row.name, row.start_date, row.end_date]).toEqual(["Congés", "2026-08-03", "2026-08-21"]);
  });
});

describe("GET /holiday, export, bulk-delete", () => {
  it("lists with filters and sort, exports an .xlsx with French headers, deletes", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    for (const [name, type, startDate, endDate] of [
      ["Pâques", "holiday", "2026-04-06", undefined],
      ["Vacances d'été", "vacation", "2026-08-03", "2026-08-21"],
      ["Ascension", "holiday", "2026-05-14", undefined],
    ]) {
      await t.request("POST", "/holiday", {
        token: manager.token,
        body: { projectId: p.id, name, type, startDate, endDate },
      });
    }
    const all = await t.request("GET", "/holiday", { token: external.token, query: listQuery(p) });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, total: 3 });
    expect(all.body.data.map((h: { name: string }) => h.name)).toEqual(["Ascension", "Pâques", "Vacances d'été"]);
    const holidays = await t.request("GET", "/holiday", {
      token: manager.token,
      query: listQuery(p, { filter: [`projectId||$eq||${p.id}`, "type||$eq||holiday"], sort: "startDate,DESC" }),
    });
    expect(holidays.body.data.map((h: { name: string }) => h.name)).toEqual(["Ascension", "Pâques"]);
    const inMay = await t.request("GET", "/holiday", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "startDate||gte||2026-05-01"] },
    });
    expect(inMay.body.data.map((h: { name: string }) => h.name)).toEqual(["Ascension", "Vacances d'été"]);
    expect((await t.request("GET", "/holiday", { token: outsider.token, query: listQuery(p) })).status).toBe(403);
    expect(
      (await t.request("GET", "/holiday", { token: manager.token, query: listQuery(p, { sort: "lots,ASC" }) })).body
        .code,
    ).toBe("errors.unknown_sort_field");

    const file = await t.request("GET", "/holiday/export", { token: manager.token, query: listQuery(p) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, "Nom", "Type", "Date de début", "Date de fin", "Lots"]);
    expect(ws.getRow(4).getCell(1).value).toBe("Vacances d'été");
    expect(ws.getRow(4).getCell(2).value).toBe("Congés");
    expect((ws.getRow(4).getCell(4).value as Date).toISOString().slice(0, 10)).toBe("2026-08-21");

    const ids = all.body.data.map((h: { id: number }) => h.id);
    expect((await t.request("DELETE", "/holiday/bulk-delete", { token: external.token, body: { ids } })).status).toBe(
      403,
    );
    expect(
      (await t.request("DELETE", "/holiday/bulk-delete", { token: manager.token, body: { ids: [...ids, 999999] } }))
        .status,
    ).toBe(404);
    expect(await countRows(t.db, "holidays", { project_id: p.id })).toBe(3);
    const del = await t.request("DELETE", "/holiday/bulk-delete", { token: manager.token, body: { ids } });
    expect(del.body.count).toBe(3);
    expect(await countRows(t.db, "holidays", { project_id: p.id })).toBe(0);
  });
});
