/**
 * The user contract (spec 000 section 3, users): request schemas and the list's filter fields. The User entity
 * and USER_TYPES are in ../entities.ts.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { USER_TYPES } from "../entities.js";
import { defineListResource } from "../filters.js";
import { email, id, newPassword, password, plainJson, plainString, requiredText } from "../schemas.js";
import { TEXT_MAX_LENGTH } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { ACCESS_ENDED } from "../realtime.js";

// Auth: POST /auth/login, /auth/forgot-password and /auth/reset-password.
export const loginBody = z.object({ email: plainString().trim().max(TEXT_MAX_LENGTH), password });
export const forgotPasswordBody = z.object({ email: plainString().trim().max(TEXT_MAX_LENGTH) });
export const resetPasswordBody = z.object({ token: plainString().trim().min(1).max(200), password: newPassword });

export const userType = z.enum(USER_TYPES);
export const userCreateBody = z.object({
  email,
  firstname: requiredText(),
  lastname: requiredText(),
  type: userType.default("external"),
  password: newPassword.optional(),
});
export const userUpdateBody = z.object({
  email: email.optional(),
  firstname: requiredText().optional(),
  lastname: requiredText().optional(),
  type: userType.optional(),
  password: newPassword.optional(),
  views: z.record(plainString(), plainJson).optional(),
});
export const userViewsBody = z.object({ views: z.record(plainString(), plainJson) });

export const userParams = z.object({ id });

/** GET /user: filter triples; 10,000 rows by last name by default. */
export const userListResource = defineListResource({
  fields: {
    id: "number",
    email: "string",
    firstname: "string",
    lastname: "string",
    type: "string",
    createdAt: "datetime",
    updatedAt: "datetime",
    projectId: "number",
  },
  sortable: ["id", "email", "firstname", "lastname", "type", "createdAt", "updatedAt"],
  joins: ["projects"],
  defaultSort: [{ field: "lastname", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** Error keys a user call answers with (besides the generic ones). */
export const USER_ERRORS = [
  "user_not_found",
  "email_already_used",
  "forbidden_delete_self",
  "forbidden_delete_user_assigned_to_project",
  "errors.forbidden",
] as const satisfies readonly ErrorCode[];

/** Deleting or retyping a user ends their access: their sockets get this notice after commit. */
export const USER_REALTIME = { accessEnded: ACCESS_ENDED } as const;
