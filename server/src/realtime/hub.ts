import type { Server as HttpServer } from "node:http";
import { Server, type ServerOptions, type Socket } from "socket.io";
import { isForInitiatorOnly, JOIN_PROJECT, LEAVE_PROJECT, type RealtimePayload } from "@jalon/shared/realtime";
import type { AccessChange } from "../context.js";
import { endAccess, sweepLocal, type MayWatchAll } from "./eviction.js";
import { publicRoomOf, roomOf, userRoomOf } from "./rooms.js";

export { publicRoomOf, roomOf, userRoomOf } from "./rooms.js";

/**
 * Socket.IO on the same origin: the JWT comes in the handshake (auth.token), a client joins one room per
 * project it belongs to (public viewers join read-only with the share token), and every committed change is
 * emitted to the room after commit.
 */
export interface RealtimeAuth {
  /** The user of a token, or null when it is invalid or expired. */
  verify: (token: string) => Promise<{ userId: number } | null>;
  /** Whether each user (or public share token) may watch each project (access/projects.ts mayWatchAll). */
  mayWatchAll: MayWatchAll;
}

export interface RealtimeHub {
  emit: (payload: RealtimePayload) => void;
  /** After a commit that may have ended someone's access: their sockets leave the project's room. */
  accessChanged: (changes: readonly AccessChange[]) => Promise<void>;
  /** Checks every socket of this process again (also run every `recheckMs`). */
  recheckAll: () => Promise<void>;
  close: () => Promise<void>;
  readonly io: Server;
}

/** Between server processes: a change for the public viewers each process holds (and checks itself). */
const PUBLIC_RELAY = "jalon:public";

/** How often every socket's rooms are checked against the database, behind the eviction at commit. */
export const RECHECK_MS = 30_000;

type Who = { userId: number } | { publicToken: string };

/** When a JWT expires (ms), read from its payload once verify() has accepted it; null without `exp`. */
function expiryOf(token: string): number | null {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      exp?: unknown;
    };
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** `adapter`: rooms shared with the other server processes (realtime/adapter.ts); in memory when absent. */
export function attachRealtime(
  http: HttpServer,
  auth: RealtimeAuth,
  options: { adapter?: ServerOptions["adapter"]; recheckMs?: number } = {},
): RealtimeHub {
  const io = new Server(http, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  io.use(async (socket, next) => {
    const { token, publicToken } = (socket.handshake.auth ?? {}) as { token?: unknown; publicToken?: unknown };
    if (typeof token === "string") {
      const user = await auth.verify(token).catch(() => null);
      if (!user) return next(new Error("unauthorized"));
      socket.data.who = user;
      socket.data.expiresAt = expiryOf(token);
      return next();
    }
    if (typeof publicToken === "string" && publicToken.length > 0) {
      socket.data.who = { publicToken };
      return next();
    }
    next(new Error("unauthorized"));
  });
  const mayWatch = async (who: Who, projectId: number) =>
    (await auth.mayWatchAll([{ who, projectId }]).catch(() => [false]))[0] === true;
  io.on("connection", (socket: Socket) => {
    const who = socket.data.who as Who;
    if ("userId" in who) void socket.join(userRoomOf(who.userId));
    socket.on(JOIN_PROJECT, async (msg: unknown, ack?: (r: { ok: boolean }) => void) => {
      const projectId = Number((msg as { projectId?: unknown } | null)?.projectId);
      let ok = Number.isInteger(projectId) && projectId > 0 && (await mayWatch(who, projectId));
      if (ok) {
        for (const room of socket.rooms)
          if (room.startsWith("project:") || room.startsWith("public:")) await socket.leave(room);
        const rooms = "publicToken" in who ? [roomOf(projectId), publicRoomOf(projectId)] : [roomOf(projectId)];
        await socket.join(rooms);
        // Checked again once in the room: an access ended between the first check and the join found the
        // socket outside the room, and this check reads what that commit wrote.
        ok = await mayWatch(who, projectId);
        if (!ok) for (const room of rooms) await socket.leave(room);
      }
      ack?.({ ok });
    });
    socket.on(LEAVE_PROJECT, async (msg: unknown) => {
      const projectId = Number((msg as { projectId?: unknown } | null)?.projectId);
      if (!Number.isInteger(projectId)) return;
      await socket.leave(roomOf(projectId));
      await socket.leave(publicRoomOf(projectId));
    });
  });

  /**
   * A share link stops at once when the project goes private (or its token changes): members get each event
   * at once, public viewers only after their token is checked again, in order per project; a viewer whose
   * token no longer opens the project is put out of the room and disconnected, and gets nothing more.
   * Each server process checks the viewers it holds: the process that sends a change relays it to the others
   * through the shared adapter (PUBLIC_RELAY), and each runs the same check.
   */
  const publicQueue = new Map<number, Promise<void>>();
  const toPublic = async (payload: RealtimePayload) => {
    const sockets = await io.local.in(publicRoomOf(payload.projectId)).fetchSockets();
    const verdicts = new Map<string, Promise<boolean>>();
    for (const s of sockets) {
      const token = (s.data.who as { publicToken: string }).publicToken;
      let verdict = verdicts.get(token);
      if (!verdict) {
        verdict = mayWatch({ publicToken: token }, payload.projectId);
        verdicts.set(token, verdict);
      }
      if (await verdict) s.emit(payload.event, payload);
      else {
        s.leave(roomOf(payload.projectId));
        s.leave(publicRoomOf(payload.projectId));
        s.disconnect(true);
      }
    }
  };
  const toPublicHere = (payload: RealtimePayload) => {
    if (!io.sockets.adapter.rooms.get(publicRoomOf(payload.projectId))?.size) return;
    const previous = publicQueue.get(payload.projectId) ?? Promise.resolve();
    const next = previous.then(() => toPublic(payload)).catch(() => undefined);
    publicQueue.set(payload.projectId, next);
    void next.then(() => {
      if (publicQueue.get(payload.projectId) === next) publicQueue.delete(payload.projectId);
    });
  };
  if (options.adapter) io.on(PUBLIC_RELAY, (payload: RealtimePayload) => toPublicHere(payload));
  const recheckAll = () => sweepLocal(io, auth.mayWatchAll);
  const recheckTimer = setInterval(() => void recheckAll().catch(() => undefined), options.recheckMs ?? RECHECK_MS);
  recheckTimer.unref();
  return {
    io,
    accessChanged: (changes) => endAccess(io, auth.mayWatchAll, changes),
    recheckAll,
    emit: (payload) => {
      // Through the adapter as well: the initiator's sockets may be held by another process.
      if (isForInitiatorOnly(payload.event)) {
        if (payload.initiatorId !== null) io.to(userRoomOf(payload.initiatorId)).emit(payload.event, payload);
        return;
      }
      io.to(roomOf(payload.projectId)).except(publicRoomOf(payload.projectId)).emit(payload.event, payload);
      toPublicHere(payload);
      if (options.adapter) io.serverSideEmit(PUBLIC_RELAY, payload);
    },
    close: () => {
      clearInterval(recheckTimer);
      return new Promise((resolve) => void io.close(() => resolve()));
    },
  };
}

/** Commands record what to emit; the route sends it once the transaction has committed. */
export class Outbox {
  private readonly items: RealtimePayload[] = [];
  add(payload: RealtimePayload): void {
    this.items.push(payload);
  }
  flush(hub: RealtimeHub | null): void {
    if (hub) for (const p of this.items.splice(0)) hub.emit(p);
    else this.items.length = 0;
  }
}
