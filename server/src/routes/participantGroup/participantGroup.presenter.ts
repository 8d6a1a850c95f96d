import { isoTime } from "../../commands/referenceLinks.js";

export interface LibraryLotDbRow {
  id: number;
  name: string;
  color: string;
  created_at: Date | string;
  updated_at: Date | string;
  projects?: unknown;
}

/** The JSON contract of a library lot: a name and a colour; `projects` counts the projects that copied it. */
export interface LibraryLotOut {
  id: number;
  name: string;
  color: string;
  projects: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export function presentLibraryLot(r: LibraryLotDbRow): LibraryLotOut {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    projects: Number(r.projects ?? 0),
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  };
}
