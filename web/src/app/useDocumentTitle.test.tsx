// WCAG 2.4.2: each screen's own title, "<screen> – <project> – Jalon", set by the layouts from the route table.
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { makeProject, mockApi, renderApp, selectProject, signIn, users } from "../test/render";
import { useUi } from "../store/ui";
import { documentTitle } from "./useDocumentTitle";

const emptyList = { data: [], count: 0, total: 0 };

describe("documentTitle", () => {
  it("joins the parts that are there with en dashes", () => {
    expect(documentTitle("Zones", "Résidence Les Tilleuls", "Jalon")).toBe("Zones – Résidence Les Tilleuls – Jalon");
    expect(documentTitle("Connexion", null, "Jalon")).toBe("Connexion – Jalon");
    expect(documentTitle(null, null, "Jalon")).toBe("Jalon");
  });
});

describe("useDocumentTitle", () => {
  it("names the sign-in screen without a project", async () => {
    mockApi({});
    renderApp("/login");
    await waitFor(() => expect(document.title).toBe("Connexion – Jalon"));
  });

  it("names the screen and the selected project in the signed-in shell, and follows a navigation", async () => {
    signIn(users.manager);
    selectProject(makeProject());
    mockApi({
      "GET /api/project": emptyList,
      "GET /api/project/7": makeProject(),
      "GET /api/version": emptyList,
      "GET /api/user": emptyList,
    });
    const { router } = renderApp("/dashboard/projects");
    await waitFor(() => expect(document.title).toBe("Liste des projets – Résidence Les Tilleuls – Jalon"));
    await router.navigate("/dashboard/userinfos/2");
    await waitFor(() => expect(document.title).toBe("Paramètres du compte – Résidence Les Tilleuls – Jalon"));
  });

  it("names no project before one is selected", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    renderApp("/dashboard/projects");
    expect(await screen.findByRole("heading", { name: "Liste des projets" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Liste des projets – Jalon"));
  });

  it("names the project a public page shows, and none once it has left", async () => {
    mockApi({});
    useUi.getState().setPublicProjectName("Résidence Les Tilleuls");
    renderApp("/accessibilite");
    await waitFor(() => expect(document.title).toBe("Accessibilité – Résidence Les Tilleuls – Jalon"));
    useUi.getState().setPublicProjectName(null);
    await waitFor(() => expect(document.title).toBe("Accessibilité – Jalon"));
  });
});
