import type { Server, Socket } from "socket.io";
import { ACCESS_ENDED, type RealtimePayload } from "@jalon/shared/realtime";
import type { Watcher } from "../access/projects.js";
import type { AccessChange } from "../context.js";
import { projectOfRoom, publicRoomOf, roomOf, userRoomOf } from "./rooms.js";

/** The rules of access/projects.ts mayWatchAll: one verdict per check. */
export type MayWatchAll = (checks: readonly { who: Watcher; projectId: number }[]) => Promise<boolean[]>;

export const accessEndedNotice = (projectId: number): RealtimePayload => ({
  event: ACCESS_ENDED,
  projectId,
  versionId: null,
  initiatorId: null,
  ids: [],
});

/**
 * The sockets in `room` (a user's room, a project's public room, or one socket's own room), in every server
 * process. The adapter is called directly because its cluster variant (several processes on one PostgreSQL)
 * returns a promise, resolved once the operation is published to the other processes and applied here,
 * which `io.in(room).socketsLeave()` drops: awaiting it, the eviction is done before the route answers and
 * before any later event of the project is published (the other processes receive them in that order).
 */
function inRoom(io: Server, room: string) {
  const adapter = io.of("/").adapter;
  const opts = { rooms: new Set([room]), except: new Set<string>() };
  return {
    notify: async (projectId: number) => {
      // socket.io-parser's PacketType.EVENT, fixed by the Socket.IO protocol.
      const packet = { type: 2, data: [ACCESS_ENDED, accessEndedNotice(projectId)], nsp: "/" };
      await Promise.resolve(adapter.broadcast(packet, opts) as unknown);
    },
    leave: async (projectId: number) => {
      await Promise.resolve(adapter.delSockets(opts, [roomOf(projectId), publicRoomOf(projectId)]) as unknown);
    },
    disconnect: async () => {
      await Promise.resolve(adapter.disconnectSockets(opts, true) as unknown);
    },
  };
}

/**
 * Puts out of a project's room the sockets that may no longer watch it, after telling them (ACCESS_ENDED),
 * in every server process (the room `user:<id>` of each signed-in socket finds them wherever they are).
 * Users are checked again rather than evicted blindly: an admin removed from a project still watches it.
 */
export async function endAccess(io: Server, mayWatchAll: MayWatchAll, changes: readonly AccessChange[]): Promise<void> {
  // One failed change (another process not answering fetchSockets in time) does not stop the others; the
  // periodic re-check catches what it missed.
  const failures: unknown[] = [];
  for (const change of changes) await endOne(io, mayWatchAll, change).catch((e: unknown) => failures.push(e));
  if (failures.length > 0) throw failures[0];
}

async function endOne(io: Server, mayWatchAll: MayWatchAll, change: AccessChange): Promise<void> {
  if ("userId" in change) {
    // Deleted: its sockets are let go even if the check of their rooms failed.
    try {
      await recheckUser(io, mayWatchAll, change.userId);
    } finally {
      if (change.deleted) await inRoom(io, userRoomOf(change.userId)).disconnect();
    }
    return;
  }
  const userIds = [...new Set(change.userIds ?? [])];
  const verdicts = await mayWatchAll(userIds.map((userId) => ({ who: { userId }, projectId: change.projectId })));
  for (const [i, userId] of userIds.entries()) {
    if (verdicts[i]) continue;
    const sockets = inRoom(io, userRoomOf(userId));
    await sockets.notify(change.projectId);
    await sockets.leave(change.projectId);
  }
  if (change.publicViewers) {
    // A public viewer's socket serves only this link: it is let go.
    const viewers = inRoom(io, publicRoomOf(change.projectId));
    await viewers.notify(change.projectId);
    await viewers.disconnect();
  }
}

/** Every project room the user's sockets are in, wherever they are, checked against their new rights. */
async function recheckUser(io: Server, mayWatchAll: MayWatchAll, userId: number): Promise<void> {
  const checks: { socketId: string; projectId: number }[] = [];
  for (const socket of await io.in(userRoomOf(userId)).fetchSockets()) {
    for (const room of socket.rooms) {
      const projectId = projectOfRoom(room);
      if (projectId !== null) checks.push({ socketId: socket.id, projectId });
    }
  }
  const verdicts = await mayWatchAll(checks.map(({ projectId }) => ({ who: { userId }, projectId })));
  for (const [i, { socketId, projectId }] of checks.entries()) {
    if (verdicts[i]) continue;
    const socket = inRoom(io, socketId);
    await socket.notify(projectId);
    await socket.leave(projectId);
  }
}

const CHECKS_PER_QUERY = 500;

/**
 * The second line behind endAccess (a missed notification between processes, a join racing a removal): every
 * socket of this process is checked against the database, and those in a room they may no longer watch are
 * put out of it. A socket whose session (JWT) has expired is let go: the token that opened it no longer
 * opens anything.
 */
export async function sweepLocal(io: Server, mayWatchAll: MayWatchAll, now = Date.now()): Promise<void> {
  const checks: { socket: Socket; who: Watcher; projectId: number }[] = [];
  for (const socket of io.of("/").sockets.values()) {
    const who = socket.data.who as Watcher | undefined;
    if (!who) continue;
    const expiresAt = socket.data.expiresAt as number | null | undefined;
    if (typeof expiresAt === "number" && expiresAt <= now) {
      socket.disconnect(true);
      continue;
    }
    for (const room of socket.rooms) {
      const projectId = projectOfRoom(room);
      if (projectId !== null) checks.push({ socket, who, projectId });
    }
  }
  for (let start = 0; start < checks.length; start += CHECKS_PER_QUERY) {
    const batch = checks.slice(start, start + CHECKS_PER_QUERY);
    const verdicts = await mayWatchAll(batch.map(({ who, projectId }) => ({ who, projectId })));
    for (const [i, { socket, who, projectId }] of batch.entries()) {
      if (verdicts[i]) continue;
      socket.emit(ACCESS_ENDED, accessEndedNotice(projectId));
      await socket.leave(roomOf(projectId));
      await socket.leave(publicRoomOf(projectId));
      if ("publicToken" in who) socket.disconnect(true);
    }
  }
}
