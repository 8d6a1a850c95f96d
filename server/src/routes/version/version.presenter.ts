import type { Version } from "@jalon/shared";
import { isoRequired } from "../../lib/dates.js";

export interface VersionDbRow {
  id: number;
  project_id: number;
  name: string;
  is_manual_version: boolean;
  is_active_version: boolean;
  is_referent_version: boolean;
  in_construction: boolean;
  is_archived: boolean;
  is_being_updated: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export function presentVersion(row: VersionDbRow): Version {
  return {
    id: row.id,
    name: row.name,
    projectId: row.project_id,
    isManualVersion: row.is_manual_version,
    isActiveVersion: row.is_active_version,
    isReferentVersion: row.is_referent_version,
    inConstruction: row.in_construction,
    isArchived: row.is_archived,
    isBeingUpdated: row.is_being_updated,
    createdAt: isoRequired(row.created_at),
    updatedAt: isoRequired(row.updated_at),
  };
}
