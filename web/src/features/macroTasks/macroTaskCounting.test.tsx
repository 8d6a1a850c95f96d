import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import type { MacroTaskItem } from "../../api/referenceMore";
import { mockApi } from "../../test/render";
import { MacroTaskCountingTab } from "./MacroTaskCountingTab";

const macroTask = {
  id: 5,
  name: "Cloisons",
  globalCounting: 42.5,
  isComplete: false,
} as MacroTaskItem;
const task = (id: number, name: string) => ({
  id,
  name,
  type: "task",
  startDate: "2026-11-02",
  endDate: "2026-11-20",
  lastCounting: id === 1 ? { percentage: 30, countingDate: "2026-11-10" } : null,
  theoreticalProgress: null,
});

function renderTab(onCounted = vi.fn()) {
  render(
    <Providers>
      <MacroTaskCountingTab macroTask={macroTask} versionId={11} onCounted={onCounted} />
    </Providers>,
  );
  return onCounted;
}

describe("macro-task counting tab", () => {
  it("shows the global progression and sends the typed percentages of its tasks at once", async () => {
    const { calls } = mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1"), task(2, "Cloisons R+2")], count: 2, total: 2 },
      "PATCH /api/macro-task/counting": { data: [] },
    });
    const onCounted = renderTab();
    expect(screen.getByText("Avancement global : 42,5 %")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Tâches de la macro-tâche" });
    await within(table).findByText("Cloisons R+2");
    expect(calls.find((c) => c.path === "/api/event")!.query.getAll("filter")).toContain("macroTaskId||$eq||5");
    expect(within(table).getByText("30 % (10/11/2026)")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+1" }), "50");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+2" }), "12,5");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 2 avancements" }));
    await waitFor(() => expect(onCounted).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toMatchObject({
      macroTaskId: 5,
      countings: [
        { eventId: 1, percentage: 50 },
        { eventId: 2, percentage: 12.5 },
      ],
    });
  });

  it("refuses out of range before sending and shows the server's refusal with the catalogue's text", async () => {
    const { calls } = mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1")], count: 1, total: 1 },
      "PATCH /api/macro-task/counting": { status: 409, body: { code: "counting_unsigned_version", message: "x" } },
    });
    renderTab();
    const input = await screen.findByRole("textbox", { name: "Avancement (%) de Cloisons R+1" });
    await userEvent.type(input, "0");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 1 avancement" }));
    expect(await screen.findByText("L'avancement doit être supérieur à 0 et au plus 100.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, "40");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 1 avancement" }));
    expect(await screen.findByText("Impossible de compter sur une version non signée.")).toBeInTheDocument();
  });
});
