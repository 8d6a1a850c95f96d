/**
 * Zod schemas of request bodies and parameters, shared by the web's forms and the server's validation.
 * Strings are trimmed; numeric fields are taken only when numeric (a number or a numeric string); a missing
 * or 'undefined'/'null' project or version identifier fails with the message errors.no_project, which the
 * server answers with that catalogue code.
 */
import { z } from "zod";
import { PASSWORD_MIN_LENGTH, TEXT_MAX_LENGTH } from "./constants.js";

export const NO_PROJECT_MESSAGE = "errors.no_project";
const MAX_INT = 2_147_483_647;

function toId(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\d+$/.test(v.trim())) return Number(v.trim());
  return Number.NaN;
}

function isMissing(v: unknown): boolean {
  return v === undefined || v === null || v === "" || v === "undefined" || v === "null";
}

/** A positive integer id, from a number or a numeric string. */
export const id = z.unknown().transform((v, ctx) => {
  const n = toId(v);
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_INT) {
    ctx.addIssue({ code: "custom", message: "Identifiant invalide" });
    return z.NEVER;
  }
  return n;
});

/** A project or version id: missing, 'undefined' or 'null' is errors.no_project (spec 000 section 8). */
export const projectRef = z.unknown().transform((v, ctx) => {
  if (isMissing(v)) {
    ctx.addIssue({ code: "custom", message: NO_PROJECT_MESSAGE });
    return z.NEVER;
  }
  const n = toId(v);
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_INT) {
    ctx.addIssue({ code: "custom", message: "Identifiant invalide" });
    return z.NEVER;
  }
  return n;
});

export const idList = z.array(id).min(1).max(100_000);

// C0 control characters other than tab, LF and CR. PostgreSQL refuses NUL in text and JSON (SQLSTATE 22021,
// 22P05: a 500 if it got that far) and none of the others belongs in a name, a filter or an e-mail address.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
export const CONTROL_CHAR_MESSAGE = "Caractère de contrôle interdit";

export function hasControlChars(s: string): boolean {
  return CONTROL_CHARS.test(s);
}

/** Whether a parsed JSON value holds a control character in any string, key included. */
export function jsonHasControlChars(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (CONTROL_CHARS.test(v)) return true;
    } else if (Array.isArray(v)) {
      stack.push(...v);
    } else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (CONTROL_CHARS.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * The base of every request string (bodies, query strings, parameters): a string without control
 * characters, answered 400 errors.validation otherwise. Schemas build on it instead of z.string().
 */
export const plainString = () => z.string().refine((s) => !CONTROL_CHARS.test(s), CONTROL_CHAR_MESSAGE);

/** Free JSON (saved views...): any value whose strings and keys hold no control character. */
export const plainJson = z.unknown().refine((v) => !jsonHasControlChars(v), CONTROL_CHAR_MESSAGE);

/** A trimmed text of at most 200 characters (the spec's text input limit). */
export const text = (max = TEXT_MAX_LENGTH) => plainString().trim().max(max);
export const requiredText = (max = TEXT_MAX_LENGTH) => plainString().trim().min(1).max(max);
export const nullableText = (max = 5000) =>
  plainString()
    .trim()
    .max(max)
    .nullable()
    .transform((s) => (s === "" ? null : s));

/** A number, or a numeric string: anything else is refused. */
export const numeric = z.union([
  z.number().finite(),
  plainString()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
export const integer = numeric.pipe(z.number().int().min(-MAX_INT).max(MAX_INT));

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isoDay = plainString()
  .trim()
  .regex(ISO_DAY)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Date invalide");
/** An instant (ISO date-time with offset) or a calendar day. */
export const isoInstant = z.union([z.iso.datetime({ offset: true }), isoDay]);

export const email = plainString().trim().toLowerCase().max(TEXT_MAX_LENGTH).pipe(z.email());
export const password = plainString().min(1).max(TEXT_MAX_LENGTH);
export const newPassword = plainString().min(PASSWORD_MIN_LENGTH).max(TEXT_MAX_LENGTH);
export const colour = plainString()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$|^[a-z]{3,20}$/);

/** Id lists in a query string: repeated (?zoneIds=1&zoneIds=2) or comma-separated (?zoneIds=1,2). */
export const idsParam = z
  .union([plainString(), z.array(plainString())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  )
  .pipe(
    z
      .array(
        plainString()
          .regex(/^[1-9]\d{0,9}$/, "Identifiant invalide")
          .transform(Number),
      )
      .max(10_000),
  );
