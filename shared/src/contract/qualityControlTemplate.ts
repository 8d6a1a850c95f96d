/**
 * The quality-control template contract (spec 001 sections 3 and 7; issue 18): a project's model of a
 * prerequisite or finish, with its deliverables (the task templates, sequence templates or macro-tasks it is
 * made for) and tags. Templates belong to the project, not to a version (like task templates): a macro-task
 * and a tag are named by tracking id and shown as the current version's rows.
 *
 * When a sequence template is laid into zones, each quality-control template delivered to one of its task
 * templates becomes a quality control on every task made from that task template (and one delivered to the
 * sequence template, on each task of the train that starts it: prerequisites on its first task, finishes on
 * its last).
 *
 * Calls:
 * - POST /quality-control-template; DELETE /quality-control-template/bulk-delete {ids};
 * - GET /quality-control-template?projectId|versionId&type (filter triples too); GET/PATCH
 *   /quality-control-template/{id};
 * - GET /quality-control-template/linked?projectId&type: the templates and macro-tasks that have some;
 * - GET /quality-control-template/export: .xlsx (qualityControlExportQuery's filters that apply).
 * Managers only.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import { QUALITY_CONTROL_CATEGORIES, QUALITY_CONTROL_TYPES, type QualityControlType } from "../entities.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, idList, nullableText, projectRef, requiredText } from "../schemas.js";
import type { FieldsOf, Ref, TagRef } from "./common.js";
import { qualityControlDelay, type QualityControlCategory } from "./qualityControl.js";

/** What a template is delivered to. `id` is the task template's, the sequence template's or the macro-task's. */
export const QUALITY_CONTROL_DELIVERABLE_KINDS = ["eventTemplate", "sequenceTemplate", "macroTask"] as const;
export type QualityControlDeliverableKind = (typeof QUALITY_CONTROL_DELIVERABLE_KINDS)[number];

export interface QualityControlTemplateDeliverable {
  kind: QualityControlDeliverableKind;
  id: number;
  name: string;
}

/** The JSON of a quality-control template. */
export interface QualityControlTemplate {
  id: number;
  projectId: number;
  trackingId: number;
  name: string;
  type: QualityControlType;
  category: QualityControlCategory | null;
  /** Working days; null means "no delay value". */
  delay: number | null;
  comment: string | null;
  documentName: string | null;
  tags: TagRef[];
  deliverables: QualityControlTemplateDeliverable[];
  color: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** A deliverable as a request names it. */
export const qualityControlTemplateDeliverable = z
  .object({ kind: z.enum(QUALITY_CONTROL_DELIVERABLE_KINDS), id })
  .strict();

const tagIds = z.array(id).max(1000);
const fields = {
  name: requiredText(),
  type: z.enum(QUALITY_CONTROL_TYPES),
  category: z.enum(QUALITY_CONTROL_CATEGORIES).nullable(),
  delay: qualityControlDelay,
  comment: nullableText(),
  documentName: nullableText(200),
  tagIds,
  tags: tagIds,
  /** Replaces the template's deliverables. */
  deliverables: z.array(qualityControlTemplateDeliverable).max(10_000),
};

/** POST /quality-control-template: delay 0 when omitted; tags are the version's (versionId or the current one). */
export const qualityControlTemplateCreateBody = z
  .object({ projectId: projectRef, versionId: projectRef.optional(), ...fields })
  .partial({
    versionId: true,
    category: true,
    delay: true,
    comment: true,
    documentName: true,
    tagIds: true,
    tags: true,
    deliverables: true,
  })
  .strict();
export type QualityControlTemplateCreate = z.input<typeof qualityControlTemplateCreateBody>;

/** PATCH /quality-control-template/{id}: changed fields. */
export const qualityControlTemplateUpdateBody = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional(), ...fields })
  .partial()
  .strict();
export type QualityControlTemplateUpdate = z.input<typeof qualityControlTemplateUpdateBody>;

export const qualityControlTemplateBulkDeleteBody = z
  .object({ ids: idList.max(10_000), projectId: projectRef.optional() })
  .strict();

export type QualityControlTemplateFields = FieldsOf<typeof qualityControlTemplateCreateBody>;

/** GET /quality-control-template/linked: the task templates, sequence templates and macro-tasks that have some. */
export interface QualityControlTemplateLinked {
  eventTemplates: Ref[];
  sequenceTemplates: Ref[];
  macroTasks: Ref[];
}

export const qualityControlTemplateLinkedQuery = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    type: z.enum(QUALITY_CONTROL_TYPES).optional(),
  })
  .strict();

/** The plain parameters GET /quality-control-template also reads beside its filter triples. */
export const qualityControlTemplateListScope = z.looseObject({
  projectId: id.optional(),
  versionId: id.optional(),
  type: z.enum(QUALITY_CONTROL_TYPES).optional(),
});

/**
 * GET /quality-control-template: projectId (or versionId) and type as filter triples or plain parameters;
 * name ASC; 10,000 rows by default.
 */
export const qualityControlTemplateListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    type: "string",
    name: "string",
    category: "string",
    delay: "number",
    documentName: "string",
    eventTemplateProId: "number",
    sequenceTemplateProId: "number",
    macroTaskId: "number",
    tagId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "type", "name", "category", "delay", "createdAt", "updatedAt"],
  joins: ["tags", "deliverables"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const QUALITY_CONTROL_TEMPLATE_ERRORS = [
  "errors.not_found",
  "errors.validation",
] as const satisfies readonly ErrorCode[];

export const QUALITY_CONTROL_TEMPLATE_REALTIME = {
  event: "reference:update",
  resource: "qualityControlTemplate",
} as const;
