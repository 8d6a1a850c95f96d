import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildMacroTask,
  buildProject,
  buildSequence,
  startWithUsers,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

/**
 * Controls attached to a sequence or a macro-task follow the moves of their tasks (issue 18: due dates are
 * "re-derived when the event moves"), in the same write, and an undo brings them back.
 */
let t: TestApp, manager: BuiltUser;
beforeAll(async () => {
  ({ t, manager } = await startWithUsers());
});
afterAll(async () => t?.close());

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Site {
  p: BuiltProject;
  /** Sequence "Logement" holding `b` and the subsequence `sub` (which holds `a`). */
  seq: Row;
  sub: Row;
  /** Macro-task holding `a` and `b`. */
  macro: Row;
  /** Mon 9 - Wed 11 March 2026 (3 days), prerequisites 2 working days before. */
  a: Row;
  /** After `a` (end-begin): Thu 12 March 2026, one day. */
  b: Row;
  /** Elsewhere: Mon 2 March 2026, in its own sequence, linked to nothing. */
  c: Row;
  /** Control ids by name. */
  ids: Record<string, number>;
}

type Dates = { dueDate: string | null; startDate: string | null; endDate: string | null };

async function site(): Promise<Site> {
  const p = await buildProject(t, manager);
  const macro = await buildMacroTask(t.db, p, { name: "Cloisons et peinture" });
  // Stored dates as the sequence write stores its roll-up: a move leaves them as they are.
  const seq = await buildSequence(t.db, p, { name: "Logement", start_date: "2026-03-09", end_date: "2026-03-12" });
  const sub = await buildSequence(t.db, p, {
    name: "Cloisons",
    parent_sequence_id: seq.id,
    start_date: "2026-03-09",
    end_date: "2026-03-11",
  });
  const other = await buildSequence(t.db, p, { name: "Parking", start_date: "2026-03-02", end_date: "2026-03-02" });
  const a = await buildEvent(t.db, p, {
    name: "Cloisons",
    number_of_days: 3,
    start_date: "2026-03-09",
    end_date: "2026-03-11",
    prerequisites_delay: 2,
    sequence_id: sub.id,
    macro_task_id: macro.id,
  });
  const b = await buildEvent(t.db, p, {
    name: "Peinture",
    start_date: "2026-03-12",
    end_date: "2026-03-12",
    sequence_id: seq.id,
    macro_task_id: macro.id,
  });
  await buildLink(t.db, p, a.id, b.id);
  const c = await buildEvent(t.db, p, {
    name: "Marquage",
    start_date: "2026-03-02",
    end_date: "2026-03-02",
    sequence_id: other.id,
  });
  const bodies = [
    { name: "Plans logement", type: "prerequisites", sequenceId: seq.id },
    { name: "Réception logement", type: "finishes", sequenceId: seq.id },
    { name: "Plans cloisons", type: "prerequisites", sequenceId: sub.id },
    { name: "Livraison plaques", type: "prerequisites", macroTaskId: macro.id },
    { name: "Autocontrôle peinture", type: "finishes", macroTaskId: macro.id },
    { name: "Supports cloisons", type: "prerequisites", eventId: a.id },
    { name: "Plans parking", type: "prerequisites", sequenceId: other.id },
    { name: "Marquage contrôlé", type: "finishes", eventId: c.id },
  ];
  const ids: Record<string, number> = {};
  for (const body of bodies) {
    const res = await t.request("POST", "/quality-control", {
      token: manager.token,
      body: { projectId: p.id, ...body },
    });
    expect(res.status).toBe(201);
    ids[body.name] = res.body.id;
  }
  return { p, seq, sub, macro, a, b, c, ids };
}

/** Every control of the project: due date and attachment dates, by name. */
async function snapshot(s: Site): Promise<Record<string, Dates>> {
  const res = await t.request("GET", "/quality-control", {
    token: manager.token,
    query: { filter: [`projectId||$eq||${s.p.id}`] },
  });
  expect(res.status).toBe(200);
  const out: Record<string, Dates> = {};
  for (const q of res.body.data as Row[])
    out[q.name] = { dueDate: q.dueDate, startDate: q.startDate, endDate: q.endDate };
  return out;
}

const d = (dueDate: string, startDate: string, endDate: string): Dates => ({ dueDate, startDate, endDate });

/** Before any move: the sequence runs 9-12 March, its subsequence 9-11, the macro-task 9-12. */
const INITIAL: Record<string, Dates> = {
  "Plans logement": d("2026-03-09", "2026-03-09", "2026-03-12"),
  "Réception logement": d("2026-03-12", "2026-03-09", "2026-03-12"),
  "Plans cloisons": d("2026-03-09", "2026-03-09", "2026-03-11"),
  "Livraison plaques": d("2026-03-09", "2026-03-09", "2026-03-12"),
  "Autocontrôle peinture": d("2026-03-12", "2026-03-09", "2026-03-12"),
  // Mon 9 March minus 2 working days.
  "Supports cloisons": d("2026-03-05", "2026-03-09", "2026-03-11"),
  "Plans parking": d("2026-03-02", "2026-03-02", "2026-03-02"),
  "Marquage contrôlé": d("2026-03-02", "2026-03-02", "2026-03-02"),
};

const move = (s: Site, ids: number[], anchorId: number, startDate: string) =>
  t.request("PATCH", "/event/bulk-update", {
    token: manager.token,
    body: { projectId: s.p.id, versionId: s.p.versionId, events: ids.map((id) => ({ id })), anchorId, startDate },
  });

const undo = (s: Site) =>
  t.request("POST", "/undo/apply", { token: manager.token, body: { projectId: s.p.id, versionId: s.p.versionId } });

const history = async (id: number) =>
  (await t.request("GET", `/quality-control/${id}/history`, { token: manager.token })).body.data as Row[];

/** The sequence's and the macro-task's dates as their own screens show them. */
async function shown(s: Site) {
  const seq = await t.request("GET", `/sequence/${s.seq.id}`, { token: manager.token });
  const macro = await t.request("GET", `/macro-task/${s.macro.id}`, { token: manager.token });
  return {
    seq: [seq.body.startDate, seq.body.endDate],
    macro: [macro.body.startDate, macro.body.endDate],
  };
}

describe("controls on a sequence or a macro-task follow their tasks", () => {
  it("after a single move (a drag), in working days, with history rows, and back after an undo", async () => {
    const s = await site();
    expect(await snapshot(s)).toEqual(INITIAL);
    // Fri 13 March: `a` runs Fri 13, Mon 16, Tue 17 (the weekend is skipped), `b` follows on Wed 18.
    const res = await move(s, [s.a.id], s.a.id, "2026-03-13");
    expect(res.status).toBe(200);
    const after = {
      ...INITIAL,
      "Plans logement": d("2026-03-13", "2026-03-13", "2026-03-18"),
      "Réception logement": d("2026-03-18", "2026-03-13", "2026-03-18"),
      "Plans cloisons": d("2026-03-13", "2026-03-13", "2026-03-17"),
      "Livraison plaques": d("2026-03-13", "2026-03-13", "2026-03-18"),
      "Autocontrôle peinture": d("2026-03-18", "2026-03-13", "2026-03-18"),
      // Fri 13 March minus 2 working days.
      "Supports cloisons": d("2026-03-11", "2026-03-13", "2026-03-17"),
    };
    // The two controls elsewhere are left as they were.
    expect(await snapshot(s)).toEqual(after);
    // The controls' dates are the ones the sequence and macro-task screens show.
    expect(await shown(s)).toEqual({ seq: ["2026-03-13", "2026-03-18"], macro: ["2026-03-13", "2026-03-18"] });
    expect((await history(s.ids["Réception logement"]))[0]).toMatchObject({
      fieldName: "dueDate",
      previousValue: "2026-03-12",
      newValue: "2026-03-18",
    });
    expect((await history(s.ids["Livraison plaques"]))[0]).toMatchObject({
      fieldName: "dueDate",
      previousValue: "2026-03-09",
      newValue: "2026-03-13",
    });
    expect(await history(s.ids["Plans parking"])).toEqual([]);
    expect(await history(s.ids["Marquage contrôlé"])).toEqual([]);

    expect((await undo(s)).status).toBe(200);
    expect(await snapshot(s)).toEqual(INITIAL);
    expect(await shown(s)).toEqual({ seq: ["2026-03-09", "2026-03-12"], macro: ["2026-03-09", "2026-03-12"] });
    expect((await history(s.ids["Autocontrôle peinture"]))[0]).toMatchObject({
      fieldName: "dueDate",
      previousValue: "2026-03-18",
      newValue: "2026-03-12",
    });
    expect(await history(s.ids["Plans parking"])).toEqual([]);
  });

  it("after a bulk move, and back after an undo", async () => {
    const s = await site();
    // Mon 23 March: `a` 23-25, `b` Thu 26.
    const res = await move(s, [s.a.id, s.b.id], s.a.id, "2026-03-23");
    expect(res.status).toBe(200);
    expect(await snapshot(s)).toEqual({
      ...INITIAL,
      "Plans logement": d("2026-03-23", "2026-03-23", "2026-03-26"),
      "Réception logement": d("2026-03-26", "2026-03-23", "2026-03-26"),
      "Plans cloisons": d("2026-03-23", "2026-03-23", "2026-03-25"),
      "Livraison plaques": d("2026-03-23", "2026-03-23", "2026-03-26"),
      "Autocontrôle peinture": d("2026-03-26", "2026-03-23", "2026-03-26"),
      "Supports cloisons": d("2026-03-19", "2026-03-23", "2026-03-25"),
    });
    expect(await shown(s)).toEqual({ seq: ["2026-03-23", "2026-03-26"], macro: ["2026-03-23", "2026-03-26"] });
    expect((await undo(s)).status).toBe(200);
    expect(await snapshot(s)).toEqual(INITIAL);
  });

  it("after a resize of the last task: only the finishes move, and back after an undo", async () => {
    const s = await site();
    const res = await t.request("PATCH", `/event/${s.b.id}`, {
      token: manager.token,
      body: { projectId: s.p.id, versionId: s.p.versionId, numberOfDays: 2 },
    });
    expect(res.status).toBe(200);
    // `b` runs Thu 12 - Fri 13.
    expect(await snapshot(s)).toEqual({
      ...INITIAL,
      "Plans logement": d("2026-03-09", "2026-03-09", "2026-03-13"),
      "Réception logement": d("2026-03-13", "2026-03-09", "2026-03-13"),
      "Livraison plaques": d("2026-03-09", "2026-03-09", "2026-03-13"),
      "Autocontrôle peinture": d("2026-03-13", "2026-03-09", "2026-03-13"),
    });
    // Same due date: no history row for the prerequisites.
    expect(await history(s.ids["Plans logement"])).toEqual([]);
    expect((await undo(s)).status).toBe(200);
    expect(await snapshot(s)).toEqual(INITIAL);
  });

  it("after the last task is deleted, and back after an undo", async () => {
    const s = await site();
    const res = await t.request("DELETE", "/event/bulk-delete", {
      token: manager.token,
      body: { projectId: s.p.id, versionId: s.p.versionId, ids: [s.b.id] },
    });
    expect(res.status).toBe(200);
    // What is left of the sequence and the macro-task is `a`, 9-11 March.
    expect(await snapshot(s)).toEqual({
      ...INITIAL,
      "Plans logement": d("2026-03-09", "2026-03-09", "2026-03-11"),
      "Réception logement": d("2026-03-11", "2026-03-09", "2026-03-11"),
      "Livraison plaques": d("2026-03-09", "2026-03-09", "2026-03-11"),
      "Autocontrôle peinture": d("2026-03-11", "2026-03-09", "2026-03-11"),
    });
    expect((await undo(s)).status).toBe(200);
    expect(await snapshot(s)).toEqual(INITIAL);
  });
});
