import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderApp, signIn, users } from "../test/render";
import { routes } from "./routeTable";

const emptyList = { data: [], count: 0, total: 0 };

describe("unknown address", () => {
  it("shows 'Oops!' with the address and leads back to the project list", async () => {
    signIn(users.manager);
    mockApi({ "GET /api/project": emptyList, "GET /api/version": emptyList });
    const { router } = renderApp("/dashboard/nulle-part");
    expect(await screen.findByRole("heading", { name: "Oops!" })).toBeInTheDocument();
    expect(screen.getByText("Cette adresse ne mène à aucune page de Jalon.")).toBeInTheDocument();
    expect(screen.getByText("/dashboard/nulle-part")).toBeInTheDocument();
    // Not a silent redirect: the address stays the one asked for until the user chooses the way back.
    expect(router.state.location.pathname).toBe("/dashboard/nulle-part");
    await userEvent.click(screen.getByRole("button", { name: "Aller à la liste des projets" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/projects"));
  });

  it("every route of the table has its screen", () => {
    expect(routes.filter((r) => typeof r.screen !== "object" && typeof r.screen !== "function")).toEqual([]);
  });
});
