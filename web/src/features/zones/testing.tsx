// Test helpers of the reference-data screens: the screens on their real paths in a memory router, with the
// project 7 / version 11 selected and a manager signed in; fetch is replaced by mockApi (test/render.tsx).
import { lazy, Suspense } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Providers, makeProject, selectProject, signIn, users } from "../../test/render";

export const PROJECT_ID = 7;
export const VERSION_ID = 11;

const screens: Record<string, ReturnType<typeof lazy>> = {
  "/dashboard/zones": lazy(() => import("./ZonesPage")),
  "/dashboard/zone/:id": lazy(() => import("./ZoneEditPage")),
  "/dashboard/participants": lazy(() => import("../lots/LotsPage")),
  "/dashboard/participant-group/new": lazy(() => import("../lots/LotEditPage")),
  "/dashboard/participant-group/:recordId/:page": lazy(() => import("../lots/LotEditPage")),
  "/dashboard/participants/new": lazy(() => import("../participants/ParticipantPage")),
  "/dashboard/participants/:recordId/:page": lazy(() => import("../participants/ParticipantPage")),
  "/dashboard/participants-library": lazy(() => import("../lots/LibraryLotsPage")),
  "/dashboard/participant-library/:participantGroupId": lazy(() => import("../lots/LibraryLotPage")),
  "/dashboard/specialities": lazy(() => import("../specialities/SpecialitiesPage")),
  "/dashboard/specialities/:recordId": lazy(() => import("../specialities/SpecialityEditPage")),
};

export function renderReference(path: string) {
  signIn(users.manager);
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter(
    [
      ...Object.entries(screens).map(([p, Screen]) => ({ path: p, element: <Screen /> })),
      { path: "/dashboard/projects", element: <div>projets</div> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Providers>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>,
  );
  return { ...utils, router };
}

export const listOf = <T,>(data: T[]) => ({ data, count: data.length, total: data.length });
