import type { Knex } from "knex";
import type { PlannedEventType } from "@jalon/shared";
import type { ComparedOnlyEvent } from "@jalon/shared/planning";

const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Events of version `other` whose trackingId version `current` does not have (deleted since, or added in the
 * other version), dated and overlapping [from, to] when given, so that the comparison can show them. Their
 * zone, lot and sequence are mapped to the current version's by trackingId, to group them with its rows.
 */
export async function comparedOnlyEvents(
  db: Knex,
  current: number,
  other: number,
  from: string | null,
  to: string | null,
  /** The planning's zone, lot and sequence filters, in the current version's ids. */
  filters: { zoneIds?: number[]; participantGroupProIds?: number[]; sequenceIds?: number[] } = {},
): Promise<ComparedOnlyEvent[]> {
  const mapped = (table: string, column: string) =>
    `(select m.id from ${table} o join ${table} m on m.tracking_id = o.tracking_id and m.version_id = :current where o.id = b.${column})`;
  const result = await db.raw<{
    rows: {
      tracking_id: number;
      name: string;
      type: PlannedEventType;
      start_date: string;
      end_date: string;
      zone_id: number | null;
      lot_id: number | null;
      sequence_id: number | null;
    }[];
  }>(
    `select b.tracking_id, b.name, b.type, b.start_date, b.end_date,
        ${mapped("zones", "zone_id")} as zone_id,
        ${mapped("participant_group_pros", "participant_group_pro_id")} as lot_id,
        ${mapped("sequences", "sequence_id")} as sequence_id
      from events b
      where b.version_id = :other and b.start_date is not null and b.end_date is not null
        and not exists (select 1 from events a where a.version_id = :current and a.tracking_id = b.tracking_id)
        ${from ? "and b.end_date >= :from" : ""} ${to ? "and b.start_date <= :to" : ""}
      order by b.start_date, b.id`,
    { current, other, ...(from ? { from } : {}), ...(to ? { to } : {}) },
  );
  const keep = (ids: number[] | undefined, id: number | null) => !ids?.length || (id !== null && ids.includes(id));
  const rows = result.rows.filter(
    (r) =>
      keep(filters.zoneIds, r.zone_id) &&
      keep(filters.participantGroupProIds, r.lot_id) &&
      keep(filters.sequenceIds, r.sequence_id),
  );
  return rows.map((r) => ({
    trackingId: r.tracking_id,
    name: r.name,
    type: r.type,
    startDay: toDay(String(r.start_date)),
    endDay: toDay(String(r.end_date)),
    zoneId: r.zone_id,
    participantGroupProId: r.lot_id,
    sequenceId: r.sequence_id,
  }));
}
