// How an import failure is shown (spec 001 section 8, issue 8). The server answers a 400 with a catalogue code:
// errors.import_format for a file it cannot read, errors.import_invalid for a readable file with nothing to
// import, errors.validation with its own message (sheet, row, column) for a readable file with wrong content.
// A 500 still means the file broke the reader (errors.import_format); any other catalogue code keeps its text;
// an unknown failure is errors.import_invalid.
import { ApiError } from "../api/http";
import { i18n } from "../i18n";

export function importErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t("errors.import_invalid");
  if (error.code === "import_format" || error.status >= 500) return i18n.t("errors.import_format");
  if (error.code === "import_invalid") return i18n.t("errors.import_invalid");
  if (error.status === 400 && error.code === "validation" && error.message) return error.message;
  const key = `errors.${error.code}`;
  if (error.code !== "default" && error.code !== "validation" && i18n.exists(key)) return i18n.t(key);
  return i18n.t("errors.import_invalid");
}

export const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);
