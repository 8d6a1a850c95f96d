import { describe, expect, it } from "vitest";
import { ROLES, webRoutePermission } from "@jalon/shared";
import { routeForPath, routes, rolesOf } from "./routeTable";
import { isAllowed } from "../lib/permissions";

// The web's route table must authorize exactly like the shared contract the server uses.
describe("route table", () => {
  const webOnly = new Set(["/dashboard/users"]);
  it.each(routes.filter((r) => !webOnly.has(r.path)).map((r) => [r.path, r] as const))(
    "%s agrees with shared WEB_ROUTES",
    (_path, route) => {
      const shared = webRoutePermission(route.path);
      for (const role of ROLES) {
        for (const authenticated of [true, false]) {
          if (!authenticated && role !== "guest") continue;
          expect(isAllowed(rolesOf(route), role, authenticated), `${role} ${authenticated}`).toBe(
            isAllowed(shared, role, authenticated),
          );
        }
      }
    },
  );

  it("resolves concrete paths, static segments first", () => {
    expect(routeForPath("/dashboard/project/new")?.title).toBe("pages.projectNew");
    expect(routeForPath("/dashboard/project/12")?.title).toBe("pages.project");
    expect(routeForPath("/dashboard/phases/categories")?.path).toBe("/dashboard/phases/categories");
    expect(routeForPath("/nowhere")).toBeUndefined();
  });
});
