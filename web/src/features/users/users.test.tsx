import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeProject, makeUser, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";
import { useSession } from "../../store/session";
import { canSaveUser } from "./userForm";

const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });

describe("user settings", () => {
  it("enables save only when email, firstname and lastname are filled and something changed", async () => {
    signIn(users.manager);
    const { calls } = mockApi({ "PATCH /api/user/2": (c: { body: object }) => ({ ...users.manager, ...c.body }) });
    renderApp("/dashboard/userinfos/2");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    const firstname = screen.getByLabelText(/Prénom/);
    expect(save).toBeDisabled();
    await userEvent.clear(firstname);
    expect(save).toBeDisabled();
    expect(screen.getByText("Ce champ est obligatoire")).toBeInTheDocument();
    await userEvent.type(firstname, "Marc");
    expect(save).toBeDisabled();
    await userEvent.type(firstname, "-Antoine");
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText("Utilisateur : Les informations ont été enregistrées.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ firstname: "Marc-Antoine" });
    expect(useSession.getState().user?.firstname).toBe("Marc-Antoine");
  });

  it("a manager editing an external user cannot change the address (a credential), only the names", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/user/3": { ...users.external, projects: [] } });
    renderApp("/dashboard/userinfos/3");
    const email = await screen.findByLabelText(/Adresse e-mail/);
    expect(email).toBeDisabled();
    expect(
      screen.getByText("Seuls l'utilisateur lui-même et un administrateur peuvent changer l'adresse e-mail."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Prénom/)).toBeEnabled();
  });

  it("an admin may change another user's address", async () => {
    signIn(users.admin);
    mockApi({ "GET /api/user/3": { ...users.external, projects: [] } });
    renderApp("/dashboard/userinfos/3");
    expect(await screen.findByLabelText(/Adresse e-mail/)).toBeEnabled();
  });

  it("rule: trimmed values count, empty email blocks", () => {
    const o = { firstname: "A", lastname: "B", email: "a@b.fr" };
    expect(canSaveUser({ ...o, firstname: " A " }, o)).toBe(false);
    expect(canSaveUser({ ...o, email: "" }, o)).toBe(false);
    expect(canSaveUser({ ...o, lastname: "C" }, o)).toBe(true);
  });

  it("opens from the user menu", async () => {
    signIn(users.external);
    mockApi({ "GET /api/project": list([]) });
    const { router } = renderApp("/dashboard/projects");
    await userEvent.click(await screen.findByRole("button", { name: /menu utilisateur$/i }));
    expect(await screen.findByText("Utilisateur externe")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Paramètres" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/userinfos/3"));
  });
});

describe("users table (admin)", () => {
  const people = [
    makeUser({
      id: 4,
      type: "manager",
      firstname: "Zoé",
      lastname: "Bernard",
      email: "zoe@jalon.demo",
      createdAt: "2026-01-05T08:30:00.000Z",
      updatedAt: "2026-07-14T21:15:00.000Z",
    }),
    makeUser({ id: 5, type: "external", firstname: "Luc", lastname: "Arnaud", email: "luc@jalon.demo" }),
  ];

  it("shows the spec's columns with Paris date-times, sorted by last name", async () => {
    signIn(users.admin);
    mockApi({ "GET /api/user": list(people) });
    renderApp("/dashboard/users");
    const table = await screen.findByRole("table", { name: "Utilisateurs" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Prénom", "Nom", "Adresse e-mail", "Type", "Créé le", "Modifié le", "Actions"]);
    await within(table).findByText("Zoé");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]).getByText("Arnaud")).toBeInTheDocument();
    expect(within(rows[1]).getByText("05/01/2026 09:30")).toBeInTheDocument();
    expect(within(rows[1]).getByText("14/07/2026 23:15")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Gestionnaire")).toBeInTheDocument();
  });

  it("opens the creation form without errors, and flags a field left empty once used", async () => {
    signIn(users.admin);
    mockApi({ "GET /api/user": list(people) });
    renderApp("/dashboard/users");
    await userEvent.click(await screen.findByRole("button", { name: "Nouvel utilisateur" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvel utilisateur" });
    expect(within(dialog).queryByText("Ce champ est obligatoire")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Créer" })).toBeDisabled();
    const firstname = within(dialog).getByLabelText(/Prénom/);
    await userEvent.type(firstname, "A");
    await userEvent.clear(firstname);
    expect(within(dialog).getAllByText("Ce champ est obligatoire")).toHaveLength(1);
  });

  it("shows 'Cette utilisateur est associé à des projets' when deletion is refused", async () => {
    signIn(users.admin);
    mockApi({
      "GET /api/user": list(people),
      "DELETE /api/user/4": { status: 409, body: { code: "forbidden_delete_user_assigned_to_project" } },
    });
    renderApp("/dashboard/users");
    await userEvent.click(await screen.findByRole("button", { name: "Supprimer Zoé Bernard" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Utilisateur : Cette utilisateur est associé à des projets")).toBeInTheDocument();
  });

  it("is refused to managers", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": list([]) });
    const { router } = renderApp("/dashboard/users");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
  });
});

describe("external users of a project", () => {
  it("links and unlinks external users", async () => {
    signIn(users.manager);
    const project = makeProject();
    selectProject(project);
    const eva = users.external;
    const paul = makeUser({ id: 6, type: "external", firstname: "Paul", lastname: "Durand", email: "paul@bet.fr" });
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": list([]),
      "GET /api/user": (c: { query: URLSearchParams }) =>
        c.query.getAll("filter").some((f) => f.startsWith("projectId")) ? list([eva]) : list([eva, paul]),
      "PATCH /api/project/assign-user": { projectId: 7, userId: 6 },
      "PATCH /api/project/remove-user": { projectId: 7, userId: 3 },
    });
    renderApp("/dashboard/link-external-users");
    const table = await screen.findByRole("table", { name: "Utilisateurs externes du projet" });
    expect(await within(table).findByRole("link", { name: "Eva Externe" })).toHaveAttribute(
      "href",
      "/dashboard/external-users/3",
    );
    await userEvent.click(screen.getByRole("combobox", { name: "Utilisateur externe existant" }));
    await userEvent.click(await screen.findByRole("option", { name: /Paul Durand/ }));
    await userEvent.click(screen.getByRole("button", { name: "Associer au projet" }));
    expect(await within(table).findByText("Paul Durand")).toBeInTheDocument();
    await userEvent.click(within(table).getByRole("button", { name: "Dissocier Eva Externe" }));
    await waitFor(() => expect(within(table).queryByText("Eva Externe")).toBeNull());
    expect(calls.filter((c) => c.method === "PATCH").map((c) => [c.path, c.body])).toEqual([
      ["/api/project/assign-user", { projectId: 7, userId: 6 }],
      ["/api/project/remove-user", { projectId: 7, userId: 3 }],
    ]);
    expect(calls.find((c) => c.path === "/api/user")!.query.getAll("filter")).toContain("type||$eq||external");
  });

  it("shows one external user's projects", async () => {
    signIn(users.manager);
    mockApi({
      "GET /api/user/3": { ...users.external, projects: [{ id: 7, name: "Résidence Les Tilleuls" }] },
      "GET /api/project": list([makeProject(), makeProject({ id: 8, name: "Groupe scolaire Jaurès" })]),
    });
    renderApp("/dashboard/external-users/3");
    expect(await screen.findByRole("heading", { name: "Eva Externe" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Projets associés" });
    expect(within(table).getByText("Résidence Les Tilleuls")).toBeInTheDocument();
    const select = screen.getByLabelText("Associer à un autre projet");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choisir un projet", "Groupe scolaire Jaurès"]);
  });
});
