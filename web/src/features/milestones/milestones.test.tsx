import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { eventsApi, milestonesApi, referencesApi } from "../../api/events";
import { createEventBody, emptyEventValues } from "../events/eventForm";
import { PROJECT_ID, VERSION_ID, listOf, makeEvent, renderScreen, writeResult } from "../events/testing";
import { ApiError } from "../../api/http";

vi.mock("../../api/events", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/events")>();
  return {
    ...actual,
    eventsApi: {
      list: vi.fn(),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      bulkDelete: vi.fn(),
      history: vi.fn(),
      picker: vi.fn(),
      byIds: vi.fn(),
      graph: vi.fn(),
    },
    milestonesApi: { list: vi.fn(), export: vi.fn() },
    sequencesApi: {
      list: vi.fn(),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      bulkDelete: vi.fn(),
      events: vi.fn(),
    },
    referencesApi: { zones: vi.fn(), lots: vi.fn() },
  };
});

const api = vi.mocked(eventsApi);
const milestones = vi.mocked(milestonesApi);
const NAME = /^Nom\s*\*?$/;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(referencesApi).zones.mockResolvedValue([]);
  vi.mocked(referencesApi).lots.mockResolvedValue([]);
  api.history.mockResolvedValue([]);
  milestones.list.mockResolvedValue(listOf([]));
});

describe("milestone defaults", () => {
  it("is white with 0 days", () => {
    const values = emptyEventValues("milestone");
    expect(values).toMatchObject({ type: "milestone", color: "#FFFFFF", numberOfDays: "0" });
    expect(createEventBody({ ...values, name: "Hors d'eau", startDate: "2026-06-01", color: "" }, 7, 11)).toMatchObject(
      { type: "milestone", numberOfDays: 0, color: "#FFFFFF" },
    );
  });
});

describe("/dashboard/milestones", () => {
  it("lists the milestones that are not hidden, sorted by name by the server", async () => {
    milestones.list.mockResolvedValue(
      listOf([
        makeEvent({
          id: 3,
          name: "Hors d'air",
          type: "milestone",
          startDate: "2026-09-14",
          isContractual: true,
          sequence: { id: 2, name: "Logements" },
        }),
        makeEvent({ id: 4, name: "Hors d'eau", type: "milestone", startDate: "2026-06-01", isTracked: true }),
      ]),
    );
    renderScreen("/dashboard/milestones");
    const table = await screen.findByRole("table", { name: "Liste des jalons" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]).getByText("Hors d'air")).toBeInTheDocument();
    expect(within(rows[1]).getByText("14/09/2026")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Logements")).toBeInTheDocument();
    expect(within(rows[2]).getByText("01/06/2026")).toBeInTheDocument();
    expect(milestones.list).toHaveBeenCalledWith(VERSION_ID);
    await userEvent.type(screen.getByRole("searchbox", { name: "Rechercher un jalon" }), "eau");
    expect(within(table).queryByText("Hors d'air")).toBeNull();
    // The server's export of the milestones (GET /event/export/milestones) with the same name search.
    milestones.export.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole("button", { name: "Exporter (.xlsx)" }));
    expect(milestones.export).toHaveBeenCalledWith(VERSION_ID, "eau");
  });
});

describe("/dashboard/milestones: deleting", () => {
  const two = () =>
    listOf([
      makeEvent({ id: 3, name: "Hors d'air", type: "milestone" }),
      makeEvent({ id: 4, name: "Hors d'eau", type: "milestone" }),
    ]);

  it("deletes the ticked milestones after the confirmation, then reloads the list", async () => {
    milestones.list.mockResolvedValue(two());
    api.bulkDelete.mockResolvedValue({ ids: [3, 4], count: 2 });
    renderScreen("/dashboard/milestones");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Hors d'air" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Hors d'eau" }));
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la sélection (2)" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Les 2 jalons sélectionnés seront supprimés de la version.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText(/2 jalons supprimés\./)).toBeInTheDocument();
    expect(api.bulkDelete).toHaveBeenCalledWith([3, 4], PROJECT_ID, VERSION_ID);
    await waitFor(() => expect(milestones.list).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole("button", { name: /Supprimer la sélection/ })).toBeNull();
  });

  it("keeps the selection and warns when the server refuses", async () => {
    milestones.list.mockResolvedValue(two());
    api.bulkDelete.mockRejectedValue(new ApiError(400, "ImplementationError", "x"));
    renderScreen("/dashboard/milestones");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Hors d'air" }));
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la sélection (1)" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(
      await screen.findByText(/Certains éléments sont référencés par d'autres et ne peuvent pas être supprimés\./),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Supprimer la sélection (1)" })).toBeInTheDocument();
  });
});

describe("/dashboard/milestone/:milestoneId", () => {
  it("creates a milestone, white with 0 days, with its flags, and returns to the list", async () => {
    api.create.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/milestone/new");
    await userEvent.type(await screen.findByLabelText(NAME), " Réception ");
    expect(screen.queryByLabelText("Nombre de jours")).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Date du jalon/), "30/06/2027");
    await userEvent.click(screen.getByRole("switch", { name: "Jalon contractuel" }));
    await userEvent.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/milestones"));
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: "Réception",
        type: "milestone",
        numberOfDays: 0,
        color: "#FFFFFF",
        startDate: "2027-06-30",
        isContractual: true,
        isTracked: false,
        milestoneToHide: false,
      }),
    );
    expect(await screen.findByText("Tâche : Jalon créé.")).toBeInTheDocument();
  });

  it("sends only the changed flags with the revision and returns to the list", async () => {
    api.get.mockResolvedValue(
      makeEvent({ id: 4, name: "Hors d'eau", type: "milestone", revision: 6, isTracked: true }),
    );
    api.update.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/milestone/4");
    expect(await screen.findByRole("switch", { name: "Jalon suivi" })).toBeChecked();
    await userEvent.click(screen.getByRole("switch", { name: "Masquer le jalon" }));
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/milestones"));
    expect(api.update).toHaveBeenCalledWith(4, { milestoneToHide: true, revision: 6 });
  });
});
