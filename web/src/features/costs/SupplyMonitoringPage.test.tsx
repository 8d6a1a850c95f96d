import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { SupplyAnswer, SupplyLine } from "@jalon/shared";
import { findTable, makeProject, mockApi, Providers, selectProject } from "../../test/render";
import SupplyMonitoringPage from "./SupplyMonitoringPage";

const PROJECT_ID = 7;
const VERSION_ID = 11;

function renderPage() {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter([{ path: "/dashboard/supply-monitoring", element: <SupplyMonitoringPage /> }], {
    initialEntries: ["/dashboard/supply-monitoring"],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const base = {
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
  amount: 100,
  priceSupply: null,
  startDate: "2026-03-02",
};

/** A server that keeps the lines' isOrdered and answers the supply list from them. */
function supplyServer() {
  const lines: SupplyLine[] = [
    { ...base, orderLineTaskId: 1, label: "Acier", isOrdered: false, isLate: true },
    { ...base, orderLineTaskId: 2, label: "Treillis", isOrdered: false, isLate: true },
    { ...base, orderLineTaskId: 3, label: "Coffrage", isOrdered: true, isLate: false },
  ];
  const answer = (): SupplyAnswer => ({
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    date: "2026-03-05",
    count: lines.length,
    data: lines.map((l) => ({ ...l })),
  });
  return mockApi({
    "GET /api/costs/supply": () => answer(),
    "PATCH /api/order-line-task/multiple": (call: { body: { data: { id: number; isOrdered: boolean }[] } }) => {
      for (const item of call.body.data) {
        const l = lines.find((x) => x.orderLineTaskId === item.id)!;
        l.isOrdered = item.isOrdered;
        l.isLate = !item.isOrdered;
      }
      return { data: [], count: call.body.data.length, total: call.body.data.length };
    },
  });
}

const table = () => findTable("Approvisionnements");
const rowOf = (t: HTMLElement, text: string) => within(t).getByText(text).closest("tr")!;

beforeEach(() => vi.unstubAllGlobals());

describe("/dashboard/supply-monitoring: marking supplies ordered", () => {
  it("marks one line ordered and another not ordered, one PATCH each, and shows the new status", async () => {
    const { calls } = supplyServer();
    renderPage();
    const t = await table();
    await waitFor(() => expect(within(t).getByText("Acier")).toBeInTheDocument());
    const user = userEvent.setup();
    await user.click(within(rowOf(t, "Acier")).getByRole("button", { name: "Marquer commandée : Acier" }));
    await waitFor(() => expect(within(rowOf(t, "Acier")).getByText("Commandée")).toBeInTheDocument());
    const patches = () => calls.filter((c) => c.method === "PATCH");
    expect(patches()).toHaveLength(1);
    expect(patches()[0].path).toBe("/api/order-line-task/multiple");
    expect(patches()[0].body).toEqual({
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
      data: [{ id: 1, isOrdered: true }],
    });
    expect(screen.getByText("1 commande(s) en retard sur 3 ligne(s)")).toBeInTheDocument();

    await user.click(within(rowOf(t, "Coffrage")).getByRole("button", { name: "Marquer non commandée : Coffrage" }));
    await waitFor(() => expect(within(rowOf(t, "Coffrage")).getByText("En retard")).toBeInTheDocument());
    expect((patches()[1].body as { data: unknown }).data).toEqual([{ id: 3, isOrdered: false }]);
  });

  it("marks the selected lines ordered in one PATCH", async () => {
    const { calls } = supplyServer();
    renderPage();
    const t = await table();
    await waitFor(() => expect(within(t).getByText("Treillis")).toBeInTheDocument());
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("Sélectionner Acier"));
    await user.click(screen.getByLabelText("Sélectionner Treillis"));
    await user.click(screen.getByRole("button", { name: "Marquer les lignes choisies commandées" }));
    await waitFor(() => expect(screen.getByText("0 commande(s) en retard sur 3 ligne(s)")).toBeInTheDocument());
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect((patch.body as { data: unknown }).data).toEqual([
      { id: 1, isOrdered: true },
      { id: 2, isOrdered: true },
    ]);
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Marquer les lignes choisies commandées" })).not.toBeInTheDocument();
  });
});
