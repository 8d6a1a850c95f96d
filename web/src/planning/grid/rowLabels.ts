import { dayToInput } from "./cellValues";

type T = (key: string, options?: Record<string, unknown>) => string;

/** What a task row's name says besides its cells: the markers its name cell shows (named in text there too). */
export interface TaskRowMarks {
  qualityLate?: boolean;
  roadblock?: boolean;
  lateCounting?: boolean;
}

/**
 * A task row's own accessible name (issue 22): without it a row is named by its cells' texts run together ("Dallage
 * Gros œuvre 09/02/2026 10/02/2026 2"). Concise, in the order a planner reads a row: the name first (the visible
 * text, WCAG 2.5.3), the dates dd/MM/yyyy, the lot, then the markers. The cells stay cells, read one by one.
 */
export function taskRowLabel(
  t: T,
  task: { name: string; milestone: boolean; start: number; end: number; lotName: string } & TaskRowMarks,
): string {
  return [task.name, taskDatesLabel(t, task), taskTailLabel(t, task)].join(", ");
}

/** The dates part of a task row's name: the one part a drag preview changes every frame. */
export function taskDatesLabel(t: T, task: { milestone: boolean; start: number; end: number }): string {
  return task.milestone
    ? t("planningGrid.row.milestoneOn", { date: dayToInput(task.start) })
    : t("planningGrid.row.dates", { start: dayToInput(task.start), end: dayToInput(task.end) });
}

/** What follows the dates in a task row's name: the lot, then the markers (kept by a row while its dates move). */
export function taskTailLabel(t: T, task: { milestone: boolean; lotName: string } & TaskRowMarks): string {
  const parts = [task.lotName ? t("planningGrid.row.lot", { lot: task.lotName }) : t("planningGrid.row.noLot")];
  if (task.qualityLate) parts.push(t("quality.planning.marker"));
  if (task.roadblock && !task.milestone) parts.push(t("roadblocks.planning.marker"));
  if (task.lateCounting && !task.milestone) parts.push(t("planning.recalibration.lateMark"));
  return parts.join(", ");
}

/**
 * A group row's name: its title (a zone's whole path, a lot, a sequence) and how many tasks it holds, its tasks'
 * rows below it, or merged into its one row when folded.
 */
export function groupRowLabel(t: T, group: { label: string; tasks: number; folded: boolean }): string {
  return t(group.folded ? "planningGrid.row.groupFolded" : "planningGrid.row.group", {
    name: group.label,
    count: group.tasks,
  });
}
