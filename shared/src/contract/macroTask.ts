/**
 * The macro-task contract: request schemas (the server validates with them, the web types its calls from them)
 * and the list's filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT, ORDER_LINE_UNITS } from "../constants.js";
import { defineListResource } from "../filters.js";
import { id, idList, plainString, projectRef, requiredText } from "../schemas.js";
import type { ErrorCode } from "../errors.js";
import type { Ref, TagRef, VersionOwned } from "./common.js";
import type { MacroTaskOrderLine } from "./orderLineTask.js";

export const macroTaskParams = z.object({ id });

/** trackedFamilies: the order-line families followed in each zone, {zoneId: familyIds}. */
const trackedFamilies = z.record(plainString().regex(/^\d+$/), z.array(id).max(1000));

const fields = {
  name: requiredText(),
  participantGroupProId: id.nullable(),
  specialityIds: z.array(id).max(1000),
  tagIds: z.array(id).max(1000),
  trackedUnit: z.enum(ORDER_LINE_UNITS).nullable(),
  trackedFamilies,
  isComplete: z.boolean(),
};

export const macroTaskCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    ...fields,
    participantGroupProId: fields.participantGroupProId.optional(),
    specialityIds: fields.specialityIds.optional(),
    tagIds: fields.tagIds.optional(),
    trackedUnit: fields.trackedUnit.optional(),
    trackedFamilies: fields.trackedFamilies.optional(),
    isComplete: fields.isComplete.optional(),
  })
  .strict();

export const macroTaskUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    ...fields,
  })
  .partial()
  .strict();

/** PATCH /macro-task/bulk-update {macroTasks: [{id, ...changed fields}]} (the list's editable tracked unit). */
export const macroTaskBulkUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    macroTasks: z
      .array(
        z
          .object({ id, ...fields })
          .partial()
          .required({ id: true })
          .strict(),
      )
      .min(1)
      .max(10_000),
  })
  .strict();

export const macroTaskBulkDeleteBody = z.object({ ids: idList }).passthrough();

const commaIds = z
  .union([plainString(), z.array(plainString())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.some((s) => !/^\d+$/.test(s))) {
      ctx.addIssue({ code: "custom", message: "Identifiants invalides" });
      return z.NEVER;
    }
    return parts.map(Number);
  });

/** GET /macro-task/many: plain parameters (spec 001 section 7), 10,000 by name. */
export const macroTaskManyQuery = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: plainString().trim().max(200).optional(),
    participantGroupProIds: commaIds,
    specialityIds: commaIds,
    tagIds: commaIds,
    limit: plainString().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(LIST_LIMIT)).optional(),
  })
  .passthrough();

/** GET /macro-task: filter triples; speciality and tag filters read the join tables. */
export const macroTaskListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    startDate: "date",
    endDate: "date",
    participantGroupProId: "number",
    participantGroupName: "string",
    specialityNames: "string",
    trackedUnit: "string",
    hasCounting: "boolean",
    isComplete: "boolean",
    specialityId: "number",
    tagId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  // Spec 001 section 2: every column but tracked unit, tracking level, progression and completed is sortable.
  sortable: ["id", "name", "startDate", "endDate", "participantGroupName", "specialityNames", "createdAt", "updatedAt"],
  joins: ["participantGroupPro", "specialities", "tags", "zones", "zoning", "orderLines"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** A zone a macro-task's events are in (`join=zones`). */
export interface MacroTaskZone {
  id: number;
  name: string;
  fullName: string | null;
  unity: string;
  level: number;
}

/** The JSON of a macro-task. */
export interface MacroTask extends VersionOwned {
  id: number;
  name: string;
  /** Rolled up from its events (first start, last end); the stored dates when it has none. */
  startDate: string | null;
  endDate: string | null;
  participantGroupProId: number | null;
  participantGroupPro: (Ref & { color: string }) | null;
  specialities: Ref[];
  tags: TagRef[];
  trackedUnit: string | null;
  trackedFamilies: Record<string, number[]>;
  /** The unity of the zones it is followed in (spec: "tracking level, followed zone unity"), null if none. */
  trackingLevel: string | null;
  hasCounting: boolean;
  globalCounting: number | null;
  isComplete: boolean;
  /** join=zones: the zones of its events (the second list: name and zone names). */
  zones?: MacroTaskZone[];
  /** GET /macro-task/{id} and join=orderLines: its order lines with their tasks' zones and quantities. */
  orderLines?: MacroTaskOrderLine[];
  createdAt: string;
  updatedAt: string;
}

/** Error keys a macro-task call answers with (besides the generic ones). */
export const MACRO_TASK_ERRORS = [
  "errors.not_found",
  "speciality_participant_or_group_dont_match",
  "ImplementationError",
] as const satisfies readonly ErrorCode[];

/** Macro-task writes send reference:update with this resource name: viewers refetch their lists. */
export const MACRO_TASK_REALTIME = { event: "reference:update", resource: "macroTask" } as const;
