import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { todayInParis } from "../../planning/progress.js";
import { DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoIfEmpty } from "./demo.js";
import { DEMO_START } from "./demoCalendar.js";

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
    // About eleven months of works from the demo's start (which follows the day it is seeded).
    const months = (Date.parse(p.projectedEndDate) - Date.parse(DEMO_START)) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(9);
    expect(months).toBeLessThan(14);
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
    expect(holidays.has(`${DEMO_START.slice(0, 4)}-07-14`)).toBe(true);
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

  it("has a template library, its copies in the project, and one recurring train over the four common rooms", async () => {
    const admin = await login("admin@jalon.demo");
    const token = await login("manager@jalon.demo");
    const project = await t.db("projects").first();
    const library = await t.request("GET", "/sequence-template", { token: admin, query: { limit: 100 } });
    expect(library.body.data.map((s: { name: string }) => s.name)).toEqual([
      "Aménagement des locaux communs",
      "Parties communes d'un niveau",
      "Salle de bains",
      "Second œuvre d'un logement",
    ]);
    const logement = library.body.data.find((s: { name: string }) => s.name === "Second œuvre d'un logement");
    // CLO d0-3, ELE and PLO d2-4 (début-début +2), PLA d5-7, MEN d8-9, PEI d9-12 (1 day of drying), SOL d13-14.
    expect(logement).toMatchObject({ typology: ["Logements"], projects: 1, duration: 15 });
    expect(logement.eventsTemplates.map((e: { name: string }) => e.name)).toEqual([
      "Cloisons / doublages",
      "Électricité encastrée",
      "Plomberie encastrée",
      "Plâtrerie finitions",
      "Menuiseries intérieures",
      "Peinture",
      "Sols souples",
    ]);
    expect(logement.eventsTemplates[0].participantGroup.name).toBe("Cloisons / doublages");
    // The zones' typologies are the templates'.
    const typologies = new Set(
      await t.db("zones").where({ version_id: project.current_version_id }).distinct("typology").pluck("typology"),
    );
    for (const s of library.body.data) for (const ty of s.typology) expect(typologies.has(ty), ty).toBe(true);

    const copies = await t.request("GET", "/sequence-template-pro", {
      token,
      query: { filter: `projectId||$eq||${project.id}`, limit: 100 },
    });
    expect(copies.body.total).toBe(4);
    const locaux = copies.body.data.find((s: { name: string }) => s.name === "Aménagement des locaux communs");
    expect(locaux).toMatchObject({ isImported: true, instantiated: expect.any(Number) });
    expect(locaux.instantiated).toBeGreaterThan(0);
    expect(locaux.eventsTemplates[0].participantGroupPro.name).toBe("Cloisons / doublages");
    const loose = await t.request("GET", "/event-template-pro", {
      token,
      query: { filter: [`projectId||$eq||${project.id}`, "sequenceTemplateId||$isnull"] },
    });
    expect(loose.body.total).toBe(2);

    // The train: the first task in the four rooms, in order, three working days apart.
    const instances = await t.request("GET", "/event-template-pro/instantiated", {
      token,
      query: { projectId: project.id },
    });
    const cloisons = instances.body.data.find(
      (e: { name: string; sequenceTemplateId: number }) =>
        e.name === "Cloisons / doublages" && e.sequenceTemplateId === locaux.id,
    );
    const starts = cloisons.instancesList
      .map((i: { zone: { name: string }; startDate: string }) => [i.zone.name, i.startDate])
      .sort((a: string[], b: string[]) => a[1].localeCompare(b[1]));
    expect(starts.map((s: string[]) => s[0])).toEqual([
      "Hall d'entrée A",
      "Hall d'entrée B",
      "Local vélos",
      "Local ordures ménagères",
    ]);
    expect(new Set(starts.map((s: string[]) => s[1])).size).toBe(4);
    const horsAir = await t
      .db("events")
      .where({ version_id: project.current_version_id, name: "Hors d'air bâtiment B" })
      .first();
    expect(starts[0][1] > horsAir.start_date).toBe(true);
  });

  it("has countings on its signed version up to today: finished tasks, tasks under way, some behind", async () => {
    const project = await t.db("projects").where({ name: DEMO_PROJECT_NAME }).first();
    const rows = (await t
      .db("countings as c")
      .join("events as e", "e.id", "c.event_id")
      .where("c.project_id", project.id)
      .select("c.version_id", "c.percentage", "c.counting_date", "e.start_date")) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((r) => Number(r.version_id) === project.signed_version_id)).toBe(true);
    expect(rows.every((r) => r.counting_date >= r.start_date && r.counting_date <= todayInParis())).toBe(true);
    const percentages = rows.map((r) => Number(r.percentage));
    expect(percentages.every((p) => p > 0 && p <= 100)).toBe(true);
    expect(percentages.filter((p) => p === 100).length).toBeGreaterThan(10);
    expect(percentages.filter((p) => p < 100).length).toBeGreaterThan(10);
    const token = await login("manager@jalon.demo");
    const list = await t.request("GET", "/counting", { token, query: { filter: [`projectId||$eq||${project.id}`] } });
    expect(list.body.total).toBe(rows.length);
  });

  it("has workforce countings of the last weeks on the current version, shown against the planned people", async () => {
    const project = await t.db("projects").first();
    const v = project.current_version_id as number;
    const counted = Number((await t.db("workforce_countings").where({ version_id: v }).count({ c: "*" }))[0].c);
    expect(counted).toBeGreaterThan(50);
    const token = await login("manager@jalon.demo");
    const res = await t.request("GET", `/workforce/${project.id}`, { token, query: { versionId: v } });
    const rows = res.body.rows as { realNumberOfPeople: number; versions: Record<string, number> }[];
    expect(rows.some((r) => r.realNumberOfPeople > 0 && r.versions[String(v)] > 0)).toBe(true);
  });
});
