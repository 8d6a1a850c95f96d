import { DISTINCT_EVENTS_LIMIT, LIST_LIMIT, type EventDistinctName, type ShiftHistory } from "@jalon/shared";
import { filter } from "../../api/client";
import { request } from "../../api/http";
import type { ListResponse } from "../../api/types";
import type { TagRef } from "./filterLogic";

/** One choice of a filter: an id (or a name for event names) and the text shown. */
export interface FilterOption {
  value: string;
  label: string;
}

export type OptionList =
  | "participantGroupProIds"
  | "participantIds"
  | "zoneIds"
  | "tagIds"
  | "categoryIds"
  | "macroTaskIds"
  | "sequenceIds"
  | "specialityIds"
  | "familyIds";

/** The reference list each filter reads its choices from (spec 000 section 7, spec 001 section 7). */
export const OPTION_PATHS: Record<OptionList, string> = {
  participantGroupProIds: "/participant-group-pro",
  participantIds: "/participant",
  zoneIds: "/zone",
  tagIds: "/tag",
  categoryIds: "/category",
  macroTaskIds: "/macro-task",
  sequenceIds: "/sequence",
  specialityIds: "/speciality",
  // The families the version's order lines use (GET /family filters them by versionId).
  familyIds: "/family",
};

type Row = Record<string, unknown> & { id: number };

/** A row's display name: reference rows name themselves differently (zones have a full name, participants a person's name). */
export function labelOf(row: Row): string {
  const str = (k: string) =>
    typeof row[k] === "string" && (row[k] as string).trim() !== "" ? (row[k] as string) : null;
  const person = [str("firstname"), str("lastname")].filter(Boolean).join(" ");
  return str("fullName") ?? str("name") ?? str("label") ?? (person || `#${row.id}`);
}

/** The rows of a reference list of the version. */
export async function referenceRows(path: string, versionId: number): Promise<Row[]> {
  const res = await request<ListResponse<Row> | Row[]>("GET", path, {
    query: { filter: [filter("versionId", "$eq", versionId)], limit: LIST_LIMIT },
  });
  return Array.isArray(res) ? res : res.data;
}

export function toOptions(rows: readonly Row[]): FilterOption[] {
  return rows
    .map((r) => ({ value: String(r.id), label: labelOf(r) }))
    .sort((a, b) => a.label.localeCompare(b.label, "fr"));
}

export function tagRefs(rows: readonly Row[]): TagRef[] {
  return rows.map((r) => {
    const direct = typeof r.categoryId === "number" ? r.categoryId : null;
    const nested = r.category && typeof r.category === "object" ? (r.category as { id?: unknown }).id : null;
    return { id: r.id, categoryId: direct ?? (typeof nested === "number" ? nested : null) };
  });
}

/** GET /event/distinct: up to 10 distinct names containing the search. */
export async function distinctNames(projectId: number, versionId: number, search: string): Promise<string[]> {
  const res = await request<ListResponse<EventDistinctName>>("GET", "/event/distinct", {
    query: { projectId, versionId, name: search.trim() || undefined, limit: DISTINCT_EVENTS_LIMIT },
  });
  return res.data.map((r) => r.name);
}

/** A recalibration of GET /history/shift as the planning reads it: the fields it uses of the contract's ShiftHistory. */
export type ShiftEntry = Pick<ShiftHistory, "id" | "name" | "eventId" | "createdAt"> & {
  event?: Pick<NonNullable<ShiftHistory["event"]>, "id" | "name"> | null;
  user?: Pick<NonNullable<ShiftHistory["user"]>, "firstname" | "lastname"> | null;
};

/** GET /history/shift of the version: the recalibrations, each with its event and time. */
export async function shiftRows(projectId: number, versionId: number): Promise<ShiftEntry[]> {
  const res = await request<ListResponse<ShiftHistory>>("GET", "/history/shift", {
    query: {
      filter: [filter("projectId", "$eq", projectId), filter("versionId", "$eq", versionId)],
      limit: LIST_LIMIT,
      sort: "name,ASC",
    },
  });
  return res.data;
}
