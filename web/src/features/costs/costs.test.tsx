import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { FinanceAnswer, OrderLineTaskTodo, ProductivityAnswer, SupplyAnswer } from "@jalon/shared";
import { findTable, makeProject, mockApi, Providers, selectProject } from "../../test/render";
import FinancialMonitoringPage from "./FinancialMonitoringPage";
import ProductivityPage from "./ProductivityPage";
import RemainingWorkPage from "./RemainingWorkPage";
import SupplyMonitoringPage from "./SupplyMonitoringPage";

const PROJECT_ID = 7;
const VERSION_ID = 11;
const REFERENT_ID = 9;

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/supply-monitoring", element: <SupplyMonitoringPage /> },
      { path: "/dashboard/financial-monitoring", element: <FinancialMonitoringPage /> },
      { path: "/dashboard/productivity", element: <ProductivityPage /> },
      { path: "/dashboard/remaining-work", element: <RemainingWorkPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const reference = {
  "GET /api/macro-task": { data: [{ id: 31, name: "Gros œuvre" }], count: 1, total: 1 },
  "GET /api/zone": { data: [{ id: 41, name: "Bâtiment A", fullName: "Bâtiment A" }], count: 1, total: 1 },
  "GET /api/tag": { data: [{ id: 51, name: "Étage" }], count: 1, total: 1 },
  "GET /api/version": {
    data: [
      { id: VERSION_ID, name: "Recalage", projectId: PROJECT_ID },
      { id: REFERENT_ID, name: "Planning de référence", projectId: PROJECT_ID },
    ],
  },
};

/** The table a screen shows (a grid when sortable). */
const table = findTable;
const rowOf = (t: HTMLElement, text: string) => within(t).getByText(text).closest("tr")!;

beforeEach(() => vi.unstubAllGlobals());
beforeAll(() => {
  Object.defineProperty(window.SVGElement.prototype, "getComputedTextLength", { value: () => 40, configurable: true });
  Object.defineProperty(window.SVGElement.prototype, "getBBox", {
    value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
    configurable: true,
  });
});

describe("/dashboard/supply-monitoring", () => {
  it("lists the supply lines, says which orders are late and can keep only those", async () => {
    const line = {
      orderLineId: 1,
      unit: "kg",
      family: "Aciers",
      macroTaskId: 31,
      macroTask: "Gros œuvre",
      zoneId: 41,
      zone: "Bâtiment A",
      eventId: 5,
      eventName: "Dalle",
      quantity: 500,
      priceSupply: null,
    };
    const answer: SupplyAnswer = {
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      date: "2026-03-05",
      count: 2,
      data: [
        {
          ...line,
          orderLineTaskId: 1,
          label: "Acier",
          amount: 1500.4,
          isOrdered: false,
          startDate: "2026-03-02",
          isLate: true,
        },
        {
          ...line,
          orderLineTaskId: 2,
          label: "Treillis",
          amount: 80,
          isOrdered: true,
          startDate: "2026-03-09",
          isLate: false,
        },
      ],
    };
    const { calls } = mockApi({ ...reference, "GET /api/costs/supply": answer });
    renderAt("/dashboard/supply-monitoring");
    const t = await table("Approvisionnements");
    await waitFor(() => expect(within(t).getByText("Acier")).toBeInTheDocument());
    const late = rowOf(t, "Acier");
    expect(within(late).getByText("En retard")).toBeInTheDocument();
    expect(within(late).getByText("02/03/2026")).toBeInTheDocument();
    expect(within(late).getByText(/1\s500\s€/)).toBeInTheDocument();
    expect(within(rowOf(t, "Treillis")).getByText("Commandée")).toBeInTheDocument();
    expect(screen.getByText("1 commande(s) en retard sur 2 ligne(s)")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/costs/supply")!.query.get("versionId")).toBe(String(VERSION_ID));
    await userEvent.setup().click(screen.getByLabelText("Seulement les commandes en retard"));
    await waitFor(() => expect(within(t).queryByText("Treillis")).not.toBeInTheDocument());
  });
});

describe("/dashboard/financial-monitoring", () => {
  it("shows the weekly amounts in euros with no decimals against the referent version, and filters", async () => {
    const week = (
      realWeek: number,
      startDate: string,
      planned: number,
      realized: number,
      pa: number,
      ra: number,
      ref: number,
    ) => ({
      realWeek,
      startDate,
      planned,
      realized,
      planned_accumulated: pa,
      realized_accumulated: ra,
      versions: {
        [VERSION_ID]: { planned, planned_accumulated: pa },
        [REFERENT_ID]: { planned: ref, planned_accumulated: ref },
      },
    });
    const answer: FinanceAnswer = {
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      referentVersionId: REFERENT_ID,
      versionList: [
        { id: VERSION_ID, name: "Recalage", isReferent: false },
        { id: REFERENT_ID, name: "Planning de référence", isReferent: true },
      ],
      weeks: [
        week(10, "2026-03-02", 1600.4, 500, 1600.4, 500, 1000),
        week(11, "2026-03-09", 900, 0, 2500.4, 500, 1000),
      ],
      totals: { planned: 2500.4, realized: 500 },
    };
    const { calls } = mockApi({ ...reference, "GET /api/costs/finance": answer });
    renderAt("/dashboard/financial-monitoring");
    const t = await table("Montants prévus et réalisés par semaine");
    await waitFor(() => expect(within(t).getByText("S10")).toBeInTheDocument());
    const first = rowOf(t, "S10");
    expect(within(first).getByText("02/03/2026")).toBeInTheDocument();
    expect(within(first).getAllByText(/^1\s600\s€$/).length).toBeGreaterThan(0);
    expect(within(t).getByText("Prévu cumulé – Planning de référence (référence)")).toBeInTheDocument();
    expect(screen.getByText(/Total prévu : 2\s500\s€/)).toBeInTheDocument();
    expect(screen.getByRole("figure", { name: "Montants cumulés par semaine" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/costs/finance")!.query.get("versionIds")).toBeNull();

    await userEvent.setup().selectOptions(screen.getByLabelText("Type de ligne"), "labor");
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/costs/finance" && c.query.get("orderLineType") === "labor")).toBe(true),
    );
  });
});

describe("/dashboard/productivity", () => {
  const row = {
    macroTaskId: 31,
    macroTask: "Gros œuvre",
    zoneId: 41,
    zone: "Bâtiment A",
    referentHours: 70,
    currentHours: 175,
    referentValue: 10,
    currentValue: 10,
  };
  const answer = (orderBy: "quantity" | "price"): ProductivityAnswer => ({
    orderBy,
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    referentVersionId: REFERENT_ID,
    count: 2,
    total: 2,
    data: [
      { ...row, unit: orderBy === "quantity" ? "m³" : null, referentRatio: 7, currentRatio: 17.5, colour: "warning" },
      {
        ...row,
        zone: "Bâtiment B",
        zoneId: 42,
        unit: "kg",
        referentRatio: null,
        currentRatio: 0.35,
        colour: "neutral",
      },
    ],
  });
  it("shows ratios with their words, switches to price and sends the filters", async () => {
    const { calls } = mockApi({
      ...reference,
      "GET /api/costs/productivity/quantity": answer("quantity"),
      "GET /api/costs/productivity/price": answer("price"),
    });
    renderAt("/dashboard/productivity");
    const t = await table("Productivité par macro-tâche et zone");
    await waitFor(() => expect(within(t).getByText("Bâtiment A")).toBeInTheDocument());
    const slow = rowOf(t, "Bâtiment A");
    expect(within(slow).getByText("Moins productif")).toBeInTheDocument();
    expect(within(slow).getByText("17,5")).toBeInTheDocument();
    expect(within(rowOf(t, "Bâtiment B")).getByText("Sans écart")).toBeInTheDocument();
    expect(within(t).getByText("Ratio actuel (h/unité)")).toBeInTheDocument();
    expect(screen.getByText("Référence : Planning de référence")).toBeInTheDocument();
    // A page of the table, sorted on the server.
    const firstCall = calls.find((c) => c.path === "/api/costs/productivity/quantity")!;
    expect([firstCall.query.get("limit"), firstCall.query.get("offset"), firstCall.query.get("sort")]).toEqual([
      "25",
      "0",
      "macroTask,ASC",
    ]);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Calcul"), "price");
    await waitFor(() => expect(calls.some((c) => c.path === "/api/costs/productivity/price")).toBe(true));
    expect(await screen.findByText("Ratio actuel (h/k€)")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Zone"), "41");
    await user.selectOptions(screen.getByLabelText("Étiquette"), "51");
    await user.selectOptions(screen.getByLabelText("Macro-tâche"), "31");
    await waitFor(() => {
      const last = calls.filter((c) => c.path === "/api/costs/productivity/price").at(-1)!;
      expect([last.query.get("zoneIds"), last.query.get("tagIds"), last.query.get("macroTaskIds")]).toEqual([
        "41",
        "51",
        "31",
      ]);
    });
    expect(screen.getByRole("button", { name: "Exporter par quantité" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exporter par prix" })).toBeInTheDocument();
  });
});

describe("/dashboard/remaining-work", () => {
  it("shows the three groups with their totals and lines", async () => {
    const line = {
      orderLineId: 1,
      type: "labor" as const,
      unit: "m²" as const,
      currency: "EUR" as const,
      family: null,
      macroTaskId: 31,
      macroTask: "Cloisons",
      zoneId: 41,
      zone: "Bâtiment A",
      eventId: 5,
      eventName: "Cloisons R+1",
      endDate: "2026-03-06",
      price: 40,
    };
    const answer: OrderLineTaskTodo = {
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      date: "2026-03-04",
      groups: [
        {
          status: "done",
          count: 0,
          quantity: 0,
          remainingQuantity: 0,
          amount: 0,
          remainingAmount: 0,
          lines: [],
        },
        {
          status: "toDo",
          count: 1,
          quantity: 100,
          remainingQuantity: 40,
          amount: 4000,
          remainingAmount: 1600,
          lines: [
            {
              ...line,
              orderLineTaskId: 1,
              label: "Plaques de plâtre",
              startDate: "2026-03-02",
              progress: 60,
              quantity: 100,
              doneQuantity: 60,
              remainingQuantity: 40,
              amount: 4000,
              doneAmount: 2400,
              remainingAmount: 1600,
              status: "toDo",
            },
          ],
        },
        {
          status: "upcoming",
          count: 0,
          quantity: 0,
          remainingQuantity: 0,
          amount: 0,
          remainingAmount: 0,
          lines: [],
        },
      ],
    };
    mockApi({ ...reference, "GET /api/order-line-task/todo": answer });
    renderAt("/dashboard/remaining-work");
    const todo = await table("Reste à faire – À faire");
    await waitFor(() => expect(within(todo).getByText("Plaques de plâtre")).toBeInTheDocument());
    const r = rowOf(todo, "Plaques de plâtre");
    expect(within(r).getByText("60 %")).toBeInTheDocument();
    expect(within(r).getByText("40 m²")).toBeInTheDocument();
    expect(within(r).getByText(/^1\s600\s€$/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Terminé" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "À venir" })).toBeInTheDocument();
    expect(screen.getByText(/1 ligne\(s\), montant 4\s000\s€, reste 1\s600\s€/)).toBeInTheDocument();
  });
});
