import type { ReactElement } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { Dashboard } from "@jalon/shared";
import { makeProject, mockApi, Providers, selectProject } from "../../test/render";
import DashboardPage from "./DashboardPage";
import { formatPercent, formatSigned, parseFrenchDay } from "./format";

const PROJECT_ID = 7;
const VERSION_ID = 11;

function renderAt(path: string, element: ReactElement) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
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
    expect(parseFrenchDay("05/03/2026")).toBe("2026-03-05");
    expect(parseFrenchDay("31/02/2026")).toBeNull();
    expect(parseFrenchDay("2026-03-05")).toBeNull();
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
    renderAt("/dashboard/overview", <DashboardPage />);
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
    expect(calls[0].query.get("versionId")).toBe(String(VERSION_ID));
    expect(calls[0].query.get("date")).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Date de calcul"), "01/03/2026");
    expect(await screen.findByText("+4 jours ouvrés")).toHaveAttribute("data-tone", "success");
    expect(screen.getByText("Chiffres au 01/03/2026")).toBeInTheDocument();
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
