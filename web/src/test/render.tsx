// Test helpers: the real route table in a memory router, a fake API, and session/project fixtures.
import { Suspense } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { vi } from "vitest";
import { Providers } from "../app/App";

/** The app's providers (theme, i18n), for the screens' test helpers: a screen's folder never imports app/. */
export { Providers };
import { buildRoutes } from "../app/router";
import { useSession } from "../store/session";
import { useProject } from "../store/project";
import type { Project, User, Version } from "../api/types";

export interface FakeResponse {
  status?: number;
  body?: unknown;
}
export type Handler = (call: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}) => FakeResponse | unknown;

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers fetch from handlers keyed "METHOD /api/path" (no query). Unknown calls answer 404 not_found. */
export function mockApi(handlers: Record<string, Handler | FakeResponse | unknown>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    const call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    let response: FakeResponse;
    if (handler === undefined) response = { status: 404, body: { code: "not_found", message: "Not found" } };
    else {
      const value = typeof handler === "function" ? (handler as Handler)(call) : handler;
      response =
        value && typeof value === "object" && ("status" in value || "body" in value)
          ? (value as FakeResponse)
          : { status: 200, body: value };
    }
    const status = response.status ?? 200;
    const empty = response.body === undefined || status === 204;
    return new Response(empty ? null : JSON.stringify(response.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

/** Some screens on their own paths in a memory router at `path` (a lazy screen shows nothing until loaded). */
export function renderRoutes(screens: RouteObject[], path: string) {
  const router = createMemoryRouter(screens, { initialEntries: [path] });
  render(
    <Providers>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>,
  );
  return router;
}

export function makeUser(overrides: Partial<User> & Pick<User, "id" | "type">): User {
  const type = overrides.type;
  return {
    firstname: "Prénom",
    lastname: "Nom",
    email: `user${overrides.id}@jalon.demo`,
    role: type,
    isAdmin: type === "admin",
    isManager: type === "admin" || type === "manager",
    views: {},
    createdAt: "2026-01-05T08:30:00.000Z",
    updatedAt: "2026-02-10T16:45:00.000Z",
    ...overrides,
  };
}

export const users = {
  admin: makeUser({ id: 1, firstname: "Alice", lastname: "Admin", email: "admin@jalon.demo", type: "admin" }),
  manager: makeUser({ id: 2, firstname: "Marc", lastname: "Manager", email: "manager@jalon.demo", type: "manager" }),
  external: makeUser({ id: 3, firstname: "Eva", lastname: "Externe", email: "externe@jalon.demo", type: "external" }),
};

/** A JWT-shaped token expiring in `seconds` (negative: already expired). */
export function fakeToken(seconds = 3600): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: 1, exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

export function signIn(user: User, token = fakeToken()): void {
  useSession.getState().setSession(user, token);
}

export function makeVersion(overrides: Partial<Version> = {}): Version {
  return {
    id: 11,
    name: "V1",
    projectId: 7,
    isManualVersion: true,
    isActiveVersion: true,
    isReferentVersion: false,
    inConstruction: false,
    isArchived: false,
    isBeingUpdated: false,
    createdAt: "2026-03-02T09:05:00.000Z",
    updatedAt: "2026-03-02T09:05:00.000Z",
    ...overrides,
  };
}

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 7,
    name: "Résidence Les Tilleuls",
    floorArea: 1200,
    projectOwner: "Ville de Lyon",
    projectManager: "Atelier Dumas",
    opcCoordinator: "Jalon OPC",
    typology: "Logements",
    description: null,
    expectedStartDate: "2026-02-28T23:00:00.000Z",
    expectedEndDate: "2027-06-30T21:59:59.999Z",
    image: null,
    imageUrl: null,
    isPublic: false,
    shareToken: null,
    isArchived: false,
    countingMode: "percentage",
    currentVersionId: 11,
    currentVersion: null,
    signedVersionId: null,
    isBeingUpdated: false,
    undoRemaining: 2,
    pusherChannelId: "project-7",
    projectedStartDate: "2026-03-02",
    projectedEndDate: "2027-06-30",
    redirectToProjects: false,
    createdAt: "2026-01-05T08:30:00.000Z",
    updatedAt: "2026-02-10T16:45:00.000Z",
    ...overrides,
  };
}

export function selectProject(project: Project = makeProject()): void {
  useProject.getState().selectProject(project);
}

/**
 * The table named `name`, a grid when its columns sort: both roles are waited for at once (one findByRole then the
 * other waited the whole asyncUtilTimeout, 15 s, whenever the first role was the wrong one).
 */
export function findTable(name: string): Promise<HTMLElement> {
  return waitFor(() => screen.queryByRole("grid", { name }) ?? screen.getByRole("table", { name }));
}
