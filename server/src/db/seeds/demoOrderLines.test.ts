import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderLine, OrderLineTaskTodo } from "@jalon/shared";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { todayInParis } from "../../planning/progress.js";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
});
afterAll(async () => t?.close());

describe("demo order lines", () => {
  it("gives the manager supply and labour lines in several families on both versions, their tasks, remaining work and an import", async () => {
    const login = await t.request("POST", "/auth/login", {
      body: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
    });
    const token = login.body.token as string;
    const project = await t.db("projects").first("id", "current_version_id", "signed_version_id");
    const list = await t.request("GET", "/order-line", {
      token,
      query: { filter: [`versionId||$eq||${project.current_version_id}`] },
    });
    expect(list.status).toBe(200);
    const lines = list.body.data as OrderLine[];
    expect(lines.length).toBeGreaterThanOrEqual(15);
    expect(new Set(lines.map((l) => l.type))).toEqual(new Set(["supply", "labor"]));
    expect(new Set(lines.map((l) => l.familyId)).size).toBeGreaterThanOrEqual(8);
    expect(lines.filter((l) => l.tasksCount > 0).length).toBeGreaterThanOrEqual(15);
    expect(lines.every((l) => l.macroTaskId !== null && l.price !== null)).toBe(true);
    // The referent version holds the same lines (tracking ids), at other prices.
    const referent = await t.db("order_lines").where({ version_id: project.signed_version_id }).pluck("tracking_id");
    const concrete = lines.find((l) => l.label.startsWith("Béton"))!;
    expect(referent).toContain(concrete.trackingId);
    const before = await t
      .db("order_lines")
      .where({ tracking_id: concrete.trackingId, version_id: project.signed_version_id })
      .first();
    expect(Number(before.price)).toBeLessThan(concrete.price!);

    const remaining = await t.request<OrderLineTaskTodo>("GET", "/order-line-task/todo", {
      token,
      query: { projectId: project.id },
    });
    expect(remaining.status).toBe(200);
    const total = remaining.body.groups.reduce((n, g) => n + g.count, 0);
    expect(total).toBeGreaterThan(100);
    // While the demo's works run (its countings follow the day it is seeded), the three groups hold lines.
    const end = await t.db("projects").where({ id: project.id }).first("projected_end_date");
    const running = todayInParis() < String(end.projected_end_date).slice(0, 10);
    for (const g of remaining.body.groups)
      if (running || g.status === "done") expect([g.status, g.count > 0, g.amount > 0]).toEqual([g.status, true, true]);
    const supply = await t
      .db("order_line_tasks as t")
      .join("order_lines as l", "l.id", "t.order_line_id")
      .where({ "t.version_id": project.current_version_id, "l.type": "supply" })
      .select(
        t.db.raw("count(*) filter (where t.is_ordered) as ordered"),
        t.db.raw("count(*) filter (where not t.is_ordered) as open"),
      )
      .first();
    expect([Number(supply.ordered) > 0, Number(supply.open) > 0]).toEqual([true, true]);
    const imports = await t.request("GET", "/order-line/import/list", { token, query: { projectId: project.id } });
    expect(imports.body.data).toMatchObject([{ fileName: "commande-nettoyage.xlsx", linesCount: 2 }]);
    const families = await t.request("GET", "/family", {
      token,
      query: { filter: [`versionId||$eq||${project.current_version_id}`] },
    });
    expect(families.body.total).toBeGreaterThanOrEqual(8);
  });
});
