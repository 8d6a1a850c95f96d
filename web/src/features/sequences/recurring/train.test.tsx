import { describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "../../../test/render";
import { useToasts } from "../../../store/toasts";
import { PROJECT_ID, VERSION_ID, makeEvent, makeSequence, renderScreen } from "../../events/testing";
import type { RealtimePayload } from "../../../api/types";
import { handleRealtimeEvent } from "../../../realtime/handleEvent";
import { instancesOf, recurringBody, recurringValuesOf, type TrainSequence } from "./train";

const CONFIG = {
  id: 60,
  type: "recurring" as const,
  sequenceTemplateProId: 9,
  takt: 5,
  delayWithReferenceEvent: 0,
  startDate: "2024-01-01",
  referenceEventId: null,
  milestoneReferenceType: null,
  showStartMilestone: true,
  showEndMilestone: true,
  zoneIds: [1, 2],
  eventTemplateOverrides: {},
};
const ZONES = [
  { id: 1, name: "R+1", fullName: "R+1", parentId: 10, typology: "Niveau", position: 1 },
  { id: 2, name: "R+2", fullName: "R+2", parentId: 10, typology: "Niveau", position: 2 },
  { id: 3, name: "R+3", fullName: "R+3", parentId: 10, typology: "Niveau", position: 3 },
  { id: 10, name: "Bâtiment A", fullName: "Bâtiment A", parentId: null, typology: "Bâtiment", position: 0 },
  { id: 5, name: "Site", fullName: "Site", parentId: null, typology: "Extérieurs", position: 0 },
];
const inTrain = { instantiationConfigId: 60, sequenceType: "recurring" as const };
const EVENTS = [
  makeEvent({
    id: 201,
    name: "Cloisons",
    zoneId: 1,
    sequenceId: 51,
    eventTemplateProId: 101,
    ...inTrain,
    startDate: "2024-01-01",
    endDate: "2024-01-05",
  }),
  makeEvent({
    id: 202,
    name: "Peinture",
    zoneId: 1,
    sequenceId: 51,
    eventTemplateProId: 103,
    ...inTrain,
    startDate: "2024-01-11",
    endDate: "2024-01-16",
  }),
  makeEvent({
    id: 203,
    name: "Cloisons",
    zoneId: 2,
    sequenceId: 52,
    eventTemplateProId: 101,
    ...inTrain,
    startDate: "2024-01-08",
    endDate: "2024-01-12",
  }),
  makeEvent({
    id: 204,
    name: "Peinture",
    zoneId: 2,
    sequenceId: 52,
    eventTemplateProId: 103,
    ...inTrain,
    startDate: "2024-01-18",
    endDate: "2024-01-23",
  }),
];
const TRAIN: TrainSequence = {
  ...makeSequence({ id: 50, name: "Second œuvre" }),
  instantiationConfigId: 60,
  sequenceTemplateProId: 9,
  synchronizableStatus: "partial",
  instantiationConfig: CONFIG,
  subsequences: [
    { id: 51, name: "Second œuvre — R+1", zoneId: 1, instanceIndex: 1 },
    { id: 52, name: "Second œuvre — R+2", zoneId: 2, instanceIndex: 2 },
  ],
  events: EVENTS,
};

describe("train helpers", () => {
  it("lists the instances in train order with their dates, and sends only the changed settings", () => {
    expect(instancesOf(TRAIN, EVENTS)).toEqual([
      { index: 1, zoneId: 1, sequenceId: 51, tasks: 2, startDate: "2024-01-01", endDate: "2024-01-16" },
      { index: 2, zoneId: 2, sequenceId: 52, tasks: 2, startDate: "2024-01-08", endDate: "2024-01-23" },
    ]);
    const v = recurringValuesOf(CONFIG);
    expect(recurringBody({ ...v, takt: "3" }, v, false)).toEqual({ takt: 3 });
    expect(recurringBody(v, v, false)).toEqual({});
    expect(
      recurringBody(
        { ...v, milestoneReferenceType: "latest", referenceEventId: 8 },
        { ...v, referenceEventId: 7 },
        true,
      ),
    ).toEqual({ referenceEventId: 8, milestoneReferenceType: "latest" });
  });
});

describe("sequence page of a train", () => {
  function api(extra: Record<string, unknown> = {}) {
    return mockApi({
      "GET /api/sequence/50": TRAIN,
      "GET /api/event": { data: [], count: 0, total: 0 },
      "GET /api/zone": { data: ZONES, count: ZONES.length, total: ZONES.length },
      "GET /api/sequence-template-pro/9": {
        id: 9,
        name: "Modèle second œuvre",
        color: null,
        typology: ["Niveau"],
        synchronizableStatus: "partial",
      },
      ...extra,
    });
  }

  it("shows the instances per zone with their dates, the takt and the sync status; synchronises with its result", async () => {
    const { calls } = api({
      "POST /api/sequence-template-pro/9/synchronize": {
        // A body with a "status" field: given as {status, body} so that the fake fetch does not read it as the HTTP status.
        status: 200,
        body: {
          status: "partial",
          reasons: [
            {
              code: "task_started_kept",
              message: "« Cloisons » (R+1) a commencé : elle est conservée.",
              eventId: 201,
              eventTemplateProId: 101,
              zoneId: 1,
            },
          ],
          added: 0,
          removed: 1,
          updated: 2,
        },
      },
    });
    renderScreen("/dashboard/sequence/50");
    const section = await screen.findByTestId("train-section");
    expect(await within(section).findByText(/Modèle second œuvre/)).toBeInTheDocument();
    expect(within(section).getByTestId("train-takt")).toHaveTextContent("Takt (jours ouvrés) : 5");
    const table = within(section).getByRole("table", { name: "Instances de la séquence par zone" });
    await waitFor(() => expect(within(table).getByRole("row", { name: /R\+1/ })).toHaveTextContent("01/01/2024"));
    expect(within(table).getByRole("row", { name: /R\+1/ })).toHaveTextContent("16/01/2024");
    expect(within(table).getByRole("row", { name: /R\+2/ })).toHaveTextContent("23/01/2024");
    expect(within(section).getByTestId("sync-status")).toHaveTextContent("Partielle");
    await userEvent.click(within(section).getByRole("button", { name: "Synchroniser" }));
    const reasons = await within(section).findByRole("list", { name: "Éléments non synchronisés" });
    expect(reasons).toHaveTextContent("« Cloisons » (R+1) a commencé : elle est conservée.");
    expect(within(section).getByText("Synchronisation partielle : 1 élément(s) non mis à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ projectId: PROJECT_ID, versionId: VERSION_ID });
  });

  it("follows the sync status live: partial from a sync's start, ok at its end, partial after its error", async () => {
    api({
      "GET /api/sequence-template-pro/9": {
        id: 9,
        name: "Modèle second œuvre",
        color: null,
        typology: ["Niveau"],
        synchronizableStatus: "ok",
      },
    });
    renderScreen("/dashboard/sequence/50");
    const section = await screen.findByTestId("train-section");
    const badge = () => within(section).getByTestId("sync-status");
    await waitFor(() => expect(badge()).toHaveTextContent("Synchronisée"));
    const live = (name: string, over: Partial<RealtimePayload>) =>
      act(() =>
        handleRealtimeEvent(
          name,
          { event: "reference:update", projectId: PROJECT_ID, versionId: null, initiatorId: 77, ids: [9], ...over },
          { userId: 1, isAdmin: false, pathname: "/dashboard/sequence/50", navigate: () => undefined },
        ),
      );
    const started = { data: { resource: "sequenceTemplatePro", synchronizableStatus: "partial" } };
    // Another template's sync, or another project's, leaves this one alone.
    live("reference:update", { ...started, ids: [10] });
    live("reference:update", { ...started, projectId: PROJECT_ID + 1 });
    expect(badge()).toHaveTextContent("Synchronisée");
    // A colleague's sync starts, then ends: the room's announcements.
    live("reference:update", started);
    expect(badge()).toHaveTextContent("Partielle");
    live("reference:update", { data: { resource: "sequenceTemplatePro", synchronizableStatus: "ok" } });
    expect(badge()).toHaveTextContent("Synchronisée");
    // This user's sync: its end (to the initiator), then a failed one (the error twin) leaves it partial.
    live("reference:update", started);
    live("sequenceTemplate:endSync", { event: "sequenceTemplate:endSync", initiatorId: 1, data: { status: "ok" } });
    expect(badge()).toHaveTextContent("Synchronisée");
    live("reference:update", started);
    live("sequenceTemplate:endSync:error", {
      event: "sequenceTemplate:endSync:error",
      initiatorId: 1,
      code: "errors.cycle",
    });
    expect(badge()).toHaveTextContent("Partielle");
    live("sequenceTemplate:endSync", { event: "sequenceTemplate:endSync", initiatorId: 1, data: { status: "ok" } });
    live("sequenceTemplate:endSync:error", { event: "sequenceTemplate:endSync:error", initiatorId: 1 });
    expect(badge()).toHaveTextContent("Partielle");
  });

  it("changes the takt and the zones through PATCH /event/recurring/{id}", async () => {
    const { calls } = api({
      "PATCH /api/event/recurring/60": { id: 50, instantiationConfigId: 60, events: [], warnings: [] },
    });
    renderScreen("/dashboard/sequence/50");
    const section = await screen.findByTestId("train-section");
    const takt = await within(section).findByRole("spinbutton", { name: "Takt (jours ouvrés)" });
    await userEvent.clear(takt);
    await userEvent.type(takt, "3");
    await userEvent.click(within(section).getByRole("button", { name: "Enregistrer les paramètres" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
        { takt: 3, projectId: PROJECT_ID, versionId: VERSION_ID },
      ]),
    );
    // Zones: Site is refused (typology), R+3 is added at the end of the train.
    expect(await within(section).findByRole("checkbox", { name: "Site" })).toBeDisabled();
    await userEvent.click(within(section).getByRole("checkbox", { name: "Bâtiment A / R+3" }));
    await userEvent.click(within(section).getByRole("button", { name: "Monter Bâtiment A / R+3" }));
    await userEvent.click(within(section).getByRole("button", { name: "Enregistrer les zones" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)[1]).toEqual({
        zoneIds: [1, 3, 2],
        projectId: PROJECT_ID,
        versionId: VERSION_ID,
      }),
    );
    await waitFor(() =>
      expect(useToasts.getState().items.map((x) => x.message)).toContain("Zones de la séquence mises à jour."),
    );
  });
});

describe("task modal's sequence tabs", () => {
  it("shows a train's task in every zone, and the train's settings and zones, in their tabs", async () => {
    mockApi({
      "GET /api/event/203": { ...EVENTS[2], parentsEvents: [], childrenEvents: [] },
      "GET /api/sequence/52": {
        ...makeSequence({ id: 52, name: "Second œuvre — R+2", zoneId: 2 }),
        parentSequenceId: 50,
        // The server joins the train's config on its instances too.
        instantiationConfigId: 60,
        instantiationConfig: CONFIG,
        events: EVENTS.slice(2),
      },
      "GET /api/sequence/50": TRAIN,
      "GET /api/zone": { data: ZONES, count: ZONES.length, total: ZONES.length },
      "GET /api/sequence-template-pro/9": { id: 9, name: "Modèle second œuvre", color: null, typology: ["Niveau"] },
      "GET /api/event": { data: [], count: 0, total: 0 },
    });
    renderScreen("/dashboard/event/203");
    const tab = await screen.findByRole("tab", { name: "Tâche récurrente" });
    expect(screen.getByRole("tab", { name: "Séquence récurrente" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Mise à jour des zones" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Séquence individuelle" })).toBeNull();
    await userEvent.click(tab);
    const table = await screen.findByRole("table", { name: "La même tâche du modèle dans chaque zone du train" });
    await waitFor(() => expect(within(table).getByRole("row", { name: /R\+1/ })).toHaveTextContent("05/01/2024"));
    expect(within(table).getByRole("row", { name: /R\+2/ })).toHaveTextContent("12/01/2024");
    expect(within(table).queryByText("Peinture")).toBeNull();
    await userEvent.click(screen.getByRole("tab", { name: "Séquence récurrente" }));
    expect(await screen.findByRole("button", { name: "Synchroniser" })).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: "Takt (jours ouvrés)" })).toHaveValue(5);
    await userEvent.click(screen.getByRole("tab", { name: "Mise à jour des zones" }));
    expect(await screen.findByRole("button", { name: "Enregistrer les zones" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Bâtiment A / R+2" })).toBeChecked();
  });
});

describe("sequences list", () => {
  it("names a train's type, takt and sync status, and its instances as such", async () => {
    const { calls } = mockApi({
      "GET /api/sequence": {
        data: [
          { ...TRAIN, synchronizableStatus: "ok" },
          {
            ...makeSequence({ id: 51, name: "Second œuvre — R+1", zoneId: 1 }),
            parentSequenceId: 50,
            instantiationConfigId: 60,
            instantiationConfig: CONFIG,
          },
        ],
        count: 2,
        total: 2,
      },
    });
    renderScreen("/dashboard/sequences");
    const list = await screen.findByRole("table", { name: "Liste des séquences" });
    await within(list).findByRole("link", { name: "Second œuvre" });
    const rowOf = (name: string) =>
      within(list)
        .getAllByRole("row")
        .find((r) => within(r).queryByRole("link", { name }) !== null)!;
    const train = rowOf("Second œuvre");
    expect(train).toHaveTextContent("Séquence récurrente");
    expect(train).toHaveTextContent("Synchronisée");
    const instance = rowOf("Second œuvre — R+1");
    expect(instance).toHaveTextContent("Instance d'un train");
    expect(instance).not.toHaveTextContent("Séquence récurrente");
    expect(calls.find((c) => c.path === "/api/sequence")?.query.get("join")).toBe("instantiationConfig");
  });
});
