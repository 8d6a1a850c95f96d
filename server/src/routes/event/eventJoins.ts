import {
  qualityControlIndicator,
  type Event,
  type EventLinkRef,
  type EventOrderLineTask,
  type LinkType,
  type PlannedEventType,
  type QualityControlSummary,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { loadGraph } from "../../models/base.js";
import { EventModel, type QualityControlModel } from "../../models/planning.js";
import { presentEvent, type EventDbRow } from "./event.presenter.js";

/**
 * The relations of an event's `?join=` (GET /event, GET /event/{id}), loaded through EventModel's relation
 * mappings: each asked join is one relation of the graph, fetched for the whole page at once.
 */
const JOIN_GRAPH: Record<string, string> = {
  parentsEvents: "parents(linkEnd, linkOrder)",
  childrenEvents: "children(linkEnd, linkOrder)",
  tags: "tags(byName)",
  qualityControls: "qualityControls(summary)",
  orderLineTasks: "orderLineTasks(byLineLabel).orderLine",
  sequence: "sequence",
  "sequence.instantiationConfig": "sequence.instantiationConfig",
  zone: "zone",
  participantGroupPro: "lot",
};

/** The graph expression of the asked joins (empty when none asks a relation). */
function graphOf(join: readonly string[]): string {
  // A relation is named once: the sequence with its config covers the sequence alone.
  const asked = join.includes("sequence.instantiationConfig") ? join.filter((j) => j !== "sequence") : join;
  const parts = asked.map((j) => JOIN_GRAPH[j]).filter((x): x is string => x !== undefined);
  return parts.length === 0 ? "" : `[${[...new Set(parts)].join(", ")}]`;
}

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A linked event as parentsEvents / childrenEvents list it: the other end with the link's type and delay. */
export function linkRef(e: EventModel): EventLinkRef {
  return {
    id: e.id,
    type: e.link_type as LinkType,
    delay: e.link_delay as number,
    name: e.name,
    eventType: e.type as PlannedEventType,
    startDate: s(e.start_date),
    endDate: s(e.end_date),
  };
}

/** A control as its task or sequence lists it, with its indicator. */
export function controlSummary(q: QualityControlModel): QualityControlSummary {
  const delay = num(q.delay);
  const status = (q.status as QualityControlSummary["status"]) ?? null;
  return {
    id: q.id,
    name: q.name,
    type: q.type as QualityControlSummary["type"],
    category: (q.category as QualityControlSummary["category"]) ?? null,
    status,
    delay,
    dueDate: s(q.due_date),
    indicator: qualityControlIndicator(status, delay),
  };
}

function orderLineTask(e: EventModel): EventOrderLineTask[] {
  return (e.orderLineTasks ?? []).map((t) => ({
    id: t.id,
    orderLineId: t.order_line_id,
    label: t.orderLine!.label,
    type: t.orderLine!.type as EventOrderLineTask["type"],
    unit: (t.orderLine!.unit as EventOrderLineTask["unit"]) ?? null,
    zoneId: t.zone_id ?? null,
    quantity: num(t.quantity),
    // A task's own price, else its line's.
    price: num(t.price ?? t.orderLine!.price),
    isOrdered: Boolean(t.is_ordered),
  }));
}

function sequenceOf(e: EventModel) {
  const seq = e.sequence;
  if (!seq) return null;
  const cfg = seq.instantiationConfig;
  return {
    id: seq.id,
    name: seq.name,
    color: seq.color,
    startDate: seq.start_date,
    endDate: seq.end_date,
    instantiationConfig: cfg
      ? {
          id: cfg.id,
          type: cfg.type,
          referenceEventId: cfg.reference_event_id,
          delayWithReferenceEvent: cfg.delay_with_reference_event,
          milestoneReferenceType: cfg.milestone_reference_type,
          takt: cfg.takt,
        }
      : null,
  };
}

/** Events presented with the relations `join` asks for, in the order the API has always listed them. */
export async function presentEventsWithJoins(
  db: Db,
  rows: EventDbRow[],
  join: readonly string[],
): Promise<(Event & Record<string, unknown>)[]> {
  const events = rows.map(presentEvent) as (Event & Record<string, unknown>)[];
  const graph = graphOf(join);
  if (graph === "" || rows.length === 0) return events;
  const models = await loadGraph<EventModel>(EventModel, rows, graph, db);
  const has = (j: string) => join.includes(j);
  events.forEach((e, i) => {
    const m = models[i];
    if (has("parentsEvents")) e.parentsEvents = (m.parents ?? []).map(linkRef);
    if (has("childrenEvents")) e.childrenEvents = (m.children ?? []).map(linkRef);
    if (has("tags"))
      e.tags = (m.tags ?? []).map((t) => ({
        id: t.id,
        name: t.name,
        color: t.color,
        categoryId: t.category_id,
        type: t.type,
      }));
    if (has("qualityControls")) e.qualityControls = (m.qualityControls ?? []).map(controlSummary);
    if (has("orderLineTasks")) e.orderLineTasks = orderLineTask(m);
    if (has("sequence") || has("sequence.instantiationConfig")) e.sequence = sequenceOf(m);
    // Zones have no colour (their rows carry a full name instead); lots do.
    if (has("zone")) e.zone = m.zone ? { id: m.zone.id, name: m.zone.name, fullName: m.zone.full_name ?? null } : null;
    if (has("participantGroupPro"))
      e.participantGroupPro = m.lot ? { id: m.lot.id, name: m.lot.name, color: m.lot.color ?? null } : null;
  });
  return events;
}
