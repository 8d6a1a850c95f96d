import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "./demo.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
});
afterAll(async () => t?.close());

const login = async (email: string) =>
  (await t.request("POST", "/auth/login", { body: { email, password: DEMO_PASSWORD } })).body.token as string;

describe("demo seed", () => {
  it("runs once", async () => {
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
  });

  it("gives the three demo accounts, the external one linked to the project", async () => {
    const token = await login("externe@jalon.demo");
    const list = await t.request("GET", "/project", { token, query: { join: "signedVersion" } });
    expect(list.body.total).toBe(1);
    const p = list.body.data[0];
    expect(p.name).toContain("48 logements");
    expect(p.signedVersion.name).toBe("Planning de référence");
    expect(p.currentVersion.name).toBe("Recalage gros œuvre");
    expect(p.projectedEndDate).toMatch(/^2027-/);
    expect(await login("admin@jalon.demo")).toBeTruthy();
    expect(await login("manager@jalon.demo")).toBeTruthy();
  });

  it("has about 800 events on working days, with end-begin links through the zones, in two versions", async () => {
    const project = await t.db("projects").first();
    const [v1, v2] = await t.db("versions").where({ project_id: project.id }).orderBy("id");
    expect(v1.is_archived).toBe(true);
    expect(v2.id).toBe(project.current_version_id);
    const count = Number((await t.db("events").where({ version_id: v2.id }).count({ c: "*" }))[0].c);
    expect(count).toBeGreaterThan(750);
    expect(count).toBeLessThan(900);
    expect(Number((await t.db("event_links").where({ version_id: v2.id }).count({ c: "*" }))[0].c)).toBeGreaterThan(
      count,
    );
    const holidays = new Set(
      await t
        .db("holidays")
        .where({ version_id: v2.id, type: "holiday" })
        .whereNotExists(t.db("holiday_lots").whereRaw("holiday_lots.holiday_id = holidays.id"))
        .pluck("start_date"),
    );
    expect(holidays.has("2026-07-14")).toBe(true);
    const vacation = await t
      .db("holidays")
      .where({ version_id: v2.id, type: "vacation" })
      .orderBy("start_date")
      .first();
    expect(vacation.name).toBe("Congés d'été du BTP");
    const starts = await t.db("events").where({ version_id: v2.id }).pluck("start_date");
    for (const d of starts) {
      const day = new Date(`${d}T00:00:00Z`).getUTCDay();
      expect(day === 0 || day === 6, d).toBe(false);
      expect(holidays.has(d), d).toBe(false);
      expect(d >= vacation.start_date && d <= vacation.end_date, d).toBe(false);
    }
    // Every link holds: an end-begin child starts after its parent ends (or on the milestone's day).
    const violations = await t.db.raw(
      `SELECT count(*) c FROM event_links l JOIN events p ON p.id = l.parent_id JOIN events c ON c.id = l.child_id
      WHERE l.version_id = ? AND l.type = 'end-begin' AND l.delay >= 0 AND c.start_date < p.end_date`,
      [v2.id],
    );
    expect(Number(violations.rows[0].c)).toBe(0);
    // Version 2 moved the gros œuvre of building B: its end is later than in version 1.
    const endOf = async (versionId: number) =>
      (await t.db("events").where({ version_id: versionId, name: "Fin du gros œuvre bâtiment B" }).first()).start_date;
    expect((await endOf(v2.id)) > (await endOf(v1.id))).toBe(true);
  });

  it("answers event reads with parents and children", async () => {
    const token = await login("manager@jalon.demo");
    const project = await t.db("projects").first();
    const list = await t.request("GET", "/event", {
      token,
      query: {
        filter: [`projectId||$eq||${project.id}`, "type||$eq||milestone", "isTracked||$eq||true"],
        sort: "startDate,ASC",
        limit: 100,
        join: ["parentsEvents", "childrenEvents"],
      },
    });
    expect(list.status).toBe(200);
    expect(list.body.data[0].name).toBe("Démarrage des travaux");
    const reception = list.body.data.find((e: { name: string }) => e.name === "Réception des travaux");
    expect(reception.parentsEvents).toEqual([
      expect.objectContaining({ type: "end-begin", delay: 0, name: "Opérations préalables à la réception" }),
    ]);
    const one = await t.request("GET", `/event/${reception.id}`, { token });
    expect(one.body.childrenEvents.map((c: { name: string }) => c.name).sort()).toEqual([
      "Levée des réserves",
      "Livraison aux acquéreurs",
    ]);
  });
});
