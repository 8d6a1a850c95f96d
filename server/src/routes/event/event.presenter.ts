import type { Event, PlannedEventType, ReferenceType, SequenceType } from "@jalon/shared";
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
