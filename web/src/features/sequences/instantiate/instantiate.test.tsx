import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { parseDay } from "@jalon/engine";
import { Providers } from "../../../app/App";
import { mockApi } from "../../../test/render";
import { useToasts } from "../../../store/toasts";
import { InstantiateDialog } from "./InstantiateDialog";
import {
  instantiateBody,
  emptyInstantiateValues,
  moveZone,
  toggleZone,
  trainZonesOf,
  validateInstantiate,
  zoneChoices,
} from "./instantiateForm";
import { byZone, computeTrain, trainInput } from "./trainPreview";

const wrap = (ui: ReactNode) => render(<Providers>{ui}</Providers>);
const NO_HOLIDAYS = { holidays: [], vacations: [], lots: [] };

/** The worked example: A(5) -> B(3) -> C(4), finish-to-start. */
const TASKS = [
  { id: 101, name: "Cloisons", numberOfDays: 5, typology: [], parentsET: [] },
  {
    id: 102,
    name: "Électricité",
    numberOfDays: 3,
    typology: [],
    parentsET: [{ id: 101, name: "Cloisons", type: "end-begin" as const, delay: 0 }],
  },
  {
    id: 103,
    name: "Peinture",
    numberOfDays: 4,
    typology: [],
    parentsET: [{ id: 102, name: "Électricité", type: "end-begin" as const, delay: 0 }],
  },
];
const ZONES = [
  { id: 1, name: "R+1", fullName: "R+1", parentId: 10, typology: "Niveau", position: 1 },
  { id: 2, name: "R+2", fullName: "R+2", parentId: 10, typology: "Niveau", position: 2 },
  { id: 3, name: "R+3", fullName: "R+3", parentId: 10, typology: "Niveau", position: 3 },
  { id: 4, name: "R+4", fullName: "R+4", parentId: 10, typology: "Niveau", position: 4 },
  { id: 10, name: "Bâtiment A", fullName: "Bâtiment A", parentId: null, typology: "Bâtiment", position: 0 },
  { id: 5, name: "Site", fullName: "Site", parentId: null, typology: "Extérieurs", position: 0 },
  { id: 6, name: "Local", fullName: "Local", parentId: null, typology: null, position: 5 },
];
const TEMPLATE = { id: 9, name: "Second œuvre", color: "#4F8FD6", typology: ["Niveau"] };
const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);

describe("instantiation form", () => {
  it("proposes only the zones whose typology the template accepts, and says why the others are refused", () => {
    const c = zoneChoices(ZONES, TEMPLATE);
    expect(c.filter((x) => x.refusal === null).map((x) => x.zone.id)).toEqual([1, 2, 3, 4]);
    expect(c.find((x) => x.zone.id === 5)?.refusal).toBe("typology");
    expect(c.find((x) => x.zone.id === 6)?.refusal).toBe("noTypology");
    // A template without typology accepts none (a sequence needs a typology to be instantiable).
    expect(zoneChoices(ZONES, { typology: [] }).every((x) => x.refusal !== null)).toBe(true);
  });

  it("takes a zone without typology as a container of its accepted sub-zones, as the server does", () => {
    const zones = [
      { id: 20, name: "Bâtiment C", typology: null, parentId: null, position: 0 },
      { id: 23, name: "R+2", typology: "Niveau", parentId: 20, position: 2 },
      { id: 21, name: "R+1", typology: "Niveau", parentId: 20, position: 1 },
      { id: 22, name: "Abords", typology: "Extérieurs", parentId: 20, position: 3 },
      { id: 24, name: "Vide", typology: null, parentId: null, position: 4 },
    ];
    const c = zoneChoices(zones, TEMPLATE);
    expect(c.find((x) => x.zone.id === 20)).toMatchObject({ refusal: null, container: true });
    expect(c.find((x) => x.zone.id === 24)?.refusal).toBe("noTypology");
    expect(trainZonesOf(zones, TEMPLATE, [20]).map((z) => z.id)).toEqual([21, 23]);
    expect(trainZonesOf(zones, TEMPLATE, [23, 21]).map((z) => z.id)).toEqual([23, 21]);
  });

  it("orders the zones, keeps one for an individual sequence, and sends the issue's contract", () => {
    let ids = toggleZone([], 3, "recurring");
    ids = toggleZone(ids, 1, "recurring");
    ids = moveZone(ids, 1, -1);
    expect(ids).toEqual([1, 3]);
    expect(toggleZone(ids, 2, "individual")).toEqual([2]);
    const v = { ...emptyInstantiateValues("2024-01-01"), templateId: 9, name: " Train ", zoneIds: [1, 2], takt: "5" };
    expect(validateInstantiate(v)).toEqual([]);
    expect(validateInstantiate({ ...v, takt: "-1" })).toEqual(["taktInvalid"]);
    expect(instantiateBody(v, 7, 11)).toEqual({
      projectId: 7,
      versionId: 11,
      name: "Train",
      zoneIds: [1, 2],
      instantiationConfig: {
        type: "recurring",
        sequenceTemplateProId: 9,
        takt: 5,
        delayWithReferenceEvent: 0,
        startDate: "2024-01-01",
        showStartMilestone: true,
        showEndMilestone: true,
      },
    });
  });

  it("computes the worked example's train with the engine: Z1 A d1-5 B d6-8 C d9-12 ... Z4 C ends d27", async () => {
    const p = await computeTrain(
      trainInput(TASKS, ZONES.slice(0, 4), 5, { kind: "date", day: parseDay("2024-01-01") }, NO_HOLIDAYS),
    );
    const zones = byZone(p, [1, 2, 3, 4]);
    const dates = (z: number) => zones[z].tasks.map((t) => [t.taskId, iso(t.startDay), iso(t.endDay)]);
    // Monday 1 January 2024 is day 1; working days only.
    expect(dates(0)).toEqual([
      [101, "2024-01-01", "2024-01-05"],
      [102, "2024-01-08", "2024-01-10"],
      [103, "2024-01-11", "2024-01-16"],
    ]);
    expect(dates(1)[0]).toEqual([101, "2024-01-08", "2024-01-12"]);
    expect(dates(3)[2]).toEqual([103, "2024-02-01", "2024-02-06"]);
    expect(p.warnings).toEqual([]);
  });
});

describe("instantiation dialog", () => {
  it("filters the zones, previews the worked example live, then posts the sequence", async () => {
    const { calls } = mockApi({
      "GET /api/sequence-template-pro": { data: [TEMPLATE], count: 1, total: 1 },
      "GET /api/event-template-pro": { data: TASKS, count: 3, total: 3 },
      "GET /api/zone": { data: ZONES, count: ZONES.length, total: ZONES.length },
      "POST /api/sequence": { status: 201, body: { id: 50, instantiationConfigId: 60, events: [], warnings: [] } },
    });
    const onClose = vi.fn();
    wrap(
      <InstantiateDialog
        open
        projectId={7}
        versionId={11}
        calendars={NO_HOLIDAYS}
        references={[]}
        referenceDaysOf={() => null}
        defaultStartDate="2024-01-01"
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Instancier un modèle de séquence" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: /Modèle de séquence/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Second œuvre" }));
    expect(within(dialog).getByRole("textbox", { name: /Nom de la séquence/ })).toHaveValue("Second œuvre");
    // Refused zones are shown disabled with their reason.
    const site = await within(dialog).findByRole("checkbox", { name: "Site" });
    expect(site).toBeDisabled();
    expect(site).toHaveAccessibleDescription("Typologie « Extérieurs » non acceptée par le modèle");
    expect(within(dialog).getByRole("checkbox", { name: "Local" })).toHaveAccessibleDescription(
      "Cette zone n'a pas de typologie",
    );
    for (const n of [1, 2, 3, 4])
      await userEvent.click(within(dialog).getByRole("checkbox", { name: `Bâtiment A / R+${n}` }));
    const takt = within(dialog).getByRole("spinbutton", { name: "Takt (jours ouvrés)" });
    await userEvent.clear(takt);
    await userEvent.type(takt, "5");
    // The preview: the worked example's dates, per zone.
    await waitFor(() =>
      expect(screen.getByTestId("train-summary")).toHaveTextContent(
        "12 tâches sur 4 zones, du 01/01/2024 au 06/02/2024",
      ),
    );
    const z1 = screen.getByRole("table", { name: "Instance 1 : Bâtiment A / R+1" });
    expect(within(z1).getByRole("row", { name: /Peinture/ })).toHaveTextContent("Peinture11/01/202416/01/2024");
    const z4 = screen.getByRole("table", { name: "Instance 4 : Bâtiment A / R+4" });
    expect(within(z4).getByRole("row", { name: /Cloisons/ })).toHaveTextContent("Cloisons22/01/202426/01/2024");
    // Takt 3 < 5 days of Cloisons: the overlap is shown as a warning.
    await userEvent.clear(takt);
    await userEvent.type(takt, "3");
    expect(
      await screen.findByText("La tâche « Cloisons » dure plus que le takt : elle chevauche la zone suivante."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Instancier" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/sequence");
    expect(post?.body).toEqual({
      projectId: 7,
      versionId: 11,
      name: "Second œuvre",
      zoneIds: [1, 2, 3, 4],
      instantiationConfig: {
        type: "recurring",
        sequenceTemplateProId: 9,
        takt: 3,
        delayWithReferenceEvent: 0,
        startDate: "2024-01-01",
        showStartMilestone: true,
        showEndMilestone: true,
      },
    });
    expect(calls.find((c) => c.path === "/api/event-template-pro")?.query.getAll("filter")).toEqual([
      "projectId||$eq||7",
      "sequenceTemplateId||$eq||9",
    ]);
  });

  it("shows the server's refusal by its catalogue text and stays open", async () => {
    mockApi({
      "GET /api/sequence-template-pro": { data: [TEMPLATE], count: 1, total: 1 },
      "GET /api/event-template-pro": { data: TASKS, count: 3, total: 3 },
      "GET /api/zone": { data: ZONES, count: ZONES.length, total: ZONES.length },
      "POST /api/sequence": {
        status: 400,
        body: {
          code: "cannot_instantiate_on_that_zone_typology",
          // The key decides the text shown (spec 000 section 8), not the server's message.
          message: "Wrong zone typology",
        },
      },
    });
    const onClose = vi.fn();
    wrap(
      <InstantiateDialog
        open
        projectId={7}
        versionId={11}
        calendars={NO_HOLIDAYS}
        references={[]}
        referenceDaysOf={() => null}
        defaultStartDate="2024-01-01"
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole("dialog");
    // Nothing chosen: the checks name what is missing.
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Modèle de séquence/ })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole("button", { name: "Instancier" }));
    const alerts = await within(dialog).findAllByRole("alert");
    expect(alerts.map((a) => a.textContent)).toContain("Choisissez un modèle de séquence");
    expect(alerts.map((a) => a.textContent)).toContain("Choisissez au moins une zone");
    await userEvent.click(within(dialog).getByRole("combobox", { name: /Modèle de séquence/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Second œuvre" }));
    await userEvent.click(await within(dialog).findByRole("checkbox", { name: "Bâtiment A / R+1" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Instancier" }));
    await waitFor(() =>
      expect(useToasts.getState().items.map((x) => x.message)).toContain(
        "Impossible d'instancier sur cette typologie de zone.",
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
