import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { WorkforceAnswer } from "@jalon/shared";
import { findTable, makeProject, mockApi, Providers, selectProject } from "../../test/render";
import { toIsoDay } from "../../lib/dates";
import { handleRealtimeEvent } from "../../realtime/handleEvent";
import ParticipantCountingsPage from "./ParticipantCountingsPage";
import WorkforceMonitoringPage from "./WorkforceMonitoringPage";
import { parsePeople, shiftDay } from "./people";

const PROJECT_ID = 7;
const VERSION_ID = 11;

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/participant-countings", element: <ParticipantCountingsPage /> },
      { path: "/dashboard/workforce-monitoring", element: <WorkforceMonitoringPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const participant = (id: number, name: string) => ({
  id,
  name,
  color: "#FF0000",
  tags: [],
  zones: [],
  specialities: [],
});
const reference = {
  "GET /api/participant-group-pro": { data: [{ id: 41, name: "Électricité", color: "#FFFFFF", participants: [] }] },
  "GET /api/participant": { data: [participant(1, "Elec Sud"), participant(2, "Plâtres Martin")] },
  "GET /api/version": {
    data: [
      { id: 11, name: "Version 2", projectId: PROJECT_ID },
      { id: 9, name: "Version 1", projectId: PROJECT_ID },
    ],
  },
};

beforeEach(() => vi.unstubAllGlobals());
// jsdom lays out no SVG text: the chart measures its axis labels.
beforeAll(() => {
  Object.defineProperty(window.SVGElement.prototype, "getComputedTextLength", { value: () => 40, configurable: true });
  Object.defineProperty(window.SVGElement.prototype, "getBBox", {
    value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
    configurable: true,
  });
});

describe("people cells", () => {
  it("reads a count: empty clears, comma or dot decimals, negatives and words refused", () => {
    expect([parsePeople(""), parsePeople("3"), parsePeople("2,5"), parsePeople("-1"), parsePeople("abc")]).toEqual([
      null,
      3,
      2.5,
      undefined,
      undefined,
    ]);
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("/dashboard/participant-countings", () => {
  it("refetches the day's countings when another user writes some (live event)", async () => {
    const { calls } = mockApi({ ...reference, "GET /api/workforce/counting": { data: [] } });
    renderAt("/dashboard/participant-countings");
    await screen.findByText("Plâtres Martin");
    const reads = () => calls.filter((c) => c.path === "/api/workforce/counting").length;
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    handleRealtimeEvent(
      "reference:update",
      {
        event: "reference:update",
        projectId: PROJECT_ID,
        versionId: VERSION_ID,
        initiatorId: 999,
        ids: [1],
        data: { resource: "workforce-counting", dates: [toIsoDay(new Date())] },
      },
      { userId: 1, isAdmin: false, pathname: "/dashboard/participant-countings", navigate: vi.fn() },
    );
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it("shows each participant's lots, filters by tag and lot and totals the day", async () => {
    const today = toIsoDay(new Date());
    const { calls } = mockApi({
      ...reference,
      "GET /api/tag": { data: [{ id: 71, name: "Façades" }] },
      "GET /api/participant": {
        data: [
          { ...participant(1, "Elec Sud"), participantsGroupPro: [{ id: 41, name: "Électricité", color: "#FFFFFF" }] },
          { ...participant(2, "Plâtres Martin"), tags: [{ id: 71, name: "Façades" }] },
        ],
      },
      "GET /api/workforce/counting": {
        data: [1, 2].map((id) => ({
          id: 10 + id,
          participantId: id,
          participantGroupProId: null,
          date: today,
          name: "",
          color: "#FF0000",
          estimatedNumberOfPeople: 2 * id,
          realNumberOfPeople: id + 0.5,
          projectId: PROJECT_ID,
          versionId: VERSION_ID,
        })),
      },
    });
    renderAt("/dashboard/participant-countings");
    const table = await screen.findByRole("table", { name: "Effectifs des intervenants du jour" });
    const elec = (await within(table).findByText("Elec Sud")).closest("tr")!;
    expect(elec).toHaveTextContent("Électricité");
    expect(await screen.findByText("Total du jour : 6 en effectif théorique, 4 en effectif réel")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Étiquette" }), "71");
    await waitFor(() => expect(within(table).queryByText("Elec Sud")).not.toBeInTheDocument());
    expect(within(table).getByText("Plâtres Martin")).toBeInTheDocument();
    expect(screen.getByText("Total du jour : 4 en effectif théorique, 2,5 en effectif réel")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "41");
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/participant" && c.query.toString().includes("41"))).toBe(true),
    );
  });

  it("shows each participant's counts of the day, saves only the changed cell, refuses a negative number", async () => {
    const today = toIsoDay(new Date());
    const { calls } = mockApi({
      ...reference,
      "GET /api/workforce/counting": {
        data: [
          {
            id: 5,
            participantId: 1,
            participantGroupProId: null,
            date: today,
            name: "Elec Sud",
            color: "#FF0000",
            estimatedNumberOfPeople: 4,
            realNumberOfPeople: 3,
            projectId: PROJECT_ID,
            versionId: VERSION_ID,
          },
        ],
      },
      "POST /api/workforce/counting": { data: [], count: 1 },
    });
    renderAt("/dashboard/participant-countings");
    const real = await screen.findByLabelText("Effectif réel de Elec Sud");
    await waitFor(() => expect(real).toHaveValue(3));
    expect(screen.getByLabelText("Effectif théorique de Elec Sud")).toHaveValue(4);
    expect(screen.getByLabelText("Effectif réel de Plâtres Martin")).toHaveValue(null);
    const list = calls.find((c) => c.path === "/api/workforce/counting" && c.method === "GET")!;
    expect(list.query.get("versionId")).toBe(String(VERSION_ID));
    expect(list.query.get("startDate")).toMatch(/T2[23]:00:00\.000Z$/);
    expect(list.query.get("endDate")).toMatch(/T2[12]:59:59\.999Z$/);

    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Effectif réel de Plâtres Martin"), "-2");
    expect(await screen.findByRole("alert")).toHaveTextContent("Nombre invalide");
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText("Effectif réel de Plâtres Martin"));
    await user.clear(real);
    await user.type(real, "5");
    expect(screen.getByText("1 modification non enregistrée")).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      data: [{ participantId: 1, date: today, realNumberOfPeople: 5 }],
    });
  });
});

describe("/dashboard/workforce-monitoring", () => {
  it("shows planned people per version against the countings as a table and refetches with the filters", async () => {
    const answer: WorkforceAnswer = {
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      versionList: [{ id: 11, name: "Version 2" }],
      startDate: "2026-03-02",
      endDate: "2026-03-03",
      rows: [
        { date: "2026-03-02", estimatedNumberOfPeople: 0, realNumberOfPeople: 0, versions: { "11": 2 } },
        { date: "2026-03-03", estimatedNumberOfPeople: 5, realNumberOfPeople: 4.5, versions: { "11": 7 } },
      ],
    };
    const { calls } = mockApi({ ...reference, [`GET /api/workforce/${PROJECT_ID}`]: answer });
    renderAt("/dashboard/workforce-monitoring");
    const table = await findTable("Effectifs par jour");
    await waitFor(() => expect(within(table).getByText("03/03/2026")).toBeInTheDocument());
    const row = within(table).getByText("03/03/2026").closest("tr")!;
    expect(within(row).getByText("7")).toBeInTheDocument();
    expect(within(row).getByText("4.5")).toBeInTheDocument();
    expect(within(table).getByText("Prévu – Version 2")).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Effectifs par jour" })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Lot"), "41");
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === `/api/workforce/${PROJECT_ID}` && c.query.get("participantGroupIds") === "41"),
      ).toBe(true),
    );
    const last = calls.filter((c) => c.path === `/api/workforce/${PROJECT_ID}`).at(-1)!;
    expect(last.query.get("versionId")).toBe(String(VERSION_ID));
  });

  it("filters by tag, macro-task and zone, in the chart's call and in the .xlsx export", async () => {
    const answer: WorkforceAnswer = {
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      versionList: [{ id: 11, name: "Version 2" }],
      startDate: "2026-03-02",
      endDate: "2026-03-02",
      rows: [{ date: "2026-03-02", estimatedNumberOfPeople: 0, realNumberOfPeople: 0, versions: { "11": 2 } }],
    };
    const { calls } = mockApi({
      ...reference,
      "GET /api/tag": { data: [{ id: 71, name: "Façades" }] },
      "GET /api/macro-task": { data: [{ id: 81, name: "Plâtrerie" }] },
      "GET /api/zone": { data: [{ id: 91, name: "R+1", fullName: "Bâtiment A / R+1" }] },
      [`GET /api/workforce/${PROJECT_ID}`]: answer,
      [`GET /api/workforce/export/${PROJECT_ID}`]: { status: 200, body: {} },
    });
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:xlsx");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    try {
      renderAt("/dashboard/workforce-monitoring");
      await findTable("Effectifs par jour");
      const user = userEvent.setup();
      await waitFor(() => expect(screen.getByRole("option", { name: "Bâtiment A / R+1" })).toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole("option", { name: "Plâtrerie" })).toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole("option", { name: "Façades" })).toBeInTheDocument());
      expect(screen.queryByRole("note")).not.toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText("Étiquette"), "71");
      await user.selectOptions(screen.getByLabelText("Macro-tâche"), "81");
      await user.selectOptions(screen.getByLabelText("Zone"), "91");
      const chart = () => calls.filter((c) => c.path === `/api/workforce/${PROJECT_ID}`).at(-1)!;
      await waitFor(() => expect(chart().query.get("zoneIds")).toBe("91"));
      expect([chart().query.get("tagIds"), chart().query.get("macroTaskIds")]).toEqual(["71", "81"]);
      // Countings have no macro-task nor zone: the screen says those two narrow the planned people only.
      expect(screen.getByRole("note")).toHaveTextContent("portent sur l'effectif prévu");

      await user.click(screen.getByRole("button", { name: "Exporter (.xlsx)" }));
      await waitFor(() => expect(calls.some((c) => c.path === `/api/workforce/export/${PROJECT_ID}`)).toBe(true));
      const file = calls.find((c) => c.path === `/api/workforce/export/${PROJECT_ID}`)!;
      expect(["tagIds", "macroTaskIds", "zoneIds", "versionId"].map((k) => file.query.get(k))).toEqual([
        "71",
        "81",
        "91",
        String(VERSION_ID),
      ]);
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    } finally {
      create.mockRestore();
      revoke.mockRestore();
      anchorClick.mockRestore();
    }
  });
});
