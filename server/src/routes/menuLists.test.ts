import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/helpers/app.js";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../db/seeds/demo.js";
import { DEMO_START } from "../db/seeds/demoCalendar.js";

/**
 * Every list screen of the menu (web/src/app/navigation.ts) asks the server for its rows with the query its
 * api function builds (web/src/api/*.ts, named beside each call below). Against the demo data, each answers
 * 200 with rows: the Tâches list answered 500 (`column "color" does not exist`) on its zones join.
 */
let t: TestApp;
let token: string;
let adminToken: string;
let projectId: number;
let versionId: number;

const LIST_LIMIT = 10000;
const f = (field: string, condition: string, value: string | number) => `${field}||${condition}||${value}`;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoIfEmpty(t.db);
  const login = async (email: string) =>
    (await t.request("POST", "/auth/login", { body: { email, password: DEMO_PASSWORD } })).body.token as string;
  token = await login("manager@jalon.demo");
  adminToken = await login("admin@jalon.demo");
  const project = await t.db("projects").first("id", "current_version_id");
  projectId = project.id;
  versionId = project.current_version_id;
});
afterAll(async () => t?.close());

type Query = Record<string, string | number | (string | number)[]>;
interface ListCall {
  screen: string;
  path: string;
  query: () => Query;
  /** Rows the demo holds for it (lists the demo leaves empty say so). */
  rows: "some" | "maybe none";
  admin?: boolean;
}

const scope = (): string[] => [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId)];

const CALLS: ListCall[] = [
  // api.projects.list (ProjectsPage)
  {
    screen: "/dashboard/projects",
    path: "/project",
    query: () => ({ join: "signedVersion", limit: LIST_LIMIT }),
    rows: "some",
  },
  // api.versions.list (the header's versions panel, on every screen)
  {
    screen: "versions panel",
    path: "/version",
    query: () => ({ filter: f("projectId", "$eq", projectId), sort: "id,DESC", limit: 100 }),
    rows: "some",
  },
  // api.users.list (ProjectUsers on /dashboard/project)
  {
    screen: "/dashboard/project",
    path: "/user",
    query: () => ({ filter: [f("projectId", "$eq", projectId)], limit: LIST_LIMIT, sort: "lastname,ASC" }),
    rows: "some",
  },
  {
    screen: "/dashboard/project",
    path: "/user",
    query: () => ({ limit: LIST_LIMIT, sort: "lastname,ASC" }),
    rows: "some",
  },
  // libraryLotsApi.list (LibraryLotsPage)
  {
    screen: "/dashboard/participants-library",
    path: "/participant-group",
    query: () => ({ limit: LIST_LIMIT, sort: "name,ASC" }),
    rows: "maybe none",
  },
  // zonesApi.list (ZonesPage)
  {
    screen: "/dashboard/zones",
    path: "/zone",
    query: () => ({ filter: scope(), limit: LIST_LIMIT, sort: "position,ASC" }),
    rows: "some",
  },
  // sequencesApi.list (SequencesPage)
  {
    screen: "/dashboard/sequences",
    path: "/sequence",
    query: () => ({ filter: f("versionId", "$eq", versionId), limit: LIST_LIMIT, sort: "name,ASC" }),
    rows: "maybe none",
  },
  // macroTasksApi.list (MacroTasksPage)
  {
    screen: "/dashboard/macro-tasks",
    path: "/macro-task",
    query: () => ({
      filter: [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId)],
      join: "zones",
      limit: LIST_LIMIT,
      sort: "name,ASC",
    }),
    rows: "maybe none",
  },
  // eventsApi.list (EventsPage: first page of 25 by name, zone and lot joined)
  {
    screen: "/dashboard/events",
    path: "/event",
    query: () => ({
      filter: [f("versionId", "$eq", versionId)],
      join: ["zone", "participantGroupPro"],
      sort: "name,ASC",
      limit: 25,
      offset: 0,
    }),
    rows: "some",
  },
  // lotsApi.list (LotsPage)
  {
    screen: "/dashboard/participants",
    path: "/participant-group-pro",
    query: () => ({ filter: scope(), limit: LIST_LIMIT, sort: "name,ASC", join: "participants" }),
    rows: "some",
  },
  // holidaysApi.list (HolidaysPage, both tabs)
  {
    screen: "/dashboard/holidays",
    path: "/holiday",
    query: () => ({
      filter: [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId), f("type", "$eq", "holiday")],
      limit: LIST_LIMIT,
      sort: "name,ASC",
    }),
    rows: "some",
  },
  {
    screen: "/dashboard/holidays",
    path: "/holiday",
    query: () => ({
      filter: [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId), f("type", "$eq", "vacation")],
      limit: LIST_LIMIT,
      sort: "name,ASC",
    }),
    rows: "some",
  },
  // milestonesApi.list (MilestonesPage)
  {
    screen: "/dashboard/milestones",
    path: "/event",
    query: () => ({
      filter: [f("versionId", "$eq", versionId), f("type", "$eq", "milestone"), f("milestoneToHide", "$eq", "false")],
      join: ["sequence.instantiationConfig"],
      sort: "name,ASC",
      limit: LIST_LIMIT,
      offset: 0,
    }),
    rows: "some",
  },
  // classificationApi("/tag").list and ("/phase").list (TagsPage, PhasesPage)
  {
    screen: "/dashboard/tags",
    path: "/tag",
    query: () => ({
      filter: [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId)],
      limit: LIST_LIMIT,
      sort: "name,ASC",
    }),
    rows: "maybe none",
  },
  {
    screen: "/dashboard/phases",
    path: "/phase",
    query: () => ({
      filter: [f("projectId", "$eq", projectId), f("versionId", "$eq", versionId)],
      limit: LIST_LIMIT,
      sort: "name,ASC",
    }),
    rows: "maybe none",
  },
  // The planning's own read (PlanningPage): the default window.
  {
    screen: "/dashboard/planning",
    path: "/planning/data",
    query: () => ({
      projectId,
      versionId,
      startDate: `${DEMO_START.slice(0, 4)}-01`,
      endDate: `${DEMO_START.slice(0, 4)}-12`,
    }),
    rows: "some",
  },
  // api.users.list as the administrator's users page asks it (UsersPage)
  {
    screen: "/dashboard/users",
    path: "/user",
    query: () => ({ limit: LIST_LIMIT, sort: "lastname,ASC" }),
    rows: "some",
    admin: true,
  },
];

function rowsOf(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  const b = body as { data?: unknown; events?: unknown; graph?: { ids?: unknown[] } };
  if (Array.isArray(b.data)) return b.data.length;
  if (Array.isArray(b.events)) return b.events.length;
  return -1;
}

describe("the menu's list screens on the demo data", () => {
  it.each(CALLS.map((c) => [`${c.screen} GET ${c.path}`, c] as const))(
    "%s answers 200 with its rows",
    async (_name, call) => {
      const res = await t.request("GET", call.path, { token: call.admin ? adminToken : token, query: call.query() });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const rows = rowsOf(res.body);
      if (call.path !== "/planning/data") expect(rows).toBeGreaterThanOrEqual(call.rows === "some" ? 1 : 0);
    },
  );

  it("the Tâches list joins each event's zone (name, no colour) and lot (name and colour)", async () => {
    const res = await t.request("GET", "/event", {
      token,
      query: {
        filter: [f("versionId", "$eq", versionId), f("type", "$eq", "task")],
        join: ["zone", "participantGroupPro"],
        sort: "name,ASC",
        limit: 200,
      },
    });
    expect(res.status).toBe(200);
    const withZone = res.body.data.find((e: { zoneId: number | null }) => e.zoneId !== null);
    expect(withZone.zone).toMatchObject({ id: withZone.zoneId, name: expect.any(String) });
    expect(withZone.zone.color).toBeUndefined();
    const zone = await t.db("zones").where({ id: withZone.zoneId }).first("name");
    expect(withZone.zone.name).toBe(zone.name);
    const withLot = res.body.data.find(
      (e: { participantGroupProId: number | null }) => e.participantGroupProId !== null,
    );
    expect(withLot.participantGroupPro).toMatchObject({
      id: withLot.participantGroupProId,
      color: expect.stringMatching(/^#/),
    });
  });
});
