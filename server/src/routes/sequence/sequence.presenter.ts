import type { Knex } from "knex";
import type { Event, InstantiationConfig, QualityControlSummary, Sequence, Tag } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { toNumber } from "../../db/numbers.js";
import { isoRequired } from "../../lib/dates.js";
import { eventSelect, presentEvent, qualityControlsOf, type EventDbRow } from "../event/event.presenter.js";

export type SequenceDbRow = Record<string, unknown> & { id: number };

export interface SequenceOut extends Sequence {
  revision: number;
  /** Events of the sequence and of its subsequences. */
  eventsCount: number;
  createdAt: string;
  zone?: { id: number; name: string } | null;
  tags?: Tag[];
  events?: Event[];
  instantiationConfig?: InstantiationConfig | null;
  subsequences?: Subsequence[];
  /** Its own non-archived quality controls (those attached to the sequence, not to its tasks). */
  qualityControls?: QualityControlSummary[];
}

/** A subsequence; a train's instances name their zone and their 1-based place in the train. */
export interface Subsequence {
  id: number;
  name: string;
  zoneId: number | null;
  instanceIndex: number | null;
}

/**
 * The sequences of a version with their dates rolled up from their events (those of the sequence and of every
 * subsequence): the earliest start and the latest end; a sequence without events keeps its stored dates. A
 * derived table `sq` so that list filters and sorts apply to the rolled-up dates.
 */
export function sequenceRollup(db: Db | Knex.Transaction, versionId: number): Knex.QueryBuilder {
  const inner = db.raw(
    `(with recursive tree(root_id, id) as (
        select id, id from sequences where version_id = ?
        union all
        select t.root_id, s.id from sequences s join tree t on s.parent_sequence_id = t.id
      ),
      agg as (
        select t.root_id, min(e.start_date) as start_date, max(e.end_date) as end_date, count(e.id) as events_count
          from tree t join events e on e.sequence_id = t.id group by t.root_id
      )
      select s.id, s.project_id, s.version_id, s.tracking_id, s.name, s.color, s.zone_id, s.parent_sequence_id,
             s.sequence_template_pro_id, s.instantiation_config_id, s.instantiated_count, s.synchronizable_status,
             s.start_milestone_id, s.end_milestone_id, s.revision, s.created_at, s.updated_at,
             coalesce(agg.start_date, s.start_date) as start_date, coalesce(agg.end_date, s.end_date) as end_date,
             coalesce(agg.events_count, 0) as events_count
        from sequences s left join agg on agg.root_id = s.id
       where s.version_id = ?) as sq`,
    [versionId, versionId],
  );
  return db.select("sq.*").from(inner);
}

const n = (v: unknown) => (v === null || v === undefined ? null : (v as number));

export function presentSequence(r: SequenceDbRow): SequenceOut {
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    name: r.name as string,
    color: (r.color as string | null) ?? null,
    startDate: (r.start_date as string | null) ?? null,
    endDate: (r.end_date as string | null) ?? null,
    zoneId: n(r.zone_id),
    parentSequenceId: n(r.parent_sequence_id),
    sequenceTemplateProId: n(r.sequence_template_pro_id),
    instantiationConfigId: n(r.instantiation_config_id),
    instantiatedCount: toNumber(r.instantiated_count),
    synchronizableStatus: (r.synchronizable_status as "ok" | "partial" | null) ?? null,
    startMilestoneId: n(r.start_milestone_id),
    endMilestoneId: n(r.end_milestone_id),
    revision: toNumber(r.revision),
    eventsCount: toNumber(r.events_count),
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}

/** Adds the requested joins to presented sequences, one set query per join. */
export async function withSequenceJoins(db: Db, list: SequenceOut[], join: readonly string[]): Promise<SequenceOut[]> {
  const ids = list.map((s) => s.id);
  if (ids.length === 0) return list;
  if (join.includes("zone")) {
    const zoneIds = [...new Set(list.map((s) => s.zoneId).filter((x): x is number => x !== null))];
    const zones = zoneIds.length ? await db("zones").whereIn("id", zoneIds).select("id", "name") : [];
    const byId = new Map(zones.map((z: { id: number; name: string }) => [z.id, { id: z.id, name: z.name }]));
    for (const s of list) s.zone = s.zoneId ? (byId.get(s.zoneId) ?? null) : null;
  }
  if (join.includes("tags")) {
    const rows = await db("sequence_tags as st")
      .join("tags as t", "t.id", "st.tag_id")
      .whereIn("st.sequence_id", ids)
      .select("st.sequence_id", "t.id", "t.name", "t.color", "t.category_id", "t.type")
      .orderBy("t.name");
    const map = new Map<number, Tag[]>();
    for (const r of rows)
      (map.get(r.sequence_id) ?? map.set(r.sequence_id, []).get(r.sequence_id)!).push({
        id: r.id,
        name: r.name,
        color: r.color,
        categoryId: r.category_id,
        type: r.type,
      });
    for (const s of list) s.tags = map.get(s.id) ?? [];
  }
  if (join.includes("events")) {
    // A sequence's events and its subsequences' (a train's instances), in start order.
    const tree = await db.raw<{ rows: { root_id: number; id: number }[] }>(
      `with recursive tree(root_id, id) as (
         select id, id from sequences where id in (select jsonb_array_elements_text(?::jsonb)::int)
         union
         select t.root_id, s.id from sequences s join tree t on s.parent_sequence_id = t.id
       ) select root_id, id from tree`,
      [JSON.stringify(ids)],
    );
    const rootsOf = new Map<number, number[]>();
    for (const r of tree.rows) (rootsOf.get(r.id) ?? rootsOf.set(r.id, []).get(r.id)!).push(r.root_id);
    const rows = (await eventSelect(db)
      .whereIn("events.sequence_id", [...rootsOf.keys()])
      .orderBy([
        { column: "events.start_date", order: "asc" },
        { column: "events.id", order: "asc" },
      ])) as EventDbRow[];
    const map = new Map<number, Event[]>();
    for (const r of rows) {
      const e = presentEvent(r);
      for (const root of rootsOf.get(e.sequenceId!) ?? []) (map.get(root) ?? map.set(root, []).get(root)!).push(e);
    }
    for (const s of list) s.events = map.get(s.id) ?? [];
  }
  if (join.includes("instantiationConfig")) {
    const cfgIds = [...new Set(list.map((s) => s.instantiationConfigId).filter((x): x is number => x !== null))];
    const cfgs = cfgIds.length ? await db("instantiation_configs").whereIn("id", cfgIds) : [];
    const zones = cfgIds.length
      ? ((await db("sequences")
          .whereIn("instantiation_config_id", cfgIds)
          .whereNotNull("instance_index")
          .orderBy("instance_index")
          .select("instantiation_config_id", "zone_id")) as { instantiation_config_id: number; zone_id: number }[])
      : [];
    const byId = new Map(
      cfgs.map((c: Record<string, unknown>): [number, InstantiationConfig] => [
        c.id as number,
        {
          id: c.id as number,
          type: c.type as InstantiationConfig["type"],
          sequenceTemplateProId: n(c.sequence_template_pro_id),
          takt: toNumber(c.takt),
          delayWithReferenceEvent: toNumber(c.delay_with_reference_event),
          startDate: c.start_date ? String(c.start_date).slice(0, 10) : null,
          referenceEventId: n(c.reference_event_id),
          milestoneReferenceType: (c.milestone_reference_type as InstantiationConfig["milestoneReferenceType"]) ?? null,
          showStartMilestone: c.show_start_milestone === true,
          showEndMilestone: c.show_end_milestone === true,
          zoneIds: zones.filter((z) => z.instantiation_config_id === c.id).map((z) => z.zone_id),
          eventTemplateOverrides: (typeof c.event_template_overrides === "string"
            ? JSON.parse(c.event_template_overrides)
            : c.event_template_overrides) as InstantiationConfig["eventTemplateOverrides"],
        },
      ]),
    );
    for (const s of list)
      s.instantiationConfig = s.instantiationConfigId ? (byId.get(s.instantiationConfigId) ?? null) : null;
  }
  if (join.includes("subsequences")) {
    // A train's instances in train order (instance_index), other subsequences by name.
    const rows = await db("sequences")
      .whereIn("parent_sequence_id", ids)
      .select("id", "name", "parent_sequence_id", "zone_id", "instance_index")
      .orderByRaw("instance_index nulls last, name, id");
    const map = new Map<number, Subsequence[]>();
    for (const r of rows)
      (map.get(r.parent_sequence_id) ?? map.set(r.parent_sequence_id, []).get(r.parent_sequence_id)!).push({
        id: r.id,
        name: r.name,
        zoneId: r.zone_id ?? null,
        instanceIndex: r.instance_index ?? null,
      });
    for (const s of list) s.subsequences = map.get(s.id) ?? [];
  }
  if (join.includes("qualityControls")) {
    const controls = await qualityControlsOf(db, "sequence_id", ids);
    for (const s of list) s.qualityControls = controls.get(s.id) ?? [];
  }
  return list;
}
