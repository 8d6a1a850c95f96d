import { defaultRange } from "@jalon/shared/gantt";
import { filterRange, type DayRange } from "../range";

/** What the displayed range depends on: the version, the date filter, today, and the session's fit and extension. */
export interface RangeInputs {
  projectId: number;
  versionId: number;
  publicToken?: string;
  today: number;
  /** The date filter (ISO days or null). */
  startDate: string | null;
  endDate: string | null;
  /** "Tout le projet": the project's range, kept while the date filter (`filterKey`) is unchanged. */
  fit: { filterKey: string; range: DayRange } | null;
  /** The range widened past the base range `baseKey` by scrolling past an edge. */
  extended: { baseKey: string; range: DayRange } | null;
}

export interface DisplayedRange {
  /** The version and date filter: a fitted range belongs to it. */
  filterKey: string;
  /** The date filter's months, else the spec's default, unless "Tout le projet" chose the project's. */
  base: DayRange;
  /** The base range per version: widened months and the scroll to today do not carry over to another one. */
  baseKey: string;
  /** The base range, or its widening by scrolling past an edge. */
  range: DayRange;
}

/** The displayed range (issue 14), without React: the view keeps the previous object while its keys are unchanged. */
export function displayedRange(i: RangeInputs): DisplayedRange {
  const version = [i.projectId, i.versionId, i.publicToken];
  const filterKey = JSON.stringify([...version, i.startDate, i.endDate]);
  const fit = i.fit && i.fit.filterKey === filterKey ? i.fit.range : null;
  const base = fit ?? filterRange(defaultRange(i.today), i.startDate, i.endDate);
  const baseKey = JSON.stringify([...version, base.firstDay, base.lastDay]);
  const range = i.extended && i.extended.baseKey === baseKey ? i.extended.range : base;
  return { filterKey, base, baseKey, range };
}

/** Whether two displayed ranges are the same (the previous one is kept: effects keyed on it do not run again). */
export function sameRange(a: DisplayedRange, b: DisplayedRange): boolean {
  return (
    a.filterKey === b.filterKey &&
    a.baseKey === b.baseKey &&
    a.range.firstDay === b.range.firstDay &&
    a.range.lastDay === b.range.lastDay
  );
}
