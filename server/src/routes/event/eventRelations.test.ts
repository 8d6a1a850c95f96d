import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildProject,
  buildZone,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
  unique,
} from "../../../test/helpers/factories.js";

/** Spec 000/001 relation fields: an event's and a sequence's qualityControls, an event's orderLineTasks, a macro-task's orderLines. */
let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
let p: BuiltProject;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  p = await buildProject(t, manager, { members: [external] });
  const own = { project_id: p.id, version_id: p.versionId };
  const zone = await buildZone(t.db, p, { name: "Niveau 1" });
  const [seq] = await t
    .db("sequences")
    .insert({ ...own, name: "Gros œuvre" })
    .returning("id");
  const [mt] = await t
    .db("macro_tasks")
    .insert({ ...own, name: "Maçonnerie" })
    .returning("id");
  const [other] = await t
    .db("macro_tasks")
    .insert({ ...own, name: "Peinture" })
    .returning("id");
  const a = await buildEvent(t.db, p, { name: "Voiles", sequence_id: seq.id, macro_task_id: mt.id, zone_id: zone.id });
  const b = await buildEvent(t.db, p, { name: "Dalles" });
  await t.db("quality_controls").insert([
    { ...own, name: "Plans validés", type: "prerequisites", status: "compliant", delay: 0, event_id: a.id },
    { ...own, name: "Autocontrôle", type: "finishes", status: "non-complying", delay: 2, event_id: a.id },
    { ...own, name: "Ancien", type: "finishes", event_id: a.id, is_archived: true },
    {
      ...own,
      name: "Réception supports",
      type: "prerequisites",
      status: "unrealized",
      delay: null,
      sequence_id: seq.id,
    },
  ]);
  const [family] = await t
    .db("families")
    .insert({ name: unique("Béton") })
    .returning("id");
  const [line] = await t
    .db("order_lines")
    .insert({
      ...own,
      label: "Béton C25",
      type: "supply",
      unit: "m³",
      family_id: family.id,
      macro_task_id: mt.id,
      price: 120,
    })
    .returning("id");
  const [task] = await t
    .db("order_line_tasks")
    .insert({ ...own, order_line_id: line.id, event_id: a.id, zone_id: zone.id, quantity: 12.5, is_ordered: true })
    .returning("id");
  ids = {
    a: a.id,
    b: b.id,
    seq: seq.id,
    mt: mt.id,
    other: other.id,
    zone: zone.id,
    line: line.id,
    task: task.id,
    family: family.id,
  };
});

afterAll(async () => {
  await t.close();
});

describe("GET /event/{id}: qualityControls and orderLineTasks", () => {
  it("lists its non-archived controls with their indicator and its order-line tasks", async () => {
    const res = await t.request("GET", `/event/${ids.a}`, { token: external.token });
    expect(res.status).toBe(200);
    expect(res.body.qualityControls).toEqual([
      expect.objectContaining({
        name: "Plans validés",
        type: "prerequisites",
        status: "compliant",
        indicator: "green",
      }),
      expect.objectContaining({ name: "Autocontrôle", type: "finishes", delay: 2, indicator: "red" }),
    ]);
    expect(res.body.orderLineTasks).toEqual([
      {
        id: ids.task,
        orderLineId: ids.line,
        label: "Béton C25",
        type: "supply",
        unit: "m³",
        zoneId: ids.zone,
        quantity: 12.5,
        price: 120,
        isOrdered: true,
      },
    ]);
  });

  it("gives empty lists to an event without any, and the list gives them on join", async () => {
    const one = await t.request("GET", `/event/${ids.b}`, { token: manager.token });
    expect(one.body.qualityControls).toEqual([]);
    expect(one.body.orderLineTasks).toEqual([]);
    const list = await t.request(
      "GET",
      `/event?filter=projectId||$eq||${p.id}&join=qualityControls&join=orderLineTasks&limit=100`,
      { token: manager.token },
    );
    expect(list.status).toBe(200);
    const byId = new Map(list.body.data.map((e: { id: number }) => [e.id, e]));
    expect((byId.get(ids.a) as { qualityControls: unknown[] }).qualityControls).toHaveLength(2);
    expect((byId.get(ids.a) as { orderLineTasks: unknown[] }).orderLineTasks).toHaveLength(1);
    expect((byId.get(ids.b) as { orderLineTasks: unknown[] }).orderLineTasks).toEqual([]);
  });

  it("stays closed to a user outside the project", async () => {
    expect((await t.request("GET", `/event/${ids.a}`, { token: outsider.token })).status).toBe(403);
  });
});

describe("GET /sequence/{id}: qualityControls", () => {
  it("lists the controls attached to the sequence", async () => {
    const res = await t.request("GET", `/sequence/${ids.seq}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.qualityControls).toEqual([
      expect.objectContaining({ name: "Réception supports", status: "unrealized", delay: null, indicator: "grey" }),
    ]);
  });
});

describe("GET /macro-task/{id}: orderLines", () => {
  it("lists its lines with unit, family and the tasks' zones and quantities", async () => {
    const res = await t.request("GET", `/macro-task/${ids.mt}`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.orderLines).toEqual([
      {
        id: ids.line,
        label: "Béton C25",
        type: "supply",
        unit: "m³",
        familyId: ids.family,
        family: { id: ids.family, name: expect.stringContaining("Béton") },
        orderLineTasks: [{ id: ids.task, zoneId: ids.zone, quantity: 12.5 }],
      },
    ]);
    const empty = await t.request("GET", `/macro-task/${ids.other}`, { token: manager.token });
    expect(empty.body.orderLines).toEqual([]);
  });

  it("the list gives them on join=orderLines only", async () => {
    const plain = await t.request("GET", `/macro-task?filter=projectId||$eq||${p.id}`, { token: manager.token });
    expect(plain.status).toBe(200);
    expect(plain.body.data[0].orderLines).toBeUndefined();
    const joined = await t.request("GET", `/macro-task?filter=projectId||$eq||${p.id}&join=orderLines`, {
      token: manager.token,
    });
    const m = joined.body.data.find((x: { id: number }) => x.id === ids.mt);
    expect(m.orderLines).toHaveLength(1);
  });
});
