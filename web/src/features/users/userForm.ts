import type { User } from "../../api/types";

export interface UserFormValues {
  firstname: string;
  lastname: string;
  email: string;
}

export function toUserValues(user: Pick<User, "firstname" | "lastname" | "email">): UserFormValues {
  return { firstname: user.firstname ?? "", lastname: user.lastname ?? "", email: user.email ?? "" };
}

/** Trimmed fields that differ from the original. */
export function changedUserFields(values: UserFormValues, original: UserFormValues): Partial<UserFormValues> {
  const out: Partial<UserFormValues> = {};
  for (const key of ["firstname", "lastname", "email"] as const) {
    if (values[key].trim() !== original[key].trim()) out[key] = values[key].trim();
  }
  return out;
}

/** Save is enabled only when email, firstname and lastname are non-empty and something changed (spec 000 §5). */
export function canSaveUser(values: UserFormValues, original: UserFormValues): boolean {
  const filled = values.email.trim() !== "" && values.firstname.trim() !== "" && values.lastname.trim() !== "";
  return filled && Object.keys(changedUserFields(values, original)).length > 0;
}
