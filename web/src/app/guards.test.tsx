import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeProject, mockApi, renderApp, selectProject, signIn, users } from "../test/render";
import { isAllowed, permissions } from "../lib/permissions";

describe("permission sets", () => {
  it("follow spec 000 section 6", () => {
    expect(isAllowed(permissions.external, "external", true)).toBe(true);
    expect(isAllowed(permissions.manager, "external", true)).toBe(false);
    expect(isAllowed(permissions.guest, "external", true)).toBe(false);
    expect(isAllowed(permissions.onlyManager, "admin", true)).toBe(false);
    expect(isAllowed(undefined, "guest", false)).toBe(true);
    expect(isAllowed([], "guest", false)).toBe(true);
    expect(isAllowed([], "manager", true)).toBe(false);
  });
});

describe("route guards", () => {
  it("redirects the empty root to /login", async () => {
    const { router } = renderApp("/");
    await screen.findByRole("heading", { name: "Connexion" });
    expect(router.state.location.pathname).toBe("/login");
  });

  it("sends an anonymous deep link through /login and back after signing in", async () => {
    const project = makeProject();
    selectProject(project);
    mockApi({
      "POST /api/auth/login": { user: users.manager, token: "opaque-token" },
      "GET /api/project/7": project,
      "GET /api/version": { data: [], count: 0, total: 0 },
    });
    const { router } = renderApp("/dashboard/project/7?tab=users");
    await screen.findByRole("heading", { name: "Connexion" });
    expect(router.state.location.pathname).toBe("/login");

    await userEvent.type(screen.getByLabelText("Adresse e-mail"), "manager@jalon.demo");
    await userEvent.type(screen.getByLabelText("Mot de passe"), "jalon-demo{Enter}");

    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/project/7"));
    expect(router.state.location.search).toBe("?tab=users");
  });

  it("sends an external user from a manager route to the project list", async () => {
    signIn(users.external);
    mockApi({ "GET /api/project": { data: [], count: 0, total: 0 } });
    const { router } = renderApp("/dashboard/events");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
    expect(await screen.findByRole("heading", { name: "Liste des projets" })).toBeInTheDocument();
  });

  it("sends a signed-in user away from /login (guests only)", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": { data: [], count: 0, total: 0 } });
    const { router } = renderApp("/login");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
  });

  it("keeps /forgot open to a signed-in user", async () => {
    signIn(users.external);
    const { router } = renderApp("/forgot");
    expect(await screen.findByRole("heading", { name: "Mot de passe oublié" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot");
  });
});
