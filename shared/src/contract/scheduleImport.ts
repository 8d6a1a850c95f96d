import { z } from "zod";
import { projectRef } from "../schemas.js";

/**
 * POST /project/import-schedule (issue 21): an MS Project (MSPDI .xml) or Primavera P6 (.xer) schedule becomes
 * a version's planning. Multipart form: `file` (required), `projectId` and `versionId` (optional, both or
 * neither: import into that existing version, manager of its project; without them a new project named after
 * the file's project title, the caller its manager). One transaction: nothing is written when the file is
 * refused (400 with a French `message`).
 */

/** Largest schedule file accepted (50 MB); bigger is refused with errors.import_too_large (400). */
export const SCHEDULE_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** File extensions the import reads, for the web's file picker. */
export const SCHEDULE_IMPORT_EXTENSIONS = [".xml", ".xer"] as const;

/** The form's fields other than the file (the server adds `file`). */
export const scheduleImportFields = {
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
};
export const scheduleImportFieldsSchema = z.object(scheduleImportFields);

/**
 * What the import could not carry over exactly, one code per kind (the web may translate them; `detail` is the
 * server's French sentence, `task` the task's name as imported when the warning is about one task):
 * - link_summary_dropped: a link touching a summary task (sequence) was dropped; its tasks keep their dates;
 * - link_external_dropped: a link to an activity of another project or outside the file was dropped;
 * - link_duplicate_dropped: a second link between the same two tasks (Jalon keeps one per pair);
 * - link_lag_rounded: a lag that is not a whole number of working days was rounded;
 * - link_lag_percent: a lag given as a percentage of the predecessor's duration, converted to days;
 * - link_delay_adjusted: the task starts later than its links require in the file: its incoming delays were
 *   raised so that it keeps its dates and still follows its predecessors;
 * - link_violated: the file itself leaves this task earlier than a link requires: it is locked on its dates;
 * - constraint_locked: a "must start / finish on" constraint became a lock;
 * - constraint_ignored: a constraint Jalon has no equivalent for (start no later than, finish no earlier
 *   than..., as late as possible); the task keeps the file's dates;
 * - task_unnamed: the task had no name; a name was generated;
 * - task_not_day_aligned: start or finish inside a working day; the dates were rounded to days;
 * - task_duration_differs: the dates span another number of working days than the file's duration (resource
 *   calendar, elapsed duration...); the dates were kept;
 * - task_level_of_effort: a P6 level-of-effort or WBS-summary activity, not imported as a task;
 * - task_without_dates: a task without start or finish, not imported;
 * - calendar_working_weekend: the file's calendar works on Saturday or Sunday (or not on a weekday), which
 *   Jalon's Monday-Friday calendar cannot hold;
 * - calendar_recurring_exception: a recurring exception was expanded to the days the file lists, or skipped;
 * - calendar_working_exception: an exception that makes a day a working day, not representable;
 * - calendar_task_specific: the task uses a calendar of its own, not the project's;
 * - resource_unnamed: a resource without a name, not imported as a participant;
 * - projects_merged: the file holds several projects, imported into the one version.
 */
export const SCHEDULE_IMPORT_WARNING_CODES = [
  "link_summary_dropped",
  "link_external_dropped",
  "link_duplicate_dropped",
  "link_lag_rounded",
  "link_lag_percent",
  "link_delay_adjusted",
  "link_violated",
  "constraint_locked",
  "constraint_ignored",
  "task_unnamed",
  "task_not_day_aligned",
  "task_duration_differs",
  "task_level_of_effort",
  "task_without_dates",
  "calendar_working_weekend",
  "calendar_recurring_exception",
  "calendar_working_exception",
  "calendar_task_specific",
  "resource_unnamed",
  "projects_merged",
] as const;
export type ScheduleImportWarningCode = (typeof SCHEDULE_IMPORT_WARNING_CODES)[number];

export interface ScheduleImportWarning {
  code: ScheduleImportWarningCode;
  /** The task's name as imported, when the warning is about one task. */
  task?: string;
  /** French sentence for the summary dialog. */
  detail: string;
}

/** The 201 answer. `events` and `links` count the rows written into the version. */
export interface ScheduleImportAnswer {
  projectId: number;
  versionId: number;
  events: number;
  links: number;
  warnings: ScheduleImportWarning[];
}

/** The catalogue codes the import answers besides the generic ones (errors.missing_file, errors.forbidden...). */
export const SCHEDULE_IMPORT_ERRORS = [
  "errors.import_format",
  "errors.import_too_large",
  "errors.import_unsafe_xml",
  "errors.import_invalid",
  "errors.cycle",
] as const;
