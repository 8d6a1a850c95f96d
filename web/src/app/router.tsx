// Router built from the one route table. Each layout guards its matched route before drawing anything.
import { Navigate, type RouteObject } from "react-router-dom";
import { ErrorPage } from "./ErrorPage";
import { type RouteHandle } from "./guards";
import { routes, type AppRoute } from "./routeTable";
import { LOGIN_PATH, PROJECTS_PATH } from "../lib/paths";
import { NotFoundPage } from "./NotFoundPage";
import { AppLayout } from "./layout/AppLayout";
import { AuthLayout } from "./layout/AuthLayout";
import { PublicLayout } from "./layout/PublicLayout";

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = route.screen;
  return { path: route.path, handle: { route } satisfies RouteHandle, element: <Screen /> };
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
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ];
}
