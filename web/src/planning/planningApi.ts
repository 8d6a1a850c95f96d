import { fromWire, type PlanningData, type PlanningDataWire, type PlanningSliceWire } from "@jalon/shared/planning";
import type { PlanningQuery as ContractPlanningQuery, PublicPlanningDataWire } from "@jalon/shared";
import { request } from "../api/http";

/** The planning screen's calls (spec 000 section 7, Planning and Events). */
/** The one planning query of the contract (shared/src/contract/planning.ts); the screen always sends its months. */
export type PlanningQuery = ContractPlanningQuery & { startDate: string; endDate: string };

export interface MovePayload {
  projectId: number;
  versionId: number;
  /** The selection with the revision each event had when the user saw it. */
  events: { id: number; revision: number }[];
  anchorId: number;
  /** ISO day the anchor starts on after the move. */
  startDate: string;
}

export interface MoveResult {
  ids: number[];
  startDates: string[];
  endDates: string[];
  revisions: number[];
  projectedEndDate: string | null;
  undoRemaining: number;
}

export const planningApi = {
  // The answer carries the events in columns (shared/planning/wire.ts), decoded here once.
  data: (q: PlanningQuery): Promise<PlanningData> =>
    request<PlanningDataWire>("GET", "/planning/data", { query: { ...q } }).then(fromWire),
  /** The public planning: its data names the project (`projectName`), which the public page shows. */
  publicData: (token: string, q: Pick<PlanningQuery, "startDate" | "endDate">): Promise<PlanningData> =>
    request<PublicPlanningDataWire>("GET", `/planning/public/${encodeURIComponent(token)}`, {
      query: { ...q },
      anonymous: true,
    }).then(fromWire),
  /** The display attributes of more months (eventsOnly): the range widened by scrolling past an edge. */
  slice: (q: PlanningQuery): Promise<PlanningSliceWire> =>
    request<PlanningSliceWire>("GET", "/planning/data", { query: { ...q, eventsOnly: true } }),
  publicSlice: (token: string, q: Omit<PlanningQuery, "projectId" | "versionId">): Promise<PlanningSliceWire> =>
    request<PlanningSliceWire>("GET", `/planning/public/${encodeURIComponent(token)}`, {
      query: { ...q, eventsOnly: true },
      anonymous: true,
    }),
  move: (body: MovePayload) => request<MoveResult>("PATCH", "/event/bulk-update", { body }),
  patchEvent: (id: number, body: Record<string, unknown>) =>
    request<{ id: number; revision: number }>("PATCH", `/event/${id}`, { body }),
};
