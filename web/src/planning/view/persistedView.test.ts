import { afterEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { EMPTY_FILTERS, usePlanningStore } from "../planningStore";
import { mergeView, readView, type PersistedView } from "./persistedView";
import { SAVE_DELAY_MS, usePersistedView } from "./usePersistedView";
import { mockApi, signIn, users } from "../../test/render";
import { useSession } from "../../store/session";

const view: PersistedView = {
  view: "week",
  zoom: 40,
  grouping: "lot",
  showCritical: true,
  tableView: true,
  columnWidths: [196, 56, 72, 72, 44],
  aggregated: [3, 4],
  filters: { ...EMPTY_FILTERS, zoneIds: [12], startDate: "2026-03-02" },
};

describe("persisted planning view", () => {
  it("replaces one project's view and keeps every other key", () => {
    const views = { dashboard: { tab: "costs" }, planning: { "8": { view: "month" } } };
    const merged = mergeView(views, 7, view);
    expect(merged).toEqual({ dashboard: { tab: "costs" }, planning: { "8": { view: "month" }, "7": view } });
    expect(views.planning).toEqual({ "8": { view: "month" } });
    expect(readView(merged, 7)).toEqual(view);
    expect(readView(mergeView(null, 7, view), 7)).toEqual(view);
  });

  it("reads back only what is valid, and nothing for a project never saved", () => {
    const views = {
      planning: {
        "7": {
          view: "decade",
          zoom: 500,
          grouping: "lot",
          showCritical: "oui",
          tableView: 1,
          // Not the grid's width in all (an older grid's), and below a column's minimum.
          columnWidths: [178, 80, 72, 72, 60],
          filters: { zoneIds: ["a"], tagIds: [2] },
        },
      },
    };
    expect(readView(views, 7)).toEqual({ grouping: "lot", filters: { ...EMPTY_FILTERS, tagIds: [2] } });
    expect(readView({ planning: { "7": { columnWidths: [300, 20, 72, 18, 30] } } }, 7)).toEqual({});
    expect(readView(views, 9)).toBeNull();
    expect(readView("rien", 7)).toBeNull();
  });
});

describe("usePersistedView", () => {
  afterEach(() => vi.useRealTimers());

  it("restores the saved view on entering the project and saves a change once, debounced", async () => {
    vi.useFakeTimers();
    signIn({ ...users.manager, views: { planning: { "7": view } } });
    const { calls } = mockApi({
      "PATCH /api/user/views": (c: { body: unknown }) => ({ ...users.manager, ...(c.body as object) }),
    });
    usePlanningStore.getState().enterProject(7);
    renderHook(() => usePersistedView(7));
    expect(usePlanningStore.getState()).toMatchObject({
      view: "week",
      zoom: 40,
      grouping: "lot",
      showCritical: true,
      tableView: true,
      columnWidths: [196, 56, 72, 72, 44],
    });
    expect(usePlanningStore.getState().filters.zoneIds).toEqual([12]);

    usePlanningStore.getState().setZoom(50);
    usePlanningStore.getState().setZoom(60);
    usePlanningStore.getState().setView("month");
    usePlanningStore.getState().setTableView(false);
    usePlanningStore.getState().setColumnWidths([216, 40, 70, 70, 44]);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    const saves = calls.filter((c) => c.method === "PATCH" && c.path === "/api/user/views");
    expect(saves).toHaveLength(1);
    expect(saves[0].body).toMatchObject({
      views: {
        planning: {
          "7": { view: "month", zoom: 60, grouping: "lot", tableView: false, columnWidths: [216, 40, 70, 70, 44] },
        },
      },
    });
    expect(readView(useSession.getState().user?.views, 7)?.zoom).toBe(60);
  });
});
