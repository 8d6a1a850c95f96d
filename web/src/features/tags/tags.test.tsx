import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Providers } from "../../app/App";
import { ApiError } from "../../api/http";
import { phasesApi, tagsApi, type ClassCategory, type ClassItem } from "../../api/referenceMore";
import { makeProject, selectProject } from "../../test/render";
import TagsPage from "./TagsPage";
import TagPage from "./TagPage";
import TagCategoriesPage from "./TagCategoriesPage";
import PhasesPage from "../phases/PhasesPage";
import { canSaveItem, itemBody, reorder } from "./classification";

vi.mock("../../api/referenceMore", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/referenceMore")>();
  const fake = () => ({
    list: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    bulkDelete: vi.fn(),
    export: vi.fn(),
    categories: vi.fn(),
    createCategory: vi.fn(),
    updateCategory: vi.fn(),
    deleteCategory: vi.fn(),
    orderCategories: vi.fn(),
  });
  return { ...actual, tagsApi: fake(), phasesApi: fake() };
});

const api = vi.mocked(tagsApi);
const PROJECT_ID = 7;
const VERSION_ID = 11;

const cat = (id: number, name: string, position: number, extra: Partial<ClassCategory> = {}): ClassCategory => ({
  id,
  projectId: PROJECT_ID,
  versionId: VERSION_ID,
  name,
  type: null,
  position,
  parentCategoryId: null,
  parentCategory: null,
  trackingId: id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const item = (id: number, name: string, extra: Partial<ClassItem> = {}): ClassItem => ({
  id,
  projectId: PROJECT_ID,
  versionId: VERSION_ID,
  name,
  color: null,
  type: null,
  categoryId: null,
  category: null,
  trackingId: id,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});
const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });

function renderAt(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/tags", element: <TagsPage /> },
      { path: "/dashboard/tags/categories", element: <TagCategoriesPage /> },
      { path: "/dashboard/tags/:recordId", element: <TagPage /> },
      { path: "/dashboard/phases", element: <PhasesPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

beforeEach(() => {
  vi.clearAllMocks();
  const phase = cat(1, "Phase", 0, { type: "event" });
  api.categories.mockResolvedValue(list([phase, cat(2, "Corps d'état", 1), cat(3, "Localisation", 2)]));
  api.list.mockResolvedValue(
    list([
      item(10, "Second oeuvre", {
        color: "#43A047",
        type: "event",
        categoryId: 1,
        category: { id: 1, name: "Phase", type: "event", position: 0, parentCategoryId: null, parentCategory: null },
      }),
      item(11, "Gros oeuvre", { type: "event" }),
    ]),
  );
});

describe("classification rules", () => {
  it("valid with a name and a change; sends changed fields; reorders by drop", () => {
    const original = { name: "GO", color: "", type: "", categoryId: null };
    expect(canSaveItem(original, original)).toBe(false);
    expect(canSaveItem({ ...original, name: "  " }, null)).toBe(false);
    expect(itemBody({ ...original, color: "#43A047", type: " event " }, original)).toEqual({
      color: "#43A047",
      type: "event",
    });
    expect(itemBody({ name: " GO ", color: "", type: "", categoryId: 2 }, null)).toEqual({
      name: "GO",
      color: null,
      type: null,
      categoryId: 2,
    });
    expect(reorder([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
    expect(reorder([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
  });
});

describe("/dashboard/tags", () => {
  it("lists the tags by name with colour, type and category; searches; opens one", async () => {
    const user = userEvent.setup();
    const router = renderAt("/dashboard/tags");
    const table = await screen.findByRole("table", { name: "Liste des étiquettes" });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(bodyRows(table)[0]).toHaveTextContent("Gros oeuvre");
    expect(bodyRows(table)[1]).toHaveTextContent("Second oeuvre #43A047eventPhase");
    await user.type(screen.getByRole("searchbox", { name: "Rechercher une étiquette" }), "second");
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    await user.click(within(table).getByText("Second oeuvre"));
    expect(router.state.location.pathname).toBe("/dashboard/tags/10");
    expect(api.list).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID);
  });

  it("the phases screen is the same screen on the phases calls", async () => {
    vi.mocked(phasesApi).list.mockResolvedValue(list([item(20, "DCE")]));
    renderAt("/dashboard/phases");
    const table = await screen.findByRole("table", { name: "Liste des phases" });
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent("DCE"));
    expect(api.list).not.toHaveBeenCalled();
  });
});

describe("/dashboard/tags/:recordId", () => {
  it("creates a tag with a category and returns to the list", async () => {
    const user = userEvent.setup();
    api.create.mockResolvedValue(item(12, "Réserve"));
    const router = renderAt("/dashboard/tags/new");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom/ }), " Réserve ");
    await waitFor(() =>
      expect(within(screen.getByRole("combobox", { name: "Catégorie" })).getAllByRole("option")).toHaveLength(4),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Catégorie" }), "3");
    await user.click(save);
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
        name: "Réserve",
        color: null,
        type: null,
        categoryId: 3,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/tags"));
  });

  it("edits only what changed and shows the server's refusal", async () => {
    const user = userEvent.setup();
    api.get.mockResolvedValue(item(11, "Gros oeuvre", { type: "event" }));
    api.update.mockRejectedValueOnce(new ApiError(409, "version_frozen", "frozen")).mockResolvedValue(item(11, "GO"));
    const router = renderAt("/dashboard/tags/11");
    const name = await screen.findByRole("textbox", { name: /Nom/ });
    await waitFor(() => expect(name).toHaveValue("Gros oeuvre"));
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
    await user.clear(name);
    await user.type(name, "GO");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText(/Cette version est figée/)).toBeInTheDocument();
    expect(api.update).toHaveBeenCalledWith(11, { name: "GO" });
    expect(router.state.location.pathname).toBe("/dashboard/tags/11");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/tags"));
  });
});

describe("/dashboard/tags/categories", () => {
  it("shows the categories in their order; a drop saves the new order with 'Ordre mis à jour.'", async () => {
    api.orderCategories.mockResolvedValue({ ids: [2, 3, 1], positions: [0, 1, 2] });
    renderAt("/dashboard/tags/categories");
    const table = await screen.findByRole("table", { name: "Liste des catégories d'étiquettes" });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(3));
    expect(bodyRows(table).map((r) => r.textContent)).toEqual(["Phaseevent", "Corps d'état", "Localisation"]);
    const [first, , third] = bodyRows(table);
    const dataTransfer = { setData: vi.fn(), effectAllowed: "" };
    fireEvent.dragStart(first, { dataTransfer });
    fireEvent.dragOver(third, { dataTransfer });
    fireEvent.drop(third, { dataTransfer });
    await waitFor(() => expect(api.orderCategories).toHaveBeenCalledWith([2, 3, 1]));
    expect(await screen.findByText("Ordre mis à jour.")).toBeInTheDocument();
    expect(bodyRows(table).map((r) => r.textContent)).toEqual(["Corps d'état", "Localisation", "Phaseevent"]);
  });

  it("puts the order back when the server refuses it", async () => {
    api.orderCategories.mockRejectedValue(new ApiError(403, "forbidden", "no"));
    renderAt("/dashboard/tags/categories");
    const table = await screen.findByRole("table", { name: "Liste des catégories d'étiquettes" });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(3));
    const [first, second] = bodyRows(table);
    const dataTransfer = { setData: vi.fn(), effectAllowed: "" };
    fireEvent.dragStart(first, { dataTransfer });
    fireEvent.dragOver(second, { dataTransfer });
    fireEvent.drop(second, { dataTransfer });
    expect(await screen.findByText(/Action non autorisée/)).toBeInTheDocument();
    expect(bodyRows(table)[0]).toHaveTextContent("Phase");
  });

  it("creates a category under a parent in a dialog", async () => {
    const user = userEvent.setup();
    api.createCategory.mockResolvedValue(cat(4, "Sous-phase", 3));
    renderAt("/dashboard/tags/categories");
    await screen.findByRole("table", { name: "Liste des catégories d'étiquettes" });
    await user.click(screen.getByRole("button", { name: "Nouvelle catégorie" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Nom/ }), "Sous-phase");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Catégorie parente" }), "1");
    await user.click(within(dialog).getByRole("button", { name: "Ajouter" }));
    await waitFor(() =>
      expect(api.createCategory).toHaveBeenCalledWith(PROJECT_ID, VERSION_ID, {
        name: "Sous-phase",
        type: null,
        parentCategoryId: 1,
      }),
    );
    expect(await screen.findByText("Catégorie créée.")).toBeInTheDocument();
  });
});
