import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Lot, Participant } from "../../api/reference";
import { mockApi } from "../../test/render";
import { listOf, renderReference } from "../zones/testing";

const plomberie: Lot = {
  id: 5,
  name: "Plomberie",
  color: "#FFFFFF",
  tags: [],
  specialities: [{ id: 51, name: "Sanitaires", tags: [] }],
  participants: [],
  participantGroupId: null,
  trackingId: 5,
  projectId: 7,
  versionId: 11,
  total: 3,
  createdAt: null,
  updatedAt: null,
};
const charpente: Lot = {
  ...plomberie,
  id: 6,
  name: "Charpente",
  specialities: [{ id: 61, name: "Ossature bois", tags: [] }],
};

function participant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 70,
    name: "Martin SAS",
    color: "#FFFFFF",
    companyName: "Martin",
    projectManagerEmail: "j.martin@martin.fr",
    projectManagerFirstName: "Jean",
    projectManagerLastName: "Martin",
    projectManagerPhoneNumber: null,
    tags: [],
    zones: [],
    specialities: [{ id: 51, name: "Sanitaires", participantGroupProId: 5 }],
    participantsGroupPro: [{ id: 5, name: "Plomberie", color: "#FFFFFF" }],
    total: 4,
    createdAt: null,
    updatedAt: null,
    projectId: 7,
    versionId: 11,
    trackingId: 70,
    ...overrides,
  };
}

const zone = { id: 31, name: "Bâtiment A", fullName: "Bâtiment A", parentId: null, position: 0, level: 0 };

describe("/dashboard/participants/{recordId}/{page}: a participant's own page", () => {
  it("shows the four tabs of the spec and edits the informations ('Participant mis à jour.', changed fields only)", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/participant/70": participant(),
      "GET /api/participant-group-pro": listOf([plomberie, charpente]),
      "GET /api/zone": listOf([zone]),
      "PATCH /api/participant/70": (c: { body: object }) => ({ ...participant(), ...c.body }),
    });
    renderReference("/dashboard/participants/70/informations");
    expect(await screen.findByRole("heading", { name: "Martin SAS" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab")).toHaveLength(4);
    for (const name of ["Informations", "Suivi", "Spécialités et lots", "Participants"])
      expect(screen.getByRole("tab", { name })).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Informations" })).toHaveAttribute("aria-selected", "true");
    const save = screen.getByRole("button", { name: "Enregistrer" });
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: /E-mail du responsable/ })).toHaveValue("j.martin@martin.fr"),
    );
    expect(save).toBeDisabled();
    const phone = screen.getByRole("textbox", { name: /Téléphone du responsable/ });
    await user.type(phone, " 01 02 03 04 05 ");
    expect(save).toBeEnabled();
    await user.clear(screen.getByRole("textbox", { name: /^Nom\s*\*?$/ }));
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^Nom\s*\*?$/ }), "Martin SAS");
    await user.click(save);
    expect(await screen.findByText("Participant mis à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ projectManagerPhoneNumber: "01 02 03 04 05" });
  });

  it("specialities and participant groups tab: offers only the chosen lots' specialities and sends lots, specialities and zones", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/participant/70": participant(),
      "GET /api/participant-group-pro": listOf([plomberie, charpente]),
      "GET /api/zone": listOf([zone]),
      "PATCH /api/participant/70": {
        status: 400,
        body: { code: "speciality_participant_or_group_dont_match", message: "x" },
      },
    });
    const { router } = renderReference("/dashboard/participants/70/informations");
    await user.click(await screen.findByRole("tab", { name: "Spécialités et lots" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/participants/70/specialities"));
    const specialities = await screen.findByRole("group", { name: "Spécialités" });
    expect(within(specialities).getByRole("checkbox", { name: "Sanitaires" })).toBeChecked();
    expect(within(specialities).queryByRole("checkbox", { name: "Ossature bois" })).toBeNull();
    await user.click(within(screen.getByRole("group", { name: "Lots" })).getByRole("checkbox", { name: "Charpente" }));
    await user.click(within(specialities).getByRole("checkbox", { name: "Ossature bois" }));
    await user.click(
      within(screen.getByRole("group", { name: "Zones" })).getByRole("checkbox", { name: "Bâtiment A" }),
    );
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Le participant ou la spécialité ne correspond pas au lot.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      participantsGroupPro: [5, 6],
      specialityIds: [51, 61],
      zoneIds: [31],
    });
  });

  it("monitoring tab: its count of tasks and milestones, and the histogram with its bar", async () => {
    mockApi({
      "GET /api/participant/70": participant(),
      "GET /api/participant-group-pro": listOf([plomberie]),
      "GET /api/zone": listOf([]),
      "GET /api/participant/histogram": listOf([
        { id: 70, name: "Martin SAS", color: "#FFFFFF", total: 4 },
        { id: 71, name: "Dupont", color: "#FF0000", total: 9 },
      ]),
    });
    renderReference("/dashboard/participants/70/monitoring");
    expect(await screen.findByText("Tâches et jalons de ce participant : 4")).toBeInTheDocument();
    const histogram = await screen.findByRole("region", { name: "Tâches par participant" });
    expect(await within(histogram).findByText("9")).toBeInTheDocument();
    expect(within(histogram).getByText("Martin SAS")).toHaveStyle({ fontWeight: "600" });
    expect(within(histogram).getByText("Dupont")).toHaveStyle({ fontWeight: "400" });
  });

  it("participants tab: the others of its lots, each opening its own page", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/participant/70": participant(),
      "GET /api/participant/71": participant({ id: 71, name: "Dupont Plomberie" }),
      "GET /api/participant-group-pro": listOf([plomberie, charpente]),
      "GET /api/zone": listOf([]),
      "GET /api/participant": listOf([
        participant(),
        participant({ id: 71, name: "Dupont Plomberie", companyName: "Dupont" }),
        participant({
          id: 72,
          name: "Bois & Co",
          participantsGroupPro: [{ id: 6, name: "Charpente", color: "#FFFFFF" }],
        }),
      ]),
    });
    const { router } = renderReference("/dashboard/participants/70/participants");
    const table = await screen.findByRole("table", { name: "Participants des lots de Martin SAS" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Dupont Plomberie");
    expect(within(table).queryByText("Bois & Co")).toBeNull();
    await user.click(within(table).getByText("Dupont Plomberie"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/participants/71/informations"));
    expect(await screen.findByRole("heading", { name: "Dupont Plomberie" })).toBeInTheDocument();
  });

  it("/dashboard/participants/new: monitoring and participants wait for the save; E_INVALID_NEW_RECORD shows errors.empty_field; 'Participant créé.'", async () => {
    const user = userEvent.setup();
    let answer: unknown = { status: 400, body: { code: "E_INVALID_NEW_RECORD", message: "x" } };
    const { calls } = mockApi({
      "GET /api/participant-group-pro": listOf([plomberie]),
      "GET /api/zone": listOf([]),
      "POST /api/participant": () => answer,
      "GET /api/participant/80": participant({ id: 80, name: "Durand" }),
    });
    const { router } = renderReference("/dashboard/participants/new");
    expect(await screen.findByRole("heading", { name: "Nouveau participant" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Suivi" })).toBeDisabled();
    expect(screen.getByRole("tab", { name: "Participants" })).toBeDisabled();
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /^Nom\s*\*?$/ }), "Durand");
    await user.click(screen.getByRole("tab", { name: "Spécialités et lots" }));
    await user.click(await screen.findByRole("checkbox", { name: "Plomberie" }));
    await user.click(save);
    expect(await screen.findByText("Un champ obligatoire est vide.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/participants/new");
    answer = { status: 201, body: participant({ id: 80, name: "Durand" }) };
    await user.click(save);
    expect(await screen.findByText("Participant créé.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/participants/80/informations"));
    expect(calls.filter((c) => c.method === "POST").at(-1)!.body).toEqual({
      name: "Durand",
      participantsGroupPro: [5],
      projectId: 7,
      versionId: 11,
    });
  });
});
