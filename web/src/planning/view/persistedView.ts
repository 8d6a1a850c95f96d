// The planning's view kept per user and project (issue 20): year/month/week, zoom, grouping, the aggregated
// groups, the critical path, the table view (issue 22), the grid's column widths and the filters, stored in the user's `views` (PATCH /user/views) under
// planning.<projectId>. Pure: what is read back is checked field by field, since `views` is free JSON that an
// older client (or another tool) may have written.
import { MAX_ZOOM, MIN_ZOOM, type Grouping, type PlanningView } from "@jalon/shared/gantt";
import { readColumnWidths } from "../grid/columnWidths";
import { EMPTY_FILTERS, type PlanningFilters } from "../planningStore";

export interface PersistedView {
  view: PlanningView;
  zoom: number;
  grouping: Grouping;
  showCritical: boolean;
  tableView: boolean;
  columnWidths: readonly number[];
  aggregated: number[];
  filters: PlanningFilters;
}

/** The key of the planning views in the user's views. */
export const PLANNING_VIEWS_KEY = "planning";

const VIEWS: readonly PlanningView[] = ["year", "month", "week"];
const GROUPINGS: readonly Grouping[] = ["none", "zone", "lot", "sequence"];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const ids = (v: unknown): number[] | undefined =>
  Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? (v as number[]) : undefined;
const isoDay = (v: unknown): string | null | undefined =>
  v === null ? null : typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;

function readFilters(v: unknown): PlanningFilters {
  const filters: PlanningFilters = { ...EMPTY_FILTERS };
  if (!isObject(v)) return filters;
  for (const key of Object.keys(EMPTY_FILTERS) as (keyof PlanningFilters)[]) {
    const empty = EMPTY_FILTERS[key];
    const value = v[key];
    if (typeof empty === "boolean") {
      if (typeof value === "boolean") (filters[key] as boolean) = value;
    } else if (Array.isArray(empty)) {
      if (key === "eventNames") {
        if (Array.isArray(value) && value.every((x) => typeof x === "string")) filters.eventNames = value as string[];
      } else {
        const list = ids(value);
        if (list) (filters[key] as number[]) = list;
      }
    } else {
      const day = isoDay(value);
      if (day !== undefined) (filters[key] as string | null) = day;
    }
  }
  return filters;
}

/** The saved view of a project, each unreadable field left out (the screen keeps its default for it). */
export function readView(views: unknown, projectId: number): Partial<PersistedView> | null {
  const planning = isObject(views) ? views[PLANNING_VIEWS_KEY] : undefined;
  const saved = isObject(planning) ? planning[String(projectId)] : undefined;
  if (!isObject(saved)) return null;
  const out: Partial<PersistedView> = {};
  if (VIEWS.includes(saved.view as PlanningView)) out.view = saved.view as PlanningView;
  if (typeof saved.zoom === "number" && saved.zoom >= MIN_ZOOM && saved.zoom <= MAX_ZOOM) out.zoom = saved.zoom;
  if (GROUPINGS.includes(saved.grouping as Grouping)) out.grouping = saved.grouping as Grouping;
  if (typeof saved.showCritical === "boolean") out.showCritical = saved.showCritical;
  if (typeof saved.tableView === "boolean") out.tableView = saved.tableView;
  const widths = readColumnWidths(saved.columnWidths);
  if (widths) out.columnWidths = widths;
  const aggregated = ids(saved.aggregated);
  if (aggregated) out.aggregated = aggregated;
  if (saved.filters !== undefined) out.filters = readFilters(saved.filters);
  return out;
}

/**
 * The user's views with this project's planning view replaced; every other key (other projects, other screens)
 * kept as it was, since PATCH /user/views stores the whole object it is given.
 */
export function mergeView(views: unknown, projectId: number, view: PersistedView): Record<string, unknown> {
  const base = isObject(views) ? views : {};
  const planning = isObject(base[PLANNING_VIEWS_KEY]) ? (base[PLANNING_VIEWS_KEY] as Json) : {};
  return { ...base, [PLANNING_VIEWS_KEY]: { ...planning, [String(projectId)]: view } };
}

/** The persisted part of the planning store's state. */
export function pickView(state: PersistedView): PersistedView {
  return {
    view: state.view,
    zoom: state.zoom,
    grouping: state.grouping,
    showCritical: state.showCritical,
    tableView: state.tableView,
    columnWidths: state.columnWidths,
    aggregated: state.aggregated,
    filters: state.filters,
  };
}
