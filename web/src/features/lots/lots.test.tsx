import { describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { scopeForPath, useRefresh } from "../../store/refresh";
import userEvent from "@testing-library/user-event";
import type { Lot, Participant } from "../../api/reference";
import { mockApi } from "../../test/render";
import { listOf, renderReference } from "../zones/testing";
import { participantChanges, participantFormValid, emptyParticipant } from "../participants/participantForm";
import { lotChanges, lotFormValid, NEW_LOT } from "./lotForm";

function lot(overrides: Partial<Lot> = {}): Lot {
  return {
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
    ...overrides,
  };
}

describe("lot form rules", () => {
  it("is valid only with a name, a name on every speciality, and a change", () => {
    const original = { name: "Plomberie", color: "#FFFFFF", specialities: [{ id: 51, name: "Sanitaires" }] };
    expect(lotFormValid(original, original)).toBe(false);
    expect(lotFormValid(original, { ...original, name: "  " })).toBe(false);
    expect(lotFormValid(original, { ...original, specialities: [...original.specialities, { name: " " }] })).toBe(
      false,
    );
    expect(
      lotFormValid(original, { ...original, specialities: [...original.specialities, { name: "Chauffage" }] }),
    ).toBe(true);
    expect(lotFormValid(original, { ...original, color: "#ff0000" })).toBe(true);
    expect(lotFormValid(null, NEW_LOT)).toBe(false);
    expect(lotFormValid(null, { ...NEW_LOT, name: "Charpente" })).toBe(true);
    expect(
      lotChanges(original, {
        ...original,
        name: " Plomberie-CVC ",
        specialities: [{ id: 51, name: "Sanitaires " }, { name: "VMC" }],
      }),
    ).toEqual({ name: "Plomberie-CVC", specialities: [{ id: 51, name: "Sanitaires" }, { name: "VMC" }] });
    expect(lotChanges(null, { ...NEW_LOT, name: "Charpente" })).toEqual({ name: "Charpente" });
  });

  it("participant form: valid with a name and a change, changed fields trimmed", () => {
    const original = { ...emptyParticipant(5), name: "Martin SAS" };
    expect(participantFormValid(original, original)).toBe(false);
    expect(participantFormValid(original, { ...original, name: " " })).toBe(false);
    expect(participantFormValid(original, { ...original, companyName: "Martin" })).toBe(true);
    expect(participantChanges(original, { ...original, projectManagerEmail: " j@m.fr ", companyName: "  " })).toEqual({
      projectManagerEmail: "j@m.fr",
    });
    expect(participantFormValid(null, emptyParticipant(5))).toBe(false);
    expect(participantChanges(null, { ...emptyParticipant(5), name: "Dupont" })).toEqual({
      name: "Dupont",
      participantsGroupPro: [5],
    });
  });
});

describe("/dashboard/participants (project lots)", () => {
  it("lists the lots and shows the ImplementationError text when a lot in use cannot be deleted", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/participant-group-pro": listOf([lot(), lot({ id: 6, name: "Charpente", specialities: [], total: 0 })]),
      "DELETE /api/participant-group-pro/bulk-delete": {
        status: 400,
        body: { code: "ImplementationError", message: "x", details: { ids: [5] } },
      },
    });
    renderReference("/dashboard/participants");
    const table = await screen.findByRole("table", { name: "Lots du projet" });
    await waitFor(() => expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Charpente"));
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("Sanitaires");
    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Plomberie" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(
      await screen.findByText("Certains lots ne peuvent pas être supprimés car ils sont utilisés."),
    ).toBeInTheDocument();
  });

  it("deletes lots with 'Lots supprimés.'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/participant-group-pro": listOf([lot()]),
      "DELETE /api/participant-group-pro/bulk-delete": { ids: [5] },
    });
    renderReference("/dashboard/participants");
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Plomberie" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Lots supprimés.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")!.body).toEqual({ ids: [5] });
  });

  it("creates a lot: save needs a name and a name on every speciality ('Lot créé.')", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "POST /api/participant-group-pro": { status: 201, body: lot({ id: 8, name: "Charpente" }) },
      "GET /api/participant-group-pro/8": lot({ id: 8, name: "Charpente" }),
    });
    renderReference("/dashboard/participant-group/new");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom du lot/ }), "Charpente");
    expect(save).toBeEnabled();
    await user.click(screen.getByRole("tab", { name: "Spécialités" }));
    await user.click(screen.getByRole("button", { name: "Ajouter une spécialité" }));
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom de la spécialité 1/ }), " Ossature bois ");
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText("Lot créé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Charpente",
      specialities: [{ name: "Ossature bois" }],
      projectId: 7,
      versionId: 11,
    });
  });

  it("edits a lot's specialities on their tab: a nameless speciality blocks the save, 'Lot mis à jour.'", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/participant-group-pro/5": lot(),
      "PATCH /api/participant-group-pro/5": (c: { body: object }) => ({ ...lot(), ...c.body }),
    });
    renderReference("/dashboard/participant-group/5/specialities");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(await screen.findByRole("textbox", { name: /Nom de la spécialité 1/ })).toHaveValue("Sanitaires");
    expect(save).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Ajouter une spécialité" }));
    expect(save).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Nom de la spécialité 2/ }), "Chauffage");
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText("Lot mis à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({
      specialities: [{ id: 51, name: "Sanitaires" }, { name: "Chauffage" }],
    });
  });

  it("refetches on a live event of a 'participant-group/' path: an untouched form shows the new name, an edited one keeps the user's text", async () => {
    const user = userEvent.setup();
    let name = "Plomberie";
    mockApi({ "GET /api/participant-group-pro/5": () => lot({ name }) });
    renderReference("/dashboard/participant-group/5/informations");
    const field = await screen.findByRole("textbox", { name: /Nom du lot/ });
    // The form is filled by an effect right after its first render.
    await waitFor(() => expect(field).toHaveValue("Plomberie"));
    name = "Plomberie sanitaire";
    act(() => useRefresh.getState().bump(scopeForPath("/dashboard/participant-group/5/informations")));
    await waitFor(() => expect(field).toHaveValue("Plomberie sanitaire"));
    await user.type(field, " bis");
    name = "Plomberie et chauffage";
    act(() => useRefresh.getState().bump("participantGroup"));
    await screen.findByRole("heading", { name: "Plomberie et chauffage" });
    expect(field).toHaveValue("Plomberie sanitaire bis");
  });

  it("shows the duplicate name refusal (participant_group_name_exists)", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/participant-group-pro/5": lot(),
      "PATCH /api/participant-group-pro/5": {
        status: 409,
        body: { code: "participant_group_name_exists", message: "x" },
      },
    });
    renderReference("/dashboard/participant-group/5/informations");
    const name = await screen.findByRole("textbox", { name: /Nom du lot/ });
    await user.type(name, " bis");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Ce nom de lot est déjà utilisé.")).toBeInTheDocument();
  });

  it("lists the lot's participants on its tab; each opens its own page, a new one starts in the lot", async () => {
    const user = userEvent.setup();
    const martin: Participant = {
      id: 70,
      name: "Martin SAS",
      color: "#FFFFFF",
      companyName: null,
      projectManagerEmail: null,
      projectManagerFirstName: null,
      projectManagerLastName: null,
      projectManagerPhoneNumber: null,
      tags: [],
      zones: [],
      specialities: [],
      participantsGroupPro: [{ id: 5, name: "Plomberie", color: "#FFFFFF" }],
      total: 0,
      createdAt: null,
      updatedAt: null,
      projectId: 7,
      versionId: 11,
      trackingId: 70,
    };
    const { calls } = mockApi({
      "GET /api/participant-group-pro/5": lot(),
      "GET /api/participant-group-pro": listOf([lot()]),
      "GET /api/participant": listOf([martin]),
      "GET /api/participant/70": martin,
      "GET /api/zone": listOf([]),
    });
    const { router } = renderReference("/dashboard/participant-group/5/participants");
    await user.click(await screen.findByRole("button", { name: "Nouveau participant" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/participants/new"));
    expect(router.state.location.search).toBe("?lot=5");
    await user.click(await screen.findByRole("tab", { name: "Spécialités et lots" }));
    expect(await screen.findByRole("checkbox", { name: "Plomberie" })).toBeChecked();
    await router.navigate("/dashboard/participant-group/5/participants");
    await user.click(await screen.findByText("Martin SAS"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/participants/70/informations"));
    expect(calls.find((c) => c.method === "GET" && c.path === "/api/participant")!.query.getAll("filter")).toContain(
      "participantGroupProId||$eq||5",
    );
  });
});

describe("/dashboard/participants, all participants", () => {
  it("lists every participant of the version with its lots and the histogram of tasks", async () => {
    const user = userEvent.setup();
    const martin: Participant = {
      id: 70,
      name: "Martin SAS",
      color: "#FFFFFF",
      companyName: "Martin",
      projectManagerEmail: null,
      projectManagerFirstName: "Jean",
      projectManagerLastName: "Martin",
      projectManagerPhoneNumber: null,
      tags: [],
      zones: [],
      specialities: [],
      participantsGroupPro: [{ id: 5, name: "Plomberie", color: "#FFFFFF" }],
      total: 4,
      createdAt: null,
      updatedAt: null,
      projectId: 7,
      versionId: 11,
      trackingId: 70,
    };
    const { calls } = mockApi({
      "GET /api/participant-group-pro": listOf([lot()]),
      "GET /api/participant": listOf([martin]),
      "GET /api/participant/histogram": listOf([{ id: 70, name: "Martin SAS", color: "#FFFFFF", total: 4 }]),
    });
    renderReference("/dashboard/participants");
    await user.click(await screen.findByRole("tab", { name: "Tous les participants" }));
    const table = await screen.findByRole("table", { name: "Participants" });
    await waitFor(() => expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Martin SAS"));
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Plomberie");
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Jean Martin");
    expect(
      within(await screen.findByRole("region", { name: "Tâches par participant" })).getByText("4"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/participant")!.query.getAll("filter")).toEqual([
      "projectId||$eq||7",
      "versionId||$eq||11",
    ]);
  });
});

describe("library lots", () => {
  it("lists the library and refuses to delete a lot projects use", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/participant-group": listOf([{ id: 1, name: "Zinguerie", color: "#FFFFFF", projects: 2 }]),
      "DELETE /api/participant-group/bulk-delete": { status: 400, body: { code: "ImplementationError", message: "x" } },
    });
    renderReference("/dashboard/participants-library");
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Zinguerie" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(
      await screen.findByText("Certains lots ne peuvent pas être supprimés car des projets les utilisent."),
    ).toBeInTheDocument();
  });
});
