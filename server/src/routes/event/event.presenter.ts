import {
  qualityControlIndicator,
  type Event,
  type EventLinkRef,
  type EventOrderLineTask,
  type LinkType,
  type PlannedEventType,
  type QualityControlSummary,
  type ReferenceType,
  type SequenceType,
  type Tag,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { toNumber } from "../../db/numbers.js";
import { isoRequired } from "../../lib/dates.js";

export type EventDbRow = Record<string, unknown> & { id: number };

/** Events with the derived counts the API shows (last counting, open roadblocks). */
export function eventSelect(db: Db) {
  return db("events").select(
    "events.*",
    db.raw(`(SELECT json_build_object('percentage', c.percentage, 'countingDate', c.counting_date) FROM countings c
             WHERE c.event_id = events.id ORDER BY c.counting_date DESC, c.id DESC LIMIT 1) AS last_counting`),
    db.raw(
      "(SELECT count(*) FROM roadblocks r WHERE r.event_id = events.id AND NOT r.validate) AS number_of_roadblocks",
    ),
  );
}

const n = (v: unknown) => (v === null || v === undefined ? null : (v as number));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function presentEvent(r: EventDbRow): Event {
  const last = r.last_counting as { percentage: number | string; countingDate: string } | null;
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
    revision: r.revision as number,
    name: r.name as string,
    type: r.type as PlannedEventType,
    comments: s(r.comments),
    description: s(r.description),
    trigram: r.trigram ? String(r.trigram).toUpperCase() : null,
    startDate: s(r.start_date),
    endDate: s(r.end_date),
    numberOfDays: toNumber(r.number_of_days),
    numberOfPeople: toNumber(r.number_of_people),
    color: s(r.color),
    zoneId: n(r.zone_id),
    macroTaskId: n(r.macro_task_id),
    participantGroupProId: n(r.participant_group_pro_id),
    participantId: n(r.participant_id),
    specialityId: n(r.speciality_id),
    sequenceId: n(r.sequence_id),
    sequenceType: (r.sequence_type as SequenceType | null) ?? null,
    eventTemplateProId: n(r.event_template_pro_id),
    instantiationConfigId: n(r.instantiation_config_id),
    referenceType: r.reference_type as ReferenceType,
    taskInstantiationType: s(r.task_instantiation_type),
    deltaToTop: n(r.delta_to_top),
    isRecurringEvent: Boolean(r.is_recurring_event),
    isTracked: Boolean(r.is_tracked),
    isContractual: Boolean(r.is_contractual),
    milestoneToHide: Boolean(r.milestone_to_hide),
    locked: Boolean(r.locked),
    prerequisitesDelay: toNumber(r.prerequisites_delay),
    finishesDelay: toNumber(r.finishes_delay),
    prerequisitesDocumentName: s(r.prerequisites_document_name),
    finishesDocumentName: s(r.finishes_document_name),
    numberOfRoadblocks: toNumber(r.number_of_roadblocks ?? 0),
    lastCounting: last ? { percentage: toNumber(last.percentage), countingDate: String(last.countingDate) } : null,
    theoreticalProgress: null,
    createdAt: isoRequired(r.created_at),
    updatedAt: isoRequired(r.updated_at),
  };
}

/** parentsEvents / childrenEvents of a set of events: the other end's id, the link type and delay. */
export async function linksOf(
  db: Db,
  ids: number[],
): Promise<{ parents: Map<number, EventLinkRef[]>; children: Map<number, EventLinkRef[]> }> {
  const parents = new Map<number, EventLinkRef[]>();
  const children = new Map<number, EventLinkRef[]>();
  if (ids.length === 0) return { parents, children };
  const cols = [
    "l.parent_id",
    "l.child_id",
    "l.type",
    "l.delay",
    "e.name",
    "e.type as event_type",
    "e.start_date",
    "e.end_date",
    "e.id as other_id",
  ];
  const up = await db("event_links as l")
    .join("events as e", "e.id", "l.parent_id")
    .whereIn("l.child_id", ids)
    .select(cols)
    .orderBy("l.id");
  // A parent's links are found within its version (the links' key is (version_id, parent_id, child_id)).
  const down = await db("event_links as l")
    .join("events as e", "e.id", "l.child_id")
    .whereIn("l.version_id", db("events").whereIn("id", ids).distinct("version_id"))
    .whereIn("l.parent_id", ids)
    .select(cols)
    .orderBy("l.id");
  const ref = (r: Record<string, unknown>): EventLinkRef => ({
    id: r.other_id as number,
    type: r.type as LinkType,
    delay: r.delay as number,
    name: r.name as string,
    eventType: r.event_type as PlannedEventType,
    startDate: s(r.start_date),
    endDate: s(r.end_date),
  });
  for (const r of up) (parents.get(r.child_id) ?? parents.set(r.child_id, []).get(r.child_id)!).push(ref(r));
  for (const r of down) (children.get(r.parent_id) ?? children.set(r.parent_id, []).get(r.parent_id)!).push(ref(r));
  return { parents, children };
}

export async function tagsOf(db: Db, ids: number[]): Promise<Map<number, Tag[]>> {
  const map = new Map<number, Tag[]>();
  if (ids.length === 0) return map;
  const rows = await db("event_tags as et")
    .join("tags as t", "t.id", "et.tag_id")
    .whereIn("et.event_id", ids)
    .select("et.event_id", "t.id", "t.name", "t.color", "t.category_id", "t.type")
    .orderBy("t.name");
  for (const r of rows) {
    const list = map.get(r.event_id) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color, categoryId: r.category_id, type: r.type });
    map.set(r.event_id, list);
  }
  return map;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function groupBy<T>(rows: Record<string, unknown>[], key: string, present: (r: Record<string, unknown>) => T) {
  const map = new Map<number, T[]>();
  for (const r of rows) {
    const k = r[key] as number;
    (map.get(k) ?? map.set(k, []).get(k)!).push(present(r));
  }
  return map;
}

/**
 * The non-archived quality controls of a set of events or sequences (one query): prerequisites before finishes,
 * then by due date and name, each with its indicator.
 */
export async function qualityControlsOf(
  db: Db,
  owner: "event_id" | "sequence_id",
  ids: number[],
): Promise<Map<number, QualityControlSummary[]>> {
  if (ids.length === 0) return new Map();
  const rows = (await db("quality_controls")
    .whereIn(owner, ids)
    .where("is_archived", false)
    .select(owner, "id", "name", "type", "category", "status", "delay", "due_date")
    .orderByRaw("type desc, due_date nulls last, lower(name), id")) as Record<string, unknown>[];
  return groupBy(rows, owner, (r) => {
    const delay = num(r.delay);
    const status = (r.status as QualityControlSummary["status"]) ?? null;
    return {
      id: r.id as number,
      name: r.name as string,
      type: r.type as QualityControlSummary["type"],
      category: (r.category as QualityControlSummary["category"]) ?? null,
      status,
      delay,
      dueDate: s(r.due_date),
      indicator: qualityControlIndicator(status, delay),
    };
  });
}

/** The order-line tasks linked to a set of events, with their line's label (one query). */
export async function orderLineTasksOf(db: Db, ids: number[]): Promise<Map<number, EventOrderLineTask[]>> {
  if (ids.length === 0) return new Map();
  const rows = (await db("order_line_tasks as t")
    .join("order_lines as l", "l.id", "t.order_line_id")
    .whereIn("t.event_id", ids)
    .select(
      "t.event_id",
      "t.id",
      "t.order_line_id",
      "l.label",
      "l.type",
      "l.unit",
      "t.zone_id",
      "t.quantity",
      db.raw("coalesce(t.price, l.price) as price"),
      "t.is_ordered",
    )
    .orderByRaw("lower(l.label), t.id")) as Record<string, unknown>[];
  return groupBy(rows, "event_id", (r) => ({
    id: r.id as number,
    orderLineId: r.order_line_id as number,
    label: r.label as string,
    type: r.type as EventOrderLineTask["type"],
    unit: (r.unit as EventOrderLineTask["unit"]) ?? null,
    zoneId: n(r.zone_id),
    quantity: num(r.quantity),
    price: num(r.price),
    isOrdered: Boolean(r.is_ordered),
  }));
}
