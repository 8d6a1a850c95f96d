import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
});
afterAll(async () => t?.close());

describe("demo roadblocks", () => {
  it("gives the current version open and lifted roadblocks on its tasks, counted on their tasks", async () => {
    const login = await t.request("POST", "/auth/login", {
      body: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
    });
    const token = login.body.token as string;
    const project = await t.db("projects").first("id", "current_version_id");
    const list = await t.request("GET", "/roadblock", {
      token,
      query: { filter: [`projectId||$eq||${project.id}`, `versionId||$eq||${project.current_version_id}`] },
    });
    expect(list.status).toBe(200);
    const data = list.body.data as { validate: boolean; eventId: number | null; createdBy: unknown }[];
    expect(data.length).toBe(10);
    const open = data.filter((r) => !r.validate);
    expect(open.length).toBe(7);
    expect(data.every((r) => r.eventId !== null && r.createdBy !== null)).toBe(true);
    const task = await t.request("GET", `/event/${open[0].eventId}`, { token });
    expect(task.body.numberOfRoadblocks).toBeGreaterThan(0);
  });

  it("gives the signed version the same roadblocks, so that the dashboard that follows it counts them", async () => {
    const project = await t.db("projects").first("id", "current_version_id", "signed_version_id");
    const tracking = (versionId: number) =>
      t.db("roadblocks").where({ version_id: versionId }).orderBy("tracking_id").pluck("tracking_id");
    const signed = await tracking(project.signed_version_id);
    expect(signed.length).toBeGreaterThan(0);
    expect(signed).toEqual(await tracking(project.current_version_id));
    const token = (
      await t.request("POST", "/auth/login", { body: { email: "manager@jalon.demo", password: DEMO_PASSWORD } })
    ).body.token as string;
    const dashboard = await t.request("GET", `/project/${project.id}/dashboard`, {
      token,
      query: { versionId: project.signed_version_id },
    });
    expect(dashboard.body.roadblocks.total).toBe(signed.length);
    expect(dashboard.body.roadblocks.open).toBeGreaterThan(0);
  });
});
