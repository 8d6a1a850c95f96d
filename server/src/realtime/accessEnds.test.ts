import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { ACCESS_ENDED, type RealtimePayload } from "@jalon/shared/realtime";
import type { TestApp } from "../../test/helpers/app.js";
import { buildProject, buildUser, type BuiltProject, type BuiltUser } from "../../test/helpers/factories.js";
import {
  REALTIME_TEST_SECRET as SECRET,
  serverUrl,
  startRealtimeServer,
  until,
  type RealtimeServer,
} from "../../test/helpers/realtimeServer.js";
import { createTokenService } from "../auth/tokens.js";
import type { Db } from "../db/knex.js";
import type { RunningServer } from "../server.js";
import { endAccess } from "./eviction.js";
import { attachRealtime, roomOf } from "./hub.js";

// Access ends when it ends: a socket already in a project's room leaves it at the commit that takes the right
// away (removed from the project, archived for an external user, made private for a share link, user deleted
// or type changed), is told so (ACCESS_ENDED), and gets no further event of the project; a member who keeps
// the right keeps getting them. Real sockets on the real server.
let rt: RealtimeServer;
let db: Db;
let server: RunningServer;
let url: string;
let t: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;

beforeAll(async () => {
  rt = await startRealtimeServer();
  ({ db, server, url, t } = rt);
  admin = await buildUser(t, { type: "admin" });
  manager = await buildUser(t, { type: "manager" });
});

afterAll(async () => rt?.close());

const connectTo = (base: string, auth: Record<string, string>) => rt.connect(auth, base);
const join = (socket: Socket, projectId: number) => rt.join(socket, projectId);

/** A socket in the project's room, with every event it receives. */
async function watcher(auth: Record<string, string>, projectId: number, base = url) {
  const socket = await connectTo(base, auth);
  const got: { name: string; payload: RealtimePayload }[] = [];
  socket.onAny((name: string, payload: RealtimePayload) => got.push({ name, payload }));
  let closed = false;
  socket.on("disconnect", () => (closed = true));
  expect(await join(socket, projectId)).toBe(true);
  return {
    socket,
    got,
    closed: () => closed,
    events: (name: string) => got.filter((e) => e.name === name),
    ended: () => got.filter((e) => e.name === ACCESS_ENDED).map((e) => e.payload.projectId),
  };
}

const api = (method: string, path: string, token: string, body?: unknown) => rt.api(method, path, token, body);

const settle = () => new Promise((r) => setTimeout(r, 250));

/** Whether this client's socket is in the project's room on the server. */
const inRoom = (w: { socket: Socket }, projectId: number) =>
  server.hub.io.sockets.adapter.rooms.get(roomOf(projectId))?.has(w.socket.id!) ?? false;

let n = 0;
const createEvent = (p: BuiltProject) =>
  api("POST", "/event", manager.token, {
    projectId: p.id,
    versionId: p.versionId,
    name: `Tâche ${++n}`,
    numberOfDays: 1,
    startDate: "2026-02-02",
  });

/** One more change in the project: the remaining member gets it, the evicted socket does not. */
async function expectOnlyMembersHear(
  p: BuiltProject,
  member: Awaited<ReturnType<typeof watcher>>,
  gone: Awaited<ReturnType<typeof watcher>>,
) {
  const before = { member: member.events("event:create").length, gone: gone.events("event:create").length };
  expect((await createEvent(p)).status).toBe(201);
  expect(await until(() => member.events("event:create").length === before.member + 1)).toBe(true);
  await settle();
  expect(gone.events("event:create")).toHaveLength(before.gone);
}

describe("access ends when it ends", () => {
  it("a member removed from the project leaves its room at once and hears nothing more; a removed admin stays", async () => {
    const external = await buildUser(t, { type: "external" });
    const colleague = await buildUser(t, { type: "manager" });
    const p = await buildProject(t, manager, { members: [external, colleague, admin] });
    const removed = await watcher({ token: external.token }, p.id);
    const member = await watcher({ token: colleague.token }, p.id);
    const adminSocket = await watcher({ token: admin.token }, p.id);
    expect((await createEvent(p)).status).toBe(201);
    expect(await until(() => removed.events("event:create").length === 1)).toBe(true);

    // A refused removal (an external user cannot remove anyone) changes nothing.
    expect(
      (await api("PATCH", "/project/remove-user", external.token, { projectId: p.id, userId: colleague.id })).status,
    ).toBe(403);
    expect(inRoom(member, p.id)).toBe(true);

    expect(
      (await api("PATCH", "/project/remove-user", manager.token, { projectId: p.id, userId: external.id })).status,
    ).toBe(200);
    // Out of the room by the time the answer arrives, and told which project.
    expect(inRoom(removed, p.id)).toBe(false);
    expect(await until(() => removed.ended().length === 1)).toBe(true);
    expect(removed.ended()).toEqual([p.id]);
    await expectOnlyMembersHear(p, member, removed);
    expect(member.ended()).toEqual([]);
    // Joining again is refused.
    expect(await join(removed.socket, p.id)).toBe(false);

    // Admins watch every project: removing one from the members ends nothing.
    expect(
      (await api("PATCH", "/project/remove-user", manager.token, { projectId: p.id, userId: admin.id })).status,
    ).toBe(200);
    expect(inRoom(adminSocket, p.id)).toBe(true);
    await expectOnlyMembersHear(p, adminSocket, removed);
    expect(adminSocket.ended()).toEqual([]);
  });

  it("archiving closes the room to external members and the share link, not to managers", async () => {
    const external = await buildUser(t, { type: "external" });
    const colleague = await buildUser(t, { type: "manager" });
    const p = await buildProject(t, manager, { members: [external, colleague], isPublic: true });
    const share = (await db("projects").where({ id: p.id }).first("share_token")).share_token as string;
    const ext = await watcher({ token: external.token }, p.id);
    const member = await watcher({ token: colleague.token }, p.id);
    const viewer = await watcher({ publicToken: share }, p.id);
    expect((await api("PATCH", `/project/${p.id}`, manager.token, { isArchived: true })).status).toBe(200);
    expect(inRoom(ext, p.id)).toBe(false);
    expect(inRoom(viewer, p.id)).toBe(false);
    expect(inRoom(member, p.id)).toBe(true);
    expect(await until(() => ext.ended().length === 1 && viewer.closed())).toBe(true);
    expect(viewer.ended()).toEqual([p.id]);
    expect(member.ended()).toEqual([]);
    // The link of an archived project opens nothing (as GET /planning/public/{token}).
    expect(await join(await connectTo(url, { publicToken: share }), p.id)).toBe(false);
    // An archived project takes no change; once it is taken out of the archive, the manager hears the next one,
    // the external user's old socket does not (it would have to join again).
    expect((await api("PATCH", `/project/${p.id}`, manager.token, { isArchived: false })).status).toBe(200);
    await expectOnlyMembersHear(p, member, ext);
  });

  it("making the project private lets its share-link viewers go at once, before any further change", async () => {
    const colleague = await buildUser(t, { type: "manager" });
    const p = await buildProject(t, manager, { members: [colleague], isPublic: true });
    const share = (await db("projects").where({ id: p.id }).first("share_token")).share_token as string;
    const viewer = await watcher({ publicToken: share }, p.id);
    const member = await watcher({ token: colleague.token }, p.id);
    expect((await api("PATCH", `/project/${p.id}`, manager.token, { isPublic: false })).status).toBe(200);
    expect(inRoom(viewer, p.id)).toBe(false);
    expect(await until(() => viewer.closed())).toBe(true);
    expect(viewer.ended()).toEqual([p.id]);
    await expectOnlyMembersHear(p, member, viewer);
    expect(member.ended()).toEqual([]);
  });

  it("a deleted user's sockets leave every room and are let go", async () => {
    const other = await buildUser(t, { type: "admin" });
    const colleague = await buildUser(t, { type: "manager" });
    const p = await buildProject(t, manager, { members: [colleague] });
    // An admin watches a project without being a member, and could be deleted while watching.
    const doomed = await watcher({ token: other.token }, p.id);
    const member = await watcher({ token: colleague.token }, p.id);
    expect((await api("DELETE", `/user/${other.id}`, admin.token)).status).toBe(200);
    expect(inRoom(doomed, p.id)).toBe(false);
    expect(await until(() => doomed.closed())).toBe(true);
    expect(doomed.ended()).toEqual([p.id]);
    await expectOnlyMembersHear(p, member, doomed);
    await expect(connectTo(url, { token: other.token })).rejects.toThrow("unauthorized");
  });

  it("a type change ends what the new type may not watch, and only that", async () => {
    const demoted = await buildUser(t, { type: "admin" });
    const colleague = await buildUser(t, { type: "manager" });
    const own = await buildProject(t, manager, { members: [demoted, colleague] });
    const foreign = await buildProject(t, manager, { members: [colleague] });
    const archived = await buildProject(t, manager, { members: [demoted, colleague] });
    await db("projects").where({ id: archived.id }).update({ is_archived: true });
    const onOwn = await watcher({ token: demoted.token }, own.id);
    const onForeign = await watcher({ token: demoted.token }, foreign.id);
    const onArchived = await watcher({ token: demoted.token }, archived.id);
    const member = await watcher({ token: colleague.token }, foreign.id);

    // Admin -> manager: the project they are not in closes; their own and the archived one stay.
    expect((await api("PATCH", `/user/${demoted.id}`, admin.token, { type: "manager" })).status).toBe(200);
    expect([inRoom(onOwn, own.id), inRoom(onForeign, foreign.id), inRoom(onArchived, archived.id)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(await until(() => onForeign.ended().length === 1)).toBe(true);
    expect(onForeign.ended()).toEqual([foreign.id]);
    await expectOnlyMembersHear(foreign, member, onForeign);

    // Manager -> external: the archived project closes too.
    expect((await api("PATCH", `/user/${demoted.id}`, admin.token, { type: "external" })).status).toBe(200);
    expect([inRoom(onOwn, own.id), inRoom(onArchived, archived.id)]).toEqual([true, false]);
    expect(await until(() => onArchived.ended().length === 1)).toBe(true);
    expect(onOwn.ended()).toEqual([]);
    // A change of name only checks nothing and ends nothing.
    expect((await api("PATCH", `/user/${demoted.id}`, admin.token, { firstname: "Renommé" })).status).toBe(200);
    expect(inRoom(onOwn, own.id)).toBe(true);
  });

  it("the periodic re-check puts out a socket whose right ended without going through a route", async () => {
    const external = await buildUser(t, { type: "external" });
    const colleague = await buildUser(t, { type: "manager" });
    const p = await buildProject(t, manager, { members: [external, colleague] });
    const ext = await watcher({ token: external.token }, p.id);
    const member = await watcher({ token: colleague.token }, p.id);
    await db("project_users").where({ project_id: p.id, user_id: external.id }).del();
    expect(inRoom(ext, p.id)).toBe(true);
    await server.hub.recheckAll();
    expect(inRoom(ext, p.id)).toBe(false);
    expect(inRoom(member, p.id)).toBe(true);
    expect(await until(() => ext.ended().length === 1)).toBe(true);
    await expectOnlyMembersHear(p, member, ext);
  });
});

describe("the hub's own checks", () => {
  /** The hub alone, with access rules the test switches. */
  async function bareHub(recheckMs: number, rules: { allowed: boolean | ((call: number) => boolean); calls: number }) {
    const httpServer = http.createServer();
    const hub = attachRealtime(
      httpServer,
      {
        verify: async (token) => ({ userId: Number(token) }),
        mayWatchAll: async (checks) =>
          checks.map(() => {
            rules.calls += 1;
            return typeof rules.allowed === "function" ? rules.allowed(rules.calls) : rules.allowed;
          }),
      },
      { recheckMs },
    );
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    return {
      hub,
      base,
      close: async () => {
        await hub.close();
        await new Promise((r) => httpServer.close(r));
      },
    };
  }

  it("checks every socket again on an interval", async () => {
    const rules: { allowed: boolean; calls: number } = { allowed: true, calls: 0 };
    const { hub, base, close } = await bareHub(100, rules);
    try {
      const w = await watcher({ token: "41" }, 5, base);
      expect(hub.io.sockets.adapter.rooms.get(roomOf(5))?.size).toBe(1);
      rules.allowed = false;
      expect(await until(() => w.ended().length === 1, 3000)).toBe(true);
      expect(hub.io.sockets.adapter.rooms.get(roomOf(5))?.size ?? 0).toBe(0);
      hub.emit({ event: "event:create", projectId: 5, versionId: 1, initiatorId: 1, ids: [1] });
      await settle();
      expect(w.events("event:create")).toEqual([]);
    } finally {
      await close();
    }
  });

  it("lets a socket go once its session (JWT) has expired", async () => {
    const rules: { allowed: boolean; calls: number } = { allowed: true, calls: 0 };
    const { hub, base, close } = await bareHub(100, rules);
    try {
      const shortLived = createTokenService(SECRET, "3s").sign(43);
      const lasting = createTokenService(SECRET, "1h").sign(44);
      const expiring = await watcher({ token: shortLived }, 7, base);
      const staying = await watcher({ token: lasting }, 7, base);
      await settle();
      expect(expiring.closed()).toBe(false);
      expect(await until(() => expiring.closed(), 5000)).toBe(true);
      expect(staying.closed()).toBe(false);
      expect(hub.io.sockets.adapter.rooms.get(roomOf(7))?.size).toBe(1);
    } finally {
      await close();
    }
  });

  it("one eviction that fails does not stop the others, and a deleted user's sockets go anyway", async () => {
    const rules: { allowed: boolean; calls: number } = { allowed: true, calls: 0 };
    const { hub, base, close } = await bareHub(60_000, rules);
    try {
      const deleted = await watcher({ token: "45" }, 8, base);
      const removed = await watcher({ token: "46" }, 8, base);
      const staying = await watcher({ token: "47" }, 8, base);
      // The database fails for the first change's check, answers "no" for the second.
      let first = true;
      const failing = async (checks: readonly unknown[]) => {
        if (first) {
          first = false;
          throw new Error("database unreachable");
        }
        return checks.map(() => false);
      };
      await expect(
        endAccess(hub.io, failing, [
          { userId: 45, deleted: true },
          { projectId: 8, userIds: [46] },
        ]),
      ).rejects.toThrow("database unreachable");
      expect(await until(() => deleted.closed() && removed.ended().length === 1)).toBe(true);
      expect(hub.io.sockets.adapter.rooms.get(roomOf(8))?.size).toBe(1);
      expect(staying.closed()).toBe(false);
    } finally {
      await close();
    }
  });

  it("a join whose access ends while it is being let in is refused and leaves the socket outside", async () => {
    // First verdict yes, second no: the access ended between the check and the join.
    const rules = { allowed: (call: number) => call === 1, calls: 0 };
    const { hub, base, close } = await bareHub(60_000, rules);
    try {
      const socket = await connectTo(base, { token: "42" });
      expect(await join(socket, 6)).toBe(false);
      expect(rules.calls).toBe(2);
      expect(hub.io.sockets.adapter.rooms.get(roomOf(6))?.size ?? 0).toBe(0);
    } finally {
      await close();
    }
  });
});

// Two server processes on one PostgreSQL share their rooms through the database (realtime/adapter.ts): an
// access ended by a request to one process puts out the sockets held by the other. Two servers in this test
// process stand for them (each has its own adapter and its own connection to PostgreSQL).
describe.skipIf(!process.env.DATABASE_URL)(
  "across server processes (PostgreSQL only: PGlite serves one process)",
  () => {
    let other: RunningServer;
    let otherUrl: string;
    beforeAll(async () => {
      other = await rt.startAnother();
      otherUrl = serverUrl(other);
    });
    const inOtherRoom = (w: { socket: Socket }, projectId: number) =>
      other.hub.io.sockets.adapter.rooms.get(roomOf(projectId))?.has(w.socket.id!) ?? false;

    it("a member removed through one process leaves the room on the other, and hears nothing more", async () => {
      const external = await buildUser(t, { type: "external" });
      const colleague = await buildUser(t, { type: "manager" });
      const p = await buildProject(t, manager, { members: [external, colleague] });
      const removed = await watcher({ token: external.token }, p.id, otherUrl);
      const member = await watcher({ token: colleague.token }, p.id, otherUrl);
      // Changes made through the first process reach the second's clients.
      expect((await createEvent(p)).status).toBe(201);
      expect(
        await until(() => removed.events("event:create").length === 1 && member.events("event:create").length === 1),
      ).toBe(true);
      expect(
        (await api("PATCH", "/project/remove-user", manager.token, { projectId: p.id, userId: external.id })).status,
      ).toBe(200);
      expect(await until(() => !inOtherRoom(removed, p.id), 2000)).toBe(true);
      expect(await until(() => removed.ended().length === 1)).toBe(true);
      expect(inOtherRoom(member, p.id)).toBe(true);
      await expectOnlyMembersHear(p, member, removed);
    });

    it("a type change through one process is checked on the sockets the other holds", async () => {
      const demoted = await buildUser(t, { type: "admin" });
      const colleague = await buildUser(t, { type: "manager" });
      const foreign = await buildProject(t, manager, { members: [colleague] });
      const onForeign = await watcher({ token: demoted.token }, foreign.id, otherUrl);
      const member = await watcher({ token: colleague.token }, foreign.id, otherUrl);
      expect((await api("PATCH", `/user/${demoted.id}`, admin.token, { type: "manager" })).status).toBe(200);
      expect(await until(() => !inOtherRoom(onForeign, foreign.id), 2000)).toBe(true);
      expect(await until(() => onForeign.ended().length === 1)).toBe(true);
      await expectOnlyMembersHear(foreign, member, onForeign);
    });

    it("a project made private through one process lets go the share-link viewers of the other", async () => {
      const p = await buildProject(t, manager, { isPublic: true });
      const share = (await db("projects").where({ id: p.id }).first("share_token")).share_token as string;
      const viewer = await watcher({ publicToken: share }, p.id, otherUrl);
      // While public, the viewer on the other process hears the changes made through this one (that process
      // checks its own viewers' link).
      expect((await createEvent(p)).status).toBe(201);
      expect(await until(() => viewer.events("event:create").length === 1, 2000)).toBe(true);
      expect((await api("PATCH", `/project/${p.id}`, manager.token, { isPublic: false })).status).toBe(200);
      expect(await until(() => viewer.closed(), 2000)).toBe(true);
      expect(viewer.ended()).toEqual([p.id]);
      expect(inOtherRoom(viewer, p.id)).toBe(false);
    });
  },
);
