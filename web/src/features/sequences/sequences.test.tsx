import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../../api/http";
import { eventsApi, referencesApi, sequencesApi } from "../../api/events";
import { PROJECT_ID, VERSION_ID, listOf, makeEvent, makeSequence, renderScreen, writeResult } from "../events/testing";
import { rollUp, sequenceUpdateBody } from "./sequenceForm";

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
    milestonesApi: { list: vi.fn() },
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

const events = vi.mocked(eventsApi);
const sequences = vi.mocked(sequencesApi);
const NAME = /^Nom\s*\*?$/;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(referencesApi).zones.mockResolvedValue([
    { id: 31, name: "Bâtiment A" },
    { id: 32, name: "Bâtiment B" },
  ]);
  vi.mocked(referencesApi).lots.mockResolvedValue([]);
  sequences.list.mockResolvedValue(listOf([]));
});

describe("sequence rules", () => {
  it("rolls the dates up from the events and sends only changed, trimmed fields", () => {
    expect(
      rollUp([
        { startDate: "2026-03-09", endDate: "2026-03-13" },
        { startDate: "2026-03-02", endDate: "2026-03-06" },
        { startDate: "2026-04-01", endDate: "2026-04-01" },
      ]),
    ).toEqual({ startDate: "2026-03-02", endDate: "2026-04-01" });
    expect(rollUp([])).toEqual({ startDate: null, endDate: null });
    const original = { name: "Logements", color: "", zoneId: 31 };
    expect(sequenceUpdateBody(original, original)).toEqual({});
    expect(sequenceUpdateBody({ ...original, name: " Logements R+1 ", zoneId: null }, original)).toEqual({
      name: "Logements R+1",
      zoneId: null,
    });
  });
});

describe("/dashboard/sequences: deleting", () => {
  it("deletes the ticked sequences after the confirmation, their tasks staying, then reloads the list", async () => {
    sequences.list.mockResolvedValue(
      listOf([makeSequence({ id: 2, name: "Logements" }), makeSequence({ id: 3, name: "Parking" })]),
    );
    sequences.bulkDelete.mockResolvedValue(undefined as never);
    renderScreen("/dashboard/sequences");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Parking" }));
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la sélection (1)" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/leurs tâches restent dans la version/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText(/Séquences supprimées\./)).toBeInTheDocument();
    expect(sequences.bulkDelete).toHaveBeenCalledWith([3], PROJECT_ID, VERSION_ID);
    await waitFor(() => expect(sequences.list).toHaveBeenCalledTimes(2));
  });
});

describe("/dashboard/sequences", () => {
  it("lists the sequences with their zone and dates", async () => {
    sequences.list.mockResolvedValue(
      listOf([makeSequence({ id: 2, name: "Logements", zoneId: 31, startDate: "2026-03-02", endDate: "2026-05-29" })]),
    );
    renderScreen("/dashboard/sequences");
    const table = await screen.findByRole("table", { name: "Liste des séquences" });
    // The table shows before its rows arrive: wait for the sequence.
    await within(table).findByText("Logements");
    const row = within(table).getAllByRole("row")[1];
    for (const text of ["Logements", "Bâtiment A", "02/03/2026", "29/05/2026"])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(sequences.list).toHaveBeenCalledWith(VERSION_ID);
  });

  it("shows a failed load as the catalogue's error, like every list", async () => {
    sequences.list.mockRejectedValue(new ApiError(404, "not_found", "Not found"));
    renderScreen("/dashboard/sequences");
    expect(await screen.findByText(/Élément introuvable\./)).toBeInTheDocument();
    expect(screen.queryByText(/pas encore disponibles/)).toBeNull();
  });

  it("shows a server failure as the generic error", async () => {
    sequences.list.mockRejectedValue(new ApiError(500, "default", "boom"));
    renderScreen("/dashboard/sequences");
    expect(await screen.findByText(/Il y a eu une erreur lors de l'opération\./)).toBeInTheDocument();
  });
});

describe("/dashboard/sequence/:id", () => {
  it("shows the events with their dates, rolls up start and end, saves the changes and returns to the list", async () => {
    sequences.get.mockResolvedValue(makeSequence({ id: 2, name: "Logements", zoneId: 31 }));
    sequences.events.mockResolvedValue(
      listOf([
        makeEvent({
          id: 5,
          name: "Coulage dalle",
          sequenceId: 2,
          startDate: "2026-03-02",
          endDate: "2026-03-06",
          revision: 2,
        }),
        makeEvent({
          id: 6,
          name: "Ferraillage",
          sequenceId: 2,
          startDate: "2026-03-09",
          endDate: "2026-03-13",
          revision: 4,
        }),
      ]),
    );
    events.picker.mockResolvedValue(
      listOf([makeEvent({ id: 9, name: "Cloisons", startDate: "2026-03-16", endDate: "2026-03-27", revision: 7 })]),
    );
    sequences.update.mockResolvedValue(makeSequence({ id: 2, name: "Logements R+1" }));
    events.update.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/sequence/2");
    const name = await screen.findByLabelText(NAME);
    expect(screen.getByLabelText(/^Début/)).toHaveValue("02/03/2026");
    expect(screen.getByLabelText(/^Fin/)).toHaveValue("13/03/2026");
    const table = screen.getByRole("table", { name: "Tâches de la séquence" });
    expect(within(table).getByText("Ferraillage")).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, " Logements R+1 ");
    await userEvent.click(screen.getByRole("button", { name: "Retirer Coulage dalle de la séquence" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter une tâche" }));
    await userEvent.click(await screen.findByRole("button", { name: "Choisir Cloisons" }));
    expect(screen.getByLabelText(/^Début/)).toHaveValue("09/03/2026");
    expect(screen.getByLabelText(/^Fin/)).toHaveValue("27/03/2026");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/sequences"));
    expect(sequences.update).toHaveBeenCalledWith(2, { name: "Logements R+1" });
    expect(events.update).toHaveBeenCalledWith(9, { sequenceId: 2, revision: 7 });
    expect(events.update).toHaveBeenCalledWith(5, { sequenceId: null, revision: 2 });
  });

  it("creates a sequence in the viewed version", async () => {
    sequences.create.mockResolvedValue(makeSequence({ id: 3, name: "Bureaux" }));
    const { router } = renderScreen("/dashboard/sequence/new");
    await userEvent.click(await screen.findByRole("button", { name: "Créer" }));
    expect(await screen.findByText("Le nom est obligatoire")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(NAME), " Bureaux ");
    await userEvent.selectOptions(screen.getByLabelText("Zone"), "Bâtiment B");
    await userEvent.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/sequences"));
    expect(sequences.create).toHaveBeenCalledWith({
      name: "Bureaux",
      color: null,
      zoneId: 32,
      projectId: PROJECT_ID,
      versionId: VERSION_ID,
    });
  });
});
