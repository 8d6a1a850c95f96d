import type { LibraryLot } from "@jalon/shared";
import { isoTime } from "../../commands/referenceLinks.js";

export interface LibraryLotDbRow {
  id: number;
  name: string;
  color: string;
  created_at: Date | string;
  updated_at: Date | string;
  projects?: unknown;
}

export function presentLibraryLot(r: LibraryLotDbRow): LibraryLot {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    projects: Number(r.projects ?? 0),
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  };
}
