import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import type { MacroTaskItem } from "../../api/referenceMore";
import { OfflineDb, setOfflineDb } from "../../offline/db";
import { queueSnapshot, refreshQueue } from "../../offline/queue";
import { setBatchSender, setSender, syncNow } from "../../offline/sync";
import { mockApi, signIn, users } from "../../test/render";
import { countingsApi } from "../../api/countings";
import { MacroTaskCountingTab } from "./MacroTaskCountingTab";

let n = 0;
beforeEach(async () => {
  const db = new OfflineDb(`macro-${++n}`);
  setOfflineDb(db);
  await db.open();
  await refreshQueue();
  setSender((b) => countingsApi.create(b));
  setBatchSender((b) => countingsApi.macroTask(b));
  signIn(users.manager);
});

const macroTask = {
  id: 5,
  projectId: 7,
  name: "Cloisons",
  globalCounting: 42.5,
  isComplete: false,
} as MacroTaskItem;
const task = (id: number, name: string) => ({
  id,
  name,
  type: "task",
  startDate: "2026-11-02",
  endDate: "2026-11-20",
  lastCounting: id === 1 ? { percentage: 30, countingDate: "2026-11-10" } : null,
  theoreticalProgress: null,
});

function renderTab(onCounted = vi.fn()) {
  render(
    <Providers>
      <MacroTaskCountingTab macroTask={macroTask} versionId={11} onCounted={onCounted} />
    </Providers>,
  );
  return onCounted;
}

describe("macro-task counting tab", () => {
  it("shows the global progression and sends the typed percentages of its tasks at once", async () => {
    const { calls } = mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1"), task(2, "Cloisons R+2")], count: 2, total: 2 },
      "PATCH /api/macro-task/counting": { data: [] },
    });
    const onCounted = renderTab();
    expect(screen.getByText("Avancement global : 42,5 %")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Tâches de la macro-tâche" });
    await within(table).findByText("Cloisons R+2");
    expect(calls.find((c) => c.path === "/api/event")!.query.getAll("filter")).toContain("macroTaskId||$eq||5");
    expect(within(table).getByText("30 % (10/11/2026)")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+1" }), "50");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+2" }), "12,5");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 2 avancements" }));
    await waitFor(() => expect(onCounted).toHaveBeenCalled());
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.body).toMatchObject({
      macroTaskId: 5,
      countings: [
        { eventId: 1, percentage: 50 },
        { eventId: 2, percentage: 12.5 },
      ],
    });
  });

  it("keeps the batch without network, shows each task waiting, then sends it once with the same keys", async () => {
    let online = false;
    const { calls } = mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1"), task(2, "Cloisons R+2")], count: 2, total: 2 },
      "PATCH /api/macro-task/counting": ({ body }: { body: unknown }) =>
        online
          ? {
              data: (body as { countings: { eventId: number; clientKey: string }[] }).countings.map((c, k) => ({
                id: 90 + k,
                eventId: c.eventId,
                clientKey: c.clientKey,
              })),
            }
          : { status: 503, body: {} },
    });
    const onCounted = renderTab();
    await screen.findByText("Cloisons R+2");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+1" }), "50");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+2" }), "25");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 2 avancements" }));
    const panel = await screen.findByTestId("countings-pending");
    await waitFor(() =>
      expect(within(panel).getByText("2 comptages en attente de synchronisation")).toBeInTheDocument(),
    );
    expect(within(panel).getByText(/Cloisons R\+2 : 25 %/)).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Tâches de la macro-tâche" });
    expect(within(table).getAllByText("en attente de synchronisation")).toHaveLength(2);
    await waitFor(() => expect(onCounted).toHaveBeenCalled());
    const first = calls.filter((c) => c.method === "PATCH");
    expect(first).toHaveLength(1);

    online = true;
    await syncNow();
    await waitFor(() => expect(queueSnapshot().pending).toHaveLength(0));
    const patches = calls.filter((c) => c.method === "PATCH");
    expect(patches).toHaveLength(2);
    // One call for the batch, the same key per line on every attempt.
    const keys = (c: (typeof patches)[number]) =>
      (c.body as { countings: { clientKey: string }[] }).countings.map((l) => l.clientKey);
    expect(keys(patches[1])).toEqual(keys(patches[0]));
    expect(new Set(keys(patches[1])).size).toBe(2);
    expect(patches[1].body).toMatchObject({
      macroTaskId: 5,
      countings: [
        { eventId: 1, percentage: 50 },
        { eventId: 2, percentage: 25 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId("countings-pending")).not.toBeInTheDocument());
  });

  it("keeps every line of a batch refused at sync time, with the catalogue's text", async () => {
    let online = false;
    mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1"), task(2, "Cloisons R+2")], count: 2, total: 2 },
      "PATCH /api/macro-task/counting": () =>
        online ? { status: 409, body: { code: "counting_unsigned_version", message: "x" } } : { status: 503, body: {} },
    });
    renderTab();
    await screen.findByText("Cloisons R+2");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+1" }), "50");
    await userEvent.type(screen.getByRole("textbox", { name: "Avancement (%) de Cloisons R+2" }), "25");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 2 avancements" }));
    await screen.findByTestId("countings-pending");
    online = true;
    // A sync started while offline may still be in flight (a loaded machine): syncNow then leaves it alone and
    // the queue waits for its backoff, so sync again until the server's refusal is in.
    await waitFor(async () => {
      await syncNow();
      expect(queueSnapshot().refused).toHaveLength(2);
    });
    const refused = await screen.findByTestId("countings-refused");
    expect(within(refused).getByText("2 comptages refusés à la synchronisation")).toBeInTheDocument();
    expect(within(refused).getAllByText(/Impossible de compter sur une version non signée/)).toHaveLength(2);
    expect(queueSnapshot().refused).toHaveLength(2);
  });

  it("refuses out of range before sending and shows the server's refusal with the catalogue's text", async () => {
    const { calls } = mockApi({
      "GET /api/event": { data: [task(1, "Cloisons R+1")], count: 1, total: 1 },
      "PATCH /api/macro-task/counting": { status: 409, body: { code: "counting_unsigned_version", message: "x" } },
    });
    renderTab();
    const input = await screen.findByRole("textbox", { name: "Avancement (%) de Cloisons R+1" });
    await userEvent.type(input, "0");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 1 avancement" }));
    expect(await screen.findByText("L'avancement doit être supérieur à 0 et au plus 100.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, "40");
    await userEvent.click(screen.getByRole("button", { name: "Enregistrer 1 avancement" }));
    expect(await screen.findByText("Impossible de compter sur une version non signée.")).toBeInTheDocument();
  });
});
