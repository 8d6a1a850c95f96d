import {
  QUALITY_CONTROL_CATEGORY_COLORS,
  qualityControlIndicator,
  type QualityControl,
  type QualityControlCategory,
  type QualityControlDeliverable,
  type QualityControlHistory,
  type QualityControlStatus,
  type QualityControlType,
  type TagRef,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { iso as isoOrNull } from "../../lib/dates.js";

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

/** Controls `q` with their task `e` (zone `z`, lot `g`, participant `pa`), sequence `s` and macro-task `m`. */
export function qualityControlSelect(db: Db) {
  return db("quality_controls as q")
    .leftJoin("events as e", "e.id", "q.event_id")
    .leftJoin("zones as z", "z.id", "e.zone_id")
    .leftJoin("participant_group_pros as g", "g.id", "e.participant_group_pro_id")
    .leftJoin("participants as pa", "pa.id", "e.participant_id")
    .leftJoin("sequences as s", "s.id", "q.sequence_id")
    .leftJoin("macro_tasks as m", "m.id", "q.macro_task_id")
    .select(
      "q.*",
      db.raw("to_char(q.due_date, 'YYYY-MM-DD') as due_day"),
      db.raw("to_char(q.start_date, 'YYYY-MM-DD') as start_day"),
      db.raw("to_char(q.end_date, 'YYYY-MM-DD') as end_day"),
      db.raw("to_char(q.completion_date, 'YYYY-MM-DD') as completion_day"),
      "e.name as event_name",
      db.raw("to_char(e.start_date, 'YYYY-MM-DD') as event_start"),
      db.raw("to_char(e.end_date, 'YYYY-MM-DD') as event_end"),
      "e.zone_id as event_zone_id",
      "e.participant_group_pro_id as event_lot_id",
      "e.participant_id as event_participant_id",
      "e.macro_task_id as event_macro_task_id",
      "e.prerequisites_delay as event_prerequisites_delay",
      "e.finishes_delay as event_finishes_delay",
      "z.name as zone_name",
      "g.name as lot_name",
      "pa.name as participant_name",
      "s.name as sequence_name",
      "m.name as macro_task_name",
      db.raw(`${INDICATOR_SQL} as indicator`),
      db.raw(
        `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name, t.id)
           from quality_control_tags qt join tags t on t.id = qt.tag_id where qt.quality_control_id = q.id), '[]'::json) as tag_list`,
      ),
    );
}

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function tagsOf(v: unknown): TagRef[] {
  const list = (typeof v === "string" ? JSON.parse(v) : v) as TagRef[] | null;
  return (list ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color ?? null }));
}

/** The API's field names of a quality control are decided here. */
export function presentQualityControl(r: QualityControlDbRow): QualityControl {
  const status = s(r.status) as QualityControlStatus | null;
  const delay = n(r.delay);
  const category = s(r.category) as QualityControlCategory | null;
  const eventId = n(r.event_id);
  const sequenceId = n(r.sequence_id);
  const macroTaskId = n(r.macro_task_id);
  const deliverables: QualityControlDeliverable[] = [];
  if (eventId !== null) deliverables.push({ kind: "event", id: eventId, name: String(r.event_name ?? "") });
  if (sequenceId !== null) deliverables.push({ kind: "sequence", id: sequenceId, name: String(r.sequence_name ?? "") });
  if (macroTaskId !== null)
    deliverables.push({ kind: "macroTask", id: macroTaskId, name: String(r.macro_task_name ?? "") });
  return {
    id: r.id,
    projectId: r.project_id as number,
    versionId: r.version_id as number,
    trackingId: r.tracking_id as number,
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
    event:
      eventId === null
        ? null
        : {
            id: eventId,
            name: String(r.event_name ?? ""),
            startDate: s(r.event_start),
            endDate: s(r.event_end),
            zoneId: n(r.event_zone_id),
            participantGroupProId: n(r.event_lot_id),
            participantId: n(r.event_participant_id),
            macroTaskId: n(r.event_macro_task_id),
            prerequisitesDelay: n(r.event_prerequisites_delay) ?? 0,
            finishesDelay: n(r.event_finishes_delay) ?? 0,
          },
    sequence: sequenceId === null ? null : { id: sequenceId, name: String(r.sequence_name ?? "") },
    macroTask: macroTaskId === null ? null : { id: macroTaskId, name: String(r.macro_task_name ?? "") },
    tags: tagsOf(r.tag_list),
    deliverables,
    color: category ? QUALITY_CONTROL_CATEGORY_COLORS[category] : null,
    eventName: s(r.event_name) ?? s(r.sequence_name) ?? s(r.macro_task_name),
    zoneName: s(r.zone_name),
    participantGroup: s(r.lot_name),
    participantName: s(r.participant_name),
    createdAt: isoOrNull(r.created_at),
    updatedAt: isoOrNull(r.updated_at),
  };
}

/** The controls of some ids, presented in the order of the ids. */
export async function qualityControlsByIds(db: Db, ids: readonly number[]): Promise<QualityControl[]> {
  if (ids.length === 0) return [];
  const rows = (await qualityControlSelect(db).whereIn("q.id", [...ids])) as QualityControlDbRow[];
  const byId = new Map(rows.map((r) => [r.id, presentQualityControl(r)]));
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
