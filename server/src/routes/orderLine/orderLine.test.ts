import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderLine } from "@jalon/shared";
import { type TestApp } from "../../../test/helpers/app.js";
import { buildUser, countRows, startWithUsers, type BuiltUser } from "../../../test/helpers/factories.js";
import { orderLineSite, type OrderLineSite } from "../../../test/helpers/orderLineSite.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
let s: OrderLineSite;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
  s = await orderLineSite(t, manager, [external]);
});
afterAll(async () => t?.close());

const create = (body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/order-line", { token, body: { projectId: s.p.id, ...body } });

describe("order lines", () => {
  it("creates a line with its tasks (a task's zone defaults to its task's), reads, lists, changes and exports it", async () => {
    const res = await create({
      label: "Plaques BA13",
      type: "supply",
      unit: "m²",
      familyId: s.families[0].id,
      macroTaskId: s.macroTask.id,
      participantGroupProId: s.lot.id,
      price: "12.5",
      quantity: 100,
      orderLineTasks: [
        { eventId: s.tasks[0], quantity: 60 },
        { zoneId: s.zones[1].id, quantity: 40, price: 13, specialityId: s.speciality },
      ],
    });
    expect(res.status).toBe(201);
    const line = res.body;
    expect(line).toMatchObject({
      label: "Plaques BA13",
      type: "supply",
      unit: "m²",
      family: { id: s.families[0].id, name: s.families[0].name },
      macroTask: s.macroTask,
      participantGroupPro: s.lot,
      price: 12.5,
      quantity: 100,
      currency: "EUR",
      amount: 1250,
      plannedQuantity: 100,
      plannedAmount: 60 * 12.5 + 40 * 13,
      tasksCount: 2,
      importId: null,
      projectId: s.p.id,
      versionId: s.p.versionId,
    });
    const [first, second] = line.orderLineTasks!;
    expect(first).toMatchObject({
      eventId: s.tasks[0],
      zoneId: s.zones[0].id,
      zone: { id: s.zones[0].id, name: "Bâtiment A / R+1" },
      price: null,
      effectivePrice: 12.5,
      amount: 750,
      linkedTo: "event",
      event: { id: s.tasks[0], name: "Cloisons R+1", startDate: "2026-03-02", endDate: "2026-03-06" },
    });
    expect(second).toMatchObject({ eventId: null, linkedTo: "macroTask", speciality: { id: s.speciality } });
    expect(t.emitted.at(-1)).toMatchObject({
      event: "reference:update",
      projectId: s.p.id,
      ids: [line.id],
      data: { resource: "order-line" },
    });

    const one = await t.request("GET", `/order-line/${line.id}`, { token: manager.token });
    expect(one.status).toBe(200);
    expect(one.body.orderLineTasks).toHaveLength(2);

    await create({ label: "Main d'œuvre plaquiste", type: "labor", unit: "ens", price: 900, quantity: 2 });
    const list = await t.request("GET", "/order-line", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`, "type||$eq||supply"], join: "orderLineTasks" },
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, total: 1 });
    expect(list.body.data[0].orderLineTasks).toHaveLength(2);
    const byFamily = await t.request("GET", "/order-line", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${s.p.versionId}`, `family||$contL||cloisons`], sort: "amount,DESC" },
    });
    expect(byFamily.body.data.map((l: OrderLine) => l.label)).toEqual(["Plaques BA13"]);
    expect(byFamily.body.data[0].orderLineTasks).toBeUndefined();

    const patched = await t.request<OrderLine>("PATCH", `/order-line/${line.id}`, {
      token: manager.token,
      body: {
        label: "Plaques BA13 hydro",
        price: 14,
        familyId: null,
        orderLineTasks: [
          { id: first.id, quantity: 50 },
          { zoneId: s.zones[1].id, quantity: 10 },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      label: "Plaques BA13 hydro",
      price: 14,
      family: null,
      tasksCount: 3,
      plannedQuantity: 100,
      plannedAmount: 50 * 14 + 40 * 13 + 10 * 14,
    });

    const file = await t.request("GET", "/order-line/export", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${s.p.id}`] },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe("Libellé");
    const labels = [ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value];
    expect(labels).toEqual(["Main d'œuvre plaquiste", "Plaques BA13 hydro"]);
    expect(ws.getRow(3).getCell(2).value).toBe("Fourniture");
    expect(ws.getRow(3).getCell(10).value).toBe(1400);
  });

  it("deletes lines with their tasks", async () => {
    const a = await create({ label: "À supprimer", type: "labor", unit: "U", orderLineTasks: [{ quantity: 1 }] });
    const before = await countRows(t.db, "order_line_tasks");
    const res = await t.request("DELETE", "/order-line/bulk-delete", {
      token: manager.token,
      body: { ids: [a.body.id] },
    });
    expect(res.status).toBe(200);
    expect(await countRows(t.db, "order_lines", { id: a.body.id })).toBe(0);
    expect(await countRows(t.db, "order_line_tasks")).toBe(before - 1);
  });

  it("refuses bad input with nothing written", async () => {
    const other = await orderLineSite(t, outsider);
    const lines = await countRows(t.db, "order_lines");
    const tasks = await countRows(t.db, "order_line_tasks");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ label: "x", type: "supply", unit: "m2" }, 400, "errors.validation"],
      [{ label: " ", type: "supply", unit: "U" }, 400, "errors.validation"],
      [{ label: "x", type: "other", unit: "U" }, 400, "errors.validation"],
      [{ label: "x", type: "supply", unit: "U", price: -1 }, 400, "errors.validation"],
      [{ label: "x", type: "supply", unit: "U", currency: "XXX" }, 400, "errors.validation"],
      [{ label: "x", type: "supply", unit: "U", macroTaskId: other.macroTask.id }, 400, "errors.validation"],
      [{ label: "x", type: "supply", unit: "U", familyId: 999_999 }, 400, "errors.validation"],
      [
        { label: "x", type: "supply", unit: "U", orderLineTasks: [{ eventId: other.tasks[0] }] },
        400,
        "errors.validation",
      ],
      [{ label: "x", type: "supply", unit: "U", versionId: other.p.versionId }, 400, "errors.version_not_in_project"],
    ];
    for (const [body, status, code] of cases) {
      const res = await create(body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const line = await create({ label: "Gardée", type: "supply", unit: "U" });
    const patch = await t.request("PATCH", `/order-line/${line.body.id}`, {
      token: manager.token,
      body: { orderLineTasks: [{ id: 999_999, quantity: 1 }], label: "Changée" },
    });
    expect([patch.status, patch.body.code]).toEqual([404, "errors.not_found"]);
    expect((await t.db("order_lines").where({ id: line.body.id }).first()).label).toBe("Gardée");
    const del = await t.request("DELETE", "/order-line/bulk-delete", {
      token: manager.token,
      body: { ids: [line.body.id, 999_999] },
    });
    expect(del.status).toBe(404);
    expect(await countRows(t.db, "order_lines")).toBe(lines + 1);
    expect(await countRows(t.db, "order_line_tasks")).toBe(tasks);
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: true });
    const frozen = await t.request("PATCH", `/order-line/${line.body.id}`, {
      token: manager.token,
      body: { price: 1 },
    });
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: false });
    expect([frozen.status, frozen.body.code]).toEqual([409, "errors.version_frozen"]);
  });

  it("keeps order lines to the project's managers", async () => {
    const line = await create({ label: "Privée", type: "supply", unit: "U" });
    const lines = await countRows(t.db, "order_lines");
    for (const [who, status] of [
      [outsider, 403],
      [external, 403],
      [guest, 403],
    ] as const) {
      expect((await create({ label: "x", type: "supply", unit: "U" }, who.token)).status).toBe(status);
      expect((await t.request("GET", `/order-line/${line.body.id}`, { token: who.token })).status).toBe(status);
      expect(
        (await t.request("PATCH", `/order-line/${line.body.id}`, { token: who.token, body: { label: "y" } })).status,
      ).toBe(status);
      expect(
        (await t.request("GET", "/order-line", { token: who.token, query: { filter: [`projectId||$eq||${s.p.id}`] } }))
          .status,
      ).toBe(status);
      expect(
        (await t.request("DELETE", "/order-line/bulk-delete", { token: who.token, body: { ids: [line.body.id] } }))
          .status,
      ).toBe(status);
    }
    expect((await t.request("GET", "/order-line", {})).status).toBe(401);
    expect(await countRows(t.db, "order_lines")).toBe(lines);
    expect((await t.db("order_lines").where({ id: line.body.id }).first()).label).toBe("Privée");
  });
});
