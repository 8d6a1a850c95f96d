import {
  QUALITY_CONTROL_CATEGORY_COLORS,
  qualityControlIndicator,
  type QualityControl,
  type QualityControlCategory,
  type QualityControlDeliverable,
  type QualityControlHistory,
  type QualityControlStatus,
  type QualityControlType,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { iso as isoOrNull } from "../../lib/dates.js";
import { loadGraph } from "../../models/base.js";
import { QualityControlModel, type EventModel } from "../../models/planning.js";
import { tagRefs } from "../../models/tag.js";
import { versionRowFields } from "../rowFields.js";

export type QualityControlDbRow = Record<string, unknown> & { id: number };

/**
 * The indicator rule of spec 001 section 4 in SQL (the list filters on it); qualityControlIndicator is the same
 * rule for one row, and the presenter answers that one.
 */
export const INDICATOR_SQL = `(case
  when q.status = 'compliant' and coalesce(q.delay, 0) = 0 then 'green'
  when q.status = 'unrealized' and q.delay is null then 'grey'
  when q.status = 'non-complying' and q.delay > 0 then 'red'
  else 'orange' end)`;

/**
 * Controls `q` with their task `e`, whose name, zone, lot and participant the lists filter and sort on
 * (qualityControl.schema.ts), the indicator the list filters on, and their own days as yyyy-MM-dd.
 */
export function qualityControlSelect(db: Db) {
  return db("quality_controls as q")
    .leftJoin("events as e", "e.id", "q.event_id")
    .select(
      "q.*",
      db.raw("to_char(q.due_date, 'YYYY-MM-DD') as due_day"),
      db.raw("to_char(q.start_date, 'YYYY-MM-DD') as start_day"),
      db.raw("to_char(q.end_date, 'YYYY-MM-DD') as end_day"),
      db.raw("to_char(q.completion_date, 'YYYY-MM-DD') as completion_day"),
      db.raw(`${INDICATOR_SQL} as indicator`),
    );
}

/** What the JSON shows of a control's relations, loaded through QualityControlModel. */
const CONTROL_GRAPH = "[event.[zone, lot, participant], sequence, macroTask, tags(ref, byName)]";

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The task a control is on, as its JSON shows it. */
function controlledEvent(id: number | null, event: EventModel | null | undefined) {
  if (id === null) return null;
  return {
    id,
    name: event?.name ?? "",
    startDate: s(event?.start_date),
    endDate: s(event?.end_date),
    zoneId: n(event?.zone_id),
    participantGroupProId: n(event?.participant_group_pro_id),
    participantId: n(event?.participant_id),
    macroTaskId: n(event?.macro_task_id),
    prerequisitesDelay: n(event?.prerequisites_delay) ?? 0,
    finishesDelay: n(event?.finishes_delay) ?? 0,
  };
}

/** The API's field names of a quality control are decided here (`m`: the row's relations). */
function presentQualityControl(r: QualityControlDbRow, m: QualityControlModel): QualityControl {
  const { event, sequence, macroTask } = m;
  const status = s(r.status) as QualityControlStatus | null;
  const delay = n(r.delay);
  const category = s(r.category) as QualityControlCategory | null;
  const eventId = n(r.event_id);
  const sequenceId = n(r.sequence_id);
  const macroTaskId = n(r.macro_task_id);
  const ref = (id: number | null, row: { name: string } | null | undefined) =>
    id === null ? null : { id, name: row?.name ?? "" };
  const deliverables: QualityControlDeliverable[] = [];
  if (eventId !== null) deliverables.push({ kind: "event", id: eventId, name: event?.name ?? "" });
  if (sequenceId !== null) deliverables.push({ kind: "sequence", id: sequenceId, name: sequence?.name ?? "" });
  if (macroTaskId !== null) deliverables.push({ kind: "macroTask", id: macroTaskId, name: macroTask?.name ?? "" });
  return {
    ...versionRowFields(r),
    name: String(r.name),
    type: r.type as QualityControlType,
    category,
    status,
    indicator: qualityControlIndicator(status, delay),
    comment: s(r.comment),
    completionDate: s(r.completion_day),
    delay,
    dueDate: s(r.due_day),
    startDate: s(r.start_day),
    endDate: s(r.end_day),
    isArchived: r.is_archived === true,
    documentName: s(r.document_name),
    eventId,
    sequenceId,
    macroTaskId,
    event: controlledEvent(eventId, event),
    sequence: ref(sequenceId, sequence),
    macroTask: ref(macroTaskId, macroTask),
    tags: tagRefs(m.tags),
    deliverables,
    color: category ? QUALITY_CONTROL_CATEGORY_COLORS[category] : null,
    eventName: event?.name ?? sequence?.name ?? macroTask?.name ?? null,
    zoneName: event?.zone?.name ?? null,
    participantGroup: event?.lot?.name ?? null,
    participantName: event?.participant?.name ?? null,
    createdAt: isoOrNull(r.created_at),
    updatedAt: isoOrNull(r.updated_at),
  };
}

/** Controls of the list's select presented with their relations (one graph for the whole list). */
export async function presentQualityControls(db: Db, rows: QualityControlDbRow[]): Promise<QualityControl[]> {
  const models = await loadGraph<QualityControlModel>(QualityControlModel, rows, CONTROL_GRAPH, db);
  return rows.map((r, i) => presentQualityControl(r, models[i]));
}

/** The controls of some ids, presented in the order of the ids. */
export async function qualityControlsByIds(db: Db, ids: readonly number[]): Promise<QualityControl[]> {
  if (ids.length === 0) return [];
  const rows = (await qualityControlSelect(db).whereIn("q.id", [...ids])) as QualityControlDbRow[];
  const byId = new Map((await presentQualityControls(db, rows)).map((c) => [c.id, c]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One history row. */
export function presentHistory(r: Record<string, unknown>): QualityControlHistory {
  return {
    id: r.id as number,
    qualityControlId: (r.quality_control_id as number | null) ?? 0,
    fieldName: String(r.field_name),
    previousValue: s(r.previous_value),
    newValue: s(r.new_value),
    updatedAt: isoOrNull(r.created_at) ?? "",
    createdBy:
      r.user_id === null || r.user_id === undefined
        ? null
        : {
            id: r.user_id as number,
            firstName: s(r.user_firstname),
            lastName: s(r.user_lastname),
          },
  };
}
