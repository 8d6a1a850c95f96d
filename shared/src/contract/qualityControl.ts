/**
 * The quality-control contract (spec 001 sections 2-5, 7, 8; issue 18): prerequisites and finishes attached to a
 * task, a sequence or a macro-task of a version.
 *
 * Calls (all answer the entities below; lists answer `{data, count, total}`):
 * - POST /quality-control {projectId, versionId?, type, name, ...}: one control; POST /quality-control/bulk
 *   [bodies] (or {data: [bodies]}): several, all or nothing;
 * - GET /quality-control: filter triples (`qualityControlListResource`); projectId, versionId or
 *   events.versionId scope it (the project's current version by default); archived controls are left out
 *   unless a filter names `isArchived`; default sort by task name; limit 10,000, or 99,999 with join=events;
 * - GET /quality-control/{id}; PATCH /quality-control/{id}; PATCH /quality-control/multiple {ids, data};
 * - DELETE /quality-control/bulk-delete {ids};
 * - GET /quality-control/categories?versionId&name: the four categories with their counts;
 * - GET /quality-control/linked?versionId: the tasks, sequences and macro-tasks that carry controls;
 * - GET /quality-control/{id}/history: one row per changed field, newest first (limit 10,000);
 * - GET /quality-control/export?...: the list as an .xlsx file (`qualityControlExportQuery`);
 * - POST /event-affix, PATCH /event-affix/{id}: a control on a task (the task modal's tab); the affix's id is
 *   the control's id.
 *
 * Rules (refused with nothing written):
 * - delay omitted -> 0; `null` is kept ("no delay value"); negative delays are allowed;
 * - same task (or sequence, or macro-task), same type, same name -> 409 quality_control_already_exists;
 * - unknown type, category or status -> 400 errors.validation;
 * - the due date is derived, never sent: prerequisites are due on the task's start minus its
 *   prerequisitesDelay working days, finishes on its last day plus its finishesDelay working days (a sequence or
 *   a macro-task: its start or its end); moves re-derive it for every task they shift;
 * - external users (members of the project) read, and PATCH only `status`, `comment` and `completionDate`
 *   (anything else: 403 errors.forbidden); others outside the project get 403 errors.forbidden.
 */
import { z } from "zod";
import { LIST_LIMIT, QUALITY_CONTROL_EVENTS_LIMIT } from "../constants.js";
import type { IsoDay } from "../entities.js";
import { QUALITY_CONTROL_CATEGORIES, QUALITY_CONTROL_STATUSES, QUALITY_CONTROL_TYPES } from "../entities.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, idList, idsParam, integer, isoDay, nullableText, projectRef, requiredText, text } from "../schemas.js";
import type { FieldsOf, Ref, TagRef, VersionOwned } from "./common.js";

export { QUALITY_CONTROL_CATEGORIES, QUALITY_CONTROL_STATUSES, QUALITY_CONTROL_TYPES };
export type QualityControlCategory = (typeof QUALITY_CONTROL_CATEGORIES)[number];
export type QualityControlStatus = (typeof QUALITY_CONTROL_STATUSES)[number];
export type { QualityControlType } from "../entities.js";
import type { QualityControlType } from "../entities.js";

/** The colour of a control's indicator (spec 001 section 4). */
export const QUALITY_CONTROL_INDICATORS = ["green", "grey", "red", "orange"] as const;
export type QualityControlIndicator = (typeof QUALITY_CONTROL_INDICATORS)[number];

/**
 * The indicator rule, exactly as spec 001 section 4 states it, on the control's stored delay (not lateness
 * against today): green when compliant with no delay (0, or no value); grey when unrealized with no delay value
 * (null: the "no delay value"; 0 is a value, the default one); red when non-complying and the delay is
 * above zero; orange otherwise (an unrealized control with a delay, 0 included; partial; a negative delay; an
 * undefined status...). INDICATOR_SQL (server, the list's filter) is the same rule.
 */
export function qualityControlIndicator(
  status: QualityControlStatus | null | undefined,
  delay: number | null | undefined,
): QualityControlIndicator {
  const noValue = delay === null || delay === undefined;
  if (status === "compliant" && (noValue || delay === 0)) return "green";
  if (status === "unrealized" && noValue) return "grey";
  if (status === "non-complying" && typeof delay === "number" && delay > 0) return "red";
  return "orange";
}

/**
 * A control as its task or sequence shows it (spec 000: an event's and a sequence's `qualityControls`): the
 * non-archived controls attached to it, with the indicator the screens draw.
 */
export interface QualityControlSummary {
  id: number;
  name: string;
  type: QualityControlType;
  category: QualityControlCategory | null;
  status: QualityControlStatus | null;
  delay: number | null;
  dueDate: IsoDay | null;
  indicator: QualityControlIndicator;
}

/** French names of the fixed keys (the .xlsx export writes them; the screens have their own i18n copies). */
export const QUALITY_CONTROL_CATEGORY_LABELS: Record<QualityControlCategory, string> = {
  "reception-support": "Réception support",
  study: "Études",
  supply: "Approvisionnement",
  "auto-control": "Autocontrôle",
};
/** The colour a list item carries for its category (`color`). */
export const QUALITY_CONTROL_CATEGORY_COLORS: Record<QualityControlCategory, string> = {
  "reception-support": "#1E88E5",
  study: "#8E24AA",
  supply: "#F4511E",
  "auto-control": "#43A047",
};
export const QUALITY_CONTROL_STATUS_LABELS: Record<QualityControlStatus, string> = {
  compliant: "Conforme",
  "non-complying": "Non conforme",
  partial: "Partiel",
  unrealized: "Non réalisé",
};
export const QUALITY_CONTROL_TYPE_LABELS: Record<QualityControlType, string> = {
  prerequisites: "Prérequis",
  finishes: "Finitions",
};

/** The task a control is attached to, as a list item shows it. */
export interface QualityControlEvent {
  id: number;
  name: string;
  startDate: IsoDay | null;
  endDate: IsoDay | null;
  zoneId: number | null;
  participantGroupProId: number | null;
  participantId: number | null;
  macroTaskId: number | null;
  prerequisitesDelay: number;
  finishesDelay: number;
}

/** What a control is attached to (a task, a sequence or a macro-task). */
export interface QualityControlDeliverable {
  kind: "event" | "sequence" | "macroTask";
  id: number;
  name: string;
}

/** The JSON of a quality control (GET /quality-control, /quality-control/{id}, writes). */
export interface QualityControl extends VersionOwned {
  id: number;
  name: string;
  type: QualityControlType;
  category: QualityControlCategory | null;
  status: QualityControlStatus | null;
  /** The indicator colour (qualityControlIndicator of status and delay). */
  indicator: QualityControlIndicator;
  comment: string | null;
  completionDate: IsoDay | null;
  /** Working days; null means "no delay value". */
  delay: number | null;
  /** Derived from the attached task (see the rules above); null when nothing dated is attached. */
  dueDate: IsoDay | null;
  /** The attached task's (sequence's, macro-task's) dates. */
  startDate: IsoDay | null;
  endDate: IsoDay | null;
  isArchived: boolean;
  documentName: string | null;
  eventId: number | null;
  sequenceId: number | null;
  macroTaskId: number | null;
  event: QualityControlEvent | null;
  sequence: Ref | null;
  macroTask: Ref | null;
  tags: TagRef[];
  deliverables: QualityControlDeliverable[];
  /** List additions (spec 001 section 3): the category's colour and the attached task's names. */
  color: string | null;
  eventName: string | null;
  zoneName: string | null;
  participantGroup: string | null;
  participantName: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** One row of GET /quality-control/{id}/history: one changed field. */
export interface QualityControlHistory {
  id: number;
  qualityControlId: number;
  fieldName: string;
  previousValue: string | null;
  newValue: string | null;
  updatedAt: string;
  createdBy: { id: number; firstName: string | null; lastName: string | null } | null;
}

/** One line of GET /quality-control/categories. */
export interface QualityControlCategoryCount {
  id: QualityControlCategory;
  name: string;
  color: string;
  /** Non-archived controls of the version in that category. */
  count: number;
}

/** GET /quality-control/linked: what carries controls in the version (the deliverables filter's options). */
export interface QualityControlLinked {
  events: Ref[];
  sequences: Ref[];
  macroTasks: Ref[];
}

const tagIds = z.array(id).max(1000);
/** Delay in working days: an integer, negative allowed, null kept. */
export const qualityControlDelay = z.union([integer.pipe(z.number().int().min(-3650).max(3650)), z.null()]);

const editable = {
  name: requiredText(),
  category: z.enum(QUALITY_CONTROL_CATEGORIES).nullable(),
  status: z.enum(QUALITY_CONTROL_STATUSES).nullable(),
  comment: nullableText(),
  completionDate: isoDay.nullable(),
  delay: qualityControlDelay,
  documentName: nullableText(200),
  isArchived: z.boolean(),
  tagIds,
  tags: tagIds,
};
const attachment = {
  eventId: id.nullable(),
  sequenceId: id.nullable(),
  macroTaskId: id.nullable(),
};

/** Every editable field but the name may be left out of a create body. */
const OPTIONAL_EDITABLE = {
  category: true,
  status: true,
  comment: true,
  completionDate: true,
  delay: true,
  documentName: true,
  isArchived: true,
  tagIds: true,
  tags: true,
} as const;

type Targets = { eventId?: number | null; sequenceId?: number | null; macroTaskId?: number | null };
function targetCount(b: Targets): number {
  return [b.eventId, b.sequenceId, b.macroTaskId].filter((v) => v !== undefined && v !== null).length;
}
const ONE_TARGET = { message: "Un contrôle s'attache à une tâche, une séquence ou un macro-lot, un seul." };

const createShape = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    type: z.enum(QUALITY_CONTROL_TYPES),
    ...editable,
    ...attachment,
  })
  .partial({ versionId: true, ...OPTIONAL_EDITABLE, eventId: true, sequenceId: true, macroTaskId: true })
  .strict();

/** POST /quality-control: exactly one of eventId, sequenceId, macroTaskId; status unrealized by default. */
export const qualityControlCreateBody = createShape.refine((b) => targetCount(b) === 1, ONE_TARGET);
export type QualityControlCreate = z.input<typeof qualityControlCreateBody>;

/** POST /quality-control/bulk: an array of create bodies (or {data: [...]}), one project, all or nothing. */
export const qualityControlBulkBody = z
  .union([
    z.array(qualityControlCreateBody).min(1).max(10_000),
    z.object({ data: z.array(qualityControlCreateBody).min(1).max(10_000) }).strict(),
  ])
  .transform((b) => (Array.isArray(b) ? b : b.data));

const updateShape = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional(), ...editable, ...attachment })
  .partial()
  .strict();

/** PATCH /quality-control/{id}: changed fields only; a new attachment replaces the old one (one at most). */
export const qualityControlUpdateBody = updateShape.refine((b) => targetCount(b) <= 1, ONE_TARGET);
export type QualityControlUpdate = z.input<typeof qualityControlUpdateBody>;

/** The fields an external user may change (PATCH one or multiple). */
export const QUALITY_CONTROL_EXTERNAL_FIELDS = ["status", "comment", "completionDate"] as const;

/** PATCH /quality-control/multiple {ids, data}: the same change on several controls (the bulk status change). */
export const qualityControlMultipleBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    ids: idList.max(10_000),
    data: updateShape.omit({ projectId: true, versionId: true, eventId: true, sequenceId: true, macroTaskId: true }),
  })
  .strict();
export type QualityControlMultipleUpdate = z.input<typeof qualityControlMultipleBody>;

/** DELETE /quality-control/bulk-delete {ids}. */
export const qualityControlBulkDeleteBody = z
  .object({ ids: idList.max(10_000), projectId: projectRef.optional(), versionId: projectRef.optional() })
  .strict();

/** POST /event-affix: a control on a task (the task modal's "prérequis et finitions" tab). */
export const eventAffixCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    eventId: id,
    type: z.enum(QUALITY_CONTROL_TYPES),
    ...editable,
  })
  .partial({ versionId: true, ...OPTIONAL_EDITABLE })
  .strict();
export type EventAffixCreate = z.input<typeof eventAffixCreateBody>;

/** PATCH /event-affix/{id}: changed fields of a control on a task. */
export const eventAffixUpdateBody = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional(), ...editable })
  .partial()
  .strict();

/** The fields a screen edits. */
export type QualityControlFields = FieldsOf<typeof createShape>;

/**
 * GET /quality-control/export (and /quality-control-template/export): the spec's filters as plain parameters.
 * Archived controls are left out unless isArchived=true.
 */
export const qualityControlExportQuery = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    type: z.enum(QUALITY_CONTROL_TYPES).optional(),
    isArchived: z.enum(["true", "false"]).optional(),
    name: text().optional(),
    eventIds: idsParam.optional(),
    sequenceIds: idsParam.optional(),
    macroTaskIds: idsParam.optional(),
    tagIds: idsParam.optional(),
    category: z.enum(QUALITY_CONTROL_CATEGORIES).optional(),
    tagCategoryId: id.optional(),
    "tags.categoryId": id.optional(),
  })
  .strict();
export type QualityControlExportQuery = z.input<typeof qualityControlExportQuery>;

/** GET /quality-control/categories?versionId|projectId&name. */
export const qualityControlCategoriesQuery = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: text().optional(),
    limit: integer.optional(),
  })
  .strict();

/** GET /quality-control/linked?versionId|projectId&type. */
export const qualityControlLinkedQuery = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    type: z.enum(QUALITY_CONTROL_TYPES).optional(),
  })
  .strict();

/**
 * GET /quality-control: filter triples. `events.versionId` is versionId; `tagId` and `tags.categoryId` read the
 * control's tags; `indicator` filters on the computed colour. Default sort eventName ASC, then name.
 */
export const qualityControlListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    "events.versionId": "number",
    trackingId: "number",
    type: "string",
    name: "string",
    category: "string",
    status: "string",
    indicator: "string",
    comment: "string",
    completionDate: "date",
    delay: "number",
    dueDate: "date",
    startDate: "date",
    endDate: "date",
    isArchived: "boolean",
    documentName: "string",
    eventId: "number",
    sequenceId: "number",
    macroTaskId: "number",
    eventName: "string",
    zoneId: "number",
    participantGroupProId: "number",
    participantId: "number",
    tagId: "number",
    "tags.id": "number",
    "tags.categoryId": "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: [
    "id",
    "type",
    "name",
    "category",
    "status",
    "completionDate",
    "delay",
    "dueDate",
    "startDate",
    "endDate",
    "eventName",
    "createdAt",
    "updatedAt",
  ],
  joins: ["events", "event", "sequence", "macroTask", "tags"],
  defaultSort: [
    { field: "eventName", order: "ASC" },
    { field: "name", order: "ASC" },
  ],
  defaultLimit: LIST_LIMIT,
  maxLimit: QUALITY_CONTROL_EVENTS_LIMIT,
});

/** GET /quality-control/{id}/history: newest first, 10,000 rows at most. */
export const QUALITY_CONTROL_HISTORY_LIMIT = LIST_LIMIT;

/** Error keys a quality-control call answers with (besides the generic ones). */
export const QUALITY_CONTROL_ERRORS = [
  "errors.not_found",
  "errors.forbidden",
  "errors.validation",
  "quality_control_already_exists",
] as const satisfies readonly ErrorCode[];

/** Quality-control writes send reference:update with this resource name: viewers refetch their lists. */
export const QUALITY_CONTROL_REALTIME = { event: "reference:update", resource: "qualityControl" } as const;
