import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeProject, makeVersion, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";
import { useProject } from "../../store/project";
import { projectBody, toFormValues } from "./projectForm";

const emptyList = { data: [], count: 0, total: 0 };

describe("errors.no_project", () => {
  it.each(["undefined", "null"])("redirects /dashboard/project/%s to the project list with the message", async (id) => {
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    const { router } = renderApp(`/dashboard/project/${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
    expect(
      await screen.findByText("Aucun projet ou aucune version sélectionnée : choisissez un projet."),
    ).toBeInTheDocument();
  });

  it("redirects a project page without a selected project", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    const { router } = renderApp("/dashboard/planning");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
    expect(
      await screen.findByText("Aucun projet ou aucune version sélectionnée : choisissez un projet."),
    ).toBeInTheDocument();
  });

  it("redirects a project page when the selected project has no version", async () => {
    signIn(users.manager);
    const project = makeProject({ currentVersionId: null });
    selectProject(project);
    mockApi({ "GET /api/project": emptyList, "GET /api/project/7": project, "GET /api/version": emptyList });
    const { router } = renderApp("/dashboard/events");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
  });

  it("redirects when the project does not exist", async () => {
    signIn(users.manager);
    mockApi({
      "GET /api/project": emptyList,
      "GET /api/project/99": { status: 404, body: { code: "errors.project_not_found", message: "" } },
    });
    const { router } = renderApp("/dashboard/project/99");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
    expect(
      await screen.findByText("Aucun projet ou aucune version sélectionnée : choisissez un projet."),
    ).toBeInTheDocument();
  });
});

describe("project list", () => {
  const projects = [
    makeProject({ id: 7, name: "Résidence Les Tilleuls" }),
    makeProject({ id: 8, name: "Groupe scolaire Jaurès", typology: "Enseignement" }),
    makeProject({ id: 9, name: "Hôpital Nord", isArchived: true }),
  ];

  it("splits in progress and archived projects and filters by search", async () => {
    signIn(users.external);
    mockApi({ "GET /api/project": { data: projects, count: 3, total: 3 } });
    renderApp("/dashboard/projects");
    const list = await screen.findByRole("list", { name: "Liste des projets" });
    expect(within(list).getByText("Résidence Les Tilleuls")).toBeInTheDocument();
    expect(within(list).queryByText("Hôpital Nord")).toBeNull();
    await userEvent.type(screen.getByRole("searchbox", { name: "Rechercher un projet" }), "jaurès");
    expect(within(list).queryByText("Résidence Les Tilleuls")).toBeNull();
    expect(within(list).getByText("Groupe scolaire Jaurès")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("searchbox", { name: "Rechercher un projet" }));
    await userEvent.click(screen.getByRole("tab", { name: /Archivés/ }));
    expect(await screen.findByText("Hôpital Nord")).toBeInTheDocument();
    expect(screen.queryByText("Résidence Les Tilleuls")).toBeNull();
    expect(screen.queryByRole("button", { name: "Nouveau projet" })).toBeNull();
  });

  it("selects a project and opens the planning", async () => {
    signIn(users.external);
    mockApi({ "GET /api/project": { data: projects, count: 3, total: 3 }, "GET /api/project/8": projects[1] });
    const { router } = renderApp("/dashboard/projects");
    await userEvent.click(await screen.findByText("Groupe scolaire Jaurès"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/planning"));
    expect(useProject.getState()).toMatchObject({ projectId: 8, versionId: 11 });
  });
});

describe("project edition", () => {
  it("sends only the changed fields, with the end date at 23:59:59.999 in Paris", async () => {
    const project = makeProject();
    signIn(users.manager);
    selectProject(project);
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "PATCH /api/project/7": (c: { body: unknown }) => ({ ...project, ...(c.body as object) }),
    });
    renderApp("/dashboard/project/7");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    const owner = screen.getByLabelText("Maître d'ouvrage");
    await userEvent.clear(owner);
    await userEvent.type(owner, "  Métropole de Lyon ");
    const end = screen.getByLabelText("Date de fin prévue");
    await userEvent.clear(end);
    await userEvent.type(end, "15/07/2027");
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toEqual({ projectOwner: "Métropole de Lyon", expectedEndDate: "2027-07-15T21:59:59.999Z" });
    expect(await screen.findByText("Projet : Projet enregistré.")).toBeInTheDocument();
  });

  it("builds start dates at 00:00 and keeps unchanged fields out", () => {
    const values = toFormValues(makeProject());
    expect(projectBody(values, values)).toEqual({});
    expect(projectBody({ ...values, expectedStartDate: "2026-12-01" }, values)).toEqual({
      expectedStartDate: "2026-11-30T23:00:00.000Z",
    });
    expect(projectBody({ ...values, floorArea: "1500,5" }, values)).toEqual({ floorArea: 1500.5 });
  });

  it("archives, hides the archive action and goes to /dashboard/project", async () => {
    const project = makeProject();
    signIn(users.manager);
    selectProject(project);
    const { calls } = mockApi({
      "GET /api/project/7": () =>
        calls.some((c) => c.method === "PATCH") ? { ...project, isArchived: true } : project,
      "GET /api/version": emptyList,
      "PATCH /api/project/7": { ...project, isArchived: true },
    });
    const { router } = renderApp("/dashboard/project/7");
    await userEvent.click(await screen.findByRole("button", { name: "Archiver le projet" }));
    await userEvent.click(await screen.findByRole("button", { name: "Archiver" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/project"));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ isArchived: true });
    expect(await screen.findAllByText("Archivé")).not.toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Archiver le projet" })).toBeNull();
  });

  it("toggles public sharing and copies the link", async () => {
    const project = makeProject();
    const shared = { ...project, isPublic: true, shareToken: "tok123" };
    signIn(users.manager);
    selectProject(project);
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "PATCH /api/project/7": shared,
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    renderApp("/dashboard/project/7");
    await userEvent.click(await screen.findByRole("switch", { name: "Partage public du planning" }));
    const link = await screen.findByDisplayValue(/\/dashboard\/public-planning\/tok123$/);
    expect(link).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ isPublic: true });
    await userEvent.click(screen.getByRole("button", { name: "Copier le lien" }));
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/dashboard\/public-planning\/tok123$/));
  });

  it("duplicates with at least one version", async () => {
    const project = makeProject();
    signIn(users.manager);
    selectProject(project);
    const versions = [makeVersion({ id: 12, name: "V2" }), makeVersion({ id: 11, name: "V1", isActiveVersion: false })];
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": { data: versions, count: 2, total: 2 },
      "PUT /api/project/7/clone": { status: 202, body: {} },
    });
    renderApp("/dashboard/project/7");
    await userEvent.click(await screen.findByRole("button", { name: "Dupliquer le projet" }));
    const dialog = await screen.findByRole("dialog");
    const v2 = await within(dialog).findByRole("checkbox", { name: /^V2/ });
    expect(v2).toBeChecked();
    const confirm = within(dialog).getByRole("button", { name: "Dupliquer" });
    await userEvent.click(v2);
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByText("Sélectionnez au moins une version.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /^V1/ }));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      versionIds: [11],
      name: "Résidence Les Tilleuls (copie)",
    });
  });

  it("creates a project and selects it", async () => {
    signIn(users.manager);
    const created = makeProject({ id: 20, name: "Médiathèque" });
    const { calls } = mockApi({
      "POST /api/project": created,
      "GET /api/project/20": created,
      "GET /api/version": emptyList,
    });
    const { router } = renderApp("/dashboard/project/new");
    const create = await screen.findByRole("button", { name: "Créer" });
    await userEvent.type(screen.getByLabelText(/Nom du projet/), "Médiathèque");
    await userEvent.type(screen.getByLabelText("Date de début prévue"), "01/09/2026");
    await userEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/project/20"));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      name: "Médiathèque",
      floorArea: 0,
      expectedStartDate: "2026-08-31T22:00:00.000Z",
      expectedEndDate: null,
    });
    expect(useProject.getState().projectId).toBe(20);
  });
});

describe("undo", () => {
  it("asks for confirmation and reports the remaining count", async () => {
    const project = makeProject({ undoRemaining: 3 });
    signIn(users.manager);
    selectProject(project);
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "POST /api/undo/apply": { remaining: 2 },
    });
    renderApp("/dashboard/planning");
    await userEvent.click(await screen.findByRole("button", { name: "Défaire la dernière action" }));
    expect(await screen.findByText("Défaire la dernière action ?")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/undo/apply")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Défaire l'action" }));
    expect(await screen.findByText("Annulation : Action défaite. Il reste 2 actions à défaire.")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/undo/apply")!.body).toEqual({ projectId: 7, versionId: 11 });
    expect(useProject.getState().project?.undoRemaining).toBe(2);
  });

  it("shows 'Annulation impossible' when the server has nothing to undo", async () => {
    const project = makeProject({ undoRemaining: 1 });
    signIn(users.manager);
    selectProject(project);
    mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "POST /api/undo/apply": { status: 409, body: { code: "errors.undo_nothing" } },
    });
    renderApp("/dashboard/planning");
    await userEvent.click(await screen.findByRole("button", { name: "Défaire la dernière action" }));
    await userEvent.click(await screen.findByRole("button", { name: "Défaire l'action" }));
    expect(await screen.findByText("Annulation : Annulation impossible")).toBeInTheDocument();
  });

  it("shows 'Une erreur est survenue pendant l'annulation' on a server failure", async () => {
    const project = makeProject({ undoRemaining: 1 });
    signIn(users.manager);
    selectProject(project);
    mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "POST /api/undo/apply": { status: 500, body: { code: "errors.undo_failed" } },
    });
    renderApp("/dashboard/planning");
    await userEvent.click(await screen.findByRole("button", { name: "Défaire la dernière action" }));
    await userEvent.click(await screen.findByRole("button", { name: "Défaire l'action" }));
    expect(await screen.findByText("Annulation : Une erreur est survenue pendant l'annulation")).toBeInTheDocument();
  });
});

describe("project image", () => {
  it("uploads the chosen picture as {file, projectId} and shows it in the header", async () => {
    const project = makeProject();
    const withImage = { ...project, image: "logo.png", imageUrl: "/api/project/picture/abcdefghijklmnop" };
    signIn(users.manager);
    selectProject(project);
    const { calls } = mockApi({
      "GET /api/project/7": () => (calls.some((c) => c.method === "POST") ? withImage : project),
      "GET /api/version": emptyList,
      "POST /api/project/upload-picture": withImage,
    });
    renderApp("/dashboard/project/7");
    await screen.findByRole("button", { name: "Choisir une image" });
    fireEvent.change(screen.getByTestId("project-image-input"), {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], "logo.png", { type: "image/png" })] },
    });
    expect(await screen.findByText("Projet : Image du projet mise à jour.")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toBeInstanceOf(FormData);
    expect(((post.body as FormData).get("file") as File).name).toBe("logo.png");
    expect((post.body as FormData).get("projectId")).toBe("7");
    await waitFor(() =>
      expect(within(screen.getByRole("banner")).getByAltText("Image du projet")).toHaveAttribute(
        "src",
        withImage.imageUrl,
      ),
    );
  });
});
