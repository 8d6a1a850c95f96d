import { isManagerRole, type CountingMode, type Project } from "@jalon/shared";
import type { AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { toNumber } from "../../db/numbers.js";
import { iso, isoRequired } from "../../lib/dates.js";
import { presentVersion, type VersionDbRow } from "../version/version.presenter.js";

export interface ProjectDbRow {
  id: number;
  name: string;
  floor_area: number | string;
  project_owner: string | null;
  project_manager: string | null;
  opc_coordinator: string | null;
  typology: string | null;
  description: string | null;
  expected_start_date: Date | string | null;
  expected_end_date: Date | string | null;
  is_public: boolean;
  share_token: string | null;
  is_archived: boolean;
  counting_mode: string;
  current_version_id: number | null;
  signed_version_id: number | null;
  is_being_updated: boolean;
  pusher_channel_id: string;
  projected_start_date: string | null;
  projected_end_date: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  picture_key?: string | null;
  picture_name?: string | null;
  undo_remaining?: number | string;
}

/** Selects a project with its picture and the undo steps left on its current version. */
export function projectSelect(db: Db) {
  return db("projects")
    .leftJoin("project_pictures", "project_pictures.project_id", "projects.id")
    .select(
      "projects.*",
      "project_pictures.key as picture_key",
      "project_pictures.file_name as picture_name",
      db.raw("(SELECT count(*) FROM undo_steps u WHERE u.version_id = projects.current_version_id) AS undo_remaining"),
    );
}

export function pictureUrl(key: string): string {
  return `/api/project/picture/${key}`;
}

export async function versionsById(db: Db, ids: (number | null)[]): Promise<Map<number, VersionDbRow>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === "number"))];
  const rows = wanted.length === 0 ? [] : ((await db("versions").whereIn("id", wanted)) as VersionDbRow[]);
  return new Map(rows.map((r) => [r.id, r]));
}

export function presentProject(
  row: ProjectDbRow,
  versions: Map<number, VersionDbRow>,
  viewer: AuthUser,
  opts: { signedVersion?: boolean } = {},
): Project {
  const current = row.current_version_id ? versions.get(row.current_version_id) : undefined;
  const project: Project = {
    id: row.id,
    name: row.name,
    floorArea: toNumber(row.floor_area),
    projectOwner: row.project_owner,
    projectManager: row.project_manager,
    opcCoordinator: row.opc_coordinator,
    typology: row.typology,
    description: row.description,
    expectedStartDate: iso(row.expected_start_date),
    expectedEndDate: iso(row.expected_end_date),
    image: row.picture_name ?? null,
    imageUrl: row.picture_key ? pictureUrl(row.picture_key) : null,
    isPublic: row.is_public,
    shareToken: row.is_public && isManagerRole(viewer.type) ? row.share_token : null,
    isArchived: row.is_archived,
    countingMode: row.counting_mode as CountingMode,
    currentVersionId: row.current_version_id,
    currentVersion: current ? presentVersion(current) : null,
    signedVersionId: row.signed_version_id,
    isBeingUpdated: row.is_being_updated,
    undoRemaining: toNumber(row.undo_remaining ?? 0),
    pusherChannelId: row.pusher_channel_id,
    projectedStartDate: row.projected_start_date,
    projectedEndDate: row.projected_end_date,
    redirectToProjects: row.is_archived && viewer.type === "external",
    createdAt: isoRequired(row.created_at),
    updatedAt: isoRequired(row.updated_at),
  };
  if (opts.signedVersion) {
    const signed = row.signed_version_id ? versions.get(row.signed_version_id) : undefined;
    project.signedVersion = signed ? presentVersion(signed) : null;
  }
  return project;
}

export async function loadPresentedProject(db: Db, viewer: AuthUser, id: number): Promise<Project> {
  const row = (await projectSelect(db).where("projects.id", id).first()) as ProjectDbRow;
  const versions = await versionsById(db, [row.current_version_id, row.signed_version_id]);
  return presentProject(row, versions, viewer, { signedVersion: true });
}
