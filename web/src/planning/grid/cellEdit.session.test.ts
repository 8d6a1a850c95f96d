import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { formatDay, parseDay } from "@jalon/engine";
import type { PlanningData } from "@jalon/shared/planning";
import "../../i18n";
import { mockApi } from "../../test/render";
import { buildModel, datesOf } from "../model";
import { inThreadEngine, PlanningSession, type SessionHost } from "../session/PlanningSession";
import { smallPlanning } from "../testData";
import { undoRedoOf } from "../undo/undoRedo";
import { useCellEdit } from "./useCellEdit";

function planning(): PlanningData {
  const d = smallPlanning();
  d.graph.locked = d.graph.locked.map(() => 0);
  return d;
}

async function setup() {
  const host: SessionHost & { reloads: number } = {
    projectId: 7,
    versionId: 11,
    t: (key) => key,
    notify: () => undefined,
    reloads: 0,
    reload: () => host.reloads++,
  };
  const s = new PlanningSession(host, { engine: inThreadEngine() });
  const data = planning();
  await s.loaded(data, 0);
  const model = buildModel(data, datesOf(data), { grouping: "none" });
  const hook = renderHook(() => useCellEdit(s, { model, live: s.state.dates, editable: true }));
  return { s, host, hook };
}

/** A key on the active cell, as the grid's cell would pass it. */
const key = (k: string, shiftKey = false) =>
  ({
    key: k,
    shiftKey,
    preventDefault: () => undefined,
    stopPropagation: () => undefined,
  }) as unknown as React.KeyboardEvent;

describe("inline edits through the session (real engine)", () => {
  it("a duration typed and Enter: one PATCH of numberOfDays with the revision, the cursor one row down, redoable", async () => {
    const { s, host, hook } = await setup();
    const { calls } = mockApi({ "PATCH /api/event/1": { id: 1, revision: 2 } });
    act(() => hook.result.current.onCellClick(1, "days"));
    act(() => void hook.result.current.onCellKey(key("8")));
    expect(hook.result.current.cursor).toMatchObject({ rowId: 1, col: "days", draft: "8" });
    act(() => void hook.result.current.onCellKey(key("Enter")));
    // Rows by start: 1, 5, 2, 3, 4.
    expect(hook.result.current.cursor).toMatchObject({ rowId: 5, col: "days", draft: null });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    const patch = calls.filter((c) => c.path === "/api/event/1");
    expect(patch).toHaveLength(1);
    expect(patch[0].body).toEqual({ numberOfDays: 8, revision: 1 });
    expect(host.reloads).toBe(1);
    expect(undoRedoOf(s).canRedo).toBe(false);
    undoRedoOf(s).undid();
    expect(undoRedoOf(s).canRedo).toBe(true);
  });

  it("a start typed on a Saturday is refused with 'Date invalide' and nothing is sent; a working day moves the task", async () => {
    const { s, hook } = await setup();
    const { calls } = mockApi({
      "PATCH /api/event/bulk-update": {
        ids: [2, 3, 4],
        startDates: ["2026-02-16", "2026-02-18", "2026-02-20"],
        endDates: ["2026-02-17", "2026-02-19", "2026-02-20"],
        revisions: [2, 2, 2],
        projectedEndDate: "2026-02-20",
        undoRemaining: 1,
      },
    });
    act(() => hook.result.current.onCellDoubleClick(2, "start"));
    expect(hook.result.current.cursor?.draft).toBe("05/02/2026");
    act(() => hook.result.current.onDraft("14/02/2026"));
    act(() => void hook.result.current.onCellKey(key("Tab")));
    expect(hook.result.current.error).toEqual({ rowId: 2, col: "start", text: "Date invalide" });
    expect(hook.result.current.cursor).toMatchObject({ rowId: 2, col: "start", draft: "14/02/2026" });
    expect(calls.filter((c) => c.method !== "GET")).toHaveLength(0);

    act(() => hook.result.current.onDraft("16/02/2026"));
    act(() => void hook.result.current.onCellKey(key("Tab")));
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.cursor).toMatchObject({ rowId: 2, col: "days", draft: null });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    const move = calls.find((c) => c.path === "/api/event/bulk-update");
    expect(move?.body).toMatchObject({ events: [{ id: 2, revision: 1 }], anchorId: 2, startDate: "2026-02-16" });
    // The successor followed (the server's dates applied).
    expect(formatDay(s.state.dates.get(3)![0])).toBe("2026-02-18");
    expect(s.state.dates.get(2)![0]).toBe(parseDay("2026-02-16"));
  });

  it("Escape cancels without a write; a lot chosen is a PATCH of participantGroupProId", async () => {
    const { hook } = await setup();
    const { calls } = mockApi({ "PATCH /api/event/3": { id: 3, revision: 2 } });
    act(() => hook.result.current.onCellClick(3, "name"));
    act(() => void hook.result.current.onCellKey(key("F2")));
    act(() => hook.result.current.onDraft("Dallage RDC"));
    act(() => void hook.result.current.onCellKey(key("Escape")));
    expect(hook.result.current.cursor).toMatchObject({ rowId: 3, col: "name", draft: null });
    act(() => hook.result.current.onCellClick(3, "lot"));
    act(() => void hook.result.current.onCellKey(key("Enter")));
    expect(hook.result.current.cursor?.draft).toBe("42");
    act(() => hook.result.current.onDraft("41"));
    act(() => void hook.result.current.onCellKey(key("Enter")));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    const writes = calls.filter((c) => c.method !== "GET");
    expect(writes).toHaveLength(1);
    expect(writes[0].body).toEqual({ participantGroupProId: 41, revision: 1 });
  });
});
