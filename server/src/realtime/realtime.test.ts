import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import type { RealtimePayload } from "@jalon/shared/realtime";
import type { TestApp } from "../../test/helpers/app.js";
import { buildProject, buildUser, type BuiltProject, type BuiltUser } from "../../test/helpers/factories.js";
import { startRealtimeServer, until, type RealtimeServer } from "../../test/helpers/realtimeServer.js";
import { createTokenService } from "../auth/tokens.js";
import type { Db } from "../db/knex.js";
import type { RunningServer } from "../server.js";

// Socket.IO on the real server (same origin as the API): JWT in the handshake, one room per project joined
// only by members (public viewers with the share token), committed changes pushed after commit naming their
// initiator, and the error twin of a refused write.
let rt: RealtimeServer;
let db: Db;
let server: RunningServer;
let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let p: BuiltProject;

beforeAll(async () => {
  rt = await startRealtimeServer();
  ({ db, server, t } = rt);
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  outsider = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager, { members: [external], isPublic: true });
});

afterAll(async () => rt?.close());

const connect = (auth: Record<string, string>) => rt.connect(auth);
const join = (socket: Socket, projectId: number) => rt.join(socket, projectId);
const api = (method: string, path: string, token: string, body?: unknown) => rt.api(method, path, token, body);

/** Every payload a socket receives, by event name. */
function record(socket: Socket): RealtimePayload[] {
  const got: RealtimePayload[] = [];
  socket.onAny((_name: string, payload: RealtimePayload) => got.push(payload));
  return got;
}

describe("realtime", () => {
  it("needs a valid JWT in the handshake (or a share token)", async () => {
    await expect(connect({})).rejects.toThrow("unauthorized");
    await expect(connect({ token: "not.a.jwt" })).rejects.toThrow("unauthorized");
    const forged = createTokenService("another-secret-of-16-chars", "1h").sign(manager.id);
    await expect(connect({ token: forged })).rejects.toThrow("unauthorized");
  });

  it("lets only members (and public viewers of a public project) join its room", async () => {
    expect(await join(await connect({ token: manager.token }), p.id)).toBe(true);
    expect(await join(await connect({ token: external.token }), p.id)).toBe(true);
    expect(await join(await connect({ token: outsider.token }), p.id)).toBe(false);
    const share = (await db("projects").where({ id: p.id }).first("share_token")).share_token as string;
    expect(await join(await connect({ publicToken: share }), p.id)).toBe(true);
    expect(await join(await connect({ publicToken: "x".repeat(40) }), p.id)).toBe(false);
    const archived = await buildProject(t, manager, { members: [external], isArchived: true });
    expect(await join(await connect({ token: external.token }), archived.id)).toBe(false);
  });

  it("pushes a committed move to the room with its initiator and dates delta; outsiders get nothing", async () => {
    const watcher = await connect({ token: external.token });
    expect(await join(watcher, p.id)).toBe(true);
    const outside = await connect({ token: outsider.token });
    await join(outside, p.id);
    const seen = record(watcher);
    const leaked = record(outside);
    const created = await api("POST", "/event", manager.token, {
      projectId: p.id,
      versionId: p.versionId,
      name: "Gros œuvre",
      numberOfDays: 3,
      startDate: "2026-02-02",
    });
    expect(created.status).toBe(201);
    expect(await until(() => seen.some((e) => e.event === "event:create"))).toBe(true);
    const { revision } = await db("events").where({ id: created.body.id }).first("revision");
    const moved = await api("PATCH", "/event/bulk-update", manager.token, {
      projectId: p.id,
      versionId: p.versionId,
      events: [{ id: created.body.id, revision }],
      anchorId: created.body.id,
      startDate: "2026-02-09",
    });
    expect(moved.status).toBe(200);
    expect(await until(() => seen.some((e) => e.event === "event:update"))).toBe(true);
    const update = seen.find((e) => e.event === "event:update")!;
    expect(update).toMatchObject({
      projectId: p.id,
      versionId: p.versionId,
      initiatorId: manager.id,
      dates: { ids: [created.body.id], startDates: ["2026-02-09"], endDates: ["2026-02-11"] },
    });
    // Sent after commit: what the payload says is already in the database.
    expect((await db("events").where({ id: created.body.id }).first()).start_date).toBe("2026-02-09");
    expect(leaked).toEqual([]);
  });

  it("reports a bulk move's progress stage by stage to the room, 100 % only once committed", async () => {
    const watcher = await connect({ token: external.token });
    expect(await join(watcher, p.id)).toBe(true);
    const outside = await connect({ token: outsider.token });
    await join(outside, p.id);
    const post = (body: Record<string, unknown>) =>
      api("POST", "/event", manager.token, { projectId: p.id, versionId: p.versionId, ...body });
    const a = await post({ name: "Cloisons", numberOfDays: 2, startDate: "2026-03-02" });
    const b = await post({
      name: "Peinture",
      numberOfDays: 2,
      parentsEvents: [{ id: a.body.id, type: "end-begin", delay: 0 }],
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    const seen = record(watcher);
    const leaked = record(outside);
    const moved = await api("PATCH", "/event/bulk-update", manager.token, {
      projectId: p.id,
      versionId: p.versionId,
      events: [{ id: a.body.id }, { id: b.body.id }],
      anchorId: a.body.id,
      startDate: "2026-03-09",
    });
    expect(moved.status).toBe(200);
    expect(await until(() => seen.some((e) => e.event === "event:bulk_update"))).toBe(true);
    const progress = seen.filter((e) => e.event === "event:update_progress");
    // Graph read, engine move, events update, links, history, undo step, then commit.
    expect(progress.map((e) => e.percentage)).toEqual([10, 35, 65, 70, 90, 95, 100]);
    for (const e of progress)
      expect(e).toMatchObject({ projectId: p.id, versionId: p.versionId, initiatorId: manager.id });
    // The delta comes after the last percentage.
    expect(seen.findIndex((e) => e.event === "event:bulk_update")).toBeGreaterThan(
      seen.indexOf(progress[progress.length - 1]),
    );
    expect(leaked).toEqual([]);
    // A single event's move reports no progress.
    seen.length = 0;
    const { revision } = await db("events").where({ id: b.body.id }).first("revision");
    expect(
      (
        await api("PATCH", "/event/bulk-update", manager.token, {
          projectId: p.id,
          versionId: p.versionId,
          events: [{ id: b.body.id, revision }],
          anchorId: b.body.id,
          startDate: "2026-03-16",
        })
      ).status,
    ).toBe(200);
    expect(await until(() => seen.some((e) => e.event === "event:update"))).toBe(true);
    expect(seen.filter((e) => e.event === "event:update_progress")).toEqual([]);
  });

  it("stops a public viewer's events at once when the project goes private: out of the room, disconnected", async () => {
    const q = await buildProject(t, manager, { members: [external], isPublic: true });
    const share = (await db("projects").where({ id: q.id }).first("share_token")).share_token as string;
    const viewer = await connect({ publicToken: share });
    expect(await join(viewer, q.id)).toBe(true);
    const member = await connect({ token: external.token });
    expect(await join(member, q.id)).toBe(true);
    const shown = record(viewer);
    const seen = record(member);
    const post = (name: string) =>
      api("POST", "/event", manager.token, {
        projectId: q.id,
        versionId: q.versionId,
        name,
        numberOfDays: 1,
        startDate: "2026-02-02",
      });
    expect((await post("Visible")).status).toBe(201);
    expect(await until(() => shown.some((e) => e.event === "event:create"))).toBe(true);
    let closed = false;
    viewer.on("disconnect", () => (closed = true));
    expect((await api("PATCH", `/project/${q.id}`, manager.token, { isPublic: false })).status).toBe(200);
    expect((await post("Privé")).status).toBe(201);
    // The member gets the second event; the former public viewer does not, and is let go.
    expect(await until(() => seen.filter((e) => e.event === "event:create").length === 2)).toBe(true);
    expect(await until(() => closed)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(shown.filter((e) => e.event === "event:create")).toHaveLength(1);
    const room = server.hub.io.sockets.adapter.rooms.get(`project:${q.id}`);
    expect(room?.size).toBe(1);
    // Joining again with the old link is refused.
    expect(await join(await connect({ publicToken: share }), q.id)).toBe(false);
  });

  it("sends the error twin of a refused write to the room, naming its initiator; nothing is written", async () => {
    const watcher = await connect({ token: manager.token });
    expect(await join(watcher, p.id)).toBe(true);
    const seen = record(watcher);
    const event = await db("events").where({ version_id: p.versionId }).first("id", "revision", "start_date");
    const stale = await api("PATCH", "/event/bulk-update", manager.token, {
      projectId: p.id,
      versionId: p.versionId,
      events: [{ id: event.id, revision: event.revision - 1 }],
      anchorId: event.id,
      startDate: "2026-02-16",
    });
    expect(stale.status).toBe(409);
    expect(await until(() => seen.some((e) => e.event === "event:bulk_update:error"))).toBe(true);
    expect(seen.find((e) => e.event === "event:bulk_update:error")).toMatchObject({
      projectId: p.id,
      initiatorId: manager.id,
      code: "errors.conflict",
    });
    const badDay = await api("PATCH", `/event/${event.id}`, manager.token, { startDate: "2026-02-14" });
    expect(badDay.status).toBe(400);
    expect(await until(() => seen.some((e) => e.event === "event:update:error"))).toBe(true);
    expect(seen.find((e) => e.event === "event:update:error")).toMatchObject({
      initiatorId: manager.id,
      code: "errors.invalid_date",
    });
    expect((await db("events").where({ id: event.id }).first()).start_date).toBe(event.start_date);
    // A refused write by someone outside the project says nothing to the room.
    const before = seen.length;
    const foreign = await api("PATCH", "/event/bulk-update", outsider.token, {
      projectId: p.id,
      versionId: p.versionId,
      events: [{ id: event.id }],
      anchorId: event.id,
      startDate: "2026-02-16",
    });
    expect(foreign.status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.length).toBe(before);
  });
});
