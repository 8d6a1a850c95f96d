import type { ReactElement } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { Dashboard } from "@jalon/shared";
import { makeProject, makeVersion, mockApi, Providers, selectProject } from "../../test/render";
import { useProject } from "../../store/project";
import { useToasts } from "../../store/toasts";
import DashboardPage from "./DashboardPage";
import IndicatorsPage from "./IndicatorsPage";
import ProgressionPage from "./ProgressionPage";
import RecalibrationPage from "./RecalibrationPage";
import { parseDay } from "../../lib/dates";
import { formatPercent, formatSigned } from "./format";

const PROJECT_ID = 7;
const VERSION_ID = 11;

const SIGNED_ID = 9;

function renderAt(path: string, element: ReactElement, signedVersionId: number | null = null) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID, signedVersionId }));
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => vi.unstubAllGlobals());
// jsdom lays out no SVG text: the charts measure their axis labels.
beforeAll(() => {
  Object.defineProperty(window.SVGElement.prototype, "getComputedTextLength", { value: () => 40, configurable: true });
  Object.defineProperty(window.SVGElement.prototype, "getBBox", {
    value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
    configurable: true,
  });
});

const nbsp = "\u00a0";

describe("formats", () => {
  it("writes French percentages and signed margins, reads dd/MM/yyyy days", () => {
    expect(formatPercent(45.5)).toBe(`45,5${nbsp}%`);
    expect(formatPercent(12.345)).toBe(`12,35${nbsp}%`);
    expect([formatSigned(3), formatSigned(-2), formatSigned(0)]).toEqual(["+3", "\u22122", "0"]);
    expect(parseDay("05/03/2026")).toBe("2026-03-05");
    expect(parseDay("31/02/2026")).toBeNull();
    expect(parseDay("2026-03-05")).toBeNull();
  });
});

const dashboard = (over: Partial<Dashboard> = {}): Dashboard => ({
  projectId: PROJECT_ID,
  versionId: VERSION_ID,
  date: "2026-03-10",
  progress: 42.5,
  theoreticalProgress: 57.25,
  projectedEndDate: "2026-09-30",
  forecastEndDate: "2026-10-14",
  expectedEndDate: "2026-10-09",
  marginForHazards: -3,
  milestones: [
    { id: 1, name: "Hors d'eau", plannedDate: "2026-05-04", projectedDate: "2026-05-11", deltaDays: 5 },
    { id: 2, name: "Réception", plannedDate: "2026-09-30", projectedDate: "2026-09-30", deltaDays: 0 },
  ],
  production: { tasksFinished: 12, tasksOnTime: 7, tasksLate: 4, tasksToPoint: 2 },
  productionWeeks: [
    { weekStart: "2026-03-02", date: "2026-03-08", tasksFinished: 9, tasksOnTime: 8, tasksLate: 3, tasksToPoint: 1 },
    { weekStart: "2026-03-09", date: "2026-03-10", tasksFinished: 12, tasksOnTime: 7, tasksLate: 4, tasksToPoint: 2 },
  ],
  roadblocks: { total: 6, open: 1 },
  ...over,
});

describe("/dashboard/overview", () => {
  it("shows the General tab: progress in French, forecast end, a negative red margin, milestones, production", async () => {
    const { calls } = mockApi({
      [`GET /api/project/${PROJECT_ID}/dashboard`]: (c: { query: URLSearchParams }) =>
        c.query.get("date") === "2026-03-01"
          ? dashboard({ date: "2026-03-01", marginForHazards: 4, progress: 10 })
          : dashboard(),
    });
    renderAt("/dashboard/overview", <DashboardPage />, SIGNED_ID);
    expect(await screen.findByRole("tab", { name: "Général", selected: true })).toBeInTheDocument();
    const progress = await screen.findByRole("region", { name: "Avancement" });
    expect(within(progress).getAllByText("42,5 %").length).toBeGreaterThan(0);
    expect(within(progress).getByText("57,25 %")).toBeInTheDocument();
    const forecast = screen.getByRole("region", { name: "Date de fin prévisionnelle" });
    expect(within(forecast).getByText("14/10/2026")).toBeInTheDocument();
    expect(within(forecast).getByText("09/10/2026")).toBeInTheDocument();
    const margin = screen.getByRole("region", { name: "Marge pour aléas" });
    const value = within(margin).getByText("\u22123 jours ouvrés");
    expect(value).toHaveAttribute("data-tone", "danger");
    const production = screen.getByRole("region", { name: "Production" });
    expect(within(production).getByText("Tâches en retard").closest("div")).toHaveTextContent("4");
    const roadblocks = screen.getByRole("region", { name: "Points bloquants" });
    expect(within(roadblocks).getByText("Ouverts").closest("div")).toHaveTextContent("1");
    const milestones = screen.getByRole("table", { name: "Suivi des jalons" });
    const row = within(milestones).getByText("Hors d'eau").closest("tr")!;
    expect(row).toHaveTextContent("04/05/2026");
    expect(row).toHaveTextContent("11/05/2026");
    expect(row).toHaveTextContent("+5 jours ouvrés");
    // The signed version is the counted one: the dashboard follows it, not the version on screen.
    expect(calls[0].query.get("versionId")).toBe(String(SIGNED_ID));
    expect(calls[0].query.get("date")).toBeNull();
    expect(screen.getByText("Suivi de la version signée")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Date de calcul"), "01/03/2026");
    expect(await screen.findByText("+4 jours ouvrés")).toHaveAttribute("data-tone", "success");
    expect(screen.getByText("Chiffres au 01/03/2026")).toBeInTheDocument();
  });

  it("shows the production per week on the General tab as a chart with its table view", async () => {
    mockApi({ [`GET /api/project/${PROJECT_ID}/dashboard`]: dashboard() });
    renderAt("/dashboard/overview", <DashboardPage />);
    expect(await screen.findByRole("figure", { name: "Production par semaine" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Production par semaine" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(["Semaine", "État au", "Tâches terminées", "Tâches en retard", "Tâches à pointer"]),
    );
    // Latest week first; the current week is taken at the dashboard's date.
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Semaine du 09/03/2026");
    expect(rows[0]).toHaveTextContent("10/03/2026");
    expect(rows[1]).toHaveTextContent("Semaine du 02/03/2026");
    expect(rows[1]).toHaveTextContent("08/03/2026");
    const cells = within(rows[1])
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.slice(-4)).toEqual(["9", "8", "3", "1"]);
  });

  it("says when no week has started yet", async () => {
    mockApi({ [`GET /api/project/${PROJECT_ID}/dashboard`]: dashboard({ productionWeeks: [] }) });
    renderAt("/dashboard/overview", <DashboardPage />);
    expect(await screen.findByText("Aucune tâche n'a encore commencé à cette date.")).toBeInTheDocument();
  });

  it("shows the production counts as a chart with its table view", async () => {
    mockApi({ [`GET /api/project/${PROJECT_ID}/dashboard`]: dashboard() });
    renderAt("/dashboard/overview", <DashboardPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Production" }));
    expect(screen.getByRole("figure", { name: "Tâches par état" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Tâches par état" });
    expect(within(table).getByText("Tâches terminées").closest("tr")).toHaveTextContent("12");
    expect(within(table).getByText("Tâches à pointer").closest("tr")).toHaveTextContent("2");
  });
});

const task = (id: number, name: string, progress: number, theoreticalProgress: number, lot: number | null = 41) => ({
  id,
  name,
  startDate: "2026-03-02",
  endDate: "2026-03-20",
  numberOfDays: 15,
  numberOfPeople: 2,
  zoneId: 5,
  participantGroupProId: lot,
  progress,
  lastCountingDate: "2026-03-06",
  theoreticalProgress,
});
const reference = {
  "GET /api/participant-group-pro": { data: [{ id: 41, name: "Gros œuvre", color: "#FFFFFF", participants: [] }] },
  "GET /api/zone": { data: [{ id: 5, name: "Bâtiment A", position: 1 }] },
};

describe("/dashboard/progression", () => {
  it("lists the late tasks in French with their gap, as a chart and its table, filtered by lot", async () => {
    const { calls } = mockApi({
      ...reference,
      "GET /api/project/delayed-events": {
        date: "2026-03-10",
        data: [task(1, "Voiles R+1", 20, 46.67), task(2, "Dalle R+1", 50, 60.5)],
        count: 2,
        total: 2,
      },
    });
    renderAt("/dashboard/progression", <ProgressionPage />, SIGNED_ID);
    const table = await screen.findByRole("table", { name: "Tâches en retard" });
    const row = (await within(table).findByText("Voiles R+1")).closest("tr")!;
    expect(row).toHaveTextContent("20 %");
    expect(row).toHaveTextContent("46,67 %");
    expect(row).toHaveTextContent("26,67 %");
    await waitFor(() => expect(row).toHaveTextContent("Gros œuvre"));
    expect(row).toHaveTextContent("Bâtiment A");
    expect(row).toHaveTextContent("06/03/2026");
    expect(screen.getByRole("figure", { name: /tâches les plus en retard/ })).toBeInTheDocument();
    expect(screen.getByText("2 tâches affichées sur 2")).toBeInTheDocument();
    const first = calls.find((c) => c.path === "/api/project/delayed-events")!;
    expect([first.query.get("projectId"), first.query.get("versionId"), first.query.get("limit")]).toEqual([
      String(PROJECT_ID),
      String(SIGNED_ID),
      "100",
    ]);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Lot"), "41");
    await user.selectOptions(screen.getByLabelText("Zone"), "5");
    await waitFor(() => {
      const last = calls.filter((c) => c.path === "/api/project/delayed-events").at(-1)!;
      expect([last.query.get("participantGroupProIds"), last.query.get("zoneIds")]).toEqual(["41", "5"]);
    });
  });
});

describe("/dashboard/indicators", () => {
  it("counts on-time against late tasks in total and per lot, each chart with its table", async () => {
    mockApi({
      ...reference,
      "GET /api/project/on-time": {
        date: "2026-03-10",
        data: [task(3, "Cloisons", 80, 70), task(4, "Réseaux", 40, 30, null)],
        count: 2,
        total: 17,
      },
      "GET /api/project/delayed-events": {
        date: "2026-03-10",
        data: [task(1, "Voiles R+1", 20, 46.67)],
        count: 1,
        total: 1,
      },
    });
    renderAt("/dashboard/indicators", <IndicatorsPage />, SIGNED_ID);
    const totals = await screen.findByRole("table", { name: "Tâches à l'heure et en retard" });
    await waitFor(() => expect(within(totals).getByText("À l'heure").closest("tr")).toHaveTextContent("17"));
    expect(within(totals).getByText("En retard").closest("tr")).toHaveTextContent("1");
    const perLot = screen.getByRole("table", { name: "Tâches à l'heure et en retard par lot" });
    await waitFor(() =>
      expect(within(perLot).getByText("Gros œuvre").closest("tr")).toHaveTextContent(/Gros œuvre\s*1\s*1/),
    );
    expect(within(perLot).getByText("Sans lot").closest("tr")).toHaveTextContent(/Sans lot\s*1\s*0/);
    const list = screen.getByRole("table", { name: "Tâches à l'heure" });
    expect(within(list).getByText("Cloisons").closest("tr")).toHaveTextContent("80 %");
    expect(screen.getByText("2 tâches affichées sur 17")).toBeInTheDocument();
  });
});

describe("/dashboard/recalibration-tasks", () => {
  it("previews the new dates of the late counted tasks, re-dates the chosen ones and lists the shift history", async () => {
    const late = { ...task(1, "Voiles R+1", 20, 46.67), newStartDate: "2026-03-05", newEndDate: "2026-03-25" };
    const other = { ...task(2, "Dalle R+1", 50, 60.5), newStartDate: "2026-03-03", newEndDate: "2026-03-23" };
    let written = false;
    const { calls } = mockApi({
      [`GET /api/project/${PROJECT_ID}/recalibration`]: () => ({
        projectId: PROJECT_ID,
        versionId: SIGNED_ID,
        date: "2026-03-10",
        tasks: written ? [other] : [late, other],
      }),
      [`POST /api/project/${PROJECT_ID}/recalibration`]: () => {
        written = true;
        return {
          projectId: PROJECT_ID,
          versionId: SIGNED_ID,
          date: "2026-03-10",
          tasks: [late],
          projectedEndDate: "2026-10-21",
          shiftHistoryIds: [70],
        };
      },
      "GET /api/history/shift": () => ({
        data: written
          ? [
              {
                id: 70,
                name: "Recalage du 10/03/2026",
                eventId: 1,
                createdAt: "2026-03-10T10:00:00.000Z",
                event: { id: 1, name: "Voiles R+1" },
                user: { firstname: "Marie", lastname: "Curie" },
              },
            ]
          : [],
        count: written ? 1 : 0,
        total: written ? 1 : 0,
      }),
    });
    renderAt("/dashboard/recalibration-tasks", <RecalibrationPage />, SIGNED_ID);
    const table = await screen.findByRole("table", { name: "Aperçu du recalage" });
    const row = (await within(table).findByText("Voiles R+1")).closest("tr")!;
    expect(row).toHaveTextContent("02/03/2026");
    expect(row).toHaveTextContent("05/03/2026");
    expect(row).toHaveTextContent("25/03/2026");
    const user = userEvent.setup();
    // Both are chosen; leave the second one out.
    await user.click(within(within(table).getByText("Dalle R+1").closest("tr")!).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Recaler 1 tâche" }));
    await user.click(await screen.findByRole("button", { name: "Recaler" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ versionId: SIGNED_ID, eventIds: [1] });
    await waitFor(() =>
      expect(useToasts.getState().items.map((x) => x.message)).toContain(
        "1 tâche recalée. Fin planifiée : 21/10/2026.",
      ),
    );
    const history = screen.getByRole("table", { name: "Historique des recalages" });
    expect((await within(history).findByText("Recalage du 10/03/2026")).closest("tr")).toHaveTextContent("Marie Curie");
    await waitFor(() => expect(within(table).queryByText("Voiles R+1")).toBeNull());
  });
});

describe("/dashboard/recalibration-tasks on a frozen version", () => {
  it("says the followed version is frozen and offers no re-dating", async () => {
    mockApi({
      [`GET /api/project/${PROJECT_ID}/recalibration`]: {
        projectId: PROJECT_ID,
        versionId: SIGNED_ID,
        date: "2026-03-10",
        tasks: [{ ...task(1, "Voiles R+1", 20, 46.67), newStartDate: "2026-03-05", newEndDate: "2026-03-25" }],
      },
      "GET /api/history/shift": { data: [], count: 0, total: 0 },
    });
    renderAt("/dashboard/recalibration-tasks", <RecalibrationPage />, SIGNED_ID);
    useProject.getState().setVersions([makeVersion({ id: SIGNED_ID, projectId: PROJECT_ID, isArchived: true })]);
    expect(await screen.findByText("La version suivie est figée : elle ne peut pas être recalée.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Recaler 1 tâche" })).toBeDisabled();
  });
});
