import {
  buildRows,
  planPrint,
  printRange,
  printRows,
  type GanttRow,
  type Grouping,
  type PageFormat,
  type PageOrientation,
} from "@jalon/shared/gantt";
import type { PlanningData } from "@jalon/shared/planning";
import type { GanttModel } from "../model";

export interface PrintSettings {
  printingName: string;
  pageFormat: PageFormat;
  orientation: PageOrientation;
  monthsPerPage: number;
  /** yyyy-MM */
  startMonth: string;
  endMonth: string;
  showLegend: boolean;
}

/** Link types in the printed legend (lots come on top). */
const LINK_TYPES_IN_LEGEND = 4;

export type PreviewGrid = { across: number; down: number; pages: number };

function validRange(s: PrintSettings): boolean {
  return /^\d{4}-\d{2}$/.test(s.startMonth) && /^\d{4}-\d{2}$/.test(s.endMonth) && s.startMonth <= s.endMonth;
}

/** The sheets the server will print: the same rows (shared printRows) over the printed months' events, the same tiling. */
export function exactGrid(
  data: PlanningData,
  grouping: Grouping,
  aggregated: readonly number[],
  s: PrintSettings,
): PreviewGrid | null {
  if (!validRange(s)) return null;
  const { rows, lots } = printRows(data, grouping, aggregated);
  const plan = planPrint(rows, {
    format: s.pageFormat,
    orientation: s.orientation,
    monthsPerPage: s.monthsPerPage,
    ...printRange(s.startMonth, s.endMonth),
    legendItems: s.showLegend ? lots.length + LINK_TYPES_IN_LEGEND : 0,
  });
  return { across: plan.columns.length, down: plan.bands.length, pages: plan.pages.length };
}

/**
 * An estimate from the rows on screen that fall in the printed months, shown until those months are loaded
 * (months not loaded on screen can add rows).
 */
export function previewGrid(model: GanttModel, grouping: Grouping, s: PrintSettings): PreviewGrid | null {
  if (!validRange(s)) return null;
  const range = printRange(s.startMonth, s.endMonth);
  const events = model.events.filter((e) => e.endDay >= range.firstDay && e.startDay <= range.lastDay);
  const labels = new Map<number, string>();
  for (const r of model.rows)
    if (r.kind !== "event" && r.groupId !== undefined && r.groupId !== null) labels.set(r.groupId, r.label);
  const rows: GanttRow[] = buildRows(events, { grouping, groupLabels: labels });
  const lots = new Set(events.map((e) => e.lotId).filter((x) => x !== null && x !== undefined)).size;
  const plan = planPrint(rows, {
    format: s.pageFormat,
    orientation: s.orientation,
    monthsPerPage: s.monthsPerPage,
    ...range,
    legendItems: s.showLegend ? lots + LINK_TYPES_IN_LEGEND : 0,
  });
  return { across: plan.columns.length, down: plan.bands.length, pages: plan.pages.length };
}
