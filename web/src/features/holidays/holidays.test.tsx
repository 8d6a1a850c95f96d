import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../../api/http";
import { holidaysApi, type HolidayItem } from "../../api/referenceMore";
import { renderRoutes, makeProject, selectProject } from "../../test/render";
import { useProject } from "../../store/project";
import HolidaysPage from "./HolidaysPage";
import HolidayEditPage from "./HolidayEditPage";
import { canSave, dateError, holidayBody } from "./holidayForm";

vi.mock("../../api/referenceMore", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/referenceMore")>();
  return {
    ...actual,
    holidaysApi: {
      list: vi.fn(),
      get: vi.fn(),
      create: vi.fn(),
      update: vi.fn(),
      bulkDelete: vi.fn(),
      export: vi.fn(),
      lots: vi.fn(),
    },
  };
});

const api = vi.mocked(holidaysApi);
const PROJECT_ID = 7;
const VERSION_ID = 11;

function holiday(overrides: Partial<HolidayItem> & Pick<HolidayItem, "id" | "name">): HolidayItem {
  return {
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    type: "holiday",
    startDate: "2026-05-01",
    endDate: "2026-05-01",
    participantsGroupPro: [],
    trackingId: overrides.id,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  return renderRoutes(
    [
      { path: "/dashboard/holidays", element: <HolidaysPage /> },
      { path: "/dashboard/holiday/:holidayId/:type", element: <HolidayEditPage /> },
    ],
    path,
  );
}

const moved = { moved: { ids: [1, 2], startDates: [], endDates: [] }, undoRemaining: 1 };

beforeEach(() => {
  vi.clearAllMocks();
  api.lots.mockResolvedValue([
    { id: 41, name: "Charpente" },
    { id: 42, name: "Électricité" },
  ]);
  api.list.mockImplementation(async (_p, _v, type) => {
    const data =
      type === "holiday"
        ? [
            holiday({ id: 1, name: "Pâques", startDate: "2026-04-06", endDate: "2026-04-06" }),
            holiday({ id: 2, name: "Ascension", startDate: "2026-05-14", endDate: "2026-05-14" }),
          ]
        : [holiday({ id: 3, name: "Congés d'été", type: "vacation", startDate: "2026-08-03", endDate: "2026-08-21" })];
    return { data, count: data.length, total: data.length };
  });
});

describe("holiday form rules", () => {
  it("needs a name and valid dates; a vacation ends on or after its start; only changed fields are sent", () => {
    const d = { name: " Pont ", startDate: "2026-05-15", endDate: "", lots: [41] };
    expect(holidayBody("holiday", d, null)).toEqual({
      name: "Pont",
      type: "holiday",
      startDate: "2026-05-15",
      participantsGroupPro: [41],
    });
    expect(dateError("holiday", { ...d, startDate: "2026-02-30" })).toBe("startDate_invalid");
    expect(dateError("vacation", { ...d, endDate: "2026-05-14" })).toBe("endDate_invalid");
    expect(dateError("vacation", { ...d, endDate: "2026-05-20" })).toBeNull();
    expect(canSave("holiday", { ...d, name: "  " }, null)).toBe(false);
    const original = { name: "Pont", startDate: "2026-05-15", endDate: "2026-05-15", lots: [41] };
    expect(canSave("holiday", original, original)).toBe(false);
    expect(holidayBody("holiday", { ...original, lots: [42, 41] }, original)).toEqual({
      participantsGroupPro: [42, 41],
    });
    expect(holidayBody("holiday", { ...original, lots: [41] }, original)).toEqual({});
  });
});

describe("/dashboard/holidays", () => {
  it("shows the holidays (name, start date) and the vacations (name, start date, end date) sorted by name", async () => {
    renderAt("/dashboard/holidays");
    const holidays = await screen.findByRole("table", { name: "Liste des jours fériés" });
    await waitFor(() => expect(within(holidays).getAllByRole("row")).toHaveLength(3));
    const rows = within(holidays).getAllByRole("row");
    expect(
      within(rows[0])
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Nom", "Date de début"]);
    expect(rows[1]).toHaveTextContent("Ascension");
    expect(rows[1]).toHaveTextContent("14/05/2026");
    expect(rows[2]).toHaveTextContent("Pâques");
    const vacations = screen.getByRole("table", { name: "Liste des périodes de congés" });
    const vrows = within(vacations).getAllByRole("row");
    expect(
      within(vrows[0])
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Nom", "Date de début", "Date de fin"]);
    expect(vrows[1]).toHaveTextContent("03/08/2026");
    expect(vrows[1]).toHaveTextContent("21/08/2026");
    expect(api.list).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, "holiday");
    expect(api.list).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, "vacation");
  });

  it("deletes the selection after confirmation and reloads", async () => {
    const user = userEvent.setup();
    api.bulkDelete.mockResolvedValue({ count: 1, undoRemaining: 4, moved: { ids: [], startDates: [], endDates: [] } });
    renderAt("/dashboard/holidays");
    const holidays = await screen.findByRole("table", { name: "Liste des jours fériés" });
    await user.click(await within(holidays).findByRole("checkbox", { name: "Sélectionner Pâques" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(api.bulkDelete).toHaveBeenCalledWith([1]));
    expect(await screen.findByText(/Suppression effectuée, planning mis à jour\./)).toBeInTheDocument();
    await waitFor(() => expect(api.list.mock.calls.filter((c) => c[2] === "holiday").length).toBeGreaterThanOrEqual(2));
    expect(useProject.getState().project?.undoRemaining).toBe(4); // the header's undo counter follows
  });

  it("opens a row's form", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(
      holiday({ id: 3, name: "Congés d'été", type: "vacation", startDate: "2026-08-03", endDate: "2026-08-21" }),
    );
    const router = renderAt("/dashboard/holidays");
    await user.click(await screen.findByText("Congés d'été"));
    expect(router.state.location.pathname).toBe("/dashboard/holiday/3/vacation");
  });
});

describe("/dashboard/holiday/:id/:type", () => {
  it("creates a holiday for chosen lots and returns to the list", async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue({ ...holiday({ id: 9, name: "Fête du lot" }), ...moved });
    const router = renderAt("/dashboard/holiday/new/holiday");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom/ }), "  Fête du lot ");
    const date = screen.getByLabelText(/^Date/);
    await user.type(date, "05/06/2026");
    await user.click(await screen.findByRole("checkbox", { name: "Charpente" }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
        name: "Fête du lot",
        type: "holiday",
        startDate: "2026-06-05",
        participantsGroupPro: [41],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/holidays"));
    expect(await screen.findByText(/2 tâches ont été replanifiées\./)).toBeInTheDocument();
    expect(useProject.getState().project?.undoRemaining).toBe(1);
  });

  it("edits a vacation: refuses an end before the start, sends only the changed end date", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(
      holiday({ id: 3, name: "Congés d'été", type: "vacation", startDate: "2026-08-03", endDate: "2026-08-21" }),
    );
    api.update.mockResolvedValue({ ...holiday({ id: 3, name: "Congés d'été", type: "vacation" }), ...moved });
    renderAt("/dashboard/holiday/3/vacation");
    const end = await screen.findByLabelText(/Date de fin/);
    await waitFor(() => expect(end).toHaveValue("21/08/2026"));
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.clear(end);
    await user.type(end, "01/08/2026");
    expect(await screen.findByText("La date de fin est invalide.")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(end);
    await user.type(end, "28/08/2026");
    await user.click(save);
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(3, { endDate: "2026-08-28" }));
  });

  it("shows the server's refusal with the catalogue message and stays on the form", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(holiday({ id: 1, name: "Pâques", startDate: "2026-04-06" }));
    api.update.mockRejectedValue(new ApiError(409, "version_frozen", "frozen"));
    const router = renderAt("/dashboard/holiday/1/holiday");
    const name = await screen.findByRole("textbox", { name: /Nom/ });
    await waitFor(() => expect(name).toHaveValue("Pâques"));
    await user.type(name, " (lundi)");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(/Cette version est figée et ne peut plus être modifiée\./)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/holiday/1/holiday");
  });
});
