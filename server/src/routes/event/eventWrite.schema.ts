import { z } from "zod";
import { colour, id, integer, isoDay, nullableText, plainString, projectRef, requiredText, text } from "@jalon/shared";

const linkType = z.enum(["end-begin", "begin-begin", "end-end", "begin-end"]);
const link = z.object({ id, type: linkType.default("end-begin"), delay: integer.default(0) });
const nullableId = z.union([id, z.null()]);

/** The writable fields of an event (spec 000 section 3); strings trimmed, numbers only when numeric. */
const eventFields = {
  name: requiredText(),
  type: z.enum(["task", "milestone"]),
  comments: nullableText(),
  description: nullableText(),
  trigram: text(10).transform((s) => s.toUpperCase()).nullable(),
  startDate: isoDay.nullable(),
  numberOfDays: integer.pipe(z.number().int().min(0).max(100_000)),
  numberOfPeople: z.union([z.number().finite(), plainString().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().min(0).max(100_000)),
  color: colour.nullable(),
  zoneId: nullableId,
  macroTaskId: nullableId,
  participantGroupProId: nullableId,
  participantId: nullableId,
  specialityId: nullableId,
  sequenceId: nullableId,
  sequenceType: z.enum(["recurring", "individual"]).nullable(),
  referenceType: z.enum(["dateReference", "milestoneReference", "taskReference"]),
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
  .refine((b) => b.type !== "task" || b.numberOfDays === undefined || b.numberOfDays >= 1, { message: "numberOfDays >= 1", path: ["numberOfDays"] });

export const eventUpdateBody = z
  .object({ projectId: projectRef.optional(), versionId: projectRef.optional(), revision: integer.optional(), ...eventFields })
  .partial()
  .strict()
  .refine((b) => b.type !== "task" || b.numberOfDays === undefined || b.numberOfDays >= 1, { message: "numberOfDays >= 1", path: ["numberOfDays"] });

/** PATCH /event/bulk-update: a selection moved so that the anchor starts on startDate. */
export const eventBulkMoveBody = z.object({
  projectId: projectRef,
  versionId: projectRef,
  events: z.array(z.object({ id, revision: integer.optional() })).min(1).max(100_000),
  anchorId: id,
  startDate: isoDay,
});

export const eventIdParams = z.object({ id });
