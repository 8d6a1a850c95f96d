// Layout rules of spec 000 sections 2 and 8 not covered by shell.test.tsx: the pin default at 1100 px, the
// logo, the initials avatar, the guest's 'Connexion', 'Loading translations...' and the 5000 ms toasts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { makeProject, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";
import { Providers, TranslationsGate } from "../App";
import { UserMenu } from "./UserMenu";
import { useUi } from "../../store/ui";
import { TOAST_DURATION_MS, toast, useToasts } from "../../store/toasts";

const emptyList = { data: [], count: 0, total: 0 };
const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
  vi.useRealTimers();
});

describe("navigation pin", () => {
  it("is pinned by default from 1100 px wide; the toggle detaches it into an overlay", async () => {
    window.innerWidth = 1100;
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    renderApp("/dashboard/projects");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    expect(nav).toBeVisible();
    expect(screen.queryByRole("button", { name: "Ouvrir le menu" })).toBeNull();
    const pin = screen.getByRole("button", { name: "Détacher le menu" });
    expect(pin).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(pin);
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Navigation principale" })).toBeNull());
    expect(useUi.getState().navPinned).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }));
    expect(await screen.findByRole("button", { name: "Épingler le menu" })).toHaveAttribute("aria-pressed", "false");
  });

  it("floats below 1100 px until opened", async () => {
    window.innerWidth = 1099;
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList });
    renderApp("/dashboard/projects");
    await userEvent.click(await screen.findByRole("button", { name: "Ouvrir le menu" }));
    expect(await screen.findByRole("navigation", { name: "Navigation principale" })).toBeInTheDocument();
  });
});

describe("navigation groups", () => {
  it("are disabled and closed until a project is selected, then open", async () => {
    window.innerWidth = 1440;
    signIn(users.admin);
    mockApi({
      "GET /api/project": emptyList,
      "GET /api/project/7": makeProject(),
      "GET /api/version": emptyList,
      "GET /api/user": emptyList,
    });
    renderApp("/dashboard/users");
    const nav = await screen.findByRole("navigation", { name: "Navigation principale" });
    for (const group of ["Configuration du projet", "Exécution", "Suivi et contrôle"]) {
      expect(within(nav).getByRole("button", { name: group })).toBeDisabled();
    }
    act(() => selectProject(makeProject()));
    await waitFor(() => expect(within(nav).getByRole("button", { name: "Configuration du projet" })).toBeEnabled());
    await userEvent.click(within(nav).getByRole("button", { name: "Exécution" }));
    expect(within(nav).getByRole("button", { name: "Exécution" })).toHaveAttribute("aria-expanded", "true");
  });
});

describe("header", () => {
  it("shows the user's initials, and the logo goes back to the project list", async () => {
    window.innerWidth = 1440;
    signIn(users.manager);
    const project = makeProject();
    selectProject(project);
    mockApi({
      "GET /api/project": emptyList,
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "GET /api/user": emptyList,
    });
    const { router } = renderApp("/dashboard/project/7");
    const banner = await screen.findByRole("banner");
    await waitFor(() => expect(banner.querySelector("[data-initials='MM']")).not.toBeNull());
    // WCAG 2.5.3: the name starts with the text the button shows.
    const menu = within(banner).getByRole("button", { name: "Marc Manager, menu utilisateur" });
    expect(menu).toHaveTextContent(/^Marc Manager$/);
    await userEvent.click(screen.getByRole("link", { name: "Jalon, retour à la liste des projets" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
  });

  it("offers guests 'Connexion' instead of the user menu", async () => {
    const router = createMemoryRouter([
      { path: "/", element: <UserMenu /> },
      { path: "/login", element: <p>page de connexion</p> },
    ]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(screen.queryByRole("button", { name: /menu utilisateur$/i })).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: "Connexion" }));
    expect(router.state.location.pathname).toBe("/login");
  });
});

describe("translations", () => {
  it("shows 'Loading translations...' until the French bundle is loaded", async () => {
    const pending = i18next.createInstance();
    render(
      <I18nextProvider i18n={pending}>
        <TranslationsGate>
          <p>Contenu</p>
        </TranslationsGate>
      </I18nextProvider>,
    );
    expect(screen.getByText("Loading translations...")).toBeInTheDocument();
    expect(screen.queryByText("Contenu")).toBeNull();
    await act(async () => {
      await pending.init({ lng: "fr", resources: { fr: { translation: {} } } });
    });
    expect(await screen.findByText("Contenu")).toBeInTheDocument();
  });
});

describe("toasts", () => {
  it("close after 5000 ms", () => {
    vi.useFakeTimers();
    toast.warning("Il y a eu une erreur lors de l'opération.", { subject: "version" });
    expect(useToasts.getState().items).toMatchObject([
      { intent: "warning", subject: "version", timeout: TOAST_DURATION_MS },
    ]);
    vi.advanceTimersByTime(4999);
    expect(useToasts.getState().items).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts.getState().items).toHaveLength(0);
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
