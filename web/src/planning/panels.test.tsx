import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { Providers } from "../app/App";
import { mockApi } from "../test/render";
import { FiltersPanel } from "./filters/FiltersPanel";
import { useFilterOptions } from "./filters/useFilterOptions";
import { LinkEditor, parseDelay } from "./LinkEditor";
import { PlanningModeBar } from "./PlanningModeBar";
import { RecalibrationList } from "./RecalibrationList";
import { EMPTY_FILTERS, usePlanningStore } from "./planningStore";
import { smallPlanning } from "./testData";

const wrap = (ui: ReactNode) => render(<Providers>{ui}</Providers>);

function FiltersHarness({ withData = false }: { withData?: boolean }) {
  const o = useFilterOptions(11, withData ? smallPlanning() : null, true);
  return <FiltersPanel open onClose={() => {}} options={o.options} projectId={7} versionId={11} />;
}

describe("filters panel", () => {
  it("offers the reference lists' choices, shows none for an empty list, and writes the choice to the store", async () => {
    usePlanningStore.setState({ filters: EMPTY_FILTERS });
    const { calls } = mockApi({
      "GET /api/participant-group-pro": {
        data: [
          { id: 42, name: "VRD" },
          { id: 41, name: "Gros œuvre" },
        ],
        count: 2,
        total: 2,
      },
      "GET /api/zone": { data: [], count: 0, total: 0 },
      "GET /api/event/distinct": { data: [{ name: "Dallage", occurrences: 2 }], count: 1, total: 1 },
    });
    wrap(<FiltersHarness />);
    const lots = await screen.findByRole("combobox", { name: "Lots" });
    await waitFor(() => expect(lots).not.toBeDisabled());
    // /zone has no rows: no choices, the filter is disabled.
    expect(screen.getByRole("combobox", { name: "Zones" })).toBeDisabled();
    expect(calls.find((c) => c.path === "/api/participant-group-pro")?.query.getAll("filter")).toEqual([
      "versionId||$eq||11",
    ]);
    await userEvent.click(lots);
    const items = await screen.findAllByRole("menuitemcheckbox");
    expect(items.map((i) => i.textContent)).toEqual(["Gros œuvre", "VRD"]);
    await userEvent.click(items[1]);
    expect(usePlanningStore.getState().filters.participantGroupProIds).toEqual([42]);
    expect(screen.getByText("1 filtre actif")).toBeInTheDocument();
  });

  it("keeps dates as days (start of day / end of day on the server) and resets everything", async () => {
    usePlanningStore.setState({ filters: EMPTY_FILTERS });
    mockApi({});
    const { container } = wrap(<FiltersHarness withData />);
    // Lots come from the planning data when their list cannot be read.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Lots" })).not.toBeDisabled());
    const start = within(container.ownerDocument.body).getByLabelText("À partir du (début de journée)");
    await userEvent.type(start, "05/02/2026");
    await userEvent.click(screen.getByRole("switch", { name: "Séquences bloquées uniquement" }));
    expect(usePlanningStore.getState().filters).toMatchObject({ startDate: "2026-02-05", blockedSequences: true });
    expect(screen.getByText("2 filtres actifs")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Réinitialiser" }));
    expect(usePlanningStore.getState().filters).toEqual(EMPTY_FILTERS);
  });

  it("the filters survive leaving and re-entering the same project, not a change of project", () => {
    const s = usePlanningStore.getState();
    s.enterProject(7);
    s.setFilters({ zoneIds: [31] });
    s.enterProject(7);
    expect(usePlanningStore.getState().filters.zoneIds).toEqual([31]);
    s.enterProject(8);
    expect(usePlanningStore.getState().filters.zoneIds).toEqual([]);
  });
});

describe("link editor", () => {
  it("reads whole working days only", () => {
    expect(parseDelay(" -2 ")).toBe(-2);
    expect(parseDelay("3")).toBe(3);
    expect(parseDelay("1,5")).toBeNull();
    expect(parseDelay("")).toBeNull();
  });
  it("saves a new delay and type, refuses a non-number, deletes", async () => {
    const onSave = vi.fn();
    const onDelete = vi.fn();
    wrap(
      <LinkEditor
        parentName="Fondations"
        childName="Dallage"
        type="end-begin"
        delay={0}
        left={0}
        top={0}
        onSave={onSave}
        onDelete={onDelete}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText("Lien Fondations → Dallage")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Enregistrer le lien" });
    expect(save).toBeDisabled();
    const delay = screen.getByLabelText("Décalage (jours ouvrés)");
    await userEvent.clear(delay);
    await userEvent.type(delay, "deux");
    expect(screen.getByText("Le décalage doit être un nombre entier.")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(delay);
    await userEvent.type(delay, "2");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "begin-begin");
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith("begin-begin", 2);
    await userEvent.click(screen.getByRole("button", { name: "Supprimer le lien" }));
    expect(onDelete).toHaveBeenCalled();
  });
});

describe("mode bar", () => {
  it("says what to pick in a selection mode, naming the source", () => {
    usePlanningStore.setState({ pickMode: "child", selection: [2], mode: "construction" });
    wrap(<PlanningModeBar readOnly={false} nameOf={(id) => (id === 2 ? "Fondations" : "?")} />);
    expect(screen.getByTestId("pick-hint")).toHaveTextContent("Cliquez sur le successeur de « Fondations ».");
  });
  it("asks for a source first when none is selected", () => {
    usePlanningStore.setState({ pickMode: "parent", selection: [], mode: "construction" });
    wrap(<PlanningModeBar readOnly={false} nameOf={() => ""} />);
    expect(screen.getByTestId("pick-hint")).toHaveTextContent("Sélectionnez d'abord une tâche ou un jalon.");
  });
  it("ordering mode moves the selected row through the view; nothing for readers", async () => {
    usePlanningStore.setState({ pickMode: "none", selection: [3], mode: "ordering", rowMove: null });
    const { unmount } = wrap(<PlanningModeBar readOnly={false} nameOf={() => ""} />);
    await userEvent.click(screen.getByRole("button", { name: "Monter" }));
    expect(usePlanningStore.getState().rowMove).toMatchObject({ dir: -1, seq: 1 });
    await userEvent.click(screen.getByRole("button", { name: "Descendre" }));
    expect(usePlanningStore.getState().rowMove).toMatchObject({ dir: 1, seq: 2 });
    unmount();
    wrap(<PlanningModeBar readOnly nameOf={() => ""} />);
    expect(screen.queryByTestId("mode-bar")).toBeNull();
  });
});

describe("recalibration list", () => {
  it("lists the version's shifts with their task, Paris date and author; a click selects and shows the task", async () => {
    usePlanningStore.setState({ selection: [], focus: null });
    wrap(
      <RecalibrationList
        entries={[
          {
            id: 1,
            name: "Recalage gros œuvre",
            eventId: 2,
            event: { id: 2, name: "Fondations" },
            user: { firstname: "Marc", lastname: "Lefèvre" },
            createdAt: "2026-02-04T23:30:00.000Z",
          },
          { id: 2, name: "Sans tâche", eventId: null, createdAt: "2026-02-06T09:00:00.000Z" },
        ]}
      />,
    );
    expect(screen.getByText("2 recalages dans cette version")).toBeInTheDocument();
    expect(screen.getByText("Fondations · 05/02/2026 · par Marc Lefèvre")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Sans tâche/ })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: /Recalage gros œuvre/ }));
    expect(usePlanningStore.getState().selection).toEqual([2]);
    expect(usePlanningStore.getState().focus).toMatchObject({ id: 2, seq: 1 });
  });
});
