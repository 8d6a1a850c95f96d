import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Speciality } from "../../api/reference";
import { mockApi } from "../../test/render";
import { listOf, renderReference } from "../zones/testing";

const speciality = (
  id: number,
  name: string,
  lot: { id: number; name: string; color: string } | null = null,
): Speciality => ({
  id,
  name,
  tags: [],
  participantGroupProId: lot?.id ?? null,
  participantGroupPro: lot,
  createdAt: null,
  updatedAt: null,
  projectId: 7,
  versionId: 11,
  trackingId: id,
});
const plumbing = { id: 5, name: "Plomberie", color: "#00AAFF" };

describe("/dashboard/specialities", () => {
  it("lists the specialities of the version with their lot, sorted by name, and opens one", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/speciality": listOf([speciality(2, "Sanitaires", plumbing), speciality(1, "Enduits")]),
      "GET /api/speciality/2": speciality(2, "Sanitaires", plumbing),
      "GET /api/participant-group-pro": listOf([]),
    });
    const { router } = renderReference("/dashboard/specialities");
    const table = await screen.findByRole("table", { name: "Spécialités" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("EnduitsAucun lot");
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("SanitairesPlomberie");
    expect(calls[0].query.getAll("filter")).toEqual(["projectId||$eq||7", "versionId||$eq||11"]);
    await user.click(within(table).getAllByRole("row")[2]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/specialities/2"));
  });

  it("creates a speciality only with a name, and returns to the list", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/participant-group-pro": listOf([
        {
          ...plumbing,
          tags: [],
          specialities: [],
          participants: [],
          participantGroupId: null,
          trackingId: 5,
          projectId: 7,
          versionId: 11,
          total: 0,
        },
      ]),
      "POST /api/speciality": { status: 201, body: speciality(3, "Chauffage", plumbing) },
      "GET /api/speciality": listOf([]),
    });
    const { router } = renderReference("/dashboard/specialities/new");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom/ }), "  ");
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom/ }), "Chauffage");
    await waitFor(() =>
      expect(within(screen.getByRole("combobox", { name: "Lot" })).getAllByRole("option")).toHaveLength(2),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "5");
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/specialities"));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Chauffage",
      participantGroupProId: 5,
      projectId: 7,
      versionId: 11,
    });
  });
});
