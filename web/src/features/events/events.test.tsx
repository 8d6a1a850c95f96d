import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../../api/http";
import { eventsApi, referencesApi } from "../../api/events";
import {
  addParent,
  createEventBody,
  cycleThrough,
  emptyEventValues,
  toEventValues,
  updateEventBody,
} from "./eventForm";
import { mockApi } from "../../test/render";
import type { EventItem } from "../../api/events";
import { PROJECT_ID, VERSION_ID, listOf, makeEvent, pickerPages, renderScreen, writeResult } from "./testing";

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
      export: vi.fn(),
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

const api = vi.mocked(eventsApi);
const NAME = /^Nom\s*\*?$/;
const refs = vi.mocked(referencesApi);

beforeEach(() => {
  vi.clearAllMocks();
  refs.zones.mockResolvedValue([{ id: 31, name: "Bâtiment A" }]);
  refs.lots.mockResolvedValue([{ id: 41, name: "Gros œuvre" }]);
  api.history.mockResolvedValue([]);
  api.list.mockResolvedValue(listOf([]));
});

const cycleError = (ids?: number[]) =>
  Object.assign(
    new ApiError(400, "cycle", "Ces liens créeraient une boucle entre les tâches."),
    ids ? { details: { ids } } : {},
  );

describe("task form rules", () => {
  const event = makeEvent({
    id: 5,
    name: "Coulage dalle",
    revision: 3,
    trigram: "cdl",
    participantGroupProId: 41,
    comments: "RAS",
  });

  it("sends only the changed fields, trimmed, with the revision", () => {
    const original = toEventValues(event);
    expect(updateEventBody(original, original, 3)).toEqual({});
    const body = updateEventBody(
      { ...original, name: "  Coulage dalle R+1  ", comments: "   ", trigram: " cdx " },
      original,
      3,
    );
    expect(body).toEqual({ name: "Coulage dalle R+1", comments: null, trigram: "CDX", revision: 3 });
  });

  it("sends numeric fields only when they are numeric", () => {
    const original = toEventValues(event);
    expect(updateEventBody({ ...original, numberOfDays: "abc", numberOfPeople: "" }, original, 3)).toEqual({});
    expect(updateEventBody({ ...original, numberOfDays: " 8 ", numberOfPeople: "2,5" }, original, 3)).toEqual({
      numberOfDays: 8,
      numberOfPeople: 2.5,
      revision: 3,
    });
    const withLink = {
      ...original,
      parents: [{ id: 2, name: "Terrassement", type: "end-begin" as const, delay: "deux" }],
    };
    expect(updateEventBody(withLink, original, 3).parentsEvents).toEqual([{ id: 2, type: "end-begin" }]);
    const created = createEventBody(
      { ...emptyEventValues("task"), name: " Enduits ", startDate: "2026-03-02", numberOfDays: "x" },
      PROJECT_ID,
      VERSION_ID,
    );
    expect(created).not.toHaveProperty("numberOfDays");
    expect(created).toMatchObject({
      name: "Enduits",
      numberOfPeople: 1,
      startDate: "2026-03-02",
      projectId: 7,
      versionId: 11,
    });
  });

  it("clears the start date when a parent task or milestone becomes the reference", () => {
    const values = { ...emptyEventValues("task"), name: "Cloisons", startDate: "2026-03-09" };
    const next = addParent(values, {
      id: 9,
      name: "Jalon hors d'eau",
      eventType: "milestone",
      type: "end-begin",
      delay: "0",
    });
    expect(next.startDate).toBe("");
    const body = createEventBody(next, PROJECT_ID, VERSION_ID);
    expect(body).not.toHaveProperty("startDate");
    expect(body).toMatchObject({
      referenceType: "milestoneReference",
      parentsEvents: [{ id: 9, type: "end-begin", delay: 0 }],
    });
    // An update that gives a root event a parent sends its start as null.
    const original = toEventValues(event);
    expect(
      updateEventBody(
        addParent(original, { id: 9, name: "J", eventType: "task", type: "end-begin", delay: "0" }),
        original,
        3,
      ),
    ).toMatchObject({
      startDate: null,
      referenceType: "taskReference",
      parentsEvents: [{ id: 9, type: "end-begin", delay: 0 }],
    });
  });

  it("finds the loop through an event", () => {
    const children = new Map([
      [1, [2]],
      [2, [3]],
      [3, [1, 4]],
    ]);
    expect(cycleThrough(children, 1)).toEqual([1, 2, 3]);
    expect(cycleThrough(new Map([[1, [1]]]), 1)).toEqual([1]);
    expect(cycleThrough(new Map([[1, [2]]]), 1)).toEqual([]);
  });
});

describe("/dashboard/event/:eventId", () => {
  it("creates a task with the defaults 1 day and 1 person and returns to the list", async () => {
    api.create.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/event/new");
    expect(await screen.findByLabelText("Nombre de jours")).toHaveValue("1");
    expect(screen.getByLabelText("Nombre de personnes")).toHaveValue("1");
    await userEvent.click(screen.getByRole("button", { name: "Créer" }));
    expect(await screen.findByText("Le nom est obligatoire")).toBeInTheDocument();
    expect(screen.getByText("La date de début est obligatoire sans tâche ou jalon de référence")).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(NAME), "  Maçonnerie RDC ");
    await userEvent.type(screen.getByLabelText(/^Date de début/), "02/03/2026");
    await userEvent.type(screen.getByLabelText("Trigramme"), "mac");
    await userEvent.selectOptions(screen.getByLabelText("Lot"), "Gros œuvre");
    await userEvent.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/events"));
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({
        projectId: 7,
        versionId: 11,
        name: "Maçonnerie RDC",
        type: "task",
        startDate: "2026-03-02",
        numberOfDays: 1,
        numberOfPeople: 1,
        trigram: "MAC",
        participantGroupProId: 41,
        color: null,
        referenceType: "dateReference",
      }),
    );
    expect(await screen.findByText("Tâche : Tâche créée.")).toBeInTheDocument();
  });

  it("clears and disables the start date when a parent is chosen in the picker", async () => {
    api.picker.mockImplementation(pickerPages(3));
    api.create.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/event/new");
    await userEvent.type(await screen.findByLabelText(NAME), "Cloisons");
    const start = screen.getByLabelText(/^Date de début/);
    await userEvent.type(start, "09/03/2026");
    expect(start).toHaveValue("09/03/2026");
    await userEvent.click(screen.getByRole("tab", { name: "Prédécesseurs et successeurs" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    await userEvent.click(await screen.findByRole("button", { name: "Choisir Tâche 002" }));
    const parents = screen.getByRole("region", { name: "Prédécesseurs" });
    expect(within(parents).getByText("Tâche 002")).toBeInTheDocument();
    await userEvent.selectOptions(within(parents).getByLabelText("Type de lien avec Tâche 002"), "Début → Début");
    await userEvent.type(within(parents).getByLabelText("Décalage avec Tâche 002"), "{backspace}2");
    await userEvent.click(screen.getByRole("tab", { name: "Informations générales" }));
    const cleared = screen.getByLabelText(/^Date de début/);
    expect(cleared).toHaveValue("");
    expect(cleared).toBeDisabled();
    expect(screen.getByText("La date de début est déduite de la référence (Tâche 002).")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/events"));
    const body = api.create.mock.calls[0][0];
    expect(body).not.toHaveProperty("startDate");
    expect(body).toMatchObject({
      name: "Cloisons",
      referenceType: "taskReference",
      parentsEvents: [{ id: 1001, type: "begin-begin", delay: 2 }],
    });
  });

  it("lists the picker's events 20 at a time, searched by name", async () => {
    api.picker.mockImplementation(pickerPages(45));
    renderScreen("/dashboard/event/new");
    await userEvent.click(await screen.findByRole("tab", { name: "Prédécesseurs et successeurs" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un successeur" }));
    const dialog = await screen.findByRole("dialog");
    const byName = { field: "name", order: "ASC" };
    expect(await within(dialog).findByText("1–20 sur 45")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("button", { name: /^Choisir / })).toHaveLength(20);
    expect(api.picker).toHaveBeenLastCalledWith(VERSION_ID, "", 0, byName);
    await userEvent.click(within(dialog).getByRole("button", { name: "Page suivante" }));
    expect(await within(dialog).findByText("21–40 sur 45")).toBeInTheDocument();
    expect(api.picker).toHaveBeenLastCalledWith(VERSION_ID, "", 20, byName);
    await userEvent.click(within(dialog).getByRole("button", { name: "Page suivante" }));
    expect(await within(dialog).findByText("41–45 sur 45")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Page suivante" })).toBeDisabled();
    // A fixed page of 20 (spec 000 section 9): no rows-per-page choice.
    expect(within(dialog).queryByRole("combobox", { name: "Lignes par page" })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole("searchbox"), "Tâche 03");
    expect(await within(dialog).findByText("1–10 sur 10")).toBeInTheDocument();
    expect(api.picker).toHaveBeenLastCalledWith(VERSION_ID, "Tâche 03", 0, byName);
    // A column header sorts on the server, from the first page.
    await userEvent.click(within(dialog).getByRole("columnheader", { name: /Dates/ }));
    await waitFor(() =>
      expect(api.picker).toHaveBeenLastCalledWith(VERSION_ID, "Tâche 03", 0, { field: "startDate", order: "ASC" }),
    );
  });

  it("chooses an event from the keyboard and shows the linked ones disabled", async () => {
    api.picker.mockImplementation(pickerPages(3));
    renderScreen("/dashboard/event/new");
    await userEvent.click(await screen.findByRole("tab", { name: "Prédécesseurs et successeurs" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    const first = await screen.findByRole("button", { name: "Choisir Tâche 001" });
    first.focus();
    await userEvent.keyboard("{Enter}");
    const parents = screen.getByRole("region", { name: "Prédécesseurs" });
    expect(await within(parents).findByText("Tâche 001")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("button", { name: "Choisir Tâche 001" })).toBeDisabled();
    expect(within(dialog).getByText("Déjà liée")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Choisir Tâche 002" })).toBeEnabled();
  });

  it("sends only the changed fields with the revision and returns to the list", async () => {
    const event = makeEvent({ id: 5, name: "Coulage dalle", revision: 3, numberOfPeople: 4, trigram: "CDL" });
    api.get.mockResolvedValue(event);
    api.update.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/event/5");
    const name = await screen.findByLabelText(NAME);
    expect(screen.getByLabelText(/^Date de début/)).toHaveValue("02/03/2026");
    await userEvent.clear(name);
    await userEvent.type(name, "  Coulage dalle haute ");
    const people = screen.getByLabelText("Nombre de personnes");
    await userEvent.clear(people);
    await userEvent.type(people, "quatre");
    expect(screen.getByText("Valeur non numérique : ce champ ne sera pas enregistré.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/events"));
    expect(api.update).toHaveBeenCalledWith(5, { name: "Coulage dalle haute", revision: 3 });
    expect(await screen.findByText("Tâche : Tâche enregistrée.")).toBeInTheDocument();
  });

  it("the general tab carries the task's tags (a picker among the version's tags) and whether it is tracked", async () => {
    const tags = [
      { id: 61, name: "Béton" },
      { id: 62, name: "Coffrage" },
      { id: 63, name: "Étanchéité" },
    ];
    mockApi({ "GET /api/tag": { data: tags, count: 3, total: 3 } });
    api.get.mockResolvedValue(
      makeEvent({ id: 5, name: "Coulage dalle", revision: 4, tags: [{ id: 61, name: "Béton" }] as EventItem["tags"] }),
    );
    api.update.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/event/5");
    await screen.findByLabelText(NAME);
    const group = await screen.findByRole("listbox", { name: "Étiquettes" });
    expect(within(group).getByText("Béton")).toBeInTheDocument();
    // Add: the list offers the version's tags not chosen yet; typing filters it.
    const input = screen.getByRole("combobox", { name: "Étiquettes" });
    await userEvent.click(input);
    await userEvent.type(input, "étan");
    await userEvent.click(await screen.findByRole("option", { name: "Étanchéité" }));
    expect(within(group).getByText("Étanchéité")).toBeInTheDocument();
    // Remove: a click on the chosen tag (or Delete on it) takes it off.
    await userEvent.click(within(group).getByRole("option", { name: /Béton/ }));
    expect(within(group).queryByText("Béton")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("switch", { name: "Tâche suivie" }));
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/events"));
    expect(api.update).toHaveBeenCalledWith(5, { tags: [63], isTracked: true, revision: 4 });
  });

  it("names the tasks of a refused cycle", async () => {
    const event = makeEvent({
      id: 5,
      name: "Coulage dalle",
      revision: 3,
      childrenEvents: [{ id: 8, name: "Ferraillage", type: "end-begin", delay: 0, eventType: "task" }],
    });
    api.get.mockResolvedValue(event);
    api.picker.mockResolvedValue(listOf([makeEvent({ id: 9, name: "Coffrage" })]));
    api.byIds.mockResolvedValue(listOf([makeEvent({ id: 12, name: "Décoffrage" })]));
    api.update.mockRejectedValue(cycleError([5, 8, 12, 9]));
    const { router } = renderScreen("/dashboard/event/5");
    await userEvent.click(await screen.findByRole("tab", { name: "Prédécesseurs et successeurs" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    await userEvent.click(await screen.findByRole("button", { name: "Choisir Coffrage" }));
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(
      await screen.findByText(
        "Ces liens créeraient une boucle entre les tâches : Coulage dalle → Ferraillage → Décoffrage → Coffrage → Coulage dalle.",
      ),
    ).toBeInTheDocument();
    expect(api.byIds).toHaveBeenCalledWith(VERSION_ID, [12]);
    expect(api.update).toHaveBeenCalledWith(5, {
      parentsEvents: [{ id: 9, type: "end-begin", delay: 0 }],
      referenceType: "taskReference",
      startDate: null,
      revision: 3,
    });
    expect(router.state.location.pathname).toBe("/dashboard/event/5");
  });

  it("finds the cycle's tasks in the version when the refusal carries no ids", async () => {
    const event = makeEvent({
      id: 5,
      name: "Coulage dalle",
      childrenEvents: [{ id: 8, name: "Ferraillage", type: "end-begin", delay: 0 }],
    });
    api.get.mockResolvedValue(event);
    api.picker.mockResolvedValue(listOf([makeEvent({ id: 9, name: "Coffrage" })]));
    api.graph.mockResolvedValue(
      listOf([
        makeEvent({ id: 5, name: "Coulage dalle", childrenEvents: [{ id: 8, type: "end-begin", delay: 0 }] }),
        makeEvent({ id: 8, name: "Ferraillage", childrenEvents: [{ id: 9, type: "end-begin", delay: 0 }] }),
        makeEvent({ id: 9, name: "Coffrage" }),
      ]),
    );
    api.update.mockRejectedValue(cycleError());
    renderScreen("/dashboard/event/5");
    await userEvent.click(await screen.findByRole("tab", { name: "Prédécesseurs et successeurs" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    await userEvent.click(await screen.findByRole("button", { name: "Choisir Coffrage" }));
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(
      await screen.findByText(
        "Ces liens créeraient une boucle entre les tâches : Coulage dalle → Ferraillage → Coffrage → Coulage dalle.",
      ),
    ).toBeInTheDocument();
  });

  it("reloads the event on a 409 conflict and says so", async () => {
    api.get
      .mockResolvedValueOnce(makeEvent({ id: 5, name: "Coulage dalle", revision: 3 }))
      .mockResolvedValueOnce(makeEvent({ id: 5, name: "Coulage dalle (modifiée)", revision: 4 }));
    api.update.mockRejectedValue(
      new ApiError(409, "conflict", "Les données ont été modifiées par un autre utilisateur, veuillez recharger."),
    );
    const { router } = renderScreen("/dashboard/event/5");
    const name = await screen.findByLabelText(NAME);
    await userEvent.type(name, " 2");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(
      await screen.findByText(
        "Tâche : Cette tâche a été modifiée par un autre utilisateur : elle a été rechargée et vos modifications n'ont pas été enregistrées.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(NAME)).toHaveValue("Coulage dalle (modifiée)");
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe("/dashboard/event/5");
  });

  it("shows the history with dates as dd/MM/yyyy HH:mm in Paris", async () => {
    api.get.mockResolvedValue(makeEvent({ id: 5, name: "Coulage dalle" }));
    api.history.mockResolvedValue([
      {
        id: 1,
        createdAt: "2026-03-04T13:05:00.000Z",
        fieldName: "startDate",
        previousValue: "2026-03-02",
        newValue: "2026-03-09",
        eventId: 5,
        versionId: 1,
        versionName: null,
        user: { id: 3, firstname: "Marc", lastname: "Manager" },
      },
      {
        id: 2,
        eventId: 5,
        versionId: 1,
        versionName: null,
        createdAt: "2026-03-05T08:30:00.000Z",
        fieldName: "locked",
        previousValue: "false",
        newValue: "true",
        user: null,
      },
    ]);
    renderScreen("/dashboard/event/5");
    await userEvent.click(await screen.findByRole("tab", { name: "Historique" }));
    const table = await screen.findByRole("table", { name: "Historique des modifications" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]).getByText("05/03/2026 09:30")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Bloquée")).toBeInTheDocument();
    expect(within(rows[2]).getByText("04/03/2026 14:05")).toBeInTheDocument();
    expect(within(rows[2]).getByText("Marc Manager")).toBeInTheDocument();
    expect(within(rows[2]).getByText("02/03/2026")).toBeInTheDocument();
    expect(within(rows[2]).getByText("09/03/2026")).toBeInTheDocument();
    expect(api.history).toHaveBeenCalledWith(5);
  });

  it("locks the task from the 'Bloquer les tâches' tab", async () => {
    api.get.mockResolvedValue(makeEvent({ id: 5, name: "Coulage dalle", revision: 2 }));
    api.update.mockResolvedValue(writeResult);
    const { router } = renderScreen("/dashboard/event/5");
    await userEvent.click(await screen.findByRole("tab", { name: "Bloquer les tâches" }));
    expect(screen.getByText(/garde ses dates quand ses prédécesseurs sont déplacés/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("switch", { name: "Tâche bloquée" }));
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/events"));
    expect(api.update).toHaveBeenCalledWith(5, { locked: true, revision: 2 });
  });
});

describe("/dashboard/events", () => {
  const rows = [
    makeEvent({
      id: 5,
      name: "Coulage dalle",
      trigram: "cdl",
      numberOfDays: 5,
      numberOfPeople: 3,
      participantGroupPro: { id: 41, name: "Gros œuvre" },
      zone: { id: 31, name: "Bâtiment A" },
    }),
    makeEvent({ id: 6, name: "Ferraillage", startDate: "2026-03-09", endDate: "2026-03-13" }),
  ];

  it("lists the version's tasks with the trigram in upper case and dates dd/MM/yyyy, searched, paged and sorted on the server", async () => {
    api.list.mockResolvedValue(listOf(rows, 60));
    renderScreen("/dashboard/events");
    const table = await screen.findByRole("table", { name: "Liste des tâches" });
    // The table shows before its rows arrive (a loaded machine makes the gap visible): wait for the first task.
    await within(table).findByText("Coulage dalle");
    const first = within(table).getAllByRole("row")[1];
    for (const text of ["Coulage dalle", "CDL", "Gros œuvre", "Bâtiment A", "02/03/2026", "06/03/2026", "5", "3"])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(api.list).toHaveBeenLastCalledWith(
      expect.objectContaining({
        versionId: 11,
        type: "task",
        name: "",
        sort: { field: "name", order: "ASC" },
        limit: 25,
        offset: 0,
      }),
    );
    expect(screen.getByText("1–25 sur 60")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Page suivante" }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 25 })));
    await userEvent.selectOptions(screen.getByLabelText("Lignes par page"), "100");
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 100, offset: 0 })));
    await userEvent.type(screen.getByRole("searchbox", { name: "Rechercher par nom" }), " dalle ");
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ name: "dalle", offset: 0 })),
    );
    await userEvent.selectOptions(screen.getByLabelText("Type"), "Jalons");
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ type: "milestone" })));
    await userEvent.click(within(table).getByText("Début"));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        expect.objectContaining({ sort: { field: "startDate", order: "ASC" } }),
      ),
    );
    await userEvent.click(within(table).getByText("Début"));
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        expect.objectContaining({ sort: { field: "startDate", order: "DESC" } }),
      ),
    );
    // The server's export (GET /event/export) takes the list's filters and sort, without paging.
    api.export.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole("button", { name: "Exporter (.xlsx)" }));
    expect(api.export).toHaveBeenCalledWith({
      versionId: 11,
      type: "milestone",
      name: "dalle",
      sort: { field: "startDate", order: "DESC" },
    });
  });

  it("shows the catalogue's refusal of a deletion as a warning", async () => {
    api.list.mockResolvedValue(listOf(rows));
    api.bulkDelete.mockRejectedValue(
      new ApiError(409, "event_has_countings", "Les tâches ayant un comptage ne peuvent pas être supprimées."),
    );
    renderScreen("/dashboard/events");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner Coulage dalle" }));
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la sélection (1)" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(
      await screen.findByText("Tâche : Les tâches ayant un comptage ne peuvent pas être supprimées."),
    ).toBeInTheDocument();
    expect(api.bulkDelete).toHaveBeenCalledWith([5], PROJECT_ID, VERSION_ID);
  });

  it("deletes the selection and opens the task form from 'Nouvelle tâche'", async () => {
    api.list.mockResolvedValue(listOf(rows));
    api.bulkDelete.mockResolvedValue({ ids: [5, 6], count: 2 });
    const { router } = renderScreen("/dashboard/events");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Sélectionner toutes les tâches de la page" }));
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la sélection (2)" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Tâche : 2 tâches supprimées.")).toBeInTheDocument();
    expect(api.bulkDelete).toHaveBeenCalledWith([5, 6], PROJECT_ID, VERSION_ID);
    api.get.mockResolvedValue(makeEvent({ id: 1, name: "x" }));
    await userEvent.click(screen.getByRole("button", { name: "Nouvelle tâche" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/event/new"));
  });
});
