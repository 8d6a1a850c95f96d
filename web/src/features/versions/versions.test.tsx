import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeProject, makeVersion, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";
import type { Project, Version } from "../../api/types";
import { useUi } from "../../store/ui";
import { useProject } from "../../store/project";
import { freezeState, signState, toggleCompared } from "./versionRules";

function list(versions: Version[]) {
  return { data: versions, count: versions.length, total: versions.length };
}

async function openPanel(project: Project, versions: Version[], extra: Record<string, unknown> = {}) {
  signIn(users.manager);
  selectProject(project);
  const api = mockApi({
    "GET /api/project": list([]),
    "GET /api/project/7": project,
    "GET /api/version": list(versions),
    ...extra,
  });
  const app = renderApp("/dashboard/projects");
  await userEvent.click(await screen.findByRole("button", { name: /afficher les versions$/i }));
  const panel = await screen.findByRole("complementary", { name: "Versions" });
  if (versions.length) await within(panel).findByRole("table", { name: "Liste des versions" });
  return { ...api, ...app, panel };
}

const many = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeVersion({
      id: 100 + n - i,
      name: `Version ${n - i}`,
      isActiveVersion: i === 0,
      createdAt: new Date(Date.UTC(2026, 0, n - i, 9)).toISOString(),
    }),
  );

describe("version rules", () => {
  const active = makeVersion();
  it("freeze is hidden without an active version and disabled when archived", () => {
    expect(freezeState(makeProject(), null).visible).toBe(false);
    expect(freezeState(makeProject(), active)).toEqual({ visible: true, disabled: false });
    expect(freezeState(makeProject({ isArchived: true }), active)).toEqual({ visible: true, disabled: true });
  });
  it("sign is offered only without a signed version, disabled when archived or without an active version", () => {
    expect(signState(makeProject({ signedVersionId: 11 }), active).visible).toBe(false);
    expect(signState(makeProject(), active)).toEqual({ visible: true, disabled: false });
    expect(signState(makeProject({ isArchived: true }), active).disabled).toBe(true);
    expect(signState(makeProject(), null).disabled).toBe(true);
  });
  it("refuses a fifth compared version", () => {
    expect(toggleCompared([1, 2, 3], 4, true)).toEqual([1, 2, 3, 4]);
    expect(toggleCompared([1, 2, 3, 4], 5, true)).toBeNull();
    expect(toggleCompared([1, 2, 3, 4], 2, false)).toEqual([1, 3, 4]);
  });
});

describe("versions panel", () => {
  it("lists 15 versions per page, newest first, with their creation date-time in Paris", async () => {
    const { panel } = await openPanel(makeProject({ currentVersionId: 120 }), many(20));
    const table = within(panel).getByRole("table", { name: "Liste des versions" });
    const rows = () => within(within(table).getAllByRole("rowgroup")[1]).getAllByRole("row");
    expect(rows()).toHaveLength(15);
    expect(within(rows()[0]).getByText("20/01/2026 10:00")).toBeInTheDocument();
    expect(rows()[0]).toHaveAccessibleName("Version 20");
    expect(within(panel).getByText("1–15 sur 20")).toBeInTheDocument();
    expect(within(panel).queryByRole("combobox", { name: "Lignes par page" })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole("button", { name: "Page suivante" }));
    expect(rows()).toHaveLength(5);
    // Sorted by name on a click of its header; the list exports and keeps at least one column.
    await userEvent.click(within(table).getByRole("columnheader", { name: /Nom/ }));
    expect(rows()[0]).toHaveAccessibleName("Version 1");
    expect(within(panel).getByRole("button", { name: "Exporter (.csv)" })).toBeInTheDocument();
  });

  it("warns 'Veuillez comparer 4 versions au maximum' on a fifth version", async () => {
    const { panel } = await openPanel(makeProject({ currentVersionId: 105 }), many(5));
    for (const n of [5, 4, 3, 2])
      await userEvent.click(
        within(panel).getByRole("checkbox", { name: `Sélectionner pour la comparaison Version ${n}` }),
      );
    expect(useUi.getState().comparedVersionIds).toHaveLength(4);
    const fifth = within(panel).getByRole("checkbox", { name: "Sélectionner pour la comparaison Version 1" });
    await userEvent.click(fifth);
    expect(await screen.findByText("Version : Veuillez comparer 4 versions au maximum")).toBeInTheDocument();
    expect(fifth).not.toBeChecked();
    expect(useUi.getState().comparedVersionIds).toEqual([105, 104, 103, 102]);
    expect(within(panel).getByRole("button", { name: "Comparer (4)" })).toBeEnabled();
  });

  it("hides freeze without an active version and shows sign disabled", async () => {
    const { panel } = await openPanel(makeProject({ currentVersionId: null }), [
      makeVersion({ isActiveVersion: false }),
    ]);
    expect(within(panel).queryByRole("button", { name: "Figer la version" })).toBeNull();
    expect(within(panel).getByRole("button", { name: "Signer la version" })).toBeDisabled();
  });

  it("disables freeze and sign when the project is archived", async () => {
    const { panel } = await openPanel(makeProject({ isArchived: true }), [makeVersion()]);
    expect(within(panel).getByRole("button", { name: "Figer la version" })).toBeDisabled();
    expect(within(panel).getByRole("button", { name: "Signer la version" })).toBeDisabled();
  });

  it("does not offer signing when the project already has a signed version", async () => {
    const { panel } = await openPanel(makeProject({ signedVersionId: 11 }), [makeVersion()]);
    expect(within(panel).queryByRole("button", { name: "Signer la version" })).toBeNull();
    expect(within(panel).getByRole("button", { name: "Figer la version" })).toBeEnabled();
  });

  it("signs the active version and the header shows the signed badge", async () => {
    const project = makeProject();
    const { panel, calls } = await openPanel(project, [makeVersion()], {
      "PATCH /api/project/7": { ...project, signedVersionId: 11 },
    });
    await userEvent.click(within(panel).getByRole("button", { name: "Signer la version" }));
    await userEvent.click(await screen.findByRole("button", { name: "Signer" }));
    expect(await screen.findByRole("button", { name: "Version signée" })).toBeDisabled();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ id: 7, signedVersionId: 11 });
    expect(within(panel).queryByRole("button", { name: "Signer la version" })).toBeNull();
  });

  it("shows errors.error_close_project when freezing fails", async () => {
    const { panel, calls } = await openPanel(makeProject(), [makeVersion()], {
      "PATCH /api/project/7/close": { status: 409, body: { code: "errors.error_close_project" } },
    });
    await userEvent.click(within(panel).getByRole("button", { name: "Figer la version" }));
    const dialog = await screen.findByRole("dialog", { name: "Figer la version courante" });
    const confirm = within(dialog).getByRole("button", { name: "Figer" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Nom de la nouvelle version/), "V2 après gros œuvre");
    await userEvent.click(confirm);
    expect(
      await screen.findByText("Version : La version ne peut pas être figée sans nouvelles modifications."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/project/7/close")!.body).toEqual({ name: "V2 après gros œuvre" });
  });

  it("requires a version name (max 200) and shows server codes with the subject 'version'", async () => {
    const { panel, calls } = await openPanel(makeProject(), [makeVersion()], {
      "POST /api/version": { status: 409, body: { code: "errors.project_being_updated" } },
    });
    const input = within(panel).getByLabelText(/Nom de la version/);
    expect(input).toHaveAttribute("maxLength", "200");
    const create = within(panel).getByRole("button", { name: "Créer la version" });
    expect(create).toBeDisabled();
    await userEvent.type(input, "x");
    await userEvent.clear(input);
    expect(within(panel).getByText("Le nom de la version est obligatoire")).toBeInTheDocument();
    await userEvent.type(input, " Version DCE ");
    await userEvent.click(create);
    expect(await screen.findByText("Version : Une nouvelle version est en cours de création.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "Version DCE", projectId: 7 });
  });

  it("toggles the referent star and inConstruction", async () => {
    const { panel, calls } = await openPanel(makeProject(), [makeVersion()], {
      "PATCH /api/version/11": (c: { body: object }) => ({ ...makeVersion(), ...c.body }),
    });
    await userEvent.click(within(panel).getByRole("button", { name: "Marquer comme version de référence" }));
    await waitFor(() => expect(useProject.getState().versions[0].isReferentVersion).toBe(true));
    await userEvent.click(within(panel).getByRole("switch", { name: "En construction" }));
    await waitFor(() => expect(useProject.getState().versions[0].inConstruction).toBe(true));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { isReferentVersion: true },
      { inConstruction: true },
    ]);
  });

  it("keeps inConstruction of a frozen version read-only (the star stays)", async () => {
    const frozen = makeVersion({ id: 10, name: "V0", isArchived: true, isActiveVersion: false });
    const first = await openPanel(makeProject(), [makeVersion(), frozen]);
    const frozenItem = within(first.panel).getByRole("row", { name: "V0" });
    expect(within(frozenItem).getByRole("switch", { name: "En construction" })).toBeDisabled();
    expect(within(frozenItem).getByRole("button", { name: "Marquer comme version de référence" })).toBeEnabled();
    expect(
      within(within(first.panel).getByRole("row", { name: "V1" })).getByRole("switch", {
        name: "En construction",
      }),
    ).toBeEnabled();
  });

  it("keeps the star and inConstruction of an archived project read-only", async () => {
    const archived = await openPanel(makeProject({ isArchived: true }), [makeVersion()]);
    expect(within(archived.panel).getByRole("switch", { name: "En construction" })).toBeDisabled();
    expect(within(archived.panel).getByRole("button", { name: "Marquer comme version de référence" })).toBeDisabled();
  });

  it("switches the viewed version", async () => {
    const { panel } = await openPanel(makeProject({ currentVersionId: 102 }), many(2));
    await userEvent.click(within(panel).getByRole("button", { name: "Afficher Version 1" }));
    expect(useProject.getState().versionId).toBe(101);
    expect(screen.getByRole("button", { name: /afficher les versions$/i })).toHaveTextContent("Version : Version 1");
  });
});

describe("blocking popup", () => {
  it("blocks project pages while a version is being created", async () => {
    signIn(users.manager);
    const project = makeProject({ isBeingUpdated: true });
    selectProject(project);
    mockApi({ "GET /api/project/7": project, "GET /api/version": list([makeVersion()]) });
    renderApp("/dashboard/planning");
    expect(
      await screen.findByRole("alertdialog", { name: "Nouvelle version en cours de création" }),
    ).toBeInTheDocument();
  });

  it.each([
    "/dashboard/projects",
    "/dashboard/userinfos/2",
    "/dashboard/project/new",
    "/dashboard/link-external-users",
  ])("is not shown on %s", async (path) => {
    signIn(users.manager);
    const project = makeProject({ isBeingUpdated: true });
    selectProject(project);
    mockApi({
      "GET /api/project": list([]),
      "GET /api/project/7": project,
      "GET /api/version": list([makeVersion()]),
      "GET /api/user/2": users.manager,
      "GET /api/user": list([]),
    });
    renderApp(path);
    await screen.findByRole("banner");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
