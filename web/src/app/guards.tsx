// Route guards (spec 000 section 2 "Route access rules", section 6).
import { Suspense, type ReactNode } from "react";
import { Navigate, Outlet, useLocation, useMatches, useParams, type Location } from "react-router-dom";
import { isAllowed } from "../lib/permissions";
import { LOGIN_PATH, PROJECTS_PATH } from "../lib/paths";
import { rolesOf, type AppRoute } from "./routeTable";
import { FullPageSpinner } from "../components/FullPageSpinner";
import { NoProjectRedirect } from "../components/NoProjectRedirect";
import { useSession } from "../store/session";
import { useProject } from "../store/project";

const REDIRECT_KEY = "jalon.redirect";

export function rememberRedirect(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    /* ignore */
  }
}

/** The remembered target (location state first, then session storage), consumed once. */
export function takeRedirect(location: Location): string | null {
  const fromState = (location.state as { from?: string } | null)?.from;
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    /* ignore */
  }
  const target = fromState ?? stored;
  if (!target || target === LOGIN_PATH || target.startsWith("/login")) return null;
  return target;
}

/** A project or version id that is missing or the literal 'undefined' / 'null' (spec 000 section 8). */
export function isMissingId(id: string | number | null | undefined): boolean {
  return (
    id === null ||
    id === undefined ||
    id === "" ||
    id === "undefined" ||
    id === "null" ||
    (typeof id === "number" && Number.isNaN(id))
  );
}

export function Guard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  const params = useParams();
  const { role, authenticated, status } = useSession();
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);

  if (status !== "ready") return <FullPageSpinner />;

  if (!isAllowed(rolesOf(route), role, authenticated)) {
    if (!authenticated) {
      const from = `${location.pathname}${location.search}${location.hash}`;
      return <RememberAndLogin from={from} />;
    }
    return <Navigate to={takeRedirect(location) ?? PROJECTS_PATH} replace />;
  }

  if ("projectId" in params && isMissingId(params.projectId)) return <NoProjectRedirect />;
  if (route.needsProject && (isMissingId(projectId) || isMissingId(versionId))) return <NoProjectRedirect />;

  return <>{children}</>;
}

function RememberAndLogin({ from }: { from: string }) {
  rememberRedirect(from);
  return <Navigate to={LOGIN_PATH} replace state={{ from }} />;
}

export interface RouteHandle {
  route: AppRoute;
}

/** The table entry of the deepest matched route. */
export function useCurrentRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/** Guards the current route, then renders the layout's outlet. */
export function GuardedOutlet() {
  const route = useCurrentRoute();
  if (!route) return <Outlet />;
  return (
    <Guard route={route}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </Guard>
  );
}
