// Socket.IO client: same origin, token in the handshake auth, one room per project ("join" {projectId}).
import { io, type Socket } from "socket.io-client";
import { JOIN_PROJECT } from "@jalon/shared/realtime";
import type { RealtimePayload } from "../api/types";

export type RealtimeListener = (name: string, payload: RealtimePayload) => void;

export function connectProjectRoom(token: string, projectId: number, listener: RealtimeListener): () => void {
  const socket: Socket = io({ auth: { token }, transports: ["websocket", "polling"] });
  // Listeners before anything async: with Socket.IO 4.8 a `connect` listener added after an await can miss the event.
  socket.on("connect", () => {
    socket.emit(JOIN_PROJECT, { projectId });
  });
  socket.onAny((name: string, payload: unknown) => {
    if (payload && typeof payload === "object") listener(name, payload as RealtimePayload);
  });
  return () => {
    socket.offAny();
    socket.disconnect();
  };
}
