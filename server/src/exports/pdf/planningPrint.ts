import { formatInTimeZone } from "date-fns-tz";
import { parseDay } from "@jalon/engine";
import { AppError, type PlanningExportRequest } from "@jalon/shared";
import { printRange, printRows } from "@jalon/shared/gantt";
import type { Db } from "../../db/knex.js";
import { planningData } from "../../planning/planningData.js";
import { renderPlanningPdf } from "./planningPdf.js";

/** Beyond this a print is a mistake (a whole decade on A4 by month): refused rather than tying up the server. */
export const MAX_PRINT_PAGES = 2000;

/** POST /planning/export as validated: its contract (shared/src/contract/planning.ts) with defaults applied. */
export type PlanningPrintRequest = PlanningExportRequest;

/**
 * The PDF of POST /planning/export: the version's events in the printed months after the planning's filters,
 * laid out by the shared Gantt layout (rows, scale, bars) and drawn sheet by sheet.
 */
export async function printPlanning(
  db: Db,
  r: PlanningPrintRequest,
  now = new Date(),
): Promise<{ pdf: Buffer; pages: number; projectName: string }> {
  const project = await db("projects")
    .where({ id: r.projectId })
    .first("name", "projected_start_date", "projected_end_date");
  const version = await db("versions").where({ id: r.versionId }).first("name");
  if (!project) throw new AppError("errors.project_not_found");
  if (!version) throw new AppError("errors.version_not_found");
  const today = formatInTimeZone(now, "Europe/Paris", "yyyy-MM-dd");
  const start = r.startDate ?? dayOf(project.projected_start_date) ?? today;
  const end = r.endDate ?? dayOf(project.projected_end_date) ?? start;
  const range = printRange(start, end);
  const data = await planningData(db, {
    projectId: r.projectId,
    versionId: r.versionId,
    startDate: start.slice(0, 7),
    endDate: end.slice(0, 7),
    ...r.filters,
  });
  const { events, rows, lots } = printRows(data, r.aggregation, r.aggregatedZoneIds);
  const closedDays = new Set<number>(data.calendars.holidays.map(parseDay));
  for (const v of data.calendars.vacations)
    for (let d = parseDay(v.startDate); d <= parseDay(v.endDate); d++) closedDays.add(d);
  const legend = r.showLegend ? lots : null;
  const g = data.graph;
  const links = g.linkParentId.map((p, k) => ({ parentId: p, childId: g.linkChildId[k], type: g.linkType[k] }));
  const out = renderPlanningPdf({
    projectName: project.name,
    versionName: version.name,
    printingName: r.printingName,
    printedOn: formatInTimeZone(now, "Europe/Paris", "dd/MM/yyyy"),
    events,
    rows,
    links,
    format: r.pageFormat,
    orientation: r.orientation,
    monthsPerPage: r.monthsPerPage,
    firstDay: range.firstDay,
    lastDay: range.lastDay,
    closedDays,
    legend,
    maxPages: MAX_PRINT_PAGES,
  });
  return { pdf: out.pdf, pages: out.pages, projectName: project.name };
}

function dayOf(v: unknown): string | null {
  if (!v) return null;
  if (v instanceof Date) return formatInTimeZone(v, "Europe/Paris", "yyyy-MM-dd");
  return String(v).slice(0, 10);
}
