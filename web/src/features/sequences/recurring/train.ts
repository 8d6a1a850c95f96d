// A train (a sequence instantiated from a template) as the sequence page and the task modal read it: its config,
// its instances per zone with their dates, and the recurring settings form's values and PATCH body.
import type { EventItem, SequenceItem } from "../../../api/events";
import type { InstantiationConfig, MilestoneReferenceType, RecurringUpdateBody } from "../instantiationApi";

/** GET /sequence/{id} with its joins (events of the train and its instances, config, instances). */
export type TrainSequence = SequenceItem & {
  instantiationConfig?: InstantiationConfig | null;
  subsequences?: { id: number; name: string; zoneId: number | null; instanceIndex: number | null }[];
};

export interface InstanceRow {
  /** 1-based place in the train (the config's zone order). */
  index: number;
  zoneId: number;
  sequenceId: number | null;
  tasks: number;
  startDate: string | null;
  endDate: string | null;
}

/** The instances in train order: each zone of the config with its tasks' count and dates. */
export function instancesOf(sequence: TrainSequence, events: readonly EventItem[]): InstanceRow[] {
  const zoneIds = sequence.instantiationConfig?.zoneIds ?? [];
  const subByZone = new Map((sequence.subsequences ?? []).map((s) => [s.zoneId, s.id]));
  return zoneIds.map((zoneId, k) => {
    const sub = subByZone.get(zoneId) ?? null;
    const mine = events.filter((e) => e.type === "task" && (sub !== null ? e.sequenceId === sub : e.zoneId === zoneId));
    let startDate: string | null = null;
    let endDate: string | null = null;
    for (const e of mine) {
      if (e.startDate && (startDate === null || e.startDate < startDate)) startDate = e.startDate;
      if (e.endDate && (endDate === null || e.endDate > endDate)) endDate = e.endDate;
    }
    return { index: k + 1, zoneId, sequenceId: sub, tasks: mine.length, startDate, endDate };
  });
}

export interface RecurringValues {
  takt: string;
  delay: string;
  startDate: string;
  referenceEventId: number | null;
  milestoneReferenceType: MilestoneReferenceType;
}

export function recurringValuesOf(config: InstantiationConfig): RecurringValues {
  return {
    takt: String(config.takt ?? 0),
    delay: String(config.delayWithReferenceEvent ?? 0),
    startDate: config.startDate ?? "",
    referenceEventId: config.referenceEventId ?? null,
    milestoneReferenceType: config.milestoneReferenceType ?? "milestone_only",
  };
}

export type RecurringError = "taktInvalid" | "delayInvalid" | "startDateRequired";

export function validateRecurring(v: RecurringValues, byReference: boolean): RecurringError[] {
  const out: RecurringError[] = [];
  if (!/^\d+$/.test(v.takt.trim()) || Number(v.takt) > 10_000) out.push("taktInvalid");
  if (!/^-?\d+$/.test(v.delay.trim()) || Math.abs(Number(v.delay)) > 10_000) out.push("delayInvalid");
  if (!byReference && !/^\d{4}-\d{2}-\d{2}$/.test(v.startDate)) out.push("startDateRequired");
  return out;
}

/** PATCH /event/recurring/{id}: only the changed fields (milestone_only is sent as null). */
export function recurringBody(
  v: RecurringValues,
  original: RecurringValues,
  byReference: boolean,
): RecurringUpdateBody {
  const body: RecurringUpdateBody = {};
  if (Number(v.takt) !== Number(original.takt)) body.takt = Number(v.takt);
  if (Number(v.delay) !== Number(original.delay)) body.delayWithReferenceEvent = Number(v.delay);
  if (!byReference && v.startDate !== original.startDate) body.startDate = v.startDate;
  if (byReference && v.referenceEventId !== original.referenceEventId) body.referenceEventId = v.referenceEventId;
  if (byReference && v.milestoneReferenceType !== original.milestoneReferenceType)
    body.milestoneReferenceType = v.milestoneReferenceType === "milestone_only" ? null : v.milestoneReferenceType;
  return body;
}
