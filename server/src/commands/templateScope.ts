import type { Knex } from "knex";
import {
  AppError,
  eqFilterValue,
  EVENT_TEMPLATE_REALTIME,
  SEQUENCE_TEMPLATE_REALTIME,
  type ListQuery,
} from "@jalon/shared";
import { readableProject, readableVersion, writableProject, type ProjectRow } from "../access/projects.js";
import type { AuthUser } from "../context.js";
import type { Db } from "../db/knex.js";
import type { Emits } from "../http/route.js";

/**
 * Where templates live (spec 001 section 3): the global library (event_templates, sequence_templates: read by
 * managers, written by admins) or one project (event_template_pros, sequence_template_pros: the project's
 * managers). Both kinds have the same shape; these names let one command serve both.
 */
export interface TemplateTables {
  kind: "library" | "pro";
  events: "event_templates" | "event_template_pros";
  sequences: "sequence_templates" | "sequence_template_pros";
  links: "event_template_links" | "event_template_pro_links";
  /** The task template's column naming its sequence template. */
  eventSequence: "sequence_template_id" | "sequence_template_pro_id";
  first: "first_event_template_id" | "first_event_template_pro_id";
  last: "last_event_template_id" | "last_event_template_pro_id";
}

export const LIBRARY_TABLES: TemplateTables = {
  kind: "library",
  events: "event_templates",
  sequences: "sequence_templates",
  links: "event_template_links",
  eventSequence: "sequence_template_id",
  first: "first_event_template_id",
  last: "last_event_template_id",
};

export const PRO_TABLES: TemplateTables = {
  kind: "pro",
  events: "event_template_pros",
  sequences: "sequence_template_pros",
  links: "event_template_pro_links",
  eventSequence: "sequence_template_pro_id",
  first: "first_event_template_pro_id",
  last: "last_event_template_pro_id",
};

/** The library (projectId null) or one project's templates. */
export interface TemplateScope {
  t: TemplateTables;
  projectId: number | null;
}

export const LIBRARY: TemplateScope = { t: LIBRARY_TABLES, projectId: null };
export const proScope = (projectId: number): TemplateScope => ({ t: PRO_TABLES, projectId });

/** Rows of `table` in the scope (a project's rows, or the whole library table). */
export function scoped(db: Db, table: string, scope: TemplateScope, alias?: string): Knex.QueryBuilder {
  const q = db(alias ? `${table} as ${alias}` : table);
  if (scope.projectId !== null) q.where(`${alias ?? table}.project_id`, scope.projectId);
  return q;
}

/** The project of a pro list: its projectId filter (eq), readable by the user. */
export async function proListProject(db: Db, user: AuthUser, query: ListQuery): Promise<ProjectRow> {
  const p = eqFilterValue(query, "projectId");
  if (typeof p !== "number") throw new AppError("errors.no_project");
  return readableProject(db, user, p);
}

/**
 * The project owning rows of a project table addressed by id, checked readable (or writable): every id must
 * exist (errors.not_found with the missing ids) and all belong to one project.
 */
export async function projectOfRows(
  db: Db,
  user: AuthUser,
  table: "event_template_pros" | "sequence_template_pros",
  ids: readonly number[],
  mode: "read" | "write",
  projectId?: number,
): Promise<ProjectRow> {
  const unique = [...new Set(ids)];
  const rows = (await db(table).whereIn("id", unique).select("id", "project_id")) as {
    id: number;
    project_id: number;
  }[];
  if (rows.length !== unique.length)
    throw new AppError("errors.not_found", { details: { ids: unique.filter((i) => !rows.some((r) => r.id === i)) } });
  const projects = new Set(rows.map((r) => r.project_id));
  if (projects.size !== 1 || (projectId !== undefined && !projects.has(projectId)))
    throw new AppError("errors.validation", { message: "Les modèles doivent appartenir au projet." });
  const pid = rows[0].project_id;
  return mode === "write" ? writableProject(db, user, pid) : readableProject(db, user, pid);
}

/** A project the user reads and one of its versions (the current one by default): where instances are listed. */
export async function projectVersion(
  db: Db,
  user: AuthUser,
  projectId: number,
  versionId: number | undefined,
): Promise<{ project: ProjectRow; versionId: number }> {
  const project = await readableProject(db, user, projectId);
  if (versionId === undefined) {
    if (!project.current_version_id) throw new AppError("errors.version_not_found");
    return { project, versionId: project.current_version_id };
  }
  const { version } = await readableVersion(db, user, versionId);
  if (version.project_id !== project.id) throw new AppError("errors.version_not_in_project");
  return { project, versionId: version.id };
}

/** Every id must be a row of the library table (errors.not_found with the missing ids). */
export async function assertLibraryRows(db: Db, table: string, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = (await db(table).whereIn("id", unique).pluck("id")) as number[];
  const missing = unique.filter((i) => !found.includes(i));
  if (missing.length > 0) throw new AppError("errors.not_found", { details: { ids: missing } });
}

/** Project template writes: viewers of the project refetch (versionId null: templates are the project's). */
export function announceTemplates(
  emits: Emits,
  scope: TemplateScope,
  kind: "event" | "sequence",
  initiatorId: number,
  ids: number[],
): void {
  if (scope.projectId === null) return;
  const { event, resource } = kind === "event" ? EVENT_TEMPLATE_REALTIME : SEQUENCE_TEMPLATE_REALTIME;
  emits.add({
    event,
    projectId: scope.projectId,
    versionId: null,
    initiatorId,
    ids,
    data: { resource },
  });
}
