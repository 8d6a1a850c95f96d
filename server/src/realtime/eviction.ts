import type { Server } from "socket.io";
import { ACCESS_ENDED, type RealtimePayload } from "@jalon/shared/realtime";
import type { Watcher } from "../access/projects.js";
import { projectOfRoom, publicRoomOf, roomOf, userRoomOf } from "./rooms.js";

/**
 * What a committed write may have taken away from someone's right to watch a project. Routes record it
 * (Emits.accessChanged) and http/route.ts hands it to the hub once the transaction has committed, so the
 * verdict is taken on what is now in the database.
 */
export type AccessChange =
  /** These users may no longer watch the project (removed from it; archived, for external users). */
  | { projectId: number; userIds: readonly number[]; publicViewers?: false }
  /** The project's share link no longer opens it (made private). */
  | { projectId: number; userIds?: readonly number[]; publicViewers: true }
  /** The user changed type or was deleted: every project room their sockets are in is checked again. */
  | { userId: number; deleted?: boolean };

/** The rules of access/projects.ts mayWatchAll: one verdict per check. */
export type MayWatchAll = (checks: readonly { who: Watcher; projectId: number }[]) => Promise<boolean[]>;

export const accessEndedNotice = (projectId: number): RealtimePayload => ({ event: ACCESS_ENDED, projectId, versionId: null, initiatorId: null, ids: [] });

/** What eviction needs of a socket, held by this process (Socket) or another one (RemoteSocket). */
interface AnySocket {
  readonly rooms: ReadonlySet<string>;
  emit: (event: string, payload: RealtimePayload) => unknown;
  leave: (room: string) => unknown;
  disconnect: (close: boolean) => unknown;
}

/**
 * Puts out of a project's room the sockets that may no longer watch it, and tells them (ACCESS_ENDED). Only
 * broadcast operations of the Socket.IO server are used (room `user:<id>`, `socketsLeave`,
 * `disconnectSockets`, `fetchSockets`), so that with a shared adapter the sockets held by the other server
 * processes leave too. Users are checked again rather than evicted blindly: an admin removed from a project
 * still watches it.
 */
export async function endAccess(io: Server, mayWatchAll: MayWatchAll, changes: readonly AccessChange[]): Promise<void> {
  for (const change of changes) {
    if ("userId" in change) {
      await recheckUser(io, mayWatchAll, change.userId);
      if (change.deleted) io.in(userRoomOf(change.userId)).disconnectSockets(true);
      continue;
    }
    const userIds = [...new Set(change.userIds ?? [])];
    const verdicts = await mayWatchAll(userIds.map((userId) => ({ who: { userId }, projectId: change.projectId })));
    userIds.forEach((userId, i) => {
      if (verdicts[i]) return;
      const sockets = io.in(userRoomOf(userId));
      sockets.emit(ACCESS_ENDED, accessEndedNotice(change.projectId));
      sockets.socketsLeave(roomOf(change.projectId));
    });
    if (change.publicViewers) {
      // A public viewer's socket serves only this link: it is let go.
      io.to(publicRoomOf(change.projectId)).emit(ACCESS_ENDED, accessEndedNotice(change.projectId));
      io.in(publicRoomOf(change.projectId)).disconnectSockets(true);
    }
  }
}

async function recheckUser(io: Server, mayWatchAll: MayWatchAll, userId: number): Promise<void> {
  const sockets = await io.in(userRoomOf(userId)).fetchSockets();
  await evictUnwatched(mayWatchAll, sockets.map((socket) => ({ socket: socket as AnySocket, who: { userId } })));
}

/**
 * The second line behind endAccess (a missed notification between processes, a join racing a removal): every
 * socket of this process is checked against the database, and those in a room they may no longer watch are
 * put out of it.
 */
export async function sweepLocal(io: Server, mayWatchAll: MayWatchAll): Promise<void> {
  const sockets = await io.local.fetchSockets();
  await evictUnwatched(mayWatchAll, sockets.flatMap((socket) => (socket.data.who ? [{ socket: socket as AnySocket, who: socket.data.who as Watcher }] : [])));
}

const CHECKS_PER_QUERY = 500;

async function evictUnwatched(mayWatchAll: MayWatchAll, sockets: { socket: AnySocket; who: Watcher }[]): Promise<void> {
  const checks: { socket: AnySocket; who: Watcher; projectId: number }[] = [];
  for (const { socket, who } of sockets) {
    for (const room of socket.rooms) {
      const projectId = projectOfRoom(room);
      if (projectId !== null) checks.push({ socket, who, projectId });
    }
  }
  for (let start = 0; start < checks.length; start += CHECKS_PER_QUERY) {
    const batch = checks.slice(start, start + CHECKS_PER_QUERY);
    const verdicts = await mayWatchAll(batch.map(({ who, projectId }) => ({ who, projectId })));
    batch.forEach(({ socket, who, projectId }, i) => {
      if (verdicts[i]) return;
      socket.emit(ACCESS_ENDED, accessEndedNotice(projectId));
      socket.leave(roomOf(projectId));
      socket.leave(publicRoomOf(projectId));
      if ("publicToken" in who) socket.disconnect(true);
    });
  }
}
