import { describe, expect, it, vi } from "vitest";
import { formatDay, parseDay } from "@jalon/engine";
import { encodeCompact, toWire, type PlanningData } from "@jalon/shared/planning";
import { mockApi } from "../../test/render";
import { smallPlanning } from "../testData";
import { inThreadEngine, PlanningSession, type SessionHost } from "./PlanningSession";

/** The small planning, every event free (the engine refuses a locked event without a requested start). */
function planning(): PlanningData {
  const d = smallPlanning();
  d.graph.locked = d.graph.locked.map(() => 0);
  return d;
}

/** A session on the real engine, run in this thread; messages and reloads recorded. */
function session() {
  const notes: [string, string][] = [];
  const host: SessionHost & { reloads: number } = {
    projectId: 7,
    versionId: 11,
    t: (key, o) =>
      o && "count" in o ? `${key}:${String(o.count)}` : o && "names" in o ? `${key}:${String(o.names)}` : key,
    notify: (kind, text) => notes.push([kind, text]),
    reloads: 0,
    reload: () => host.reloads++,
  };
  return { s: new PlanningSession(host, { engine: inThreadEngine() }), notes, host };
}

const days = (s: PlanningSession, id: number) => {
  const d = s.state.preview?.get(id) ?? s.state.dates.get(id);
  return d ? [formatDay(d[0]), formatDay(d[1])] : null;
};

describe("planning session (headless, real engine)", () => {
  it("a load gives the store the version's dates and the engine's project end", async () => {
    const { s } = session();
    const listener = vi.fn();
    s.store.subscribe(listener);
    await s.loaded(planning(), 0);
    expect(s.state.data?.events).toHaveLength(5);
    expect(days(s, 3)).toEqual(["2026-02-09", "2026-02-10"]);
    expect(s.state.projectEnd).toBe(parseDay("2026-02-11"));
    expect(s.state.violated.size).toBe(0);
    // One change for the data, one for the engine's answer: the view renders twice, not once per field.
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("a compact answer gives the same store as the JSON answer, and the engine its graph", async () => {
    const json = session().s;
    await json.load(Promise.resolve({ data: planning() }), "base", 0, () => true);
    const { s } = session();
    const bytes = encodeCompact(toWire(planning()));
    await s.load(Promise.resolve({ compact: bytes.slice().buffer }), "base", 0, () => true);
    expect(s.state.data?.events).toEqual(json.state.data?.events);
    expect([...s.state.dates]).toEqual([...json.state.dates]);
    expect(s.state.projectEnd).toBe(json.state.projectEnd);
    expect(ArrayBuffer.isView(s.state.data?.graph.ids)).toBe(true);
    s.previewMove([2], 2, () => true);
    await vi.waitFor(() => expect(s.state.preview).not.toBeNull());
    expect(days(s, 3)).toEqual(["2026-02-11", "2026-02-12"]);
  });

  it("previews a move (successors follow) without committing it, and drops a preview landing after the drag", async () => {
    const { s } = session();
    await s.loaded(planning(), 0);
    let dragging = true;
    s.previewMove([2], 2, () => dragging);
    await vi.waitFor(() => expect(s.state.preview).not.toBeNull());
    expect(days(s, 2)).toEqual(["2026-02-09", "2026-02-10"]);
    expect(days(s, 3)).toEqual(["2026-02-11", "2026-02-12"]);
    expect(formatDay(s.state.dates.get(3)![0])).toBe("2026-02-09");
    s.clearPreview();
    dragging = false;
    s.previewMove([2], 3, () => dragging);
    await new Promise((r) => setTimeout(r, 20));
    expect(s.state.preview).toBeNull();
  });

  it("commits a move: the engine's dates at once, then the server's (which win), with the revisions seen", async () => {
    const { s, notes } = session();
    const { calls } = mockApi({
      "PATCH /api/event/bulk-update": {
        ids: [2, 3, 4],
        startDates: ["2026-02-09", "2026-02-11", "2026-02-16"],
        endDates: ["2026-02-10", "2026-02-12", "2026-02-16"],
        revisions: [2, 2, 2],
        projectedEndDate: "2026-02-16",
        undoRemaining: 1,
      },
    });
    await s.loaded(planning(), 0);
    expect(await s.commitMove({ selection: [2], anchorId: 2, day: parseDay("2026-02-09") })).toBe(true);
    const body = calls.find((c) => c.path === "/api/event/bulk-update")!.body;
    expect(body).toEqual({
      projectId: 7,
      versionId: 11,
      events: [{ id: 2, revision: 1 }],
      anchorId: 2,
      startDate: "2026-02-09",
    });
    // The server put the milestone on the 16th: its answer replaces the engine's.
    expect(days(s, 4)).toEqual(["2026-02-16", "2026-02-16"]);
    expect(s.state.moved.has(4)).toBe(true);
    expect(s.revisions().get(2)).toBe(2);
    expect(notes).toEqual([["success", "planning.moved:1"]]);
  });

  it("a refused move clears the preview, says why and reloads", async () => {
    const { s, notes, host } = session();
    mockApi({ "PATCH /api/event/bulk-update": { status: 409, body: { code: "conflict", message: "Conflit" } } });
    await s.loaded(planning(), 0);
    expect(await s.commitMove({ selection: [2], anchorId: 2, day: parseDay("2026-02-09") })).toBe(false);
    expect(s.state.preview).toBeNull();
    expect(notes).toEqual([["warning", "planning.conflict"]]);
    expect(host.reloads).toBe(1);
  });

  it("applies another user's pushed dates once, and only when newer than the data", async () => {
    const { s } = session();
    await s.loaded(planning(), 4);
    const stale = { ids: [3], startDates: ["2026-03-02"], endDates: ["2026-03-03"], seq: 4 };
    s.applyPushed([stale]);
    expect(days(s, 3)).toEqual(["2026-02-09", "2026-02-10"]);
    const newer = { ids: [3], startDates: ["2026-02-11"], endDates: ["2026-02-12"], seq: 5 };
    s.applyPushed([stale, newer]);
    expect(days(s, 3)).toEqual(["2026-02-11", "2026-02-12"]);
    await s.loaded(planning(), 5);
    s.applyPushed([stale, newer]);
    expect(days(s, 3)).toEqual(["2026-02-09", "2026-02-10"]);
  });

  it("applies every delta pushed since the last one it saw, in order, and skips a revision it already holds", async () => {
    const { s, host } = session();
    await s.loaded(planning(), 0);
    // Two moves heard before the view rendered: both land (the first used to be overwritten by the second).
    s.applyPushed([
      { ids: [3], startDates: ["2026-02-11"], endDates: ["2026-02-12"], revisions: [2], seq: 1 },
      { ids: [1], startDates: ["2026-02-03"], endDates: ["2026-02-04"], revisions: [2], seq: 2 },
    ]);
    expect(days(s, 3)).toEqual(["2026-02-11", "2026-02-12"]);
    expect(days(s, 1)).toEqual(["2026-02-03", "2026-02-04"]);
    // A write published by another process and heard late: its revision is older than the one shown.
    s.applyPushed([
      {
        ids: [3, 1],
        startDates: ["2026-02-16", "2026-02-05"],
        endDates: ["2026-02-17", "2026-02-06"],
        revisions: [1, 3],
        seq: 3,
      },
    ]);
    expect(days(s, 3)).toEqual(["2026-02-11", "2026-02-12"]);
    expect(days(s, 1)).toEqual(["2026-02-05", "2026-02-06"]);
    expect(host.reloads).toBe(0);
    // Deltas dropped from the kept list (a gap in the numbers): the version is loaded again.
    s.applyPushed([{ ids: [3], startDates: ["2026-02-18"], endDates: ["2026-02-19"], revisions: [9], seq: 7 }]);
    expect(host.reloads).toBe(1);
  });

  it("a structural write sends the revision and reloads; a cycle is named", async () => {
    const { s, notes, host } = session();
    const { calls } = mockApi({
      "PATCH /api/event/1": { status: 422, body: { code: "cycle", message: "Cycle", details: { ids: [1, 3] } } },
    });
    await s.loaded(planning(), 0);
    expect(await s.structuralWrite(1, { parentsEvents: [{ id: 3, type: "end-begin", delay: 0 }] })).toBe(false);
    expect((calls[0].body as { revision: number }).revision).toBe(1);
    expect(notes).toEqual([["warning", "planning.cycle:Terrassement → Dallage"]]);
    expect(host.reloads).toBe(1);
  });

  it("range loading: months past an edge merge with the widened range in one change; a load in flight drops them", async () => {
    const { s } = session();
    const full = planning();
    const slice = {
      projectId: 7,
      versionId: 11,
      writeCounter: 1,
      eventColumns: toWire({ ...full, events: full.events.filter((e) => e.id === 5) }).eventColumns,
    };
    const { calls } = mockApi({ "GET /api/planning/data": () => slice });
    await s.load(
      Promise.resolve({ data: { ...full, events: full.events.filter((e) => e.id !== 5) } }),
      "base",
      0,
      () => true,
    );
    expect(s.canExtend("base")).toBe(true);
    expect(s.canExtend("other")).toBe(false);
    const wide = { baseKey: "base", range: { firstDay: 1, lastDay: 2 } };
    const changes: number[][] = [];
    s.store.subscribe((st) => changes.push(st.data!.events.map((e) => e.id)));
    const landing = vi.fn();
    expect(await s.extend({ startDate: "2026-07", endDate: "2026-09" }, wide, landing)).toBe(true);
    expect(calls[0].query.get("eventsOnly")).toBe("true");
    expect(landing).toHaveBeenCalledOnce();
    expect(changes).toEqual([[1, 2, 3, 4, 5]]);
    expect(s.state.extended).toEqual(wide);

    // A reload leaves while the months are asked: its data wins, the slice is dropped.
    let answer!: (d: PlanningData) => void;
    const extending = s.extend({ startDate: "2026-10", endDate: "2026-10" }, wide, landing);
    expect(s.extending).toBe(true);
    const reload = s.load(
      new Promise<PlanningData>((r) => (answer = r)).then((data) => ({ data })),
      "base",
      0,
      () => true,
    );
    expect(await extending).toBe(false);
    answer(planning());
    await reload;
    expect(s.extending).toBe(false);
  });

  it("a new base range asks only its events and replaces the shown ones", async () => {
    const { s } = session();
    const full = planning();
    mockApi({
      "GET /api/planning/data": {
        projectId: 7,
        versionId: 11,
        writeCounter: 1,
        eventColumns: toWire({ ...full, events: full.events.filter((e) => e.id < 3) }).eventColumns,
      },
    });
    await s.load(Promise.resolve({ data: full }), "default", 0, () => true);
    expect(s.needsRange("default")).toBe(false);
    expect(s.needsRange("project")).toBe(true);
    await s.replaceRange({ startDate: "2026-02", endDate: "2026-02" }, "project", () => true);
    expect(s.state.data?.events.map((e) => e.id)).toEqual([1, 2]);
    expect(s.needsRange("project")).toBe(false);
  });

  it("the link editor's save writes the child's parents whole, then closes the editor and says so", async () => {
    const { s, notes, host } = session();
    const { calls } = mockApi({ "PATCH /api/event/3": { id: 3 } });
    await s.loaded(planning(), 0);
    s.store.setState({ selectedLink: { parentId: 2, childId: 3 } });
    const links = [{ parentId: 2, childId: 3, type: 0, delay: 0 }];
    expect(await s.writeLink(links, 2, 3, { type: "begin-begin", delay: 2 })).toBe(true);
    expect((calls[0].body as { parentsEvents: unknown }).parentsEvents).toEqual([
      { id: 2, type: "begin-begin", delay: 2 },
    ]);
    expect(s.state.selectedLink).toBeNull();
    expect(notes).toEqual([["success", "planning.link.saved"]]);
    expect(host.reloads).toBe(1);
  });

  it("a refused link write keeps the editor open", async () => {
    const { s, notes } = session();
    mockApi({ "PATCH /api/event/3": { status: 409, body: { code: "conflict", message: "Conflit" } } });
    await s.loaded(planning(), 0);
    s.store.setState({ selectedLink: { parentId: 2, childId: 3 } });
    expect(await s.writeLink([{ parentId: 2, childId: 3, type: 0, delay: 0 }], 2, 3, null)).toBe(false);
    expect(s.state.selectedLink).toEqual({ parentId: 2, childId: 3 });
    expect(notes).toEqual([["warning", "planning.conflict"]]);
  });
});
