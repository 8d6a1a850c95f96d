import { isAdminRole, isManagerRole, type Role, type User } from "@jalon/shared";
import { isoRequired } from "../../lib/dates.js";

export interface UserRow {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  type: Role;
  views: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The user's JSON contract: never the password hash. */
export function presentUser(row: UserRow, projects?: { id: number; name: string }[]): User {
  const user: User = {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    type: row.type,
    role: row.type,
    isAdmin: isAdminRole(row.type),
    isManager: isManagerRole(row.type),
    views: row.views ?? {},
    createdAt: isoRequired(row.created_at),
    updatedAt: isoRequired(row.updated_at),
  };
  if (projects) user.projects = projects;
  return user;
}

export const USER_COLUMNS = [
  "id",
  "email",
  "firstname",
  "lastname",
  "type",
  "views",
  "created_at",
  "updated_at",
] as const;
