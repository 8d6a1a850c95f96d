import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderApp, users } from "../../test/render";
import { useSession } from "../../store/session";

describe("/login", () => {
  it("enables the button only with a password and an email containing '@'", async () => {
    renderApp("/login");
    const button = await screen.findByRole("button", { name: "Se connecter" });
    const email = screen.getByLabelText("Adresse e-mail");
    const password = screen.getByLabelText("Mot de passe");
    expect(button).toBeDisabled();
    await userEvent.type(email, "manager.jalon.demo");
    await userEvent.type(password, "x");
    expect(button).toBeDisabled();
    await userEvent.clear(email);
    await userEvent.type(email, "manager@jalon.demo");
    expect(button).toBeEnabled();
    await userEvent.clear(password);
    expect(button).toBeDisabled();
  });

  it("limits email and password to 200 characters", async () => {
    renderApp("/login");
    expect(await screen.findByLabelText("Adresse e-mail")).toHaveAttribute("maxLength", "200");
    expect(screen.getByLabelText("Mot de passe")).toHaveAttribute("maxLength", "200");
  });

  it("does not submit on Enter while the button is disabled", async () => {
    const { fetchMock } = mockApi({});
    renderApp("/login");
    await userEvent.type(await screen.findByLabelText("Mot de passe"), "secret{Enter}");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server code as a warning under errors.{code}", async () => {
    const { calls } = mockApi({
      "POST /api/auth/login": {
        status: 401,
        body: { code: "invalid_credentials", message: "Identifiants invalides." },
      },
    });
    renderApp("/login");
    await userEvent.type(await screen.findByLabelText("Adresse e-mail"), "manager@jalon.demo");
    await userEvent.type(screen.getByLabelText("Mot de passe"), "mauvais{Enter}");
    expect(await screen.findByText("Adresse e-mail ou mot de passe incorrect.")).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: "manager@jalon.demo", password: "mauvais" });
    expect(useSession.getState().authenticated).toBe(false);
  });

  it("falls back to errors.default for an unknown code", async () => {
    mockApi({ "POST /api/auth/login": { status: 400, body: { code: "something_new", message: "?" } } });
    renderApp("/login");
    await userEvent.type(await screen.findByLabelText("Adresse e-mail"), "a@b.fr");
    await userEvent.type(screen.getByLabelText("Mot de passe"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Il y a eu une erreur lors de l'opération.")).toBeInTheDocument();
  });

  it("switches to the project list after a successful login", async () => {
    mockApi({
      "POST /api/auth/login": { user: users.external, token: "t" },
      "GET /api/project": { data: [], count: 0, total: 0 },
    });
    const { router } = renderApp("/login");
    await userEvent.type(await screen.findByLabelText("Adresse e-mail"), "externe@jalon.demo");
    await userEvent.type(screen.getByLabelText("Mot de passe"), "jalon-demo{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
    expect(useSession.getState().role).toBe("external");
  });
});

describe("/forgot", () => {
  it("enables send only with an '@' and shows user.reset_email_sent", async () => {
    const { calls } = mockApi({ "POST /api/auth/forgot-password": { status: 204 } });
    renderApp("/forgot");
    const send = await screen.findByRole("button", { name: "Envoyer" });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Adresse e-mail"), "manager@jalon.demo");
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(await screen.findByText("Un e-mail de réinitialisation vous a été envoyé.")).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: "manager@jalon.demo" });
  });
});

describe("/reset-password/:token", () => {
  it("shows 'Les mots de passe ne sont pas identiques' and keeps the button disabled on a mismatch", async () => {
    renderApp("/reset-password/abc");
    const button = await screen.findByRole("button", { name: "Définir le mot de passe" });
    await userEvent.type(screen.getByLabelText("Nouveau mot de passe"), "chantier-2027");
    await userEvent.type(screen.getByLabelText("Confirmation du mot de passe"), "chantier-2028");
    expect(screen.getByText("Les mots de passe ne sont pas identiques")).toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it("sends password and token, shows user.reset_validation and goes to /login", async () => {
    const { calls } = mockApi({ "POST /api/auth/reset-password": { status: 204 } });
    const { router } = renderApp("/reset-password/abc");
    await userEvent.type(await screen.findByLabelText("Nouveau mot de passe"), "chantier-2027");
    await userEvent.type(screen.getByLabelText("Confirmation du mot de passe"), "chantier-2027");
    expect(screen.queryByText("Les mots de passe ne sont pas identiques")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Définir le mot de passe" }));
    expect(
      await screen.findByText("Votre mot de passe a été modifié. Vous pouvez vous connecter."),
    ).toBeInTheDocument();
    expect(calls[0].body).toEqual({ password: "chantier-2027", token: "abc" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("shows an expired link as a warning", async () => {
    mockApi({ "POST /api/auth/reset-password": { status: 400, body: { code: "reset_link_expired", message: "x" } } });
    renderApp("/reset-password/old");
    await userEvent.type(await screen.findByLabelText("Nouveau mot de passe"), "a");
    await userEvent.type(screen.getByLabelText("Confirmation du mot de passe"), "a{Enter}");
    expect(await screen.findByText("Le lien de réinitialisation a expiré.")).toBeInTheDocument();
  });
});
