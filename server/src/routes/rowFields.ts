import { isoRequired } from "../lib/dates.js";
import type { VersionRowColumns } from "../models/base.js";

/** A row as a presenter reads it (snake_case columns), or its model. */
type DbRow = (Record<string, unknown> & { id: number }) | VersionRowColumns;

/** The fields the JSON of a version-owned row starts with, in this order. */
export function versionRowFields(r: DbRow): {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  name: string;
} {
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    name: r.name as string,
  };
}

/** The timestamps the JSON of a row ends with. */
export function rowTimestamps(r: DbRow): { createdAt: string; updatedAt: string } {
  return { createdAt: isoRequired(r.created_at), updatedAt: isoRequired(r.updated_at) };
}

/** The scope fields of a version-owned row's JSON (the contract's VersionOwned), in the order lists show them. */
export function versionScopeFields(r: { tracking_id: number; project_id: number; version_id: number }): {
  trackingId: number;
  projectId: number;
  versionId: number;
} {
  return { trackingId: r.tracking_id, projectId: r.project_id, versionId: r.version_id };
}
