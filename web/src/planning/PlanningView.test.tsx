import { describe, expect, it, vi } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { parseDay } from "@jalon/engine";
import type { PlanningData } from "@jalon/shared/planning";
import { mockApi } from "../test/render";
import { PlanningView, type PlanningViewProps } from "./PlanningView";
import { smallPlanning } from "./testData";
import { toWire } from "@jalon/shared/planning";
import { usePlanningStore } from "./planningStore";
import type { PlanningTestApi } from "./session/testApiTypes";

// jsdom has no 2D canvas: the Konva stages are left out, the view's state is read through the session's test API.
vi.mock("./GanttCanvas", () => ({ GanttCanvas: () => null }));
vi.mock("./TimeHeader", () => ({ TimeHeader: () => null, HEADER_HEIGHT: 44 }));

/** The session's test API, as browser tests read it (session/testApiTypes.ts). */
const hook = () => (window as unknown as { __jalonPlanning?: PlanningTestApi }).__jalonPlanning;

/** The small planning, every event free (the engine refuses a locked event without a requested start). */
function planning(): PlanningData {
  const d = smallPlanning();
  d.graph.locked = d.graph.locked.map(() => 0);
  return d;
}

/** The small planning with event 3 (Dallage) on the given days, as the server would answer after a write. */
function withDallage(start: string, end: string): PlanningData {
  const d = planning();
  const k = d.graph.ids.indexOf(3);
  d.graph.startDay[k] = parseDay(start);
  d.graph.endDay[k] = parseDay(end);
  return d;
}

describe("planning view, dates pushed by another user's move", () => {
  it("applies a pushed delta once: a later refetch shows the server's dates, not the old delta again", async () => {
    Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });
    let served = planning();
    mockApi({ "GET /api/planning/data": () => toWire(served) });
    const base: PlanningViewProps = {
      projectId: 7,
      versionId: 11,
      today: parseDay("2026-02-02"),
      refreshKey: 0,
      pushedDates: [],
    };
    const ui = (p: Partial<PlanningViewProps>) => (
      <MemoryRouter>
        <PlanningView {...base} {...p} />
      </MemoryRouter>
    );
    const { rerender } = render(ui({}));
    await waitFor(() => expect(hook()?.dates(3)).toEqual(["2026-02-09", "2026-02-10"]));

    // Another user moved Dallage by two working days: the delta lands without a refetch.
    const pushed = [{ ids: [3], startDates: ["2026-02-11"], endDates: ["2026-02-12"], seq: 1 }];
    served = withDallage("2026-02-11", "2026-02-12");
    rerender(ui({ pushedDates: pushed }));
    await waitFor(() => expect(hook()?.dates(3)).toEqual(["2026-02-11", "2026-02-12"]));

    // Then the move is undone and the view refetches (same pushed delta still in the store): the server's dates win.
    served = planning();
    rerender(ui({ pushedDates: pushed, refreshKey: 1 }));
    await waitFor(() => expect(hook()?.dates(3)).toEqual(["2026-02-09", "2026-02-10"]));
    // Let any late effect run: the old delta must not come back.
    await new Promise((r) => setTimeout(r, 50));
    expect(hook()?.dates(3)).toEqual(["2026-02-09", "2026-02-10"]);
  });

  it("ignores the delta already in the store when the view opens: its data is newer", async () => {
    Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });
    mockApi({ "GET /api/planning/data": () => toWire(planning()) });
    const stale = [{ ids: [3], startDates: ["2026-03-02"], endDates: ["2026-03-03"], seq: 4 }];
    render(
      <MemoryRouter>
        <PlanningView projectId={7} versionId={11} today={parseDay("2026-02-02")} pushedDates={stale} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(hook()?.dates(3)).toEqual(["2026-02-09", "2026-02-10"]));
    await new Promise((r) => setTimeout(r, 50));
    expect(hook()?.dates(3)).toEqual(["2026-02-09", "2026-02-10"]);
  });
});

describe("planning view, critical path", () => {
  it("marks the events with no float, computed by the engine, once the switch is on", async () => {
    Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });
    mockApi({ "GET /api/planning/data": () => toWire(planning()) });
    usePlanningStore.setState({ showCritical: true });
    render(
      <MemoryRouter>
        <PlanningView projectId={7} versionId={11} today={parseDay("2026-02-02")} />
      </MemoryRouter>,
    );
    // 1 -> 2 -> 3 -> 4 ends last; 5 ends on the 6th with float.
    await waitFor(() => expect(hook()?.critical().sort()).toEqual([1, 2, 3, 4]));
  });
});

describe("planning view, range widened past an edge (issue 14)", () => {
  it("a wheel past the end loads only the added months (eventsOnly, no graph) and draws their events", async () => {
    Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });
    usePlanningStore.setState({ showCritical: false, view: "year", zoom: 75 });
    // The default months hold events 1 to 4; Clôture (5) is later, in the months a scroll past the end adds.
    const full = planning();
    const shown = { ...full, events: full.events.filter((e) => e.id !== 5) };
    const { calls } = mockApi({
      "GET /api/planning/data": (call: { query: URLSearchParams }) =>
        call.query.get("eventsOnly") === "true"
          ? {
              projectId: 7,
              versionId: 11,
              writeCounter: full.writeCounter,
              eventColumns: toWire({ ...full, events: full.events.filter((e) => e.id === 5) }).eventColumns,
            }
          : toWire(shown),
    });
    render(
      <MemoryRouter>
        <PlanningView projectId={7} versionId={11} today={parseDay("2026-02-02")} />
      </MemoryRouter>,
    );
    const h = hook;
    await waitFor(() => expect(h()?.ids().sort()).toEqual([1, 2, 3, 4]));
    expect(h()?.range()).toEqual(["2025-11-01", "2026-06-30"]);
    expect(calls.filter((c) => c.path === "/api/planning/data")).toHaveLength(1);

    // jsdom lays nothing out: the scroll offset stays 0 whatever the wheel, as at the end of a real scroll.
    const scroller = document.querySelector('[data-testid="planning-scroller"]')!;
    scroller.dispatchEvent(new WheelEvent("wheel", { deltaX: 120, bubbles: true }));
    await waitFor(() => expect(h()?.ids().sort()).toEqual([1, 2, 3, 4, 5]));
    const asked = calls.filter((c) => c.path === "/api/planning/data");
    expect(asked).toHaveLength(2);
    // Only the three months after the range, with the filters, and no graph asked again.
    expect(
      Object.fromEntries(
        ["eventsOnly", "startDate", "endDate", "projectId", "versionId"].map((k) => [k, asked[1].query.get(k)]),
      ),
    ).toEqual({
      eventsOnly: "true",
      startDate: "2026-07",
      endDate: "2026-09",
      projectId: "7",
      versionId: "11",
    });
    expect(h()?.range()).toEqual(["2025-11-01", "2026-09-30"]);
    expect(usePlanningStore.getState().shownRange).toEqual({ from: "2025-11-01", to: "2026-09-30" });
  });
});

describe("planning view, 'Tout le projet' and back (issue 14)", () => {
  it("asks only the events of the new range (eventsOnly): no graph again, the engine keeps its copy", async () => {
    Object.defineProperty(navigator, "webdriver", { configurable: true, get: () => true });
    usePlanningStore.setState({ showCritical: false, view: "year", zoom: 75, rangeRequest: null });
    const full = planning();
    const { calls } = mockApi({
      "GET /api/planning/data": (call: { query: URLSearchParams }) => {
        if (call.query.get("eventsOnly") !== "true")
          return toWire({ ...full, events: full.events.filter((e) => e.id !== 5) });
        // The project's months hold all five; the default months, as first served, four.
        const keep = call.query.get("startDate") === "2026-02" ? () => true : (e: { id: number }) => e.id !== 5;
        return {
          projectId: 7,
          versionId: 11,
          writeCounter: full.writeCounter,
          eventColumns: toWire({ ...full, events: full.events.filter(keep) }).eventColumns,
        };
      },
    });
    render(
      <MemoryRouter>
        <PlanningView projectId={7} versionId={11} today={parseDay("2026-02-02")} />
      </MemoryRouter>,
    );
    const h = hook;
    await waitFor(() => expect(h()?.ids().sort()).toEqual([1, 2, 3, 4]));
    const asked = () => calls.filter((c) => c.path === "/api/planning/data");

    usePlanningStore.getState().requestRange("project");
    await waitFor(() => expect(h()?.ids().sort()).toEqual([1, 2, 3, 4, 5]));
    expect(h()?.range()).toEqual(["2026-02-01", "2026-02-28"]);
    expect(asked()).toHaveLength(2);
    expect([
      asked()[1].query.get("eventsOnly"),
      asked()[1].query.get("startDate"),
      asked()[1].query.get("endDate"),
    ]).toEqual(["true", "2026-02", "2026-02"]);
    // Fitted in the year view at the largest zoom that shows it (jsdom's screen has no width: the smallest).
    expect(usePlanningStore.getState().view).toBe("year");

    usePlanningStore.getState().requestRange("default");
    await waitFor(() => expect(h()?.range()).toEqual(["2025-11-01", "2026-06-30"]));
    await waitFor(() => expect(h()?.ids().sort()).toEqual([1, 2, 3, 4]));
    expect(asked()).toHaveLength(3);
    expect([
      asked()[2].query.get("eventsOnly"),
      asked()[2].query.get("startDate"),
      asked()[2].query.get("endDate"),
    ]).toEqual(["true", "2025-11", "2026-06"]);
  });
});
