import { describe, expect, it } from "vitest";
import { isAdminRole, isManagerRole, mayAccess, PERMISSIONS, ROLES, webRoutePermission } from "../src/permissions.js";

describe("permission sets", () => {
  it("are those of the specs", () => {
    expect(PERMISSIONS.admin).toEqual(["admin"]);
    expect(PERMISSIONS.manager).toEqual(["admin", "manager"]);
    expect(PERMISSIONS.external).toEqual(["admin", "manager", "external"]);
    expect(PERMISSIONS.guest).toEqual(["admin", "manager", "guest"]);
    expect([...PERMISSIONS.all].sort()).toEqual([...ROLES].sort());
    expect(PERMISSIONS.onlyGuest).toEqual(["guest"]);
    expect(PERMISSIONS.onlyManager).toEqual(["manager"]);
  });

  it("open route, empty list and role list", () => {
    for (const role of [...ROLES, null]) expect(mayAccess(undefined, role)).toBe(true);
    expect(mayAccess([], null)).toBe(true);
    expect(mayAccess([], "guest")).toBe(false);
    expect(mayAccess(PERMISSIONS.external, "external")).toBe(true);
    expect(mayAccess(PERMISSIONS.external, "guest")).toBe(false);
    expect(mayAccess(PERMISSIONS.external, null)).toBe(false);
    expect(mayAccess(PERMISSIONS.onlyGuest, null)).toBe(true);
    expect(mayAccess(PERMISSIONS.onlyGuest, "admin")).toBe(false);
    expect(mayAccess(PERMISSIONS.onlyManager, "admin")).toBe(false);
    expect(mayAccess(PERMISSIONS.manager, "admin")).toBe(true);
    expect(mayAccess(PERMISSIONS.admin, "manager")).toBe(false);
  });

  it("derives the session flags", () => {
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("manager")).toBe(false);
    expect(isManagerRole("admin")).toBe(true);
    expect(isManagerRole("manager")).toBe(true);
    expect(isManagerRole("external")).toBe(false);
    expect(isManagerRole(null)).toBe(false);
  });

  it("guards the web routes", () => {
    expect(webRoutePermission("/login")).toBe(PERMISSIONS.onlyGuest);
    expect(webRoutePermission("/forgot")).toBeUndefined();
    expect(webRoutePermission("/dashboard/planning")).toBe(PERMISSIONS.external);
    expect(webRoutePermission("/dashboard/zones")).toBe(PERMISSIONS.manager);
    expect(webRoutePermission("/dashboard/events-library")).toBe(PERMISSIONS.admin);
  });
});
