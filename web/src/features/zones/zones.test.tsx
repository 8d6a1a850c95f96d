import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Zone } from "../../api/reference";
import { act } from "@testing-library/react";
import { handleRealtimeEvent } from "../../realtime/handleEvent";
import { mockApi } from "../../test/render";
import { listOf, renderReference } from "./testing";
import { reorderedPositions, treeOrder } from "../../lib/zoneTree";
import { zoneChanges } from "./ZoneFields";

function zone(
  id: number,
  name: string,
  parentId: number | null,
  position: number,
  level = parentId === null ? 0 : 1,
): Zone {
  return {
    id,
    name,
    fullName: name,
    parentId,
    parent: null,
    position,
    typology: null,
    unity: level === 0 ? "macro" : "zone",
    level,
    tags: [],
    allChildIds: [],
    children: [],
    underZones: [],
    createdAt: null,
    updatedAt: null,
    projectId: 7,
    versionId: 11,
    trackingId: id,
  };
}

const A = { ...zone(1, "Bâtiment A", null, 0), allChildIds: [2, 3] };
const A1 = zone(2, "R+1", 1, 1);
const A2 = zone(3, "R+2", 1, 2);
const B = zone(4, "Bâtiment B", null, 3);

describe("zone tree rules", () => {
  it("orders depth first with siblings by position", () => {
    expect(treeOrder([B, A2, A, A1]).map((z) => z.id)).toEqual([1, 2, 3, 4]);
  });

  it("moves a zone among its siblings only and renumbers the tree", () => {
    expect(reorderedPositions([A, A1, A2, B], 4, 1)).toEqual([
      { id: 4, position: 0 },
      { id: 1, position: 1 },
      { id: 2, position: 2 },
      { id: 3, position: 3 },
    ]);
    expect(reorderedPositions([A, A1, A2, B], 2, 3)).toEqual([
      { id: 1, position: 0 },
      { id: 3, position: 1 },
      { id: 2, position: 2 },
      { id: 4, position: 3 },
    ]);
    expect(reorderedPositions([A, A1, A2, B], 2, 4)).toBeNull();
  });

  it("sends only changed, trimmed fields", () => {
    expect(zoneChanges(A, { name: "Bâtiment A", parentId: null, unity: "macro", typology: null })).toEqual({});
    expect(zoneChanges(A, { name: " Bât. A ", parentId: null, unity: "macro", typology: "  " })).toEqual({
      name: "Bât. A",
    });
    expect(zoneChanges(null, { name: "Parking", parentId: null, unity: "others", typology: "Sous-sol" })).toEqual({
      name: "Parking",
      unity: "others",
      typology: "Sous-sol",
    });
  });
});

describe("/dashboard/zones", () => {
  it("lists the tree in position order and saves a drag reorder ('zones.ordering_saved')", async () => {
    const { calls } = mockApi({
      "GET /api/zone": listOf([B, A2, A, A1]),
      "PUT /api/zone/bulk-update": (c: { body: unknown }) => listOf((c.body as { zones: unknown[] }).zones),
    });
    renderReference("/dashboard/zones");
    const table = await screen.findByRole("table", { name: "Zones" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(5));
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[3].textContent)).toEqual([
      "Bâtiment A",
      "R+1",
      "R+2",
      "Bâtiment B",
    ]);
    expect(calls[0].query.getAll("filter")).toEqual(["projectId||$eq||7", "versionId||$eq||11"]);
    expect(calls[0].query.get("sort")).toBe("position,ASC");

    const dataTransfer = { setData: () => {}, effectAllowed: "" };
    fireEvent.dragStart(rows[3], { dataTransfer });
    fireEvent.dragOver(rows[0], { dataTransfer });
    fireEvent.drop(rows[0], { dataTransfer });
    expect(await screen.findByText("L'ordre des zones a été enregistré.")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toEqual({
      zones: [
        { id: 4, position: 0 },
        { id: 1, position: 1 },
        { id: 2, position: 2 },
        { id: 3, position: 3 },
      ],
    });
    await waitFor(() => expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Bâtiment B"));
  });

  it("warns that sub-zones go too, and shows the refusal of a zone used by tasks", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/zone": listOf([A, A1, A2, B]),
      "DELETE /api/zone/bulk-delete": {
        status: 409,
        body: { code: "zone_used_by_events", message: "x", details: { ids: [2] } },
      },
    });
    renderReference("/dashboard/zones");
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Bâtiment A" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Supprimer la zone sélectionnée ? Ses sous-zones seront supprimées aussi."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Sous-zones supprimées avec elles : R+1, R+2")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(
      await screen.findByText(
        /Cette zone est utilisée par des tâches et ne peut pas être supprimée\. Ces zones sont utilisées par des tâches : R\+1/,
      ),
    ).toBeInTheDocument();
  });

  it("creates a zone under a parent from the dialog", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/zone": listOf([A]),
      "POST /api/zone": { status: 201, body: zone(9, "R+3", 1, 4) },
    });
    renderReference("/dashboard/zones");
    await user.click(await screen.findByRole("button", { name: "Nouvelle zone" }));
    const dialog = await screen.findByRole("dialog");
    const create = within(dialog).getByRole("button", { name: "Créer" });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: /Nom/ }), " R+3 ");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Zone parente" }), "1");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Unité" }), "zone");
    await user.click(create);
    expect(await screen.findByText("Zone créée.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "R+3",
      parentId: 1,
      unity: "zone",
      projectId: 7,
      versionId: 11,
    });
  });

  it("shows the server's message for a broken import and errors.import_format for an unreadable file", async () => {
    let answer = {
      status: 400,
      body: { code: "errors.validation", message: "Ligne 3, colonne « Zone parente » : zone « X » introuvable" },
    };
    mockApi({ "GET /api/zone": listOf([A]), "POST /api/zone/import": () => answer });
    renderReference("/dashboard/zones");
    await screen.findByRole("button", { name: "Importer (.xlsx)" });
    const input = screen.getByTestId("import-file") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "zones.xlsx")] } });
    expect(await screen.findByText("Ligne 3, colonne « Zone parente » : zone « X » introuvable")).toBeInTheDocument();
    answer = { status: 400, body: { code: "errors.import_format", message: "Le fichier doit être au format .xlsx." } };
    fireEvent.change(input, { target: { files: [new File(["x"], "zones.xlsx")] } });
    expect(await screen.findByText("Le format du fichier importé est incorrect.")).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(["x"], "zones.csv")] } });
    expect(await screen.findByText("Le fichier doit être au format .xlsx.")).toBeInTheDocument();
  });
});

describe("live updates", () => {
  it("refetches the zones when another user changes them (reference:update)", async () => {
    let zones = [A];
    const { calls } = mockApi({ "GET /api/zone": () => listOf(zones) });
    renderReference("/dashboard/zones");
    const table = await screen.findByRole("table", { name: "Zones" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    zones = [A, B];
    act(() =>
      handleRealtimeEvent(
        "reference:update",
        {
          event: "reference:update",
          projectId: 7,
          versionId: 11,
          initiatorId: 99,
          ids: [4],
          data: { resource: "zone" },
        },
        { userId: 2, isAdmin: false, pathname: "/dashboard/zones", navigate: () => {} },
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    expect(calls.filter((c) => c.path === "/api/zone")).toHaveLength(2);
  });
});

describe("/dashboard/zone/:id", () => {
  it("saves only with a name and a change, sending the changed fields", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/zone/2": { ...A1, parent: { id: 1, name: "Bâtiment A" }, fullName: "Bâtiment A / R+1" },
      "GET /api/zone": listOf([A, A1, A2, B]),
      "PATCH /api/zone/2": (c: { body: object }) => ({ ...A1, ...c.body }),
    });
    renderReference("/dashboard/zone/2");
    const save = await screen.findByRole("button", { name: "Enregistrer" });
    expect(screen.getByText("Bâtiment A / R+1")).toBeInTheDocument();
    expect(save).toBeDisabled();
    const name = screen.getByRole("textbox", { name: /Nom/ });
    await user.clear(name);
    expect(save).toBeDisabled();
    await user.type(name, "Étage 1");
    await user.click(save);
    expect(await screen.findByText("Zone mise à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ name: "Étage 1" });
  });
});
