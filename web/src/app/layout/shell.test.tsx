import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { fakeToken, makeProject, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";
import { Providers } from "../App";
import { ErrorPage } from "../ErrorPage";
import { TOKEN_KEY, useSession } from "../../store/session";

const emptyList = { data: [], count: 0, total: 0 };

describe("session", () => {
  it("logs out on a 401 with 'Vous avez été déconnecté'", async () => {
    signIn(users.manager);
    selectProject(makeProject());
    mockApi({
      "GET /api/project/7": { status: 401, body: { code: "unauthorized", message: "jwt expired" } },
      "GET /api/version": emptyList,
    });
    const { router } = renderApp("/dashboard/planning");
    expect(await screen.findByText("Session : Vous avez été déconnecté")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(useSession.getState().role).toBe("guest");
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("signs in again from a stored token (auto-login)", async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken());
    const { calls } = mockApi({ "GET /api/auth/me": users.admin });
    await useSession.getState().restore();
    expect(useSession.getState()).toMatchObject({ isAdmin: true, isManager: true, role: "admin", authenticated: true });
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /);
  });

  it("drops an expired stored token without calling the server", async () => {
    localStorage.setItem(TOKEN_KEY, fakeToken(-60));
    const { fetchMock } = mockApi({ "GET /api/auth/me": users.admin });
    await useSession.getState().restore();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().authenticated).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("derives isManager for a manager and not isAdmin", () => {
    signIn(users.manager);
    expect(useSession.getState()).toMatchObject({ isAdmin: false, isManager: true });
    useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ isAdmin: false, isManager: false, role: "guest", user: null });
  });
});

describe("navigation", () => {
  it("disables every item except the project list until a project is selected", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    renderApp("/dashboard/projects");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(within(nav).getByRole("button", { name: "Liste des projets" })).toBeEnabled();
    expect(within(nav).getByRole("button", { name: "Planning" })).toBeDisabled();
    expect(within(nav).getByRole("button", { name: "Tableau de bord" })).toBeDisabled();
  });

  it("enables the items once a project is selected, and hides admin-only libraries from managers", async () => {
    signIn(users.manager);
    selectProject(makeProject());
    mockApi({ "GET /api/project": emptyList, "GET /api/project/7": makeProject(), "GET /api/version": emptyList });
    renderApp("/dashboard/projects");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(within(nav).getByRole("button", { name: "Planning" })).toBeEnabled();
    await userEvent.click(within(nav).getByRole("button", { name: "Configuration du projet" }));
    await userEvent.click(within(nav).getByRole("button", { name: "Bibliothèques" }));
    expect(within(nav).getByRole("button", { name: "Tâches du projet" })).toBeEnabled();
    expect(within(nav).queryByRole("button", { name: "Tâches globales" })).toBeNull();
  });

  it("shows the admin-only libraries to administrators", async () => {
    signIn(users.admin);
    selectProject(makeProject());
    mockApi({ "GET /api/project": emptyList, "GET /api/project/7": makeProject(), "GET /api/version": emptyList });
    renderApp("/dashboard/projects");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    await userEvent.click(within(nav).getByRole("button", { name: "Configuration du projet" }));
    await userEvent.click(within(nav).getByRole("button", { name: "Bibliothèques" }));
    expect(within(nav).getByRole("button", { name: "Tâches globales" })).toBeInTheDocument();
  });

  it("shows external users only their routes", async () => {
    signIn(users.external);
    selectProject(makeProject());
    mockApi({ "GET /api/project": emptyList, "GET /api/project/7": makeProject() });
    renderApp("/dashboard/projects");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(within(nav).getByRole("button", { name: "Planning" })).toBeEnabled();
    expect(within(nav).queryByRole("button", { name: "Configuration du projet" })).toBeNull();
    await userEvent.click(within(nav).getByRole("button", { name: "Suivi et contrôle" }));
    await userEvent.click(within(nav).getByRole("button", { name: "Qualité" }));
    expect(within(nav).getByRole("button", { name: "Prérequis" })).toBeEnabled();
    expect(within(nav).queryByRole("button", { name: "Coûts" })).toBeNull();
  });

  it("is an overlay that closes after use on mobile", async () => {
    window.innerWidth = 500;
    signIn(users.manager);
    selectProject(makeProject());
    mockApi({ "GET /api/project": emptyList, "GET /api/project/7": makeProject(), "GET /api/version": emptyList });
    const { router } = renderApp("/dashboard/projects");
    expect(screen.queryByRole("navigation", { name: "Navigation principale" })).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: "Ouvrir le menu" }));
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    await userEvent.click(within(nav).getByRole("button", { name: "Planning" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/planning"));
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Navigation principale" })).toBeNull());
  });
});

describe("header", () => {
  it("shows the archived and signed badges, the projected end on planning pages and the user menu", async () => {
    signIn(users.manager);
    const project = makeProject({
      isArchived: true,
      signedVersionId: 11,
      projectedEndDate: "2027-06-30T21:59:59.999Z",
    });
    selectProject(project);
    mockApi({ "GET /api/project/7": project, "GET /api/version": emptyList });
    renderApp("/dashboard/planning");
    expect(await screen.findByText("Archivé")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Version signée" })).toBeDisabled();
    expect(screen.getByText("Fin projetée : 30/06/2027")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /menu utilisateur$/i }));
    expect(await screen.findByText("Gestionnaire")).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Paramètres" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Déconnexion" })).toBeInTheDocument();
  });

  it("disables the version indicator for external users", async () => {
    signIn(users.external);
    const project = makeProject();
    selectProject(project);
    mockApi({ "GET /api/project/7": project });
    renderApp("/dashboard/planning");
    expect(await screen.findByRole("button", { name: /afficher les versions$/i })).toBeDisabled();
  });
});

describe("error page", () => {
  it("shows 'Oops!' with the message and reloads to /login", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, pathname: "/" });
    function Boom(): never {
      throw new Error("Plan introuvable");
    }
    const router = createMemoryRouter([{ path: "/", element: <Boom />, errorElement: <ErrorPage /> }]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByRole("heading", { name: "Oops!" })).toBeInTheDocument();
    expect(screen.getByText("Plan introuvable")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Recharger" }));
    expect(assign).toHaveBeenCalledWith("/login");
  });
});
