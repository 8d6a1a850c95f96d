import type { Knex } from "knex";
import type { Event, InstantiationConfig, QualityControlSummary, Sequence, Tag } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { toNumber } from "../../db/numbers.js";
import { isoRequired } from "../../lib/dates.js";
import { eventSelect, presentEvent, type EventDbRow } from "../event/event.presenter.js";
import { controlSummary } from "../event/eventJoins.js";
import { loadGraph } from "../../models/base.js";
import { SequenceModel, type InstantiationConfigModel } from "../../models/planning.js";

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

/** The relations of a sequence's `?join=` that SequenceModel maps (its events stay a recursive SQL read). */
const JOIN_GRAPH: Record<string, string> = {
  zone: "zone",
  tags: "tags(byName)",
  instantiationConfig: "instantiationConfig.instances",
  subsequences: "subsequences(subsequenceOrder)",
  qualityControls: "qualityControls(summary)",
};

function presentConfig(c: InstantiationConfigModel): InstantiationConfig {
  return {
    id: c.id,
    type: c.type as InstantiationConfig["type"],
    sequenceTemplateProId: n(c.sequence_template_pro_id),
    takt: toNumber(c.takt),
    delayWithReferenceEvent: toNumber(c.delay_with_reference_event),
    startDate: c.start_date ? String(c.start_date).slice(0, 10) : null,
    referenceEventId: n(c.reference_event_id),
    milestoneReferenceType: (c.milestone_reference_type as InstantiationConfig["milestoneReferenceType"]) ?? null,
    showStartMilestone: c.show_start_milestone === true,
    showEndMilestone: c.show_end_milestone === true,
    zoneIds: (c.instances ?? []).map((z) => z.zone_id!),
    eventTemplateOverrides: (typeof c.event_template_overrides === "string"
      ? JSON.parse(c.event_template_overrides)
      : c.event_template_overrides) as InstantiationConfig["eventTemplateOverrides"],
  };
}

/** Adds the requested joins to presented sequences: the mapped relations in one graph, then the events. */
export async function withSequenceJoins(db: Db, list: SequenceOut[], join: readonly string[]): Promise<SequenceOut[]> {
  const ids = list.map((s) => s.id);
  if (ids.length === 0) return list;
  const graph = join.map((j) => JOIN_GRAPH[j]).filter((x): x is string => x !== undefined);
  const models =
    graph.length === 0
      ? []
      : await loadGraph<SequenceModel>(
          SequenceModel,
          list.map((s) => ({ id: s.id, zone_id: s.zoneId, instantiation_config_id: s.instantiationConfigId })),
          `[${graph.join(", ")}]`,
          db,
        );
  list.forEach((s, i) => {
    const m = models[i];
    if (join.includes("zone")) s.zone = m.zone ? { id: m.zone.id, name: m.zone.name } : null;
    if (join.includes("tags"))
      s.tags = (m.tags ?? []).map((t) => ({
        id: t.id,
        name: t.name,
        color: t.color,
        categoryId: t.category_id,
        type: t.type,
      }));
  });
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
  list.forEach((s, i) => {
    const m = models[i];
    if (join.includes("instantiationConfig"))
      s.instantiationConfig = m.instantiationConfig ? presentConfig(m.instantiationConfig) : null;
    if (join.includes("subsequences"))
      s.subsequences = (m.subsequences ?? []).map((x) => ({
        id: x.id,
        name: x.name,
        zoneId: x.zone_id ?? null,
        instanceIndex: x.instance_index ?? null,
      }));
    if (join.includes("qualityControls")) s.qualityControls = (m.qualityControls ?? []).map(controlSummary);
  });
  return list;
}
