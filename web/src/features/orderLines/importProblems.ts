// What an refused order-line import says (contract/orderLineImport.ts): the catalogue's text (import_format,
// import_invalid, xlsx_required...) or the server's own for a wrong cell, and each wrong cell's row and column.
import { ApiError } from "../../api/http";
import { importErrorMessage } from "../../lib/importError";

export interface ImportProblem {
  row: number | null;
  column: string | null;
  message: string;
}

export interface ImportRefusal {
  message: string;
  problems: ImportProblem[];
}

function problemOf(value: unknown): ImportProblem | null {
  if (!value || typeof value !== "object") return null;
  const p = value as { row?: unknown; column?: unknown; message?: unknown };
  const row =
    typeof p.row === "number" ? p.row : typeof p.row === "string" && /^\d+$/.test(p.row) ? Number(p.row) : null;
  const column = typeof p.column === "string" || typeof p.column === "number" ? String(p.column) : null;
  const message = typeof p.message === "string" ? p.message : "";
  return row === null && column === null && message === "" ? null : { row, column, message };
}

/** The refusal of an import: its message and the cells it names (details.problems, or the details themselves). */
export function importRefusal(error: unknown): ImportRefusal {
  const message = importErrorMessage(error);
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== "object")
    return { message, problems: [] };
  const details = error.details as { problems?: unknown };
  const listed = Array.isArray(details.problems) ? details.problems : [details];
  const problems = listed.map(problemOf).filter((p): p is ImportProblem => p !== null);
  return { message, problems };
}
