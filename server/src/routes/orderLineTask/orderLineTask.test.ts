import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderLineTask, OrderLineTaskTodo } from "@jalon/shared";
import { fromWire } from "@jalon/shared/planning";
import { type TestApp } from "../../../test/helpers/app.js";
import { buildUser, countRows, startWithUsers, type BuiltUser } from "../../../test/helpers/factories.js";
import { orderLineSite, type OrderLineSite } from "../../../test/helpers/orderLineSite.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
let s: OrderLineSite;
/** Line A (supply, 10 €/m², family 0): T1 on task 1 (100), T2 on task 2 (50). Line B (labor, 20 €/U, macro-task): T3 in zone 1 (10). */
let lineA: number, lineB: number, t1: number, t2: number, t3: number;

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
  s = await orderLineSite(t, manager, [external]);
  const a = await t.request("POST", "/order-line", {
    token: manager.token,
    body: {
      projectId: s.p.id,
      label: "Plaques",
      type: "supply",
      unit: "m²",
      price: 10,
      familyId: s.families[0].id,
      orderLineTasks: [
        { eventId: s.tasks[0], quantity: 100 },
        { eventId: s.tasks[1], quantity: 50 },
      ],
    },
  });
  const b = await t.request("POST", "/order-line", {
    token: manager.token,
    body: {
      projectId: s.p.id,
      label: "Pose",
      type: "labor",
      unit: "U",
      price: 20,
      macroTaskId: s.macroTask.id,
      orderLineTasks: [{ zoneId: s.zones[0].id, quantity: 10 }],
    },
  });
  lineA = a.body.id;
  lineB = b.body.id;
  [t1, t2] = a.body.orderLineTasks.map((x: OrderLineTask) => x.id);
  t3 = b.body.orderLineTasks[0].id;
  // Task 1 finished, task 2 at 40 % (a first counting at 10 % is superseded).
  await t.db("countings").insert([
    {
      project_id: s.p.id,
      version_id: s.p.versionId,
      event_id: s.tasks[0],
      counting_date: "2026-03-06",
      percentage: 100,
    },
    {
      project_id: s.p.id,
      version_id: s.p.versionId,
      event_id: s.tasks[1],
      counting_date: "2026-03-09",
      percentage: 10,
    },
    {
      project_id: s.p.id,
      version_id: s.p.versionId,
      event_id: s.tasks[1],
      counting_date: "2026-03-10",
      percentage: 40,
    },
  ]);
});
afterAll(async () => t?.close());

describe("order-line tasks", () => {
  it("lists a version's tasks with filters, and all the tasks of some events", async () => {
    const list = await t.request("GET", "/order-line-task", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`, "type||$eq||supply"], sort: "quantity,DESC" },
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, total: 2 });
    expect(list.body.data.map((x: OrderLineTask) => x.id)).toEqual([t1, t2]);
    expect(list.body.data[0]).toMatchObject({
      orderLine: { id: lineA, label: "Plaques", type: "supply", family: { id: s.families[0].id } },
      event: { id: s.tasks[0], name: "Cloisons R+1" },
      zone: { id: s.zones[0].id, name: "Bâtiment A / R+1" },
      amount: 1000,
      linkedTo: "event",
    });
    const all = await t.request("GET", "/order-line-task/all", {
      token: manager.token,
      query: { projectId: s.p.id, eventIds: String(s.tasks[1]) },
    });
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: OrderLineTask) => x.id)).toEqual([t2]);
    const byMacro = await t.request("GET", "/order-line-task/all", {
      token: manager.token,
      query: { projectId: s.p.id, macroTaskIds: String(s.macroTask.id) },
    });
    expect(byMacro.body.data).toMatchObject([{ id: t3, linkedTo: "macroTask", eventId: null }]);
  });

  it("groups the remaining work done, to do and upcoming at a date, and exports it", async () => {
    const extra = await t.request("PATCH", "/order-line-task/multiple", {
      token: manager.token,
      body: { data: [{ orderLineId: lineA, quantity: 5, startDate: "2026-04-01", price: 12 }] },
    });
    const t4 = extra.body.data[0].id as number;
    const res = await t.request<OrderLineTaskTodo>("GET", "/order-line-task/todo", {
      token: manager.token,
      query: { projectId: s.p.id, date: "2026-03-10" },
    });
    expect(res.status).toBe(200);
    const [done, toDo, upcoming] = res.body.groups;
    // T1: task 1 at 100 %; T3: no task, its macro-task's tasks in zone 1 (task 1) at 100 %.
    expect(done).toMatchObject({ status: "done", count: 2, amount: 1000 + 200, remainingAmount: 0 });
    expect(done.lines.map((l) => l.orderLineTaskId).sort()).toEqual([t1, t3].sort());
    // T2: task 2 at 40 % of 50 m² at 10 €.
    expect(toDo).toMatchObject({ status: "toDo", count: 1, quantity: 50, remainingQuantity: 30, amount: 500 });
    expect(toDo.lines[0]).toMatchObject({
      orderLineTaskId: t2,
      progress: 40,
      doneQuantity: 20,
      doneAmount: 200,
      remainingAmount: 300,
      startDate: "2026-03-09",
      eventName: "Cloisons R+2",
    });
    // T4: no task, no macro-task, its own start later: upcoming.
    expect(upcoming).toMatchObject({ status: "upcoming", count: 1, amount: 60, remainingAmount: 60 });
    expect(upcoming.lines[0]).toMatchObject({ orderLineTaskId: t4, price: 12, startDate: "2026-04-01" });

    // Before the second counting, task 2 is at 10 %; before its start and without counting it is upcoming.
    const earlier = await t.request<OrderLineTaskTodo>("GET", "/order-line-task/todo", {
      token: manager.token,
      query: { projectId: s.p.id, date: "2026-03-09", orderLineType: "supply", status: "toDo" },
    });
    expect(earlier.body.groups[1].lines).toMatchObject([{ orderLineTaskId: t2, progress: 10 }]);
    expect(earlier.body.groups[0].count + earlier.body.groups[2].count).toBe(0);

    const file = await t.request("GET", "/order-line-task/todo/export", {
      token: manager.token,
      query: { projectId: s.p.id, date: "2026-03-10" },
    });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe("Statut");
    expect(ws.rowCount).toBe(5);
    const statuses = [2, 3, 4, 5].map((r) => ws.getRow(r).getCell(1).value);
    expect(statuses).toEqual(["Terminé", "Terminé", "À faire", "À venir"]);
    expect(ws.getRow(4).getCell(17).value).toBe(300);
    await t.request("DELETE", "/order-line-task/bulk-delete", { token: manager.token, body: { ids: [t4] } });
  });

  it("changes and adds tasks in one call, and deletes tasks", async () => {
    const res = await t.request("PATCH", "/order-line-task/multiple", {
      token: manager.token,
      body: {
        projectId: s.p.id,
        data: [
          { id: t3, quantity: 12, isOrdered: true, priceSupply: 199.99 },
          { orderLineId: lineB, eventId: s.tasks[1], quantity: 3 },
        ],
      },
    });
    expect(res.status).toBe(200);
    const [changed, added] = res.body.data as OrderLineTask[];
    expect(changed).toMatchObject({
      id: t3,
      quantity: 12,
      isOrdered: true,
      priceSupply: 199.99,
      zoneId: s.zones[0].id,
    });
    expect(added).toMatchObject({ orderLineId: lineB, eventId: s.tasks[1], zoneId: s.zones[1].id, quantity: 3 });
    expect(t.emitted.at(-1)).toMatchObject({
      event: "reference:update",
      ids: [lineB],
      data: { resource: "order-line" },
    });
    const del = await t.request("DELETE", "/order-line-task/bulk-delete", {
      token: manager.token,
      body: { ids: [added.id] },
    });
    expect(del.status).toBe(200);
    expect(await countRows(t.db, "order_line_tasks", { id: added.id })).toBe(0);
  });

  it("refuses bad input with nothing written", async () => {
    const other = await orderLineSite(t, outsider);
    const [otherLine] = await t
      .db("order_lines")
      .insert({ project_id: other.p.id, version_id: other.p.versionId, label: "Autre", type: "supply", unit: "U" })
      .returning("id");
    const tasks = await countRows(t.db, "order_line_tasks");
    const before = await t.db("order_line_tasks").where({ id: t3 }).first();
    const cases: [unknown, number][] = [
      [{ data: [] }, 400],
      [{ data: [{ quantity: 1 }] }, 400],
      [{ data: [{ id: t3, quantity: -1 }] }, 400],
      [
        {
          data: [
            { id: t3, quantity: 1 },
            { id: t3, quantity: 2 },
          ],
        },
        400,
      ],
      [
        {
          data: [
            { id: t3, quantity: 1 },
            { orderLineId: lineA, eventId: other.tasks[0] },
          ],
        },
        400,
      ],
      [{ data: [{ id: t3, quantity: 1 }, { orderLineId: otherLine.id }] }, 403],
      [{ data: [{ id: 999_999, quantity: 1 }] }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await t.request("PATCH", "/order-line-task/multiple", { token: manager.token, body });
      expect(res.status).toBe(status);
    }
    expect(
      (
        await t.request("DELETE", "/order-line-task/bulk-delete", {
          token: manager.token,
          body: { ids: [t3, 999_999] },
        })
      ).status,
    ).toBe(404);
    expect(await countRows(t.db, "order_line_tasks")).toBe(tasks);
    expect(await t.db("order_line_tasks").where({ id: t3 }).first()).toEqual(before);
    const badDate = await t.request("GET", "/order-line-task/todo", {
      token: manager.token,
      query: { projectId: s.p.id, date: "10/03/2026" },
    });
    expect(badDate.status).toBe(400);
  });

  it("keeps order-line tasks to the project's managers", async () => {
    const tasks = await countRows(t.db, "order_line_tasks");
    for (const who of [outsider, external, guest]) {
      const calls = [
        t.request("GET", "/order-line-task", { token: who.token, query: { filter: [`projectId||$eq||${s.p.id}`] } }),
        t.request("GET", "/order-line-task/all", { token: who.token, query: { projectId: s.p.id } }),
        t.request("GET", "/order-line-task/todo", { token: who.token, query: { projectId: s.p.id } }),
        t.request("GET", "/order-line-task/todo/export", { token: who.token, query: { projectId: s.p.id } }),
        t.request("PATCH", "/order-line-task/multiple", {
          token: who.token,
          body: { data: [{ id: t3, quantity: 99 }] },
        }),
        t.request("DELETE", "/order-line-task/bulk-delete", { token: who.token, body: { ids: [t3] } }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    }
    expect(await countRows(t.db, "order_line_tasks")).toBe(tasks);
    expect(Number((await t.db("order_line_tasks").where({ id: t3 }).first()).quantity)).not.toBe(99);
  });

  it("offers the version's families and filters the planning by them", async () => {
    const families = await t.request("GET", "/family", {
      token: external.token,
      query: { filter: [`versionId||$eq||${s.p.versionId}`] },
    });
    expect(families.status).toBe(200);
    expect(families.body.data).toEqual([s.families[0]]);
    const forbidden = await t.request("GET", "/family", {
      token: outsider.token,
      query: { filter: [`projectId||$eq||${s.p.id}`] },
    });
    expect(forbidden.status).toBe(403);
    const notEq = await t.request("GET", "/family", {
      token: manager.token,
      query: { filter: [`versionId||$in||${s.p.versionId}`] },
    });
    expect(notEq.status).toBe(400);

    const planning = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: {
        projectId: s.p.id,
        versionId: s.p.versionId,
        startDate: "2026-03",
        endDate: "2026-03",
        familyIds: String(s.families[0].id),
      },
    });
    expect(planning.status).toBe(200);
    expect(
      fromWire(planning.body)
        .events.map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual([...s.tasks].sort());
    const none = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: {
        projectId: s.p.id,
        versionId: s.p.versionId,
        startDate: "2026-03",
        endDate: "2026-03",
        familyIds: String(s.families[1].id),
      },
    });
    expect(fromWire(none.body).events).toEqual([]);
    // The planning's answer is cached by the version's content revision: an order line's change shows at once.
    await t.request("PATCH", `/order-line/${lineA}`, { token: manager.token, body: { familyId: s.families[1].id } });
    const moved = await t.request("GET", "/planning/data", {
      token: manager.token,
      query: {
        projectId: s.p.id,
        versionId: s.p.versionId,
        startDate: "2026-03",
        endDate: "2026-03",
        familyIds: String(s.families[1].id),
      },
    });
    expect(
      fromWire(moved.body)
        .events.map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual([...s.tasks].sort());
  });
});
