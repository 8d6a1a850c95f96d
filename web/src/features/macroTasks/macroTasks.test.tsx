import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../../api/http";
import { lotsApi, participantsApi, specialitiesApi, zonesApi } from "../../api/reference";
import { macroTasksApi, tagsApi, type MacroTaskItem } from "../../api/referenceMore";
import { renderRoutes, makeProject, selectProject } from "../../test/render";
import MacroTasksPage from "./MacroTasksPage";
import MacroTaskPage from "./MacroTaskPage";
import { canSave, draftOf, macroTaskBody, toggleZone } from "./macroTaskForm";
import { familiesApi } from "../../api/families";

vi.mock("../../api/referenceMore", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/referenceMore")>();
  return {
    ...actual,
    macroTasksApi: {
      list: vi.fn(),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      bulkUpdate: vi.fn(),
      bulkDelete: vi.fn(),
    },
    tagsApi: { list: vi.fn() },
  };
});
vi.mock("../../api/reference", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/reference")>();
  return {
    ...actual,
    lotsApi: { list: vi.fn() },
    participantsApi: { list: vi.fn() },
    specialitiesApi: { list: vi.fn() },
    zonesApi: { list: vi.fn() },
  };
});

vi.mock("../../api/families", () => ({ familiesApi: { list: vi.fn() } }));

const api = vi.mocked(macroTasksApi);
const PROJECT_ID = 7;
const VERSION_ID = 11;
const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });

function mt(id: number, name: string, extra: Partial<MacroTaskItem> = {}): MacroTaskItem {
  return {
    id,
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    name,
    startDate: null,
    endDate: null,
    participantGroupProId: null,
    participantGroupPro: null,
    specialities: [],
    tags: [],
    trackedUnit: null,
    trackedFamilies: {},
    trackingLevel: null,
    hasCounting: false,
    globalCounting: null,
    isComplete: false,
    zones: [],
    trackingId: id,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  return renderRoutes(
    [
      { path: "/dashboard/macro-tasks", element: <MacroTasksPage /> },
      { path: "/dashboard/macro-task/:id/:tab", element: <MacroTaskPage /> },
    ],
    path,
  );
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

beforeEach(() => {
  vi.clearAllMocks();
  api.list.mockResolvedValue(
    list([
      mt(1, "Réseaux plomberie", {
        startDate: "2026-03-02",
        endDate: "2026-04-10",
        participantGroupProId: 41,
        participantGroupPro: { id: 41, name: "Plomberie", color: "#00AAFF" },
        specialities: [{ id: 51, name: "Sanitaires" }],
        trackedUnit: "ml",
        trackingLevel: "micro",
        globalCounting: 42.5,
        zones: [
          { id: 61, name: "Bâtiment A", fullName: null, unity: "zone", level: 0 },
          { id: 62, name: "Bâtiment B", fullName: null, unity: "zone", level: 0 },
        ],
      }),
      mt(2, "Cloisons", { startDate: "2026-02-02", endDate: "2026-02-20", isComplete: true }),
    ]),
  );
  vi.mocked(tagsApi).list.mockResolvedValue(
    list([
      {
        id: 71,
        projectId: 7,
        versionId: 11,
        name: "Second oeuvre",
        color: null,
        type: null,
        categoryId: null,
        category: null,
        trackingId: 71,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
    ]),
  );
  vi.mocked(lotsApi).list.mockResolvedValue(
    list([
      { id: 41, name: "Plomberie" },
      { id: 42, name: "Électricité" },
    ]) as never,
  );
  vi.mocked(specialitiesApi).list.mockResolvedValue(
    list([
      { id: 51, name: "Sanitaires", tags: [], participantGroupProId: 41, participantGroupPro: null },
      { id: 52, name: "Courants forts", tags: [], participantGroupProId: 42, participantGroupPro: null },
    ]) as never,
  );
  vi.mocked(zonesApi).list.mockResolvedValue(
    list([
      { id: 61, name: "Bâtiment A", fullName: "Bâtiment A" },
      { id: 62, name: "Bâtiment B", fullName: "Bâtiment B" },
    ]) as never,
  );
  vi.mocked(familiesApi).list.mockResolvedValue(
    list([
      { id: 91, name: "Cuivre" },
      { id: 92, name: "PER" },
    ]),
  );
  vi.mocked(participantsApi).list.mockResolvedValue(
    list([{ id: 81, name: "Durand Plomberie", companyName: "Durand SARL" }]) as never,
  );
});

describe("macro-task form rules", () => {
  it("valid with a name and a change to name, tags, group, tracked unit or tracked families; sends changed fields", () => {
    const original = draftOf(mt(1, "Réseaux", { participantGroupProId: 41, specialities: [{ id: 51, name: "S" }] }));
    expect(canSave(original, original)).toBe(false);
    expect(canSave({ ...original, specialityIds: [] }, original)).toBe(false);
    expect(canSave({ ...original, name: " " }, null)).toBe(false);
    expect(canSave({ ...original, trackedUnit: "m²" }, original)).toBe(true);
    expect(macroTaskBody({ ...original, tagIds: [71], name: " Réseaux " }, original)).toEqual({ tagIds: [71] });
    const followed = toggleZone({ 61: [3] }, 62, true);
    expect(followed).toEqual({ 61: [3], 62: [] });
    expect(toggleZone(followed, 61, false)).toEqual({ 62: [] });
    expect(macroTaskBody({ ...original, trackedFamilies: followed }, original)).toEqual({ trackedFamilies: followed });
  });
});

describe("/dashboard/macro-tasks", () => {
  it("shows the columns of the spec, sorts only the sortable ones, and the second list with zone names", async () => {
    const user = userEvent.setup();
    renderAt("/dashboard/macro-tasks");
    const table = await screen.findByRole("table", { name: "Liste des macro-tâches" });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual([
      "Nom",
      "Date de début",
      "Date de fin",
      "Lot",
      "Spécialités",
      "Unité suivie",
      "Niveau de suivi",
      "Avancement global",
      "Terminée",
    ]);
    expect(bodyRows(table)[0]).toHaveTextContent("Cloisons");
    const first = bodyRows(table)[1];
    for (const text of [
      "Réseaux plomberie",
      "02/03/2026",
      "10/04/2026",
      "Plomberie",
      "Sanitaires",
      "Micro-zone",
      "42,5 %",
      "Non",
    ])
      expect(first).toHaveTextContent(text);
    await user.click(within(table).getByRole("columnheader", { name: /Date de début/ }));
    expect(bodyRows(table)[0]).toHaveTextContent("Cloisons");
    await user.click(within(table).getByRole("columnheader", { name: /Date de début/ }));
    expect(bodyRows(table)[0]).toHaveTextContent("Réseaux plomberie");
    await user.click(within(table).getByRole("columnheader", { name: /Avancement global/ }));
    expect(bodyRows(table)[0]).toHaveTextContent("Réseaux plomberie"); // not sortable: the order stays
    const zones = screen.getByRole("table", { name: "Macro-tâches et leurs zones" });
    expect(bodyRows(zones)[1]).toHaveTextContent("Bâtiment A, Bâtiment B");
  });

  it("changes the tracked unit in the row through bulk-update without opening the macro-task", async () => {
    const user = userEvent.setup();
    api.bulkUpdate.mockResolvedValue(list([mt(2, "Cloisons", { trackedUnit: "m²", isComplete: true })]));
    const router = renderAt("/dashboard/macro-tasks");
    const select = await screen.findByRole("combobox", { name: "Unité suivie de Cloisons" });
    await user.selectOptions(select, "m²");
    await waitFor(() => expect(api.bulkUpdate).toHaveBeenCalledWith([{ id: 2, trackedUnit: "m²" }]));
    expect(await screen.findByText("Unité suivie enregistrée.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/macro-tasks");
  });
});

describe("/dashboard/macro-task/:id/:tab", () => {
  it("creates one from the informations tab with tags and followed zones, then the lot and a speciality on the participants tab", async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(mt(3, "Faux plafonds"));
    const router = renderAt("/dashboard/macro-task/new/informations");
    expect(await screen.findByRole("tab", { name: "Comptage" })).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom/ }), "Faux plafonds");
    await user.click(await screen.findByRole("checkbox", { name: "Second oeuvre" }));
    await user.click(await screen.findByRole("checkbox", { name: "Bâtiment B" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Unité suivie" }), "m²");
    await user.click(screen.getByRole("tab", { name: "Participants" }));
    expect(router.state.location.pathname).toBe("/dashboard/macro-task/new/participants");
    await user.selectOptions(await screen.findByRole("combobox", { name: "Lot" }), "41");
    await user.click(await screen.findByRole("checkbox", { name: "Sanitaires" }));
    expect(screen.queryByRole("checkbox", { name: "Courants forts" })).not.toBeInTheDocument();
    expect(await screen.findByText("Durand Plomberie (Durand SARL)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
        name: "Faux plafonds",
        tagIds: [71],
        participantGroupProId: 41,
        specialityIds: [51],
        trackedUnit: "m²",
        trackedFamilies: { 62: [] },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/macro-tasks"));
  });

  it("edits: save waits for a change, sends only it, shows the server's refusal", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(
      mt(1, "Réseaux plomberie", {
        participantGroupProId: 41,
        participantGroupPro: { id: 41, name: "Plomberie", color: "#00AAFF" },
        specialities: [{ id: 51, name: "Sanitaires" }],
        startDate: "2026-03-02",
        endDate: "2026-04-10",
      }),
    );
    api.update.mockRejectedValue(new ApiError(400, "speciality_participant_or_group_dont_match", "no"));
    renderAt("/dashboard/macro-task/1/informations");
    const name = await screen.findByRole("textbox", { name: /Nom/ });
    await waitFor(() => expect(name).toHaveValue("Réseaux plomberie"));
    expect(screen.getByText("Du 02/03/2026 au 10/04/2026 (d'après ses tâches)")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "42");
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { participantGroupProId: 42, specialityIds: [] }));
    expect(await screen.findByText(/Le participant ou la spécialité ne correspond pas au lot/)).toBeInTheDocument();
  });

  it("chooses the tracked families of each followed zone (GET /family); a family change alone makes the form valid", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(mt(1, "Réseaux plomberie", { trackedFamilies: { 61: [91] } }));
    api.update.mockResolvedValue(mt(1, "Réseaux plomberie"));
    renderAt("/dashboard/macro-task/1/informations");
    const inA = await screen.findByRole("group", { name: "Familles suivies dans Bâtiment A" });
    await waitFor(() => expect(within(inA).getByRole("checkbox", { name: "Cuivre" })).toBeChecked());
    expect(screen.queryByRole("group", { name: "Familles suivies dans Bâtiment B" })).not.toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.click(within(inA).getByRole("checkbox", { name: "PER" }));
    expect(save).toBeEnabled();
    await user.click(
      within(screen.getByRole("group", { name: "Zones suivies" })).getByRole("checkbox", { name: "Bâtiment B" }),
    );
    await user.click(
      within(await screen.findByRole("group", { name: "Familles suivies dans Bâtiment B" })).getByRole("checkbox", {
        name: "Cuivre",
      }),
    );
    await user.click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { trackedFamilies: { 61: [91, 92], 62: [91] } }));
    expect(familiesApi.list).toHaveBeenCalled();
  });
});
