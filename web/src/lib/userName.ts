import type { User } from "../api/types";

/** "First Last", or the e-mail address when the user has no name. */
export function fullName(user: Pick<User, "firstname" | "lastname" | "email">): string {
  return `${user.firstname ?? ""} ${user.lastname ?? ""}`.trim() || user.email;
}
