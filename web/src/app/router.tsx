// Router built from the one route table. Each layout guards its matched route before drawing anything.
import { Suspense } from "react";
import { Navigate, Outlet, useMatches, type RouteObject } from "react-router-dom";
import { ErrorPage } from "./ErrorPage";
import { FullPageSpinner, Guard } from "./guards";
import { LOGIN_PATH, PROJECTS_PATH, routes, type AppRoute } from "./routeTable";
import { PlaceholderPage } from "../features/placeholder/PlaceholderPage";
import { AppLayout } from "./layout/AppLayout";
import { AuthLayout } from "./layout/AuthLayout";
import { PublicLayout } from "./layout/PublicLayout";

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

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = route.screen;
  return {
    path: route.path,
    handle: { route } satisfies RouteHandle,
    element: Screen ? <Screen /> : <PlaceholderPage titleKey={route.title} />,
  };
}

export function buildRoutes(): RouteObject[] {
  const of = (layout: AppRoute["layout"]) => routes.filter((r) => r.layout === layout).map(toRouteObject);
  return [
    {
      errorElement: <ErrorPage />,
      children: [
        { path: "/", element: <Navigate to={LOGIN_PATH} replace /> },
        { element: <AuthLayout />, children: of("auth") },
        { element: <PublicLayout />, children: of("public") },
        { element: <AppLayout />, children: of("app") },
        { path: "/dashboard", element: <Navigate to={PROJECTS_PATH} replace /> },
        { path: "*", element: <Navigate to={PROJECTS_PATH} replace /> },
      ],
    },
  ];
}
