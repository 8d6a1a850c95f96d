// How an import failure is shown (spec 001 section 8): a 500 gives errors.import_format, a 400 the server's
// own message (it names the sheet, row and column), anything else errors.import_invalid.
import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";

export function importErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500) return i18n.t("errors.import_format");
  if (error instanceof ApiError && error.status === 400 && error.message) return error.message;
  return i18n.t("errors.import_invalid");
}

export const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);
