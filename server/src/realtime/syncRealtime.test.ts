import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { buildProject, buildUser, buildZone, type BuiltProject, type BuiltUser } from "../../test/helpers/factories.js";
import { startRealtimeServer, until, type RealtimeServer } from "../../test/helpers/realtimeServer.js";
import type { Db } from "../db/knex.js";

// A template's synchronisation on real sockets (issue 16): sequenceTemplate:endSync and its error twin go to the
// initiator's sockets only (their user room, even a socket that has not joined the project), while every viewer
// of the project follows the template's status (reference:update sequenceTemplatePro) and the re-laid trains.
let rt: RealtimeServer;
let db: Db;
let manager: BuiltUser;
let colleague: BuiltUser;
let p: BuiltProject;
let template: number;
let tasks: number[];

beforeAll(async () => {
  rt = await startRealtimeServer();
  db = rt.db;
  manager = await buildUser(rt.t, { type: "manager" });
  colleague = await buildUser(rt.t, { type: "manager" });
  p = await buildProject(rt.t, manager, { members: [colleague] });
  const zones = [];
  for (let k = 1; k <= 2; k++) zones.push(await buildZone(db, p, { name: `Z${k}`, typology: "logement", position: k }));
  [{ id: template }] = await db("sequence_template_pros")
    .insert({ project_id: p.id, name: "Second œuvre", color: "#336699", typologies: JSON.stringify(["logement"]) })
    .returning("id");
  tasks = [];
  for (const [name, days] of [
    ["Cloisons", 3],
    ["Peinture", 2],
  ] as const)
    tasks.push(
      (
        await db("event_template_pros")
          .insert({ project_id: p.id, sequence_template_pro_id: template, name, number_of_days: days })
          .returning("id")
      )[0].id as number,
    );
  await db("event_template_pro_links").insert({
    project_id: p.id,
    parent_id: tasks[0],
    child_id: tasks[1],
    type: "end-begin",
    delay: 0,
  });
  const laid = await rt.api("POST", "/sequence", manager.token, {
    projectId: p.id,
    versionId: p.versionId,
    name: "Train",
    zoneIds: zones.map((z) => z.id),
    instantiationConfig: { type: "recurring", sequenceTemplateProId: template, takt: 3, startDate: "2030-01-07" },
  });
  expect(laid.status).toBe(201);
});

afterAll(async () => rt?.close());

/** What a socket receives, each payload under the name it came with. */
function record(socket: Socket): (RealtimePayload & { name: string })[] {
  const got: (RealtimePayload & { name: string })[] = [];
  socket.onAny((name: string, payload: RealtimePayload) => got.push({ ...payload, name }));
  return got;
}

/** The initiator in the project's room, the initiator on another page (no project joined), a colleague. */
async function sockets() {
  const initiator = await rt.connect({ token: manager.token });
  expect(await rt.join(initiator, p.id)).toBe(true);
  const elsewhere = await rt.connect({ token: manager.token });
  const watcher = await rt.connect({ token: colleague.token });
  expect(await rt.join(watcher, p.id)).toBe(true);
  return { initiator: record(initiator), elsewhere: record(elsewhere), watcher: record(watcher) };
}

/** Room for a wrongly addressed event to arrive before asserting that it did not. */
const settle = () => new Promise((r) => setTimeout(r, 300));
const names = (got: { name: string }[]) => got.map((e) => e.name);
const statuses = (got: RealtimePayload[]) =>
  got
    .filter((e) => e.event === "reference:update" && e.data?.resource === "sequenceTemplatePro")
    .map((e) => e.data?.synchronizableStatus);

describe("synchronisation events", () => {
  it("sends sequenceTemplate:endSync to the initiator only; the room follows the status and the trains", async () => {
    const got = await sockets();
    const sync = await rt.api("POST", `/sequence-template-pro/${template}/synchronize`, manager.token, {});
    expect(sync.status).toBe(200);
    expect(await until(() => names(got.initiator).includes("sequenceTemplate:endSync"))).toBe(true);
    expect(await until(() => names(got.elsewhere).includes("sequenceTemplate:endSync"))).toBe(true);
    expect(await until(() => statuses(got.watcher).length === 2)).toBe(true);
    await settle();
    expect(statuses(got.watcher)).toEqual(["partial", "ok"]);
    expect(names(got.watcher)).toContain("sequence:bulk_update");
    expect(names(got.watcher)).not.toContain("sequenceTemplate:endSync");
    // The initiator's socket out of the project's room gets only what is addressed to the user.
    expect(names(got.elsewhere)).toEqual(["sequenceTemplate:endSync"]);
    expect(names(got.initiator).filter((n) => n === "sequenceTemplate:endSync")).toHaveLength(1);
    expect(got.initiator.find((e) => e.event === "sequenceTemplate:endSync")).toMatchObject({
      projectId: p.id,
      initiatorId: manager.id,
      ids: [template],
      data: { status: "ok" },
    });
  });

  it("sends the error twin to the initiator only; the room hears the start and its error", async () => {
    await db("event_template_pro_links").insert({
      project_id: p.id,
      parent_id: tasks[1],
      child_id: tasks[0],
      type: "end-begin",
      delay: 0,
    });
    const got = await sockets();
    const sync = await rt.api("POST", `/sequence-template-pro/${template}/synchronize`, manager.token, {});
    expect([sync.status, sync.body.code]).toEqual([400, "errors.cycle"]);
    expect(await until(() => names(got.elsewhere).includes("sequenceTemplate:endSync:error"))).toBe(true);
    expect(await until(() => names(got.watcher).includes("reference:update:error"))).toBe(true);
    expect(await until(() => names(got.initiator).includes("sequenceTemplate:endSync:error"))).toBe(true);
    await settle();
    expect(got.elsewhere[0]).toMatchObject({ ids: [template], code: "errors.cycle", initiatorId: manager.id });
    expect(names(got.watcher)).not.toContain("sequenceTemplate:endSync:error");
    expect(statuses(got.watcher)).toEqual(["partial"]);
    expect((await db("sequence_template_pros").where({ id: template }).first()).synchronizable_status).toBe("partial");
  });
});
