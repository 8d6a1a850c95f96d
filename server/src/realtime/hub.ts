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
      const ok = Number.isInteger(projectId) && projectId > 0 && (await auth.mayWatch(socket.data.who, projectId).catch(() => false));
      if (ok) {
        for (const room of socket.rooms) if (room.startsWith("project:")) await socket.leave(room);
        await socket.join(roomOf(projectId));
      }
      ack?.({ ok });
    });
    socket.on(LEAVE_PROJECT, async (msg: unknown) => {
      const projectId = Number((msg as { projectId?: unknown } | null)?.projectId);
      if (Number.isInteger(projectId)) await socket.leave(roomOf(projectId));
    });
  });
  return {
    io,
    emit: (payload) => {
      io.to(roomOf(payload.projectId)).emit(payload.event, payload);
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
