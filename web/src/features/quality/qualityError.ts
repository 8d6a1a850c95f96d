// Spec 001 section 8 "Quality control patch": a 500 shows the quality-control error, a 400 the server's message,
// anything else the catalogue's text (quality_control_already_exists, forbidden...) or the default.
import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../store/toasts";

export function qualityErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500) return i18n.t("quality.errors.patch");
  if (error instanceof ApiError && error.status === 400 && error.message && error.message !== error.code)
    return error.message;
  return errorMessage(error);
}

export function warnQualityError(error: unknown): void {
  toast.warning(qualityErrorText(error));
}
