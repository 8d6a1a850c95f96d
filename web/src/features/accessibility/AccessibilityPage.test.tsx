// The accessibility statement: open signed out, in RGAA's shape, with its own title.
import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { mockApi, renderApp } from "../../test/render";

describe("accessibility statement", () => {
  it("opens signed out with the sections of RGAA's statement and its own title", async () => {
    mockApi({});
    renderApp("/accessibilite");
    expect(await screen.findByRole("heading", { level: 1, name: "Déclaration d'accessibilité" })).toBeInTheDocument();
    for (const section of [
      "État de conformité",
      "Résultats des tests",
      "Contenus non accessibles",
      "Établissement de cette déclaration",
      "Retour d'information et contact",
      "Voies de recours",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name: section })).toBeInTheDocument();
    }
    expect(screen.getByText(/partiellement conforme/)).toBeInTheDocument();
    expect(screen.getByText(/Test automatisé au clavier seul, sans souris/)).toBeInTheDocument();
    expect(
      screen.getByText("Cette déclaration a été établie le 28/11/2026 et mise à jour le 07/12/2026."),
    ).toBeInTheDocument();
    expect(screen.getByText(/Défenseur des droits, Libre réponse 71120/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Accessibilité – Jalon"));
  });

  it("is linked from the sign-in page", async () => {
    mockApi({});
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Accessibilité" })).toHaveAttribute("href", "/accessibilite");
  });
});
