// Typed calls of the execution-tracking screens (shared/src/contract/dashboard.ts): the project dashboard, the
// late and on-time task lists and the recalibration (preview and write).
import type { Dashboard, RecalibrationAnswer, recalibrationBody, TrackedEventList } from "@jalon/shared";
import { request, send } from "./http";

export type {
  Dashboard,
  DashboardMilestone,
  RecalibrationAnswer,
  RecalibrationTask,
  TrackedEvent,
} from "@jalon/shared";

export interface TrackedFilters {
  projectId: number;
  versionId: number;
  /** yyyy-MM-dd; today (server side) when empty. */
  date: string;
  participantGroupProIds: number[];
  zoneIds: number[];
}

const trackedQuery = (f: TrackedFilters) => ({
  projectId: f.projectId,
  versionId: f.versionId,
  date: f.date || undefined,
  limit: 100,
  participantGroupProIds: f.participantGroupProIds.length ? f.participantGroupProIds : undefined,
  zoneIds: f.zoneIds.length ? f.zoneIds : undefined,
});

export const dashboardApi = {
  get: (projectId: number, versionId: number, date: string) =>
    request<Dashboard>("GET", `/project/${projectId}/dashboard`, { query: { versionId, date: date || undefined } }),
  delayed: (f: TrackedFilters) =>
    request<TrackedEventList>("GET", "/project/delayed-events", { query: trackedQuery(f) }),
  onTime: (f: TrackedFilters) => request<TrackedEventList>("GET", "/project/on-time", { query: trackedQuery(f) }),
  recalibrationPreview: (projectId: number, versionId: number, date: string) =>
    request<RecalibrationAnswer>("GET", `/project/${projectId}/recalibration`, {
      query: { versionId, date: date || undefined },
    }),
  /** Without `eventIds`, every task late at the date is re-dated. */
  recalibrate: (projectId: number, versionId: number, date: string, eventIds?: number[]) =>
    send<typeof recalibrationBody, RecalibrationAnswer>("POST", `/project/${projectId}/recalibration`, {
      versionId,
      ...(date ? { date } : {}),
      ...(eventIds ? { eventIds } : {}),
    }),
};
