import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { JOIN_PROJECT, LEAVE_PROJECT, type RealtimePayload } from "@jalon/shared/realtime";

/**
 * Socket.IO on the same origin: the JWT comes in the handshake (auth.token), a client joins one room per
 * project it belongs to (public viewers join read-only with the share token), and every committed change is
 * emitted to the room after commit.
 */
export interface RealtimeAuth {
  /** The user of a token, or null when it is invalid or expired. */
  verify: (token: string) => Promise<{ userId: number } | null>;
  /** Whether this user (or this public share token) may watch this project. */
  mayWatch: (who: { userId: number } | { publicToken: string }, projectId: number) => Promise<boolean>;
}

export interface RealtimeHub {
  emit: (payload: RealtimePayload) => void;
  close: () => Promise<void>;
  readonly io: Server;
}

export const roomOf = (projectId: number) => `project:${projectId}`;
/** Public viewers of a project are also in this room, so that their right to watch is checked per event. */
export const publicRoomOf = (projectId: number) => `public:${projectId}`;

type Who = { userId: number } | { publicToken: string };

export function attachRealtime(http: HttpServer, auth: RealtimeAuth): RealtimeHub {
  const io = new Server(http, { path: "/socket.io", serveClient: false, cors: { origin: false } });
  io.use(async (socket, next) => {
    const { token, publicToken } = (socket.handshake.auth ?? {}) as { token?: unknown; publicToken?: unknown };
    if (typeof token === "string") {
      const user = await auth.verify(token).catch(() => null);
      if (!user) return next(new Error("unauthorized"));
      socket.data.who = user;
      return next();
    }
    if (typeof publicToken === "string" && publicToken.length > 0) {
      socket.data.who = { publicToken };
      return next();
    }
    next(new Error("unauthorized"));
  });
  io.on("connection", (socket: Socket) => {
    socket.on(JOIN_PROJECT, async (msg: unknown, ack?: (r: { ok: boolean }) => void) => {
      const projectId = Number((msg as { projectId?: unknown } | null)?.projectId);
      const who = socket.data.who as Who;
      const ok = Number.isInteger(projectId) && projectId > 0 && (await auth.mayWatch(who, projectId).catch(() => false));
      if (ok) {
        for (const room of socket.rooms) if (room.startsWith("project:") || room.startsWith("public:")) await socket.leave(room);
        await socket.join("publicToken" in who ? [roomOf(projectId), publicRoomOf(projectId)] : roomOf(projectId));
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
   */
  const publicQueue = new Map<number, Promise<void>>();
  const toPublic = async (payload: RealtimePayload) => {
    const sockets = await io.in(publicRoomOf(payload.projectId)).fetchSockets();
    const verdicts = new Map<string, Promise<boolean>>();
    for (const s of sockets) {
      const token = (s.data.who as { publicToken: string }).publicToken;
      let verdict = verdicts.get(token);
      if (!verdict) {
        verdict = auth.mayWatch({ publicToken: token }, payload.projectId).catch(() => false);
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
  return {
    io,
    emit: (payload) => {
      io.to(roomOf(payload.projectId)).except(publicRoomOf(payload.projectId)).emit(payload.event, payload);
      if (!io.sockets.adapter.rooms.get(publicRoomOf(payload.projectId))?.size) return;
      const previous = publicQueue.get(payload.projectId) ?? Promise.resolve();
      const next = previous.then(() => toPublic(payload)).catch(() => undefined);
      publicQueue.set(payload.projectId, next);
      void next.then(() => {
        if (publicQueue.get(payload.projectId) === next) publicQueue.delete(payload.projectId);
      });
    },
    close: () => new Promise((resolve) => void io.close(() => resolve())),
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
