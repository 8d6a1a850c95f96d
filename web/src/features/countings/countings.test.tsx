import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Providers } from "../../app/App";
import { OfflineDb, setOfflineDb } from "../../offline/db";
import { queueSnapshot, refreshQueue } from "../../offline/queue";
import { setSender } from "../../offline/sync";
import { makeProject, mockApi, selectProject, signIn, users, type Handler } from "../../test/render";
import { countingsApi } from "../../api/countings";
import CountingsPage from "./CountingsPage";
import CountingEventPage from "./CountingEventPage";
import { CountingTab } from "./CountingTab";
import { parsePercent, periodOf, shiftPeriod } from "./format";

const list = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });
const task = (id: number, name: string, extra: object = {}) => ({
  id,
  name,
  type: "task",
  startDate: "2026-11-23",
  endDate: "2026-11-27",
  numberOfDays: 5,
  numberOfPeople: 2,
  participantGroupProId: 41,
  participantId: null,
  tags: [],
  lastCounting: null,
  theoreticalProgress: 60,
  ...extra,
});
const counting = (id: number, eventId: number, name: string, percentage: number, countingDate = "2026-11-24") => ({
  id,
  eventId,
  percentage,
  countingDate,
  clientKey: null,
  event: { id: eventId, name, participantGroupProId: 41, participantId: null },
  user: { id: 2, firstName: "Marc", lastName: "Manager" },
  createdAt: "2026-11-24T09:00:00.000Z",
});

let n = 0;
beforeEach(async () => {
  const db = new OfflineDb(`screen-${++n}`);
  setOfflineDb(db);
  await db.open();
  await refreshQueue();
  setSender((b) => countingsApi.create(b));
  signIn(users.manager);
});

function renderAt(path: string) {
  selectProject(makeProject({ id: 7, currentVersionId: 11, signedVersionId: 11 }));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/countings", element: <CountingsPage /> },
      { path: "/dashboard/counting/:eventType/:eventId", element: <CountingEventPage /> },
      { path: "/dashboard/counting/:eventType/:eventId/zone/:zoneId", element: <CountingEventPage /> },
      { path: "/dashboard/macro-task/:id/:tab", element: <p>Onglet de la macro-tâche</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function handlers(post: Handler) {
  return {
    "GET /api/participant-group-pro": list([{ id: 41, name: "Plomberie" }]),
    "GET /api/participant": list([]),
    "GET /api/tag": list([{ id: 71, name: "Second oeuvre" }]),
    "GET /api/event": list([task(1, "Cloisons R+1"), task(2, "Peinture R+2", { tags: [{ id: 71 }] })]),
    "GET /api/counting/all": list([counting(9, 1, "Cloisons R+1", 25)]),
    "POST /api/counting": post,
  };
}

describe("countings list", () => {
  it("lists the period's tasks of the signed version with their filters and counts one with its key", async () => {
    const { calls } = mockApi(
      handlers(({ body }) => ({ ...counting(10, 2, "Peinture R+2", 50), ...(body as object) })),
    );
    renderAt("/dashboard/countings");
    const table = await screen.findByRole("table", { name: "Tâches de la période" });
    await within(table).findByText("Peinture R+2");
    const eventCall = calls.find((c) => c.path === "/api/event")!;
    const filters = eventCall.query.getAll("filter");
    expect(filters).toContain("versionId||$eq||11");
    expect(filters.some((f) => f.startsWith("startDate||$lte||"))).toBe(true);
    // The last counting of the period is shown.
    expect(within(table).getByText("25 % (24/11/2026)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "50 % pour Peinture R+2" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({ eventId: 2, percentage: 50 });
    expect((post.body as { clientKey: string }).clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(queueSnapshot().pending).toHaveLength(0));
    // The tag filter keeps the tagged task only.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Étiquette" }), "71");
    await waitFor(() => expect(within(table).queryByText("Cloisons R+1")).not.toBeInTheDocument());
    expect(within(table).getByText("Peinture R+2")).toBeInTheDocument();
  });

  it("shows the period's sequences and macro-tasks summed from their sub-events", async () => {
    const group = (type: string, id: number, name: string, extra: object) => ({
      type,
      id,
      name,
      numberOfDays: 10,
      numberOfPeople: 4,
      tasks: 2,
      countedTasks: 1,
      progress: 12.5,
      theoreticalProgress: 60,
      finished: false,
      ...extra,
    });
    const { calls } = mockApi({
      ...handlers(() => ({})),
      "GET /api/event": list([
        task(1, "Cloisons R+1", { sequenceId: 5, macroTaskId: 8 }),
        task(2, "Peinture R+2", { sequenceId: 5 }),
      ]),
      "GET /api/counting/progress": list([
        group("sequence", 5, "Logement 1", {}),
        group("macroTask", 8, "Second œuvre", {
          numberOfDays: 5,
          numberOfPeople: 2,
          tasks: 1,
          progress: 100,
          finished: true,
        }),
      ]),
    });
    renderAt("/dashboard/countings");
    const table = await screen.findByRole("table", { name: "Tâches avec sous-tâches" });
    const sequence = (await within(table).findByText("Logement 1")).closest("tr")!;
    expect(sequence).toHaveTextContent("Séquence");
    expect(sequence).toHaveTextContent("1 / 2");
    expect(sequence).toHaveTextContent("12,5 %");
    expect(sequence).toHaveTextContent("60 %");
    const macro = within(table).getByText("Second œuvre").closest("tr")!;
    expect(macro).toHaveTextContent("Macro-tâche");
    expect(macro).toHaveTextContent("Terminée");
    // Each opens its counting: the sequence's screen, the macro-task's own counting tab.
    expect(within(sequence).getByRole("link", { name: "Ouvrir le comptage de Logement 1" })).toHaveAttribute(
      "href",
      "/dashboard/counting/sequence/5",
    );
    expect(within(macro).getByRole("link", { name: "Ouvrir le comptage de Second œuvre" })).toHaveAttribute(
      "href",
      "/dashboard/macro-task/8/counting",
    );
    // The groups are those of the tasks on screen, at the counting date.
    const call = calls.find((c) => c.path === "/api/counting/progress")!;
    expect([call.query.get("sequenceIds"), call.query.get("macroTaskIds"), call.query.get("versionId")]).toEqual([
      "5",
      "8",
      "11",
    ]);
    expect(call.query.get("date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("keeps a counting made without network, shows it waiting with its count, then sends it with the same key", async () => {
    let online = false;
    const { calls } = mockApi(
      handlers(({ body }) => (online ? counting(10, 1, "Cloisons R+1", 75) : { status: 503, body })),
    );
    renderAt("/dashboard/countings");
    await screen.findByText("Peinture R+2");
    await userEvent.click(screen.getByRole("button", { name: "75 % pour Cloisons R+1" }));
    await userEvent.click(screen.getByRole("button", { name: "25 % pour Peinture R+2" }));
    const panel = await screen.findByTestId("countings-pending");
    await waitFor(() =>
      expect(within(panel).getByText("2 comptages en attente de synchronisation")).toBeInTheDocument(),
    );
    expect(within(panel).getByText(/Cloisons R\+1 : 75 %/)).toBeInTheDocument();
    expect(screen.getAllByText("en attente de synchronisation").length).toBeGreaterThan(0);
    online = true;
    await userEvent.click(within(panel).getByRole("button", { name: "Synchroniser" }));
    await waitFor(() => expect(screen.queryByTestId("countings-pending")).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === "POST").map((c) => c.body as { eventId: number; clientKey: string });
    const first = posts.filter((p) => p.eventId === 1);
    // Tried offline, then retried: one key for each counting, the same on every attempt; sent in order.
    expect(new Set(first.map((p) => p.clientKey)).size).toBe(1);
    const lastRound = posts.slice(-2).map((p) => p.eventId);
    expect(lastRound).toEqual([1, 2]);
  });

  it("shows a refusal at sync time per counting, with the catalogue's text, until it is removed", async () => {
    let online = false;
    mockApi(
      handlers(() =>
        online
          ? {
              status: 409,
              body: { code: "counting_unsigned_version", message: "Impossible de compter sur une version non signée." },
            }
          : { status: 503 },
      ),
    );
    renderAt("/dashboard/countings");
    await screen.findByText("Peinture R+2");
    await userEvent.click(screen.getByRole("button", { name: "100 % pour Peinture R+2" }));
    await screen.findByTestId("countings-pending");
    online = true;
    await userEvent.click(screen.getByRole("button", { name: "Synchroniser" }));
    const refused = await screen.findByTestId("countings-refused");
    expect(within(refused).getByText("1 comptage refusé à la synchronisation")).toBeInTheDocument();
    expect(
      within(refused).getByText(/Peinture R\+2 : 100 %.*Impossible de compter sur une version non signée\./),
    ).toBeInTheDocument();
    await userEvent.click(within(refused).getByRole("button", { name: "Retirer le comptage refusé de Peinture R+2" }));
    await waitFor(() => expect(screen.queryByTestId("countings-refused")).not.toBeInTheDocument());
  });

  it("says so when the project has no signed version", async () => {
    mockApi({});
    selectProject(makeProject({ id: 7, currentVersionId: 11, signedVersionId: null }));
    const router = createMemoryRouter([{ path: "/", element: <CountingsPage /> }]);
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(await screen.findByText(/Aucune version signée/)).toBeInTheDocument();
  });
});

describe("one task's counting", () => {
  it("counts another value in a zone, refuses out of range with the catalogue's text, and lists the history", async () => {
    const { calls } = mockApi({
      "GET /api/event/1": task(1, "Cloisons R+1", { lastCounting: { percentage: 25, countingDate: "2026-11-24" } }),
      "GET /api/counting/all": list([counting(9, 1, "Cloisons R+1", 25)]),
      "POST /api/counting": ({ body }: { body: unknown }) => ({
        ...counting(10, 1, "Cloisons R+1", 40),
        ...(body as object),
      }),
    });
    renderAt("/dashboard/counting/task/1/zone/5");
    await screen.findByRole("heading", { name: "Cloisons R+1" });
    expect(screen.getByText(/Avancement théorique : 60 %/)).toBeInTheDocument();
    const other = screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+1" });
    await userEvent.type(other, "120");
    await userEvent.click(screen.getByRole("button", { name: "Valider" }));
    expect(await screen.findByText("L'avancement doit être supérieur à 0 et au plus 100.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.clear(other);
    await userEvent.type(other, "40,5");
    await userEvent.click(screen.getByRole("button", { name: "Valider" }));
    expect(await screen.findByText(/Avancement enregistré : 40.5 %/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ eventId: 1, percentage: 40.5, zoneId: 5 });
    const history = screen.getByRole("table", { name: "Comptages de la tâche" });
    expect(within(history).getByText("25 %")).toBeInTheDocument();
  });

  it("shows a refusal at once (task not started) without keeping the counting", async () => {
    mockApi({
      "GET /api/event/1": task(1, "Cloisons R+1"),
      "GET /api/counting/all": list([]),
      "POST /api/counting": { status: 400, body: { code: "counting_unstarted_task", message: "x" } },
    });
    renderAt("/dashboard/counting/task/1");
    await screen.findByRole("heading", { name: "Cloisons R+1" });
    await userEvent.click(screen.getByRole("button", { name: "25 % pour Cloisons R+1" }));
    expect(await screen.findByText("Impossible de compter une tâche non commencée.")).toBeInTheDocument();
    expect(queueSnapshot().pending).toHaveLength(0);
    expect(queueSnapshot().refused).toHaveLength(0);
  });
});

describe("counting addresses by type and zone", () => {
  it("links each task's zone to its counting in that zone from the countings list", async () => {
    mockApi({
      ...handlers(() => ({})),
      "GET /api/event": list([task(1, "Cloisons R+1", { zoneId: 3 }), task(2, "Peinture R+2")]),
      "GET /api/zone": list([{ id: 3, name: "R+1", fullName: "Bâtiment A / R+1" }]),
    });
    renderAt("/dashboard/countings");
    const table = await screen.findByRole("table", { name: "Tâches de la période" });
    const link = await within(table).findByRole("link", { name: "Compter Cloisons R+1 dans la zone Bâtiment A / R+1" });
    expect(link).toHaveAttribute("href", "/dashboard/counting/task/1/zone/3");
    expect(within(table).getByRole("link", { name: "Ouvrir le comptage de Peinture R+2" })).toHaveAttribute(
      "href",
      "/dashboard/counting/task/2",
    );
  });

  it("counts a sequence through its tasks of the zone, with its weighted progress", async () => {
    const { calls } = mockApi({
      "GET /api/sequence/5": { id: 5, name: "Logement 1", versionId: 11, projectId: 7 },
      "GET /api/zone/3": { id: 3, name: "R+1", fullName: "Bâtiment A / R+1" },
      "GET /api/event": list([task(1, "Cloisons R+1", { sequenceId: 5, zoneId: 3 })]),
      "GET /api/counting/progress": list([
        {
          type: "sequence",
          id: 5,
          name: "Logement 1",
          numberOfDays: 10,
          numberOfPeople: 4,
          tasks: 2,
          countedTasks: 1,
          progress: 12.5,
          theoreticalProgress: 60,
          finished: false,
        },
      ]),
      "POST /api/counting": ({ body }: { body: unknown }) => ({
        ...counting(10, 1, "Cloisons R+1", 50),
        ...(body as object),
      }),
    });
    renderAt("/dashboard/counting/sequence/5/zone/3");
    await screen.findByRole("heading", { name: "Logement 1" });
    expect(await screen.findByText("Zone : Bâtiment A / R+1")).toBeInTheDocument();
    expect(await screen.findByTestId("sequence-progress")).toHaveTextContent(
      "Avancement 12,5 % (théorique 60 %) ; 1 tâche(s) comptée(s) sur 2",
    );
    const table = await screen.findByRole("table", { name: "Tâches de la séquence" });
    expect(await within(table).findByRole("link", { name: "Ouvrir le comptage de Cloisons R+1" })).toHaveAttribute(
      "href",
      "/dashboard/counting/task/1/zone/3",
    );
    const filters = calls.find((c) => c.path === "/api/event")!.query.getAll("filter");
    expect(filters).toEqual(expect.arrayContaining(["versionId||$eq||11", "sequenceId||$eq||5", "zoneId||$eq||3"]));
    expect(calls.find((c) => c.path === "/api/counting/progress")!.query.get("sequenceIds")).toBe("5");
    await userEvent.click(within(table).getByRole("button", { name: "50 % pour Cloisons R+1" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ eventId: 1, percentage: 50, zoneId: 3 });
  });

  it("leads a macro-task to its counting tab and says an unknown type is no counting", async () => {
    mockApi({});
    const router = renderAt("/dashboard/counting/macro-task/8");
    expect(await screen.findByText("Onglet de la macro-tâche")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/macro-task/8/counting");
    router.dispose();
    renderAt("/dashboard/counting/milestone/4");
    expect(await screen.findByRole("alert")).toHaveTextContent("« milestone » n'est pas un comptage");
  });
});

describe("the task modal's Comptage tab", () => {
  it("shows the task's progress, counts it and reloads its history", async () => {
    let counted = false;
    const { calls } = mockApi({
      "GET /api/event/1": () =>
        task(1, "Cloisons R+1", {
          lastCounting: counted ? { percentage: 50, countingDate: "2026-11-25" } : null,
          theoreticalProgress: 60,
        }),
      "GET /api/counting/all": () => list(counted ? [counting(10, 1, "Cloisons R+1", 50, "2026-11-25")] : []),
      "POST /api/counting": ({ body }: { body: unknown }) => {
        counted = true;
        return { ...counting(10, 1, "Cloisons R+1", 50), ...(body as object) };
      },
    });
    render(
      <Providers>
        <CountingTab projectId={7} event={{ id: 1, name: "Cloisons R+1" }} />
      </Providers>,
    );
    expect(await screen.findByText("Avancement théorique : 60 %")).toBeInTheDocument();
    expect(await screen.findByText("Aucun comptage pour cette tâche.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "50 % pour Cloisons R+1" }));
    expect(await screen.findByText("Dernier avancement : 50 % (25/11/2026)")).toBeInTheDocument();
    const history = screen.getByRole("table", { name: "Comptages de la tâche" });
    await within(history).findByText("50 %");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});

describe("helpers", () => {
  it("reads percentages and periods", () => {
    expect(parsePercent("33,5")).toBe(33.5);
    expect(parsePercent("abc")).toBeNull();
    expect(periodOf("2026-11-25", "week")).toEqual({ start: "2026-11-23", end: "2026-11-29" });
    expect(periodOf("2026-02-10", "month")).toEqual({ start: "2026-02-01", end: "2026-02-28" });
    expect(periodOf("2026-03-29", "week")).toEqual({ start: "2026-03-23", end: "2026-03-29" });
    expect(shiftPeriod("2026-01-31", "month", 1)).toBe("2026-02-28");
    expect(shiftPeriod("2026-11-25", "week", -1)).toBe("2026-11-18");
  });
});
