// Roles and permission sets come from the shared contract (shared/src/permissions.ts), the same definition
// the server authorizes with. The web only adds its session-shaped helpers.
import { PERMISSIONS, mayAccess, type PermissionSetName, type Role } from "@jalon/shared";

export type { Role };
export type PermissionSet = PermissionSetName;
export const permissions = PERMISSIONS;

/**
 * A route with no role list is open. An empty list means only users with no role (anonymous).
 * Otherwise the user's role must be in the list; anonymous visitors count as guests.
 */
export function isAllowed(roles: readonly Role[] | undefined, role: Role, authenticated: boolean): boolean {
  return mayAccess(roles, authenticated ? role : null);
}

/** Role of a user record: unknown types fall back to guest. */
export function roleOf(type: string | undefined | null): Role {
  return type === "admin" || type === "manager" || type === "external" ? type : "guest";
}
