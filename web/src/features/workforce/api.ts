// Typed calls of the workforce screens (shared/src/contract/workforce.ts). Dates go out as the spec says: the
// start at 00:00:00.000 and the end at 23:59:59.999 of their Paris day.
import type {
  ListResponse,
  WorkforceAnswer,
  WorkforceCounting,
  workforceCountingBody,
  WorkforceCountingInput,
  WrittenRows,
} from "@jalon/shared";
import { request, send } from "../../api/http";
import { downloadFile } from "../../api/referenceMore";
import { endOfParisDay, startOfParisDay } from "../../lib/dates";

export type { WorkforceAnswer, WorkforceCounting, WorkforceRow } from "@jalon/shared";

export interface CountingFilters {
  projectId: number;
  versionId: number;
  startDate: string;
  endDate: string;
  participantGroupIds?: number[];
  tagIds?: number[];
}

export interface MonitoringFilters extends CountingFilters {
  versionIds: number[];
  participantIds?: number[];
  /** Planned people only: the countings have no macro-task nor zone. */
  macroTaskIds?: number[];
  zoneIds?: number[];
}

const range = (f: { startDate: string; endDate: string }) => ({
  startDate: f.startDate ? startOfParisDay(f.startDate) : undefined,
  endDate: f.endDate ? endOfParisDay(f.endDate) : undefined,
});

const countingQuery = (f: CountingFilters) => ({
  projectId: f.projectId,
  versionId: f.versionId,
  ...range(f),
  participantGroupIds: f.participantGroupIds?.length ? f.participantGroupIds : undefined,
  tagIds: f.tagIds?.length ? f.tagIds : undefined,
});

const monitoringQuery = (f: MonitoringFilters) => ({
  versionId: f.versionId,
  versionIds: f.versionIds.length ? f.versionIds : undefined,
  ...range(f),
  participantGroupIds: f.participantGroupIds?.length ? f.participantGroupIds : undefined,
  participantIds: f.participantIds?.length ? f.participantIds : undefined,
  tagIds: f.tagIds?.length ? f.tagIds : undefined,
  macroTaskIds: f.macroTaskIds?.length ? f.macroTaskIds : undefined,
  zoneIds: f.zoneIds?.length ? f.zoneIds : undefined,
});

/** One line sent by the countings table: the participant, the day and the two numbers (null clears). */
export type CountingLine = Pick<
  WorkforceCountingInput,
  "participantId" | "date" | "estimatedNumberOfPeople" | "realNumberOfPeople"
>;

export const workforceApi = {
  countings: (f: CountingFilters) =>
    request<ListResponse<WorkforceCounting>>("GET", "/workforce/counting", { query: countingQuery(f) }),
  save: (projectId: number, versionId: number, data: CountingLine[]) =>
    send<typeof workforceCountingBody, WrittenRows<WorkforceCounting>>("POST", "/workforce/counting", {
      projectId,
      versionId,
      data,
    }),
  exportCountings: (f: CountingFilters) =>
    downloadFile("/workforce/participant/export", countingQuery(f), "Effectifs_intervenants.xlsx"),
  monitoring: (f: MonitoringFilters) =>
    request<WorkforceAnswer>("GET", `/workforce/${f.projectId}`, { query: monitoringQuery(f) }),
  exportMonitoring: (f: MonitoringFilters) =>
    downloadFile(`/workforce/export/${f.projectId}`, monitoringQuery(f), "Suivi_effectifs.xlsx"),
};
