import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useSession } from "../store/session";
import { useProject } from "../store/project";
import { connectProjectRoom } from "./socket";
import { handleRealtimeEvent, type RealtimeContext } from "./handleEvent";

/** Joins the selected project's room while signed in, and handles its events. */
export function useProjectRealtime(): void {
  const token = useSession((s) => s.token);
  const authenticated = useSession((s) => s.authenticated);
  const userId = useSession((s) => s.user?.id ?? null);
  const isAdmin = useSession((s) => s.isAdmin);
  const projectId = useProject((s) => s.projectId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ctx = useRef<RealtimeContext>({ userId, isAdmin, pathname, navigate });
  ctx.current = { userId, isAdmin, pathname, navigate };

  useEffect(() => {
    if (!authenticated || !token || projectId === null) return;
    if (typeof window === "undefined" || import.meta.env.MODE === "test") return;
    return connectProjectRoom(token, projectId, (name, payload) => handleRealtimeEvent(name, payload, ctx.current));
  }, [authenticated, token, projectId]);
}
