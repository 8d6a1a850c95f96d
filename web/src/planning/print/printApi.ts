import type { PlanningExportBody, PlanningFilterFields } from "@jalon/shared";
import type { Grouping } from "@jalon/shared/gantt";
import { fromWire, type PlanningData, type PlanningDataWire } from "@jalon/shared/planning";
import { request, requestFile } from "../../api/http";
import type { PlanningFilters } from "../planningStore";
import type { PrintSettings } from "./printPreview";

export interface PrintRequest {
  projectId: number;
  versionId: number;
  filters: PlanningFilters;
  grouping: Grouping;
  /** Groups drawn as one merged row; the print merges zones only. */
  aggregated: number[];
  settings: PrintSettings;
}

/** The planning's filters as the server applies them (GET /planning/data and POST /planning/export). */
export function serverFilters(f: PlanningFilters): PlanningFilterFields {
  const ids = (v: number[]) => (v.length ? v : undefined);
  return {
    zoneIds: ids(f.zoneIds),
    participantGroupProIds: ids(f.participantGroupProIds),
    participantIds: ids(f.participantIds),
    tagIds: ids(f.tagIds),
    macroTaskIds: ids(f.macroTaskIds),
    sequenceIds: ids(f.sequenceIds),
    specialityIds: ids(f.specialityIds),
    eventNames: f.eventNames.length ? f.eventNames : undefined,
    fromDate: f.startDate ?? undefined,
    toDate: f.endDate ?? undefined,
  };
}

/** The printed months' events, for an exact preview of the sheets. */
export function printData(r: Omit<PrintRequest, "grouping" | "aggregated">) {
  return request<PlanningDataWire>("GET", "/planning/data", {
    query: {
      projectId: r.projectId,
      versionId: r.versionId,
      startDate: r.settings.startMonth,
      endDate: r.settings.endMonth,
      ...serverFilters(r.filters),
    },
  }).then((w): PlanningData => fromWire(w));
}

/** POST /planning/export with the planning's filters: the PDF and its file name. */
export function exportPlanningPdf(r: PrintRequest) {
  return requestFile("POST", "/planning/export", {
    body: {
      projectId: r.projectId,
      versionId: r.versionId,
      filters: serverFilters(r.filters),
      aggregatedZoneIds: r.grouping === "zone" ? r.aggregated : [],
      aggregation: r.grouping,
      startDate: r.settings.startMonth,
      endDate: r.settings.endMonth,
      monthsPerPage: r.settings.monthsPerPage,
      pageFormat: r.settings.pageFormat,
      orientation: r.settings.orientation,
      printingName: r.settings.printingName,
      showLegend: r.settings.showLegend,
    } satisfies PlanningExportBody,
  });
}
