import { formatInTimeZone } from "date-fns-tz";
import type { PlanningFilterFields } from "@jalon/shared";
import type { PlanningData } from "@jalon/shared/planning";
import { NO_DAY } from "@jalon/engine";
import type { PlanningFilters } from "../planningStore";
import { filterDay } from "../range";

/**
 * The planning filters of spec 000 split between what GET /planning/data filters (id lists, names, the day
 * range) and what only the client knows how to filter (sequences holding a locked event, events shifted in a
 * recalibration range). What the server filters is the
 * contract's filter fields (shared/src/contract/planning.ts), every list sent (empty: no filter).
 */
export type ServerFilterParams = Required<Omit<PlanningFilterFields, "fromDate" | "toDate">> &
  Pick<PlanningFilterFields, "fromDate" | "toDate">;

export interface TagRef {
  id: number;
  categoryId: number | null;
}

/**
 * Tag categories reach the server as the tags they hold: with tags picked too, only the picked tags of the
 * picked categories remain. Categories matching no tag keep an impossible id so that nothing is shown rather
 * than everything.
 */
export function effectiveTagIds(
  tagIds: readonly number[],
  categoryIds: readonly number[],
  tags: readonly TagRef[],
): number[] {
  if (categoryIds.length === 0) return [...tagIds];
  const inCategories = new Set(
    tags.filter((t) => t.categoryId !== null && categoryIds.includes(t.categoryId)).map((t) => t.id),
  );
  const picked = tagIds.length ? tagIds.filter((id) => inCategories.has(id)) : [...inCategories];
  return picked.length ? picked : [NO_MATCH_ID];
}

/** An id no row carries (ids are positive), for a filter that must match nothing. */
export const NO_MATCH_ID = 2_147_483_647;

export function serverFilterParams(f: PlanningFilters, tags: readonly TagRef[]): ServerFilterParams {
  const out: ServerFilterParams = {
    zoneIds: [...f.zoneIds],
    participantGroupProIds: [...f.participantGroupProIds],
    participantIds: [...f.participantIds],
    tagIds: effectiveTagIds(f.tagIds, f.categoryIds, tags),
    macroTaskIds: [...f.macroTaskIds],
    sequenceIds: [...f.sequenceIds],
    specialityIds: [...f.specialityIds],
    familyIds: [...f.familyIds],
    eventNames: [...f.eventNames],
  };
  // Only dates the server takes, and an end not before the start (the server refuses it): a date being typed or
  // an inverted pair leaves the planning as it was instead of failing its load; the panel says what is wrong.
  const from = filterDay(f.startDate) === NO_DAY ? undefined : f.startDate!;
  const to = filterDay(f.endDate) === NO_DAY ? undefined : f.endDate!;
  if (from) out.fromDate = from;
  if (to && !(from && to < from)) out.toDate = to;
  return out;
}

/** How many filters are active, for the toolbar badge. */
export function activeFilterCount(f: PlanningFilters): number {
  const lists = [
    f.participantGroupProIds,
    f.participantIds,
    f.zoneIds,
    f.tagIds,
    f.macroTaskIds,
    f.sequenceIds,
    f.eventNames,
    f.categoryIds,
    f.specialityIds,
    f.familyIds,
  ];
  return (
    lists.filter((l) => l.length > 0).length +
    (f.blockedSequences ? 1 : 0) +
    (f.lateControls ? 1 : 0) +
    (f.startDate || f.endDate ? 1 : 0) +
    (f.recalibrationFrom || f.recalibrationTo ? 1 : 0)
  );
}

/** Sequences with at least one locked ("bloqué") event: the "block sequences" filter keeps only these. */
export function lockedSequenceIds(data: PlanningData): Set<number> {
  const locked = new Set<number>();
  const g = data.graph;
  for (let i = 0; i < g.ids.length; i++) if (g.locked[i] === 1) locked.add(g.ids[i]);
  const out = new Set<number>();
  for (const e of data.events) if (e.sequenceId !== null && locked.has(e.id)) out.add(e.sequenceId);
  return out;
}

export interface ShiftRow {
  eventId: number | null;
  createdAt: string;
}

/** The Europe/Paris calendar day of an instant, whatever the machine's zone. */
export function parisDay(instant: string): string {
  return formatInTimeZone(new Date(instant), "Europe/Paris", "yyyy-MM-dd");
}

/** Events recalibrated (shift history rows) between the start of `from` and the end of `to`, Paris days. */
export function shiftedEventIds(rows: readonly ShiftRow[], from: string | null, to: string | null): Set<number> {
  const out = new Set<number>();
  for (const r of rows) {
    if (r.eventId === null) continue;
    const day = parisDay(r.createdAt);
    if (from && day < from) continue;
    if (to && day > to) continue;
    out.add(r.eventId);
  }
  return out;
}

/**
 * The client-side part of the filters as a predicate over event ids, or null when it keeps everything (so the
 * model is built without a per-event call).
 */
export function clientFilter(
  data: PlanningData,
  f: PlanningFilters,
  shifted: ReadonlySet<number> | null,
  lateQuality?: ReadonlySet<number>,
): ((id: number) => boolean) | null {
  const checks: ((id: number) => boolean)[] = [];
  if (f.blockedSequences) {
    const seqs = lockedSequenceIds(data);
    const seqOf = new Map(data.events.map((e) => [e.id, e.sequenceId]));
    checks.push((id) => {
      const s = seqOf.get(id);
      return s !== null && s !== undefined && seqs.has(s);
    });
  }
  if ((f.recalibrationFrom || f.recalibrationTo) && shifted) checks.push((id) => shifted.has(id));
  if (f.lateControls && lateQuality) checks.push((id) => lateQuality.has(id));
  if (checks.length === 0) return null;
  return (id) => checks.every((c) => c(id));
}
