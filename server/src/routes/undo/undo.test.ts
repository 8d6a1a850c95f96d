import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWithUsers,
  buildProject,
  countRows,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";
import type { TestApp } from "../../../test/helpers/app.js";
import { updateLabel } from "../../commands/undoLabels.js";

// The undo history (issue 20): each step's readable label, the undos listed too, and who may read it.
let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let guest: BuiltUser;

beforeAll(async () => {
  ({ t, manager, external, outsider, guest } = await startWithUsers());
});
afterAll(async () => t?.close());

async function twoTasks(p: BuiltProject): Promise<{ a: number; b: number }> {
  const post = (body: Record<string, unknown>) =>
    t.request("POST", "/event", { token: manager.token, body: { projectId: p.id, versionId: p.versionId, ...body } });
  const a = await post({ name: "Cloisons R+1", numberOfDays: 5, startDate: "2026-02-02" });
  const b = await post({
    name: "Peinture R+1",
    numberOfDays: 2,
    parentsEvents: [{ id: a.body.id, type: "end-begin", delay: 0 }],
  });
  expect([a.status, b.status]).toEqual([201, 201]);
  return { a: a.body.id, b: b.body.id };
}

const history = (token: string, p: BuiltProject) =>
  t.request("GET", "/undo/history", { token, query: { projectId: p.id, versionId: p.versionId } });

describe("GET /undo/history", () => {
  it("lists each step with its label (names and values, not ids), latest first, and the undo as an entry of its own", async () => {
    const p = await buildProject(t, manager);
    const { a, b } = await twoTasks(p);
    const revision = async (id: number) => (await t.db("events").where({ id }).first()).revision;
    const patched = await t.request("PATCH", `/event/${a}`, {
      token: manager.token,
      body: { numberOfDays: 8, revision: await revision(a) },
    });
    expect(patched.status).toBe(200);
    const moved = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: a }, { id: b }],
        anchorId: a,
        startDate: "2026-02-09",
      },
    });
    expect(moved.status).toBe(200);
    const renamed = await t.request("PATCH", `/event/${b}`, {
      token: manager.token,
      body: { name: "Peinture R+1 (2 couches)", revision: await revision(b) },
    });
    expect(renamed.status).toBe(200);

    const before = await history(manager.token, p);
    expect(before.status).toBe(200);
    expect(before.body.data.map((e: { label: unknown }) => e.label)).toEqual([
      { k: "rename", name: "Peinture R+1", to: "Peinture R+1 (2 couches)" },
      { k: "move", count: 2 },
      { k: "duration", name: "Cloisons R+1", from: 5, to: 8 },
      { k: "create", name: "Peinture R+1" },
      { k: "create", name: "Cloisons R+1" },
    ]);
    expect(before.body.data.every((e: { undone: boolean }) => !e.undone)).toBe(true);

    const undone = await t.request("POST", "/undo/apply", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId },
    });
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({
      remaining: 4,
      action: "update",
      label: { k: "rename", name: "Peinture R+1", to: "Peinture R+1 (2 couches)" },
    });
    // The step goes (the count is what an undo can still take back); the history keeps the undo.
    expect(await countRows(t.db, "undo_steps", { version_id: p.versionId })).toBe(4);
    expect(await countRows(t.db, "undone_steps", { version_id: p.versionId })).toBe(1);
    const after = await history(manager.token, p);
    expect(after.body.data[0]).toMatchObject({
      undone: true,
      action: "update",
      label: { k: "rename", name: "Peinture R+1", to: "Peinture R+1 (2 couches)" },
    });
    expect(after.body.data[0].userName).toBeTruthy();
    expect(after.body.data.slice(1).map((e: { label: { k: string } }) => e.label.k)).toEqual([
      "move",
      "duration",
      "create",
      "create",
    ]);
    expect((await t.db("events").where({ id: b }).first()).name).toBe("Peinture R+1");
  });

  it("names a single task moved", async () => {
    const p = await buildProject(t, manager);
    const { a } = await twoTasks(p);
    const moved = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId, events: [{ id: a }], anchorId: a, startDate: "2026-02-16" },
    });
    expect(moved.status).toBe(200);
    expect((await history(manager.token, p)).body.data[0].label).toEqual({ k: "move", count: 1, name: "Cloisons R+1" });
  });

  it("refuses another project's member, an external user and a guest, an unknown version and bad input", async () => {
    const p = await buildProject(t, manager, { members: [external, guest] });
    await twoTasks(p);
    expect((await history(outsider.token, p)).body.code).toBe("errors.forbidden");
    expect((await history(external.token, p)).status).toBe(403);
    expect((await history(guest.token, p)).status).toBe(403);
    const other = await buildProject(t, manager);
    const wrong = await t.request("GET", "/undo/history", {
      token: manager.token,
      query: { projectId: p.id, versionId: other.versionId },
    });
    expect(wrong.body.code).toBe("errors.version_not_found");
    const bad = await t.request("GET", "/undo/history", { token: manager.token, query: { projectId: "x" } });
    expect(bad.status).toBe(400);
  });
});

describe("updateLabel", () => {
  const base = {
    name: "Cloisons",
    fields: [],
    duration: null,
    newName: null,
    startSent: false,
    links: { added: 0, removed: 0 },
  };
  it("gives one kind of change its words, several a plain modification", () => {
    expect(updateLabel({ ...base, fields: ["participantGroupProId"] })).toEqual({ k: "lot", name: "Cloisons" });
    expect(updateLabel({ ...base, links: { added: 1, removed: 0 } })).toEqual({
      k: "links",
      name: "Cloisons",
      added: 1,
      removed: 0,
    });
    expect(updateLabel({ ...base, startSent: true })).toEqual({ k: "start", name: "Cloisons" });
    expect(updateLabel({ ...base, fields: ["name", "color"], newName: "X" })).toEqual({
      k: "update",
      name: "Cloisons",
    });
    expect(updateLabel({ ...base, duration: { from: 3, to: 3 }, fields: ["color"] })).toEqual({
      k: "update",
      name: "Cloisons",
    });
  });
});
