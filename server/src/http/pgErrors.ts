import { AppError, type ErrorCode } from "@jalon/shared";

/** Maps PostgreSQL errors that bad input can cause to catalogue codes (never a 500 for bad input). */
const UNIQUE_CODES: Record<string, ErrorCode> = {
  users_email_lower_unique: "email_already_used",
  participant_group_pros_name_unique: "participant_group_name_exists",
  participant_groups_name_unique: "participant_group_name_exists",
  project_users_pkey: "users_already_assigned",
};

interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  message?: string;
  detail?: string;
}

export function fromPgError(e: unknown): AppError | null {
  if (typeof e !== "object" || e === null) return null;
  let err = e as PgError & { cause?: unknown };
  // A driver or knex may wrap the database error.
  if (typeof err.code !== "string" && typeof err.cause === "object" && err.cause !== null) err = err.cause as PgError;
  if (typeof err.code !== "string" || !/^[0-9A-Z]{5}$/.test(err.code)) return null;
  const details = { constraint: err.constraint, table: err.table };
  switch (err.code) {
    case "23505":
      return new AppError(UNIQUE_CODES[err.constraint ?? ""] ?? "errors.conflict", { details });
    case "23503": {
      if (err.table === "countings" || (err.constraint ?? "").startsWith("countings_event_id")) {
        return new AppError("errors.event_has_countings", { details });
      }
      // Deleting a row others reference, or writing a reference to a missing row.
      const referenced = /still referenced|est toujours référencée/i.test(`${err.message ?? ""} ${err.detail ?? ""}`);
      return referenced
        ? new AppError("ImplementationError", { details })
        : new AppError("errors.validation", { message: "Référence inconnue.", details });
    }
    case "23P01": // exclusion constraint: an overlapping row was written by someone else
      return new AppError("errors.conflict", { details });
    case "40001":
    case "40P01":
      return new AppError("errors.conflict", { details });
    // A request listing more ids than one statement takes (65,535 parameters: the count wraps and PostgreSQL
    // answers a protocol violation), or too complex for it: too big, not a server fault.
    case "08P01":
      return /bind message has \d+ parameter formats/.test(err.message ?? "")
        ? new AppError("errors.payload_too_large", { details: { pg: err.code } })
        : null;
    case "54000":
    case "54001":
      return new AppError("errors.payload_too_large", { details: { pg: err.code } });
    default:
      // Class 22 (data exception: NUL or an encoding PostgreSQL refuses 22021/22P05, a bad number 22P02, an
      // out-of-range value 22003, a bad or out-of-range date 22007/22008...) and the rest of class 23
      // (integrity: 23502 not null, 23514 check...) can only come from the request's values.
      if (err.code.startsWith("22") || err.code.startsWith("23")) {
        return new AppError("errors.validation", { details: { ...details, pg: err.code } });
      }
      return null;
  }
}
