/**
 * Roles and permission sets of both specs (section 6), defined once for the web's route guards and the
 * server's authorization.
 *
 * - A route with no role list is open.
 * - An empty list means only users with no role (anonymous).
 * - Otherwise the user's role must be in the list. Unauthenticated users are guests.
 */

export const ROLES = ["admin", "manager", "external", "guest"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(v: unknown): v is Role {
  return typeof v === "string" && (ROLES as readonly string[]).includes(v);
}

export const PERMISSIONS = {
  admin: ["admin"],
  manager: ["admin", "manager"],
  external: ["admin", "manager", "external"],
  guest: ["admin", "manager", "guest"],
  all: ["admin", "manager", "external", "guest"],
  onlyGuest: ["guest"],
  onlyManager: ["manager"],
} as const satisfies Record<string, readonly Role[]>;

/** User types a manager may create, import or edit (external collaborators); admins manage every type. */
export const MANAGER_MANAGED: readonly Role[] = ["external", "guest"];

export type PermissionSetName = keyof typeof PERMISSIONS;
export type PermissionSet = readonly Role[];

/**
 * Whether a user may access what a role list guards. `role` is null for an anonymous visitor, who counts as
 * a guest for every non-empty list.
 */
export function mayAccess(roles: PermissionSet | undefined, role: Role | null): boolean {
  if (roles === undefined) return true;
  if (roles.length === 0) return role === null;
  return roles.includes(role ?? "guest");
}

/** Session flags of spec 000 section 4: isAdmin for admin, isManager for admin or manager. */
export function isAdminRole(role: Role | null): boolean {
  return role === "admin";
}

export function isManagerRole(role: Role | null): boolean {
  return role === "admin" || role === "manager";
}

/**
 * The web's route table (spec 000 and 001 section 2): the permission set of each screen. Paths with
 * parameters use `:name`.
 */
export const WEB_ROUTES: Record<string, PermissionSet | undefined> = {
  "/login": PERMISSIONS.onlyGuest,
  "/forgot": undefined,
  "/reset-password/:token": undefined,
  "/dashboard/public-planning/:token": PERMISSIONS.guest,
  "/dashboard/projects": PERMISSIONS.external,
  "/dashboard/planning": PERMISSIONS.external,
  "/dashboard/prerequisites": PERMISSIONS.external,
  "/dashboard/finishes": PERMISSIONS.external,
  "/dashboard/quality-calendar": PERMISSIONS.external,
  "/dashboard/quality/:recordId": PERMISSIONS.external,
  "/dashboard/userinfos/:userId": PERMISSIONS.external,
  "/dashboard/events-library": PERMISSIONS.admin,
  "/dashboard/sequences-library": PERMISSIONS.admin,
};

/** Any other /dashboard screen is a manager screen. */
export function webRoutePermission(pattern: string): PermissionSet | undefined {
  if (Object.prototype.hasOwnProperty.call(WEB_ROUTES, pattern)) return WEB_ROUTES[pattern];
  return pattern.startsWith("/dashboard") ? PERMISSIONS.manager : undefined;
}
