import { beforeEach, describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { QualityControl } from "../../api/quality";
import { renderRoutes, Providers, makeProject, mockApi, selectProject, signIn, users } from "../../test/render";
import { filterControls, NO_FILTERS } from "./controlFilters";
import { PrerequisitesPage } from "./QualityListPage";
import QualityItemPage from "./QualityItemPage";
import QualityCalendarPage from "./QualityCalendarPage";
import QualityTemplatesPage, { parseDelay } from "./QualityTemplatesPage";
import { qualityErrorText } from "./qualityError";
import { QualityTab } from "./QualityTab";
import { ApiError } from "../../api/http";

const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });

function control(id: number, name: string, extra: Partial<QualityControl> = {}): QualityControl {
  return {
    id,
    projectId: 7,
    versionId: 11,
    trackingId: id,
    name,
    type: "prerequisites",
    category: "study",
    status: "unrealized",
    indicator: "orange",
    comment: null,
    completionDate: null,
    delay: 0,
    dueDate: "2026-11-20",
    startDate: "2026-11-23",
    endDate: "2026-11-27",
    isArchived: false,
    documentName: null,
    eventId: 100 + id,
    sequenceId: null,
    macroTaskId: null,
    event: null,
    sequence: null,
    macroTask: null,
    tags: [],
    deliverables: [],
    color: null,
    eventName: `Tâche ${id}`,
    zoneName: "R+1",
    participantGroup: "Plomberie",
    participantName: null,
    createdAt: "2026-11-01T09:00:00.000Z",
    updatedAt: "2026-11-02T09:00:00.000Z",
    ...extra,
  };
}

const plans = control(1, "Plans validés", { indicator: "red", status: "non-complying", delay: 2 });
const supports = control(2, "Supports réceptionnés", {
  category: "reception-support",
  participantGroup: "Gros oeuvre",
  tags: [{ id: 71, name: "Second oeuvre", color: null }],
  dueDate: "2026-11-24",
});

function renderAt(path: string) {
  selectProject(makeProject({ id: 7, currentVersionId: 11 }));
  return renderRoutes(
    [
      { path: "/dashboard/prerequisites", element: <PrerequisitesPage /> },
      { path: "/dashboard/quality/:recordId", element: <QualityItemPage /> },
      { path: "/dashboard/quality-calendar", element: <QualityCalendarPage /> },
    ],
    path,
  );
}

beforeEach(() => signIn(users.manager));

describe("quality follow-up list", () => {
  it("lists the version's prerequisites with their indicator as text, filters them and changes statuses in bulk", async () => {
    const { calls } = mockApi({
      "GET /api/quality-control": list([plans, supports]),
      "GET /api/macro-task": list([]),
      "PATCH /api/quality-control/multiple": ({ body }: { body: unknown }) => list([body]),
    });
    renderAt("/dashboard/prerequisites");
    const table = await screen.findByRole("table", { name: "Prérequis du projet" });
    await within(table).findByText("Tâche 1");
    const get = calls.find((c) => c.path === "/api/quality-control")!;
    expect(get.query.getAll("filter")).toEqual(
      expect.arrayContaining(["type||$eq||prerequisites", "versionId||$eq||11", "isArchived||$eq||false"]),
    );
    expect(get.query.get("limit")).toBe("99999");
    expect(within(table).getByRole("img", { name: "Rouge : non conforme et en retard" })).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Ouvrir le contrôle Plans validés" })).toHaveAttribute(
      "href",
      "/dashboard/quality/1",
    );
    // The lot filter keeps the other control only.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "Gros oeuvre");
    await waitFor(() => expect(within(table).queryByText("Plans validés")).not.toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "");
    await within(table).findByText("Plans validés");
    await userEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Plans validés" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Supports réceptionnés" }));
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Nouveau statut de la sélection" }),
      "compliant",
    );
    await userEvent.click(screen.getByRole("button", { name: "Appliquer le statut" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toEqual({ ids: [1, 2], data: { status: "compliant" } });
  });

  it("applies every filter of the spec on the controls", () => {
    const rows = [plans, supports];
    expect(filterControls(rows, { ...NO_FILTERS, tagId: 71 }).map((c) => c.id)).toEqual([2]);
    expect(filterControls(rows, { ...NO_FILTERS, category: "study" }).map((c) => c.id)).toEqual([1]);
    expect(filterControls(rows, { ...NO_FILTERS, status: "non-complying" }).map((c) => c.id)).toEqual([1]);
    expect(filterControls(rows, { ...NO_FILTERS, dueFrom: "2026-11-21" }).map((c) => c.id)).toEqual([2]);
    expect(filterControls(rows, { ...NO_FILTERS, dueTo: "2026-11-20" }).map((c) => c.id)).toEqual([1]);
    expect(filterControls(rows, { ...NO_FILTERS, eventId: 102 }).map((c) => c.id)).toEqual([2]);
    expect(filterControls(rows, { ...NO_FILTERS, deliverable: "event:101" }).map((c) => c.id)).toEqual([1]);
    expect(filterControls([control(3, "X", { status: null })], { ...NO_FILTERS, status: "undefined" })).toHaveLength(1);
  });
});

describe("one quality control", () => {
  it("shows the control and its history, and saves a new status (an external user too)", async () => {
    signIn(users.external);
    const { calls } = mockApi({
      // A control has a `status`: the fake answers it as a body, not as a response shape.
      "GET /api/quality-control/1": { status: 200, body: plans },
      "GET /api/quality-control/1/history": list([
        {
          id: 5,
          qualityControlId: 1,
          fieldName: "status",
          previousValue: "unrealized",
          newValue: "non-complying",
          updatedAt: "2026-11-03T10:00:00.000Z",
          createdBy: { id: 2, firstName: "Marc", lastName: "Manager" },
        },
      ]),
      "PATCH /api/quality-control/1": ({ body }: { body: object }) => ({
        status: 200,
        body: { ...plans, ...body, indicator: "green" },
      }),
    });
    renderAt("/dashboard/quality/1");
    expect(await screen.findByRole("heading", { name: "Contrôle qualité : Plans validés" })).toBeInTheDocument();
    const history = await screen.findByRole("table", { name: "Historique des modifications" });
    await within(history).findByText("Non réalisé");
    expect(within(history).getByText("Non conforme")).toBeInTheDocument();
    expect(within(history).getByText("Marc Manager")).toBeInTheDocument();
    // Archiving is a manager's action.
    expect(screen.queryByRole("button", { name: "Archiver" })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Statut" }), "compliant");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "compliant" });
    expect(await screen.findByRole("img", { name: "Vert : conforme, sans retard" })).toBeInTheDocument();
  });

  it("says a 400's server message, a 500's quality error, else the catalogue's text", () => {
    expect(qualityErrorText(new ApiError(400, "validation", "Le nom est obligatoire."))).toBe(
      "Le nom est obligatoire.",
    );
    expect(qualityErrorText(new ApiError(500, "internal", "boom"))).toBe(
      "La mise à jour du contrôle qualité a échoué.",
    );
    expect(qualityErrorText(new ApiError(409, "quality_control_already_exists", ""))).toBe(
      "Ce contrôle qualité existe déjà pour cette tâche.",
    );
    expect(parseDelay("")).toBeNull();
    expect(parseDelay("-2")).toBe(-2);
    expect(parseDelay("1,5")).toBeUndefined();
  });
});

describe("quality calendar", () => {
  it("draws the month's due dates by indicator and moves day by day with the keyboard", async () => {
    mockApi({ "GET /api/quality-control": list([plans, supports]) });
    renderAt("/dashboard/quality-calendar");
    const grid = await screen.findByRole("grid", { name: /^Échéances de/ });
    // Whatever month today is in, go to November 2026 with Page Up / Page Down from the focused day.
    grid.focus();
    const target = "2026-11";
    const now = new Date();
    const months = (2026 - now.getFullYear()) * 12 + (10 - now.getMonth());
    for (let i = 0; i < Math.abs(months); i++) await userEvent.keyboard(months > 0 ? "{PageDown}" : "{PageUp}");
    await waitFor(() => expect(grid.getAttribute("aria-activedescendant")).toContain(target));
    const day = await screen.findByRole("gridcell", { name: /20\/11\/2026, 1 échéance/ });
    expect(day.querySelector('[data-indicator="red"]')).not.toBeNull();
    await userEvent.click(day);
    expect(await screen.findByRole("heading", { name: "Échéances du 20/11/2026" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Plans validés" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(await screen.findByRole("heading", { name: "Échéances du 24/11/2026" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Supports réceptionnés" })).toBeInTheDocument();
  });
});

describe("the task modal's prerequisites and finishes tab", () => {
  it("lists the task's controls by type, adds a prerequisite on the task and changes a status in place", async () => {
    let rows: QualityControl[] = [control(5, "Finition peinture", { type: "finishes", eventId: 40 })];
    const { calls } = mockApi({
      "GET /api/quality-control": () => list(rows),
      "POST /api/event-affix": ({ body }: { body: { name: string } }) => {
        const created = control(6, body.name, { eventId: 40 });
        rows = [...rows, created];
        return { status: 201, body: created };
      },
      "PATCH /api/quality-control/6": ({ body }: { body: object }) => {
        rows = [rows[0], { ...rows[1], ...body, indicator: "green" }];
        return { status: 200, body: rows[1] };
      },
    });
    selectProject(makeProject({ id: 7, currentVersionId: 11 }));
    render(
      <Providers>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: "/", element: <QualityTab projectId={7} versionId={11} event={{ id: 40, name: "Cloisons" }} /> }],
            { initialEntries: ["/"] },
          )}
        />
      </Providers>,
    );
    expect(await screen.findByText("Finition peinture")).toBeInTheDocument();
    expect(screen.getByText("Aucun prérequis.")).toBeInTheDocument();
    expect(calls[0].query.getAll("filter")).toContain("eventId||$eq||40");
    await userEvent.type(screen.getByRole("textbox", { name: "Nom du contrôle" }), "Plans validés");
    await userEvent.click(screen.getByRole("button", { name: "Ajouter un prérequis" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      projectId: 7,
      versionId: 11,
      eventId: 40,
      type: "prerequisites",
      name: "Plans validés",
      delay: 0,
    });
    const status = await screen.findByRole("combobox", { name: "Statut de Plans validés" });
    await userEvent.selectOptions(status, "compliant");
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "compliant" });
    expect(await screen.findByRole("img", { name: "Vert : conforme, sans retard" })).toBeInTheDocument();
  });
});

describe("archives and templates", () => {
  it("lists the archived controls and restores the selection", async () => {
    const { calls } = mockApi({
      "GET /api/quality-control": list([control(8, "Ancien contrôle", { isArchived: true })]),
      "GET /api/macro-task": list([]),
      "PATCH /api/quality-control/multiple": list([]),
    });
    renderAt("/dashboard/prerequisites?view=archives");
    const table = await screen.findByRole("table", { name: "Prérequis archivés" });
    await within(table).findByText("Ancien contrôle");
    expect(calls.find((c) => c.path === "/api/quality-control")!.query.getAll("filter")).toContain(
      "isArchived||$eq||true",
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Sélectionner Ancien contrôle" }));
    await userEvent.click(screen.getByRole("button", { name: "Désarchiver la sélection" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ ids: [8], data: { isArchived: false } });
  });

  it("creates a prerequisite template with its category and no delay value", async () => {
    const { calls } = mockApi({
      "GET /api/quality-control-template": list([]),
      "GET /api/event-template-pro": list([{ id: 31, name: "Cloisons", typology: [], parentsET: [] }]),
      "GET /api/sequence-template-pro": list([]),
      "GET /api/macro-task": list([]),
      "GET /api/tag": list([]),
      "POST /api/quality-control-template": ({ body }: { body: object }) => ({ status: 201, body: { id: 1, ...body } }),
    });
    selectProject(makeProject({ id: 7, currentVersionId: 11 }));
    render(
      <Providers>
        <RouterProvider
          router={createMemoryRouter(
            [{ path: "/dashboard/quality-control-template/:kind", element: <QualityTemplatesPage /> }],
            { initialEntries: ["/dashboard/quality-control-template/prerequisites"] },
          )}
        />
      </Providers>,
    );
    await screen.findByText("Aucun modèle de contrôle.");
    await userEvent.click(screen.getByRole("button", { name: "Nouveau modèle" }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Nom" }), "Plans visés");
    await userEvent.clear(screen.getByRole("textbox", { name: /Délai/ }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Catégorie" }), "study");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      projectId: 7,
      versionId: 11,
      type: "prerequisites",
      name: "Plans visés",
      category: "study",
      delay: null,
      comment: null,
      deliverables: [],
      tagIds: [],
    });
  });
});
