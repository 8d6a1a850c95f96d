// What a failed participant save shows (spec 001 section 8): the server's E_INVALID_NEW_RECORD is
// errors.empty_field; every other code goes through the catalogue.
import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";

export function participantSaveFailure(e: unknown): void {
  if (e instanceof ApiError && e.code === "E_INVALID_NEW_RECORD") toast.warning(i18n.t("errors.empty_field"));
  else warnError(e);
}
