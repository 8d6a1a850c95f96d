// Session (spec 000 section 4): starts as guest; isAdmin/isManager derived from the user type; an expired or
// rejected token logs out; a 401 logs out with 'Vous avez été déconnecté'.
import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import { configureHttp } from "../api/http";
import { api } from "../api/client";
import type { User } from "../api/types";
import { roleOf, type Role } from "../lib/permissions";
import { isTokenValid } from "../lib/jwt";
import { i18n } from "../i18n";
import { toast } from "./toasts";
import { errorMessage } from "../lib/errors";
import { clearOfflineReads } from "../offline/readCache";

export const TOKEN_KEY = "jalon.token";

export type SessionStatus = "idle" | "checking" | "ready";

interface SessionState {
  user: User | null;
  token: string | null;
  role: Role;
  isAdmin: boolean;
  isManager: boolean;
  authenticated: boolean;
  status: SessionStatus;
  setSession: (user: User, token: string) => void;
  setUser: (user: User) => void;
  /** Clears the session; `messageKey` (an i18n key) is shown as a toast. */
  logout: (messageKey?: string) => void;
  restore: () => Promise<void>;
}

const guest = {
  user: null,
  token: null,
  role: "guest" as Role,
  isAdmin: false,
  isManager: false,
  authenticated: false,
};

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* private mode: the session lives in memory only */
  }
}

export const useSession = create<SessionState>()(
  immer((set, get) => ({
    ...guest,
    status: "idle",
    setSession: (user, token) => {
      writeToken(token);
      set((s) => {
        s.token = token;
      });
      get().setUser(user);
    },
    setUser: (user) =>
      set((s) => {
        s.user = user;
        s.role = roleOf(user.type);
        s.isAdmin = user.type === "admin";
        s.isManager = user.type === "admin" || user.type === "manager";
        s.authenticated = true;
        s.status = "ready";
      }),
    logout: (messageKey) => {
      const wasAuthenticated = get().authenticated || get().token !== null;
      writeToken(null);
      void clearOfflineReads();
      set((s) => {
        Object.assign(s, guest);
        s.status = "ready";
      });
      if (messageKey && wasAuthenticated) toast.warning(i18n.t(messageKey), { subject: "session" });
    },
    restore: async () => {
      const token = readToken();
      if (!token) {
        set((s) => {
          s.status = "ready";
        });
        return;
      }
      if (!isTokenValid(token)) {
        get().logout("errors.session_expired");
        return;
      }
      set((s) => {
        s.token = token;
        s.status = "checking";
      });
      try {
        const user = await api.auth.me();
        if (get().token === token) get().setUser(user);
      } catch (e) {
        if (get().token === token) {
          get().logout();
          toast.error(errorMessage(e), { subject: "session" });
        }
      }
    },
  })),
);

/** Token for requests; an expired token ends the session. */
function currentToken(): string | null {
  const { token } = useSession.getState();
  if (token && !isTokenValid(token)) {
    useSession.getState().logout("errors.disconnected");
    return null;
  }
  return token;
}

configureHttp({
  getToken: currentToken,
  onUnauthorized: () => useSession.getState().logout("errors.disconnected"),
});

/** Checks the token expiry every 30 s and when the tab regains focus. Returns a stop function. */
export function watchTokenExpiry(intervalMs = 30_000): () => void {
  const check = () => {
    const { token } = useSession.getState();
    if (token && !isTokenValid(token)) useSession.getState().logout("errors.disconnected");
  };
  const timer = setInterval(check, intervalMs);
  window.addEventListener("focus", check);
  return () => {
    clearInterval(timer);
    window.removeEventListener("focus", check);
  };
}
