/**
 * The task template contract (spec 001 sections 3, 5 and 7): event templates of the global library
 * (`/event-template`, admin writes) and their project copies (`/event-template-pro`, the project's managers).
 * A task template belongs to at most one sequence template (`sequenceTemplateId`) and names its parents inside
 * that sequence template (`parentsET`): a bare id is an end-begin link with delay 0, otherwise `{id, type, delay}`
 * with one of the four link types and an integer delay in working days. Its `typology` is a list of zone
 * typology names (the zones an instantiation creates it on; empty: every zone).
 *
 * A project's task template names a lot, macro-task, speciality or participant of the project's versions: the
 * client sends the row's id (of any version of the project), the server keeps its tracking id and answers the
 * row of the project's current version.
 */
import { z } from "zod";
import { TEMPLATE_LIST_DEFAULT_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, idList, integer, nullableText, numeric, plainString, projectRef, requiredText, text } from "../schemas.js";
import type { FieldsOf, Ref, TagRef } from "./common.js";
import { LINK_TYPES, type LinkType } from "./event.js";

/** A dependency between two task templates, seen from one end: the other template, the link type and delay. */
export interface EventTemplateLink {
  id: number;
  name: string;
  type: LinkType;
  delay: number;
}

/** What library and project task templates share. */
export interface EventTemplateCommon {
  id: number;
  name: string;
  /** Upper case. */
  trigram: string | null;
  numberOfDays: number;
  numberOfPeople: number;
  rate: number | null;
  /** Zone typology names this task is created on (empty: all). */
  typology: string[];
  comments: string | null;
  prerequisitesDelay: number;
  finishesDelay: number;
  prerequisitesDocumentName: string | null;
  finishesDocumentName: string | null;
  /** The sequence template it belongs to (library: /sequence-template id; project: /sequence-template-pro id). */
  sequenceTemplateId: number | null;
  parentSequenceTemplate: Ref | null;
  /** Incoming links (its predecessors inside the sequence template), by name. */
  parentsET: EventTemplateLink[];
  /** Outgoing links (its successors). */
  childrenET: EventTemplateLink[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** GET /event-template: a task template of the global library. */
export interface EventTemplate extends EventTemplateCommon {
  /** A lot of the library (/participant-group). */
  participantGroupId: number | null;
  participantGroup: Ref | null;
}

/** GET /event-template-pro: a project's task template. Each reference is the row of the project's current version. */
export interface EventTemplatePro extends EventTemplateCommon {
  projectId: number;
  trackingId: number;
  /** The library template it was imported from, if any. */
  eventTemplateId: number | null;
  participantGroupProId: number | null;
  participantGroupPro: Ref | null;
  macroTaskId: number | null;
  macroTask: Ref | null;
  specialityId: number | null;
  speciality: Ref | null;
  participantId: number | null;
  participant: Ref | null;
  /** Number of events of the project (every version) instantiated from it. */
  instances: number;
  /** Tags of the project's current version (kept by tracking id). */
  tags: TagRef[];
}

/** One event instantiated from a template (GET /event-template-pro/instantiated). */
export interface EventTemplateInstance {
  id: number;
  name: string;
  versionId: number;
  zoneId: number | null;
  zone: Ref | null;
  sequenceId: number | null;
  startDate: string | null;
  endDate: string | null;
}

/** GET /event-template-pro/instantiated: a project template with its instances in the version asked. */
export interface InstantiatedEventTemplate extends EventTemplatePro {
  instancesList: EventTemplateInstance[];
}

export const eventTemplateParams = z.object({ id });
export const eventTemplateImportParams = z.object({ projectId: projectRef });

const linkType = z.enum(LINK_TYPES);
/** A parent in parentsET: a bare id (end-begin, delay 0) or {id, type, delay}; delays are integers, 0 by default. */
export const eventTemplateParentInput = z.union([
  id,
  z.object({ id, type: linkType.default("end-begin"), delay: integer.default(0) }).strict(),
]);
/** What a client writes in parentsET. */
export type EventTemplateParentInput = number | { id: number; type?: LinkType; delay?: number };
/** A parent as the server reads it. */
export type EventTemplateParent = z.output<typeof eventTemplateParentInput>;

const nullableId = z.union([id, z.null()]);
/** Only when numeric (spec 001 section 5): a number or a numeric string. */
const numberOfDays = integer.pipe(z.number().int().min(1).max(100_000));
const numberOfPeople = numeric.pipe(z.number().min(0).max(100_000));
const rate = z.union([numeric.pipe(z.number().min(0).max(1_000_000_000)), z.null()]);
const typology = z.array(requiredText()).max(200);

/** The fields both kinds of task template write. */
const commonFields = {
  name: requiredText(),
  trigram: text(10)
    .transform((s) => (s === "" ? null : s.toUpperCase()))
    .nullable(),
  numberOfDays,
  numberOfPeople,
  rate,
  typology,
  comments: nullableText(),
  prerequisitesDelay: integer.pipe(z.number().int().min(-100_000).max(100_000)),
  finishesDelay: integer.pipe(z.number().int().min(-100_000).max(100_000)),
  prerequisitesDocumentName: nullableText(200),
  finishesDocumentName: nullableText(200),
  sequenceTemplateId: nullableId,
  parentsET: z.array(eventTemplateParentInput).max(1000),
};

const libraryFields = { ...commonFields, participantGroupId: nullableId };
const proFields = {
  ...commonFields,
  participantGroupProId: nullableId,
  macroTaskId: nullableId,
  specialityId: nullableId,
  participantId: nullableId,
  /** Tags of the project's versions (replaces the set). */
  tagIds: z.array(id).max(1000),
};

const libraryOptional = z.object(libraryFields).omit({ name: true }).partial().shape;
const proOptional = z.object(proFields).omit({ name: true }).partial().shape;

/** POST /event-template: a library task template (name required). */
export const eventTemplateCreateBody = z.object({ name: requiredText(), ...libraryOptional }).strict();
/** PATCH /event-template/{id}: changed fields only; parentsET replaces the parents. */
export const eventTemplateUpdateBody = z.object(libraryFields).partial().strict();

/** POST /event-template-pro {projectId, name, ...}. */
export const eventTemplateProCreateBody = z
  .object({ projectId: projectRef, name: requiredText(), ...proOptional })
  .strict();
/** PATCH /event-template-pro/{id}: changed fields only; parentsET replaces the parents. */
export const eventTemplateProUpdateBody = z
  .object({ projectId: projectRef.optional(), ...proFields })
  .partial()
  .strict();

/** PATCH /event-template/bulk-update {events: [{id, ...changed fields}], projectId?}. */
export const eventTemplateBulkUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    events: z
      .array(z.object({ id, ...z.object(libraryFields).partial().shape }).strict())
      .min(1)
      .max(10_000),
  })
  .strict();
/** PATCH /event-template-pro/bulk-update {projectId, events: [{id, ...changed fields}]}. */
export const eventTemplateProBulkUpdateBody = z
  .object({
    projectId: projectRef,
    events: z
      .array(z.object({ id, ...z.object(proFields).partial().shape }).strict())
      .min(1)
      .max(10_000),
  })
  .strict();

/** DELETE /event-template/bulk-delete and /event-template-pro/bulk-delete {ids, projectId?}. */
export const eventTemplateBulkDeleteBody = z.object({ ids: idList, projectId: projectRef.optional() }).strict();

/** POST /event-template/importMany {model?, objectsList}: every object or none. */
export const eventTemplateImportManyBody = z
  .object({
    model: text().optional(),
    objectsList: z
      .array(z.object({ name: requiredText(), ...libraryOptional }).strict())
      .min(1)
      .max(10_000),
  })
  .strict();
/** POST /event-template-pro/importMany {projectId, model?, objectsList}. */
export const eventTemplateProImportManyBody = z
  .object({
    projectId: projectRef,
    model: text().optional(),
    objectsList: z
      .array(z.object({ name: requiredText(), ...proOptional }).strict())
      .min(1)
      .max(10_000),
  })
  .strict();

/** Largest .xlsx accepted by importManyXLSX (10 MB, as base64). */
export const TEMPLATE_XLSX_MAX_BASE64 = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 200;
const xlsxData = plainString().min(1).max(TEMPLATE_XLSX_MAX_BASE64);

/**
 * POST /event-template/importManyXLSX {data} and /event-template-pro/importManyXLSX {projectId, data}: `data` is
 * the .xlsx file as base64 (or a data URL), with the export's columns (EVENT_TEMPLATE_XLSX_HEADERS). A row's
 * "Modèle de séquence" names a sequence template (created if missing); "Parents" lists parents of the same
 * sequence template by name, each optionally followed by its link as in "Cloisons (FD +2)"; "Lot" names a lot
 * (library: of the library; project: of the current version).
 */
export const eventTemplateImportXlsxBody = z.object({ data: xlsxData }).strict();
export const eventTemplateProImportXlsxBody = z.object({ projectId: projectRef, data: xlsxData }).strict();

/** The columns of the .xlsx export and import, in order (French headers). */
export const EVENT_TEMPLATE_XLSX_HEADERS = [
  "Nom",
  "Trigramme",
  "Modèle de séquence",
  "Lot",
  "Durée (jours)",
  "Nombre de personnes",
  "Taux",
  "Typologies",
  "Parents",
  "Commentaires",
  "Délai prérequis",
  "Délai finitions",
  "Document prérequis",
  "Document finitions",
] as const;

/** Link types as written in the "Parents" column: fin-début, début-début, fin-fin, début-fin. */
export const LINK_TYPE_SHORT: Record<LinkType, string> = {
  "end-begin": "FD",
  "begin-begin": "DD",
  "end-end": "FF",
  "begin-end": "DF",
};

/** POST /event-template/import/{projectId} {eventTemplateIds}: library templates copied into the project. */
export const eventTemplateImportBody = z.object({ eventTemplateIds: idList }).strict();

/** GET /event-template-pro/instantiated?projectId=&versionId=: the version's instances (current version by default). */
export const eventTemplateInstantiatedQuery = z.looseObject({
  projectId: projectRef,
  versionId: projectRef.optional(),
});

/** The fields the library form writes. */
export type EventTemplateFields = FieldsOf<typeof eventTemplateCreateBody>;
/** The fields the project form writes. */
export type EventTemplateProFields = FieldsOf<typeof eventTemplateProCreateBody>;

const listFields = {
  id: "number",
  name: "string",
  trigram: "string",
  numberOfDays: "number",
  numberOfPeople: "number",
  rate: "number",
  sequenceTemplateId: "number",
  /** A typology name: templates whose list holds it ($eq, $in), or with an empty list ($isnull). */
  typology: "string",
  createdAt: "datetime",
  updatedAt: "datetime",
} as const;
const TEMPLATE_SORTABLE = [
  "id",
  "name",
  "trigram",
  "numberOfDays",
  "numberOfPeople",
  "rate",
  "sequenceTemplateId",
  "createdAt",
  "updatedAt",
];

/** GET /event-template: filter triples, name ASC, 10 per page from offset 0 by default (spec 001 section 9). */
export const eventTemplateListResource = defineListResource({
  fields: { ...listFields, participantGroupId: "number" },
  sortable: TEMPLATE_SORTABLE,
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: TEMPLATE_LIST_DEFAULT_LIMIT,
});

/** GET /event-template-pro: a projectId filter is required; name ASC, 10 per page by default. */
export const eventTemplateProListResource = defineListResource({
  fields: {
    ...listFields,
    projectId: "number",
    trackingId: "number",
    eventTemplateId: "number",
    participantGroupProId: "number",
    macroTaskId: "number",
    specialityId: "number",
    participantId: "number",
  },
  sortable: [...TEMPLATE_SORTABLE, "trackingId"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: TEMPLATE_LIST_DEFAULT_LIMIT,
});

/** Error keys task template calls answer with (besides the generic ones). */
export const EVENT_TEMPLATE_ERRORS = [
  "errors.not_found",
  "errors.parent_task_assignation",
  "event_template_in_use",
  "speciality_participant_or_group_dont_match",
  "errors.import_format",
  "errors.import_invalid",
] as const satisfies readonly ErrorCode[];

/** Writes send reference:update with these resource names (versionId null: templates belong to the project). */
export const EVENT_TEMPLATE_REALTIME = { event: "reference:update", resource: "eventTemplatePro" } as const;
