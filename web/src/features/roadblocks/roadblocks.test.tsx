import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import { ApiError } from "../../api/http";
import { eventsApi } from "../../api/events";
import { lotsApi, participantsApi, zonesApi } from "../../api/reference";
import { roadblocksApi, type Roadblock } from "../../api/roadblocks";
import { renderRoutes, makeProject, selectProject } from "../../test/render";
import { useRefresh } from "../../store/refresh";
import { useToasts } from "../../store/toasts";
import RoadblocksPage from "./RoadblocksPage";
import RoadblockEditPage from "./RoadblockEditPage";
import { RoadblocksTab } from "./RoadblocksTab";
import { canSave, draftOf, roadblockBody } from "./roadblockForm";

vi.mock("../../api/roadblocks", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/roadblocks")>();
  return {
    ...actual,
    roadblocksApi: {
      list: vi.fn(),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      bulkDelete: vi.fn(),
      zones: vi.fn(),
    },
  };
});
vi.mock("../../api/reference", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/reference")>();
  return {
    ...actual,
    zonesApi: { ...actual.zonesApi, list: vi.fn() },
    lotsApi: { ...actual.lotsApi, list: vi.fn() },
    participantsApi: { ...actual.participantsApi, list: vi.fn() },
  };
});
vi.mock("../../api/events", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/events")>();
  return { ...actual, eventsApi: { ...actual.eventsApi, list: vi.fn() } };
});

const api = vi.mocked(roadblocksApi);
const PROJECT_ID = 7;
const VERSION_ID = 11;
const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });

function roadblock(overrides: Partial<Roadblock> & Pick<Roadblock, "id" | "name">): Roadblock {
  return {
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    trackingId: overrides.id,
    validate: false,
    createdBy: { id: 1, firstname: "Camille", lastname: "Martin" },
    eventId: 21,
    event: { id: 21, name: "Cloisons R+1", type: "task", startDate: "2026-03-02", endDate: "2026-03-06" },
    participantId: null,
    participant: null,
    participantGroupProId: 41,
    participantGroupPro: { id: 41, name: "Plâtrerie", color: "#FFFFFF" },
    zoneId: 51,
    zone: { id: 51, name: "R+1", fullName: "Bâtiment A / R+1" },
    createdAt: "2026-03-02T08:00:00.000Z",
    updatedAt: "2026-03-02T08:00:00.000Z",
    ...overrides,
  };
}

const rows = [
  roadblock({ id: 1, name: "Réservations manquantes" }),
  roadblock({ id: 2, name: "Accès grue", validate: true, eventId: 22, event: null, zoneId: null, zone: null }),
];

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  return renderRoutes(
    [
      { path: "/dashboard/roadblocks", element: <RoadblocksPage /> },
      { path: "/dashboard/roadblock/:roadblockId", element: <RoadblockEditPage /> },
    ],
    path,
  );
}

const toasts = () =>
  useToasts.getState().items.map((t) => ({ intent: t.intent, message: t.message, subject: t.subject }));

beforeEach(() => {
  vi.clearAllMocks();
  useToasts.getState().clear();
  api.list.mockResolvedValue(list(rows));
  api.get.mockResolvedValue(rows[0]);
  vi.mocked(zonesApi.list).mockResolvedValue(list([{ id: 51, name: "R+1", fullName: "Bâtiment A / R+1" }]) as never);
  vi.mocked(lotsApi.list).mockResolvedValue(list([{ id: 41, name: "Plâtrerie" }]) as never);
  vi.mocked(participantsApi.list).mockResolvedValue(list([{ id: 61, name: "Plâtres du Rhône" }]) as never);
  vi.mocked(eventsApi.list).mockResolvedValue(
    list([
      { id: 21, name: "Cloisons R+1" },
      { id: 22, name: "Doublages R+1" },
    ]) as never,
  );
});

describe("/dashboard/roadblocks", () => {
  it("lists the version's roadblocks with their state, task, lot and zone, and a count of the open ones", async () => {
    renderAt("/dashboard/roadblocks");
    expect(await screen.findByRole("heading", { name: "Points bloquants" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Liste des points bloquants" });
    await within(table).findByText("Réservations manquantes");
    const first = within(table).getByText("Réservations manquantes").closest("tr")!;
    expect(first).toHaveTextContent("Ouvert");
    expect(first).toHaveTextContent("Cloisons R+1");
    expect(first).toHaveTextContent("Plâtrerie");
    expect(first).toHaveTextContent("Bâtiment A / R+1");
    expect(first).toHaveTextContent("Camille Martin");
    expect(within(table).getByText("Accès grue").closest("tr")).toHaveTextContent("Levé");
    expect(screen.getByRole("status")).toHaveTextContent("1 ouverts sur 2");
    expect(api.list).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
      validate: null,
      zoneId: null,
      participantGroupProId: null,
      name: "",
    });
  });

  it("filters by state, zone and lot through the API", async () => {
    const user = userEvent.setup();
    renderAt("/dashboard/roadblocks");
    await screen.findByText("Réservations manquantes");
    await user.selectOptions(screen.getByLabelText("État"), "open");
    await user.selectOptions(screen.getByLabelText("Zone"), "51");
    await user.selectOptions(screen.getByLabelText("Lot"), "41");
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(PROJECT_ID, VERSION_ID, {
        validate: false,
        zoneId: 51,
        participantGroupProId: 41,
        name: "",
      }),
    );
  });

  it("lifts a roadblock from its row with a toast naming it, and reopens a lifted one", async () => {
    const user = userEvent.setup();
    api.update.mockResolvedValue(rows[0]);
    renderAt("/dashboard/roadblocks");
    await user.click(await screen.findByRole("button", { name: "Lever le point bloquant Réservations manquantes" }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { validate: true }));
    expect(toasts()).toContainEqual({
      intent: "success",
      message: "« Réservations manquantes » levé.",
      subject: "Point bloquant",
    });
    await user.click(screen.getByRole("button", { name: "Rouvrir le point bloquant Accès grue" }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(2, { validate: false }));
  });

  it("deletes the selection after a confirmation", async () => {
    const user = userEvent.setup();
    api.bulkDelete.mockResolvedValue({ ids: [1, 2], count: 2 });
    renderAt("/dashboard/roadblocks");
    await screen.findByText("Réservations manquantes");
    const table = screen.getByRole("table", { name: "Liste des points bloquants" });
    await user.click(within(table).getByRole("checkbox", { name: "Sélectionner Réservations manquantes" }));
    await user.click(within(table).getByRole("checkbox", { name: "Sélectionner Accès grue" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Les 2 points bloquants sélectionnés seront supprimés.");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(api.bulkDelete).toHaveBeenCalledWith([1, 2]));
    expect(toasts()).toContainEqual({
      intent: "success",
      message: "2 points bloquants supprimés.",
      subject: "Point bloquant",
    });
  });

  it("opens a roadblock's form from its row", async () => {
    const user = userEvent.setup();
    const router = renderAt("/dashboard/roadblocks");
    await user.click(await screen.findByText("Réservations manquantes"));
    expect(router.state.location.pathname).toBe("/dashboard/roadblock/1");
  });
});

describe("/dashboard/roadblock/{id}", () => {
  it("edits a roadblock, sends the changes only and names it in the toast", async () => {
    const user = userEvent.setup();
    api.update.mockResolvedValue(roadblock({ id: 1, name: "Réservations reçues", validate: true }));
    const router = renderAt("/dashboard/roadblock/1");
    const name = await screen.findByRole("textbox", { name: /Intitulé/ });
    await waitFor(() => expect(name).toHaveValue("Réservations manquantes"));
    expect(screen.getByRole("region", { name: "Point bloquant : Réservations manquantes" })).toBeInTheDocument();
    expect(screen.getByText("Créé par Camille Martin le 02/03/2026")).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "Réservations reçues");
    await user.click(screen.getByRole("switch", { name: /Ouvert/ }));
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { name: "Réservations reçues", validate: true }));
    expect(toasts()).toContainEqual({
      intent: "success",
      message: "« Réservations reçues » enregistré.",
      subject: "Point bloquant",
    });
    expect(router.state.location.pathname).toBe("/dashboard/roadblocks");
  });

  it("creates one on a task; a refusal is a warning toast of the catalogue and the form stays", async () => {
    const user = userEvent.setup();
    api.create.mockRejectedValueOnce(
      new ApiError(
        400,
        "roadblock_reference_invalid",
        "La tâche, le lot, le participant ou la zone n'appartient pas à la version du point bloquant.",
      ),
    );
    api.create.mockResolvedValueOnce(roadblock({ id: 3, name: "Plaques non livrées" }));
    const router = renderAt("/dashboard/roadblock/new");
    expect(await screen.findByRole("region", { name: "Nouveau point bloquant" })).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Intitulé/ }), "Plaques non livrées");
    await waitFor(() => expect(screen.getByRole("option", { name: "Cloisons R+1" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText("Tâche bloquée"), "21");
    await user.click(save);
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
      name: "Plaques non livrées",
      validate: false,
      eventId: 21,
    });
    await waitFor(() => expect(toasts().some((t) => t.intent === "warning" || t.intent === "error")).toBe(true));
    expect(router.state.location.pathname).toBe("/dashboard/roadblock/new");
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/roadblocks"));
    expect(toasts()).toContainEqual({
      intent: "success",
      message: "« Plaques non livrées » créé.",
      subject: "Point bloquant",
    });
  });
});

describe("the task modal's tab", () => {
  it("lists the task's roadblocks, adds one and lifts one, refreshing the planning each time", async () => {
    const user = userEvent.setup();
    selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
    api.list.mockResolvedValue(list([rows[0]]));
    api.create.mockResolvedValue(roadblock({ id: 3, name: "Plaques non livrées" }));
    api.update.mockResolvedValue(rows[0]);
    const before = useRefresh.getState().counters.planning;
    render(
      <Providers>
        <RoadblocksTab projectId={PROJECT_ID} versionId={VERSION_ID} event={{ id: 21, name: "Cloisons R+1" }} />
      </Providers>,
    );
    const table = await screen.findByRole("table", { name: "Points bloquants de la tâche" });
    await within(table).findByText("Réservations manquantes");
    expect(screen.getByRole("status")).toHaveTextContent("1 point bloquant ouvert");
    expect(api.list).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, { eventId: 21 });

    await user.type(screen.getByRole("textbox", { name: "Nouveau point bloquant" }), "Plaques non livrées{Enter}");
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, { name: "Plaques non livrées", eventId: 21 }),
    );
    expect(toasts()).toContainEqual({
      intent: "success",
      message: "« Plaques non livrées » créé.",
      subject: "Point bloquant",
    });
    expect(screen.getByRole("textbox", { name: "Nouveau point bloquant" })).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Lever le point bloquant Réservations manquantes" }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { validate: true }));
    expect(useRefresh.getState().counters.planning).toBe(before + 2);
  });
});

describe("the form's body", () => {
  it("sends every filled field on a create and only the changes on an edit", () => {
    const original = draftOf(rows[0]);
    expect(canSave(original, original)).toBe(false);
    expect(roadblockBody({ ...original, name: "  Autre " }, original)).toEqual({ name: "Autre" });
    expect(roadblockBody({ ...original, zoneId: null }, original)).toEqual({ zoneId: null });
    expect(roadblockBody({ ...draftOf(null, 21), name: "A" }, null)).toEqual({
      name: "A",
      validate: false,
      eventId: 21,
    });
    expect(canSave({ ...draftOf(null), name: "  " }, null)).toBe(false);
  });
});
