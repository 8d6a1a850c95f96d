import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
});
afterAll(async () => t?.close());

describe("demo quality controls", () => {
  it("shows the external user prerequisites and finishes of every colour, with due dates and history", async () => {
    const login = await t.request("POST", "/auth/login", {
      body: { email: "externe@jalon.demo", password: DEMO_PASSWORD },
    });
    const token = login.body.token as string;
    const project = await t.db("projects").first("id", "current_version_id");
    const list = await t.request("GET", "/quality-control", {
      token,
      query: { filter: [`versionId||$eq||${project.current_version_id}`], join: "events" },
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(100);
    const data = list.body.data as { type: string; indicator: string; dueDate: string | null; isArchived: boolean }[];
    expect(new Set(data.map((q) => q.type))).toEqual(new Set(["prerequisites", "finishes"]));
    expect(new Set(data.map((q) => q.indicator))).toEqual(new Set(["green", "grey", "red", "orange"]));
    expect(data.every((q) => q.dueDate !== null && !q.isArchived)).toBe(true);
    const archived = await t.request("GET", "/quality-control", {
      token,
      query: { filter: [`versionId||$eq||${project.current_version_id}`, "isArchived||$eq||true"] },
    });
    expect(archived.body.total).toBe(1);
    const templates = await t.db("quality_control_templates").where({ project_id: project.id }).count({ c: "*" });
    expect(Number(templates[0].c)).toBe(3);
    expect(Number((await t.db("quality_control_histories").count({ c: "*" }))[0].c)).toBeGreaterThan(10);
  });
});
