/**
 * The instantiation contract (issue 16, spec 000 sections 3-5 and 7): laying a project's sequence template over
 * zones, individually (one zone) or as a recurring train over ordered zones at a fixed takt; re-dating a train
 * (PATCH /event/recurring/{instantiationConfigId}); synchronising the instances with their template
 * (POST /sequence-template-pro/{id}/synchronize).
 *
 * Rules (the engine's instantiateSequence computes them, the server and the web's preview share it): takt and
 * delays are working days of the project calendar; instance k starts takt×(k−1) working days after instance 1;
 * instance 1 starts at the reference (startDate, or after the reference event + delayWithReferenceEvent); inside
 * an instance, dates follow the template's links; takt 0 lays every zone in parallel; a task longer than the
 * takt overlapping itself in the next zone is allowed and answered as a warning. Every train gets its start and
 * end milestones and each instance its own, hidden when showStartMilestone / showEndMilestone is false.
 */
import { z } from "zod";
import type { IsoDay } from "../entities.js";
import type { ErrorCode } from "../errors.js";
import { id, integer, isoDay, projectRef, requiredText } from "../schemas.js";
import type { FieldsOf } from "./common.js";
import { MILESTONE_REFERENCE_TYPES, type PlannedEventType } from "./event.js";
import { sequenceCreateBody } from "./sequence.js";
import type { SynchronizableStatus } from "./sequenceTemplate.js";

export const INSTANTIATION_TYPES = ["individual", "recurring"] as const;
export type InstantiationType = (typeof INSTANTIATION_TYPES)[number];

/** Largest takt and reference delay accepted, in working days (about 40 years). */
export const INSTANTIATION_MAX_DAYS = 10_000;
/** Most zones one train may cover. */
export const INSTANTIATION_MAX_ZONES = 10_000;

const takt = integer.pipe(z.number().int().min(0, "Le takt doit être positif ou nul").max(INSTANTIATION_MAX_DAYS));
const referenceDelay = integer.pipe(z.number().int().min(-INSTANTIATION_MAX_DAYS).max(INSTANTIATION_MAX_DAYS));
/** milestone_only is also sent as null by the client (spec 000 section 4). */
const milestoneReferenceType = z.enum(MILESTONE_REFERENCE_TYPES).nullable();
const zoneIds = z.array(id).min(1).max(INSTANTIATION_MAX_ZONES);

const configFields = {
  takt,
  delayWithReferenceEvent: referenceDelay,
  startDate: isoDay,
  referenceEventId: z.union([id, z.null()]),
  milestoneReferenceType,
  showStartMilestone: z.boolean(),
  showEndMilestone: z.boolean(),
};

/** `instantiationConfig` of POST /sequence: a start date or a reference event is required. */
export const instantiationConfigBody = z
  .object({
    type: z.enum(INSTANTIATION_TYPES),
    sequenceTemplateProId: id,
    ...configFields,
  })
  .partial({
    takt: true,
    delayWithReferenceEvent: true,
    startDate: true,
    referenceEventId: true,
    milestoneReferenceType: true,
    showStartMilestone: true,
    showEndMilestone: true,
  })
  .strict()
  .refine((c) => c.startDate !== undefined || (c.referenceEventId !== undefined && c.referenceEventId !== null), {
    message: "Une date de début ou un événement de référence est requis",
    path: ["startDate"],
  });

/**
 * POST /sequence with `instantiationConfig`: the template laid over `zoneIds` in this order (individual: exactly
 * one zone). A zone listed explicitly must have one of the template's typologies; a zone without typology that
 * has sub-zones is a container: its sub-zones of the template's typologies are instantiated (position order)
 * and the others skipped and reported in `warnings`.
 */
export const sequenceInstantiateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    zoneIds,
    instantiationConfig: instantiationConfigBody,
  })
  .strict()
  .refine((b) => b.instantiationConfig.type !== "individual" || b.zoneIds.length === 1, {
    message: "Une séquence individuelle s'instancie sur une seule zone",
    path: ["zoneIds"],
  });

type SequencePost = z.output<typeof sequenceInstantiateBody> | z.output<typeof sequenceCreateBody>;

/**
 * The body of POST /sequence: an instantiation when it carries `instantiationConfig`, a plain sequence
 * otherwise; each validated by its own schema, so that its refusals (errors.no_project...) stay precise.
 */
export const sequencePostBody = z.unknown().transform((v, ctx): SequencePost => {
  const instantiation = typeof v === "object" && v !== null && "instantiationConfig" in v;
  const parsed = (instantiation ? sequenceInstantiateBody : sequenceCreateBody).safeParse(v);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});

export const instantiationConfigParams = z.object({ instantiationConfigId: id });

/**
 * PATCH /event/recurring/{instantiationConfigId}: changed fields only. A new takt keeps instance 1 where it
 * is; `zoneIds` replaces the train's zones (instances of zones kept keep their events and overrides, new zones
 * get new instances, instances of zones left out are deleted unless they hold countings).
 */
export const recurringUpdateBody = z
  .object({ projectId: projectRef, versionId: projectRef, zoneIds, ...configFields })
  .partial()
  .strict();

/** POST /sequence-template-pro/{id}/synchronize {projectId?, versionId?}: the version's instances (current by default). */
export const synchronizeBody = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional() })
  .strict();

/** An event created by an instantiation (tasks and the train's milestones). */
export interface InstanceEvent {
  id: number;
  name: string;
  zoneId: number | null;
  eventTemplateProId: number | null;
  startDate: IsoDay;
  endDate: IsoDay;
  type: PlannedEventType;
}

export type InstantiationWarningCode = "task_overlaps_next_instance" | "zone_skipped_typology" | "no_task_in_zone";

/** A warning of an instantiation: the write went through. `message` is the French text to show. */
export interface InstantiationWarning {
  code: InstantiationWarningCode;
  message: string;
  zoneId: number;
  /** task_overlaps_next_instance: the task template, the next zone, the days shared and how many zone pairs. */
  eventTemplateProId?: number;
  nextZoneId?: number;
  days?: number;
  count?: number;
}

/** 201 of POST /sequence with instantiationConfig; 200 of PATCH /event/recurring/{id}. */
export interface InstantiationAnswer {
  /** The train's sequence (its instances are its subsequences, one per zone). */
  id: number;
  instantiationConfigId: number;
  events: InstanceEvent[];
  warnings: InstantiationWarning[];
}

/** The saved configuration (GET /sequence/{id} join instantiationConfig). */
export interface InstantiationConfig {
  id: number;
  type: InstantiationType;
  sequenceTemplateProId: number | null;
  takt: number;
  delayWithReferenceEvent: number;
  startDate: IsoDay | null;
  referenceEventId: number | null;
  milestoneReferenceType: (typeof MILESTONE_REFERENCE_TYPES)[number] | null;
  showStartMilestone: boolean;
  showEndMilestone: boolean;
  /** Zone ids of the instances, in train order. */
  zoneIds: number[];
  /** zone tracking id -> task template tracking id -> the fields that differ from the template. */
  eventTemplateOverrides: Record<string, Record<string, InstanceOverride>>;
}

/** The fields of one instance's task that differ from its template (what an edit of the event stored). */
export interface InstanceOverride {
  numberOfDays?: number;
  /** Working days added to the links entering the task (a move of it). */
  shift?: number;
  name?: string;
  numberOfPeople?: number;
  color?: string | null;
  trigram?: string | null;
  comments?: string | null;
}

export type SyncReasonCode = "task_started_kept" | "task_counted_kept";

/** Why a synchronisation ended partial. */
export interface SyncReason {
  code: SyncReasonCode;
  message: string;
  eventId: number;
  eventTemplateProId: number | null;
  zoneId: number | null;
}

/** Answer of POST /sequence-template-pro/{id}/synchronize, once the synchronisation is done. */
export interface SynchronizeAnswer {
  status: SynchronizableStatus;
  reasons: SyncReason[];
  /** Events created, deleted and updated across the template's instances. */
  added: number;
  removed: number;
  updated: number;
}

/** The fields the instantiation form writes. */
export type InstantiationFields = FieldsOf<typeof sequenceInstantiateBody>;
export type RecurringUpdateFields = FieldsOf<typeof recurringUpdateBody>;

/** Realtime: the initiator gets sequenceTemplate:endSync at the end of a sync, its error twin on failure. */
export const SYNC_REALTIME = { end: "sequenceTemplate:endSync", error: "sequenceTemplate:endSync:error" } as const;
/** Long syncs report progress like bulk moves (event:update_progress with a percentage). */
export const SYNC_PROGRESS_EVENT = "event:update_progress" as const;

/** Error keys the instantiation calls answer with (besides the generic ones). */
export const INSTANTIATION_ERRORS = [
  "cannot_instantiate_on_that_zone_typology",
  "zone_typology_not_available",
  "cant_change_unity_zone_with_events",
  "errors.cant_update_task",
  "errors.cycle",
  "errors.not_found",
  "errors.event_not_found",
  "errors.validation",
] as const satisfies readonly ErrorCode[];
