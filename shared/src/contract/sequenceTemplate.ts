/**
 * The sequence template contract (spec 001 sections 3, 4 and 7): sequence templates of the global library
 * (`/sequence-template`, admin writes) and their project copies (`/sequence-template-pro`, the project's
 * managers). A sequence template is a small network of task templates (`eventsTemplates`, each with its
 * parentsET), a list of zone typologies it applies to (`typology`, matched exactly), a colour and a category;
 * `firstEventTemplateId` / `lastEventTemplateId` name the train's first and last tasks. `duration` is the
 * network's length in working days (first start to last end, links and delays followed) and `numberOfDays`
 * the sum of its tasks' days: both computed by the server.
 */
import { z } from "zod";
import { TEMPLATE_LIST_DEFAULT_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { colour, id, idList, projectRef, requiredText, text } from "../schemas.js";
import type { FieldsOf, Ref, TagRef } from "./common.js";
import type { EventTemplate, EventTemplatePro } from "./eventTemplate.js";

export const SYNCHRONIZABLE_STATUSES = ["ok", "partial"] as const;
export type SynchronizableStatus = (typeof SYNCHRONIZABLE_STATUSES)[number];

interface SequenceTemplateCommon {
  id: number;
  name: string;
  category: string | null;
  color: string | null;
  /** Working days from the first task's start to the last task's end. */
  duration: number;
  /** Sum of the tasks' numberOfDays. */
  numberOfDays: number;
  isGeneric: boolean;
  /** Zone typology names it can be instantiated on (empty: not instantiable). */
  typology: string[];
  firstEventTemplateId: number | null;
  lastEventTemplateId: number | null;
  firstEventTemplate: Ref | null;
  lastEventTemplate: Ref | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /sequence-template: a sequence template of the library, with its task templates (name order). */
export interface SequenceTemplate extends SequenceTemplateCommon {
  eventsTemplates: EventTemplate[];
  /** Number of project copies. */
  projects: number;
}

/** GET /sequence-template-pro: a project's sequence template. */
export interface SequenceTemplatePro extends SequenceTemplateCommon {
  projectId: number;
  trackingId: number;
  /** Copied from the library. */
  isImported: boolean;
  /** The library template it was imported from, if any. */
  sequenceTemplateId: number | null;
  /** "partial" while a synchronisation runs or after one failed (spec 001 section 4). */
  synchronizableStatus: SynchronizableStatus;
  eventsTemplates: EventTemplatePro[];
  /** Sequences of the project (every version) instantiated from it. */
  instantiated: number;
  /** Tags of the project's current version (kept by tracking id). */
  tags: TagRef[];
}

export const sequenceTemplateParams = z.object({ id });
export const sequenceTemplateImportParams = z.object({ projectId: projectRef });

const nullableId = z.union([id, z.null()]);
const typology = z.array(requiredText()).max(200);

const fields = {
  name: requiredText(),
  category: text()
    .nullable()
    .transform((s) => (s === "" ? null : s)),
  color: colour.nullable(),
  isGeneric: z.boolean(),
  typology,
};
const optional = z.object(fields).omit({ name: true }).partial().shape;
/** First and last tasks: task templates of this sequence template, different from each other. */
const ends = { firstEventTemplateId: nullableId, lastEventTemplateId: nullableId };

/** POST /sequence-template {name, category?, color?, isGeneric?, typology?}. */
export const sequenceTemplateCreateBody = z.object({ name: requiredText(), ...optional }).strict();
/** PATCH /sequence-template/{id}: changed fields only. */
export const sequenceTemplateUpdateBody = z
  .object({ ...fields, ...ends })
  .partial()
  .strict();

/** POST /sequence-template-pro {projectId, name, ...}. */
/** Tags of the project's versions (replaces the set). */
const tagIds = z.array(id).max(1000);

export const sequenceTemplateProCreateBody = z
  .object({ projectId: projectRef, name: requiredText(), ...optional, tagIds: tagIds.optional() })
  .strict();
/** PATCH /sequence-template-pro/{id}: changed fields only. */
export const sequenceTemplateProUpdateBody = z
  .object({ projectId: projectRef.optional(), ...fields, ...ends, tagIds })
  .partial()
  .strict();

/** DELETE /sequence-template/bulk-delete and /sequence-template-pro/bulk-delete {ids, projectId?}: with their tasks. */
export const sequenceTemplateBulkDeleteBody = z.object({ ids: idList, projectId: projectRef.optional() }).strict();

/** PUT /sequence-template(-pro)/{id}/duplicate {name?}: a copy with its tasks and links ("<name> (copie)"). */
export const sequenceTemplateDuplicateBody = z.object({ name: requiredText().optional() }).strict();

/**
 * POST /sequence-template/{id}/import-event-template {eventTemplateIds}: copies of library task templates added
 * to the sequence template (links between the copied ones kept, others dropped).
 */
export const sequenceTemplateImportEventsBody = z.object({ eventTemplateIds: idList }).strict();
/**
 * POST /sequence-template-pro/{id}/import-event-template {eventTemplateIds?, eventTemplateProIds?}: copies of
 * library templates and/or of the project's own task templates added to the sequence template.
 */
export const sequenceTemplateProImportEventsBody = z
  .object({ eventTemplateIds: idList.optional(), eventTemplateProIds: idList.optional() })
  .strict()
  .refine((b) => (b.eventTemplateIds?.length ?? 0) + (b.eventTemplateProIds?.length ?? 0) > 0, {
    message: "Aucun modèle de tâche à importer",
    path: ["eventTemplateIds"],
  });

/** POST /sequence-template/import/{projectId} {sequenceTemplateIds}: library templates copied into the project. */
export const sequenceTemplateImportBody = z.object({ sequenceTemplateIds: idList }).strict();
/** POST /sequence-template-pro/import {projectId, sequenceTemplateIds}: the same, the project in the body. */
export const sequenceTemplateProImportBody = z.object({ projectId: projectRef, sequenceTemplateIds: idList }).strict();

/** GET /sequence-template-pro/instantiated/export?projectId=&versionId=: the version's instances. */
export const sequenceTemplateInstantiatedQuery = z.looseObject({
  projectId: projectRef,
  versionId: projectRef.optional(),
});

/** The fields the library form writes. */
export type SequenceTemplateFields = FieldsOf<typeof sequenceTemplateUpdateBody>;
/** The fields the project form writes. */
export type SequenceTemplateProFields = FieldsOf<typeof sequenceTemplateProUpdateBody>;

const listFields = {
  id: "number",
  name: "string",
  category: "string",
  color: "string",
  duration: "number",
  numberOfDays: "number",
  isGeneric: "boolean",
  /** A zone typology name: templates whose list holds it ($eq, $in), or with an empty list ($isnull). */
  typology: "string",
  createdAt: "datetime",
  updatedAt: "datetime",
} as const;
const SORTABLE = ["id", "name", "category", "color", "duration", "numberOfDays", "isGeneric", "createdAt", "updatedAt"];

/** GET /sequence-template: filter triples (name contL...), name ASC, 10 per page from offset 0 by default. */
export const sequenceTemplateListResource = defineListResource({
  fields: listFields,
  sortable: SORTABLE,
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: TEMPLATE_LIST_DEFAULT_LIMIT,
});

/** GET /sequence-template-pro: a projectId filter is required; name ASC, 10 per page by default. */
export const sequenceTemplateProListResource = defineListResource({
  fields: {
    ...listFields,
    projectId: "number",
    trackingId: "number",
    isImported: "boolean",
    sequenceTemplateId: "number",
    synchronizableStatus: "string",
  },
  sortable: [...SORTABLE, "trackingId", "isImported", "synchronizableStatus"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: TEMPLATE_LIST_DEFAULT_LIMIT,
});

/** Error keys sequence template calls answer with (besides the generic ones). */
export const SEQUENCE_TEMPLATE_ERRORS = [
  "errors.not_found",
  "first_and_last_eventTemplates_are_the_same",
  "sequence_template_referenced",
  "sequence_template_instantiated",
  "errors.parent_task_assignation",
] as const satisfies readonly ErrorCode[];

/** Project template writes send reference:update with this resource name (versionId null). */
export const SEQUENCE_TEMPLATE_REALTIME = { event: "reference:update", resource: "sequenceTemplatePro" } as const;
