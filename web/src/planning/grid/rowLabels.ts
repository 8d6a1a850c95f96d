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
    ? filled(t, "planningGrid.row.milestoneOn", ["date"], [dayToInput(task.start)])
    : filled(t, "planningGrid.row.dates", ["start", "end"], [dayToInput(task.start), dayToInput(task.end)]);
}

const MARK = "\u0000";
const templates = new WeakMap<T, Map<string, string[]>>();
/**
 * `t(key, {names[k]: values[k]})` for a key whose values are put in as they are (interpolation is not escaped,
 * i18n/index.ts): the translation is asked once per `t` (one per language) with markers in place of the values,
 * then filled in. i18next's own lookup and interpolation for each moved row of a drag preview took about 1 ms of
 * each preview's render (bench/web's drag profile).
 */
function filled(t: T, key: string, names: readonly string[], values: readonly string[]): string {
  let byKey = templates.get(t);
  if (!byKey) templates.set(t, (byKey = new Map()));
  let parts = byKey.get(key);
  if (!parts) {
    parts = t(key, Object.fromEntries(names.map((n, k) => [n, `${MARK}${k}${MARK}`]))).split(MARK);
    byKey.set(key, parts);
  }
  let out = parts[0];
  for (let k = 1; k < parts.length; k += 2) out += values[Number(parts[k])] + parts[k + 1];
  return out;
}

/** What follows the dates in a task row's name: the lot, then the markers (kept by a row while its dates move). */
export function taskTailLabel(t: T, task: { milestone: boolean; lotName: string } & TaskRowMarks): string {
  const parts = [
    task.lotName ? filled(t, "planningGrid.row.lot", ["lot"], [task.lotName]) : t("planningGrid.row.noLot"),
  ];
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
