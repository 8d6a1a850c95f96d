/**
 * The event contract (spec 000 sections 3 and 7): event, link, sequence and reference types (each enum once),
 * the entity the API answers and the write bodies the server validates and the web's client sends.
 */
import { z } from "zod";
import { LINK_TYPE_NAMES, type LinkTypeName } from "@jalon/engine";
import type { IsoDay, IsoInstant, Tag } from "../entities.js";
import {
  colour,
  id,
  idList,
  integer,
  isoDay,
  nullableText,
  plainString,
  projectRef,
  requiredText,
  text,
} from "../schemas.js";
import type { FieldsOf } from "./common.js";
import type { EventOrderLineTask } from "./orderLineTask.js";
import type { QualityControlSummary } from "./qualityControl.js";
import { EVENT_LIST_DEFAULT_LIMIT } from "../constants.js";
import { defineListResource } from "../filters.js";

export const EVENT_TYPES = ["task", "milestone", "holiday", "vacation"] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The types stored as events (holidays and vacations have their own table). */
export const PLANNED_EVENT_TYPES = ["task", "milestone"] as const;
export type PlannedEventType = (typeof PLANNED_EVENT_TYPES)[number];

/** Link types by name, in the engine's code order (index = the engine's LinkType code). */
export const LINK_TYPES = LINK_TYPE_NAMES;
export type LinkType = LinkTypeName;

/** DELETE /event/bulk-delete. */
export const eventBulkDeleteBody = z.object({ ids: idList, projectId: projectRef, versionId: projectRef.optional() });

/** DELETE /event/bulk-delete: the events that went. */
export interface EventBulkDeleteAnswer {
  ids: number[];
  count: number;
}

/** PATCH /event/bulk-update: the events the move re-dated, with their new dates and revisions (ISO days). */
export interface EventMoveAnswer {
  ids: number[];
  startDates: string[];
  endDates: string[];
  revisions: number[];
  projectedEndDate: string | null;
  undoRemaining: number;
}

/** POST /event and PATCH /event/{id}: the event written and the events its write re-dated. */
export interface EventWriteAnswer extends EventMoveAnswer {
  id: number;
}

export const SEQUENCE_TYPES = ["recurring", "individual"] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

export const REFERENCE_TYPES = ["dateReference", "milestoneReference", "taskReference"] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export const MILESTONE_REFERENCE_TYPES = ["milestone_only", "earliest", "latest"] as const;
export type MilestoneReferenceType = (typeof MILESTONE_REFERENCE_TYPES)[number];

/** A link as seen from one of its ends: the other event's id, the link type and the delay in working days. */
export interface EventLinkRef {
  id: number;
  type: LinkType;
  delay: number;
  name?: string;
  eventType?: PlannedEventType;
  startDate?: IsoDay | null;
  endDate?: IsoDay | null;
}

export interface Event {
  id: number;
  projectId: number;
  versionId: number;
  trackingId: number;
  revision: number;
  name: string;
  type: PlannedEventType;
  comments: string | null;
  description: string | null;
  trigram: string | null;
  startDate: IsoDay | null;
  endDate: IsoDay | null;
  numberOfDays: number;
  numberOfPeople: number;
  color: string | null;
  zoneId: number | null;
  macroTaskId: number | null;
  participantGroupProId: number | null;
  participantId: number | null;
  specialityId: number | null;
  sequenceId: number | null;
  sequenceType: SequenceType | null;
  eventTemplateProId: number | null;
  instantiationConfigId: number | null;
  referenceType: ReferenceType;
  taskInstantiationType: string | null;
  deltaToTop: number | null;
  isRecurringEvent: boolean;
  isTracked: boolean;
  isContractual: boolean;
  milestoneToHide: boolean;
  locked: boolean;
  prerequisitesDelay: number;
  finishesDelay: number;
  prerequisitesDocumentName: string | null;
  finishesDocumentName: string | null;
  numberOfRoadblocks: number;
  lastCounting: { percentage: number; countingDate: IsoDay } | null;
  theoreticalProgress: number | null;
  tags?: Tag[];
  parentsEvents?: EventLinkRef[];
  childrenEvents?: EventLinkRef[];
  /** GET /event/{id} and join=qualityControls: its non-archived controls (prerequisites and finishes). */
  qualityControls?: QualityControlSummary[];
  /** GET /event/{id} and join=orderLineTasks: the order-line tasks linked to it. */
  orderLineTasks?: EventOrderLineTask[];
  createdAt: IsoInstant;
  updatedAt: IsoInstant;
}

const linkType = z.enum(LINK_TYPES);
const link = z.object({ id, type: linkType.default("end-begin"), delay: integer.default(0) });
const nullableId = z.union([id, z.null()]);

/** The writable fields of an event (spec 000 section 3); strings trimmed, numbers only when numeric. */
const eventFields = {
  name: requiredText(),
  type: z.enum(PLANNED_EVENT_TYPES),
  comments: nullableText(),
  description: nullableText(),
  trigram: text(10)
    .transform((s) => s.toUpperCase())
    .nullable(),
  startDate: isoDay.nullable(),
  numberOfDays: integer.pipe(z.number().int().min(0).max(100_000)),
  numberOfPeople: z
    .union([
      z.number().finite(),
      plainString()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().min(0).max(100_000)),
  color: colour.nullable(),
  zoneId: nullableId,
  macroTaskId: nullableId,
  participantGroupProId: nullableId,
  participantId: nullableId,
  specialityId: nullableId,
  sequenceId: nullableId,
  sequenceType: z.enum(SEQUENCE_TYPES).nullable(),
  referenceType: z.enum(REFERENCE_TYPES),
  taskInstantiationType: text(20).nullable(),
  isTracked: z.boolean(),
  isContractual: z.boolean(),
  milestoneToHide: z.boolean(),
  isRecurringEvent: z.boolean(),
  locked: z.boolean(),
  prerequisitesDelay: integer,
  finishesDelay: integer,
  prerequisitesDocumentName: nullableText(200),
  finishesDocumentName: nullableText(200),
  tags: z.array(id).max(1000),
  parentsEvents: z.array(link).max(10_000),
  childrenEvents: z.array(link).max(10_000),
};

const optionalFields = z.object(eventFields).omit({ name: true }).partial().shape;

export const eventCreateBody = z
  .object({ projectId: projectRef, versionId: projectRef, name: requiredText(), ...optionalFields })
  .strict()
  .refine((b) => b.type !== "task" || b.numberOfDays === undefined || b.numberOfDays >= 1, {
    message: "numberOfDays >= 1",
    path: ["numberOfDays"],
  });

export const eventUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    revision: integer.optional(),
    ...eventFields,
  })
  .partial()
  .strict()
  .refine((b) => b.type !== "task" || b.numberOfDays === undefined || b.numberOfDays >= 1, {
    message: "numberOfDays >= 1",
    path: ["numberOfDays"],
  });

/** PATCH /event/bulk-update: a selection moved so that the anchor starts on startDate. */
export const eventBulkMoveBody = z.object({
  projectId: projectRef,
  versionId: projectRef,
  events: z
    .array(z.object({ id, revision: integer.optional() }))
    .min(1)
    .max(100_000),
  anchorId: id,
  startDate: isoDay,
});

export const eventIdParams = z.object({ id });

/** The fields a screen writes on an event (POST /event, PATCH /event/{id} without the scope). */
export type EventFields = FieldsOf<typeof eventUpdateBody>;
/** A link as written in parentsEvents / childrenEvents. */
export type EventLinkInput = z.input<typeof link>;

/** GET /event: filter triples, sorts and joins; by start date, EVENT_LIST_DEFAULT_LIMIT rows by default. */
export const eventListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    type: "string",
    name: "string",
    trigram: "string",
    zoneId: "number",
    participantId: "number",
    participantGroupProId: "number",
    specialityId: "number",
    sequenceId: "number",
    macroTaskId: "number",
    instantiationConfigId: "number",
    startDate: "date",
    endDate: "date",
    numberOfDays: "number",
    isTracked: "boolean",
    isContractual: "boolean",
    milestoneToHide: "boolean",
    locked: "boolean",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: [
    "id",
    "name",
    "type",
    "startDate",
    "endDate",
    "numberOfDays",
    "trigram",
    "createdAt",
    "updatedAt",
    "zoneId",
    "participantGroupProId",
  ],
  joins: [
    "parentsEvents",
    "childrenEvents",
    "tags",
    "sequence",
    "sequence.instantiationConfig",
    "zone",
    "participantGroupPro",
    "qualityControls",
    "orderLineTasks",
  ],
  defaultSort: [{ field: "startDate", order: "ASC" }],
  defaultLimit: EVENT_LIST_DEFAULT_LIMIT,
});
