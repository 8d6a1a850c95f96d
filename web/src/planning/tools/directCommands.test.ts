import { parseDay } from "@jalon/engine";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/render";
import { smallPlanning } from "../testData";
import { inThreadEngine, PlanningSession, type SessionHost } from "../session/PlanningSession";
import { copyDates, createTask, deleteEvents, duplicateEvent, setLocked } from "./directCommands";

/** A session on the real engine in this thread; messages and reloads recorded (as PlanningSession.test.ts). */
async function session() {
  const notes: [string, string][] = [];
  const host: SessionHost & { reloads: number } = {
    projectId: 7,
    versionId: 11,
    t: (key, o) => (o && "name" in o ? `${key}:${String(o.name)}` : o && "count" in o ? `${key}:${o.count}` : key),
    notify: (kind, text) => notes.push([kind, text]),
    reloads: 0,
    reload: () => host.reloads++,
  };
  const s = new PlanningSession(host, { engine: inThreadEngine() });
  const d = smallPlanning();
  d.graph.locked = d.graph.locked.map(() => 0);
  await s.loaded(d, 0);
  return { s, notes, host };
}

const written = {
  id: 9,
  ids: [9],
  startDates: [],
  endDates: [],
  revisions: [1],
  projectedEndDate: null,
  undoRemaining: 1,
};

describe("direct commands (headless, through the session)", () => {
  it("creates a task typed in place: 1 day, 1 person, on the day, in the row's zone; a successor linked end-begin", async () => {
    const { s, notes, host } = await session();
    const { calls } = mockApi({ "POST /api/event": written });
    expect(await createTask(s, { name: "  Enduits ", zoneId: 31, lotId: null, day: parseDay("2026-02-09") })).toBe(9);
    expect(calls[0].body).toEqual({
      projectId: 7,
      versionId: 11,
      name: "Enduits",
      type: "task",
      numberOfDays: 1,
      numberOfPeople: 1,
      startDate: "2026-02-09",
      zoneId: 31,
      participantGroupProId: null,
    });
    expect(host.reloads).toBe(1);
    expect(notes).toEqual([["success", "planningDirect.created:Enduits"]]);
    await createTask(s, { name: "Peinture", zoneId: 31, lotId: 41, day: parseDay("2026-02-10"), parentId: 3 });
    expect((calls[1].body as { parentsEvents?: unknown }).parentsEvents).toEqual([
      { id: 3, type: "end-begin", delay: 0 },
    ]);
    // An empty name creates nothing.
    expect(await createTask(s, { name: "  ", zoneId: 31, lotId: null, day: 0 })).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("deletes, and a refusal of the catalogue is said in French and reloads nothing", async () => {
    const { s, notes, host } = await session();
    const { calls } = mockApi({
      "DELETE /api/event/bulk-delete": (c: { body: { ids: number[] } }) =>
        c.body.ids.includes(1)
          ? { status: 400, body: { code: "ImplementationError", message: "Référencé" } }
          : c.body.ids.includes(2)
            ? { status: 409, body: { code: "event_has_countings", message: "Compté" } }
            : { ids: c.body.ids, count: c.body.ids.length },
    });
    expect(await deleteEvents(s, [5])).toBe(true);
    expect(calls[0].body).toEqual({ ids: [5], projectId: 7, versionId: 11 });
    expect(await deleteEvents(s, [1])).toBe(false);
    expect(await deleteEvents(s, [2])).toBe(false);
    expect(notes).toEqual([
      ["success", "planningDirect.deleted:1"],
      ["error", "errors.ImplementationError"],
      ["error", "errors.event_has_countings"],
    ]);
    expect(host.reloads).toBe(1);
  });

  it("duplicates an event read whole, as '<nom> (copie)' on its dates and without its links", async () => {
    const { s } = await session();
    const { calls } = mockApi({
      "GET /api/event/2": {
        id: 2,
        name: "Fondations",
        type: "task",
        numberOfDays: 2,
        numberOfPeople: 3,
        startDate: "2026-02-05",
        zoneId: 31,
        participantGroupProId: 41,
        participantId: null,
        specialityId: null,
        macroTaskId: null,
        color: null,
        trigram: "FON",
        description: null,
        comments: null,
        isTracked: false,
        parentsEvents: [{ id: 1, type: "end-begin", delay: 0 }],
      },
      "POST /api/event": written,
    });
    expect(await duplicateEvent(s, 2)).toBe(9);
    const body = calls[1].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "planningDirect.copyName:Fondations",
      numberOfDays: 2,
      numberOfPeople: 3,
      startDate: "2026-02-05",
      zoneId: 31,
      participantGroupProId: 41,
      projectId: 7,
      versionId: 11,
    });
    expect(body.parentsEvents).toBeUndefined();
  });

  it("locks through the session's structural write (with the event's revision) and copies the dates", async () => {
    const { s, notes } = await session();
    const { calls } = mockApi({ "PATCH /api/event/3": { id: 3, revision: 2 } });
    expect(await setLocked(s, 3, true)).toBe(true);
    expect(calls[0].body).toEqual({ locked: true, revision: 1 });
    const write = vi.fn(async () => undefined);
    expect(await copyDates(s, [parseDay("2026-02-09"), parseDay("2026-02-10")], false, write)).toBe(
      "09/02/2026 – 10/02/2026",
    );
    expect(write).toHaveBeenCalledWith("09/02/2026 – 10/02/2026");
    expect(notes.map((n) => n[1])).toEqual(["planningDirect.locked", "planningDirect.datesCopied"]);
  });
});
