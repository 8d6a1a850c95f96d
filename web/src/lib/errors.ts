import { i18n } from "../i18n";
import { ApiError } from "../api/http";
import { toast } from "../store/toasts";

/** The catalogue code of any failure ("default" when unknown). */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : "default";
}

/** errors.{code} when the catalogue has it, errors.default otherwise (spec 000 section 8). */
export function errorMessage(error: unknown): string {
  const key = `errors.${errorCode(error)}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t("errors.default");
}

/** Shows a server failure as a warning toast, optionally with a subject prefix. */
export function warnError(error: unknown, subject?: string): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  toast.warning(errorMessage(error), subject ? { subject } : {});
}
