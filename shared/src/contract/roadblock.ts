/**
 * The roadblocks contract (spec 001 sections 2-4, 7; issue 18): the blocking points that stop a crew on site
 * ("points bloquants"). A roadblock belongs to a version of a project; it names what it is (name), who raised it
 * (createdBy), and optionally the task it blocks, the participant and the lot it concerns and the zone where it
 * is. It is open until validated (`validate: true`, spec 001 section 4: "valid or non-valid").
 * - POST /roadblock {projectId, versionId?, name, eventId?, participantId?, participantGroupProId?, zoneId?,
 *   validate?}: on a task, the lot, participant and zone left out are the task's;
 * - GET /roadblock: filter triples (projectId, versionId, validate, eventId, zoneId...), 10,000 by name;
 * - GET /roadblock/{id}, PATCH /roadblock/{id} (changed fields only);
 * - DELETE /roadblock/bulk-delete {ids};
 * - GET /roadblock/{projectId}/zones: the zones of the version's roadblocks with their counts (10,000).
 *
 * Rules (refused with nothing written): the task, lot, participant and zone must be rows of the roadblock's
 * version (roadblock_reference_invalid, 400); a participant named with a lot must be one of that lot's
 * (speciality_participant_or_group_dont_match, 400). Tasks count their open roadblocks (Event.numberOfRoadblocks,
 * and the planning data's events) and the dashboard counts the version's (total, open).
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import type { RealtimeEventName } from "../realtime.js";
import { id, idList, projectRef, requiredText } from "../schemas.js";
import type { FieldsOf, Ref, VersionOwned } from "./common.js";

export const roadblockParams = z.object({ id });
export const roadblockProjectParams = z.object({ projectId: projectRef });

const ref = z.union([id, z.null()]);

/** POST /roadblock. */
export const roadblockCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    validate: z.boolean().optional(),
    eventId: ref.optional(),
    participantId: ref.optional(),
    participantGroupProId: ref.optional(),
    zoneId: ref.optional(),
  })
  .strict();
export type RoadblockCreate = z.input<typeof roadblockCreateBody>;

/** PATCH /roadblock/{id}: changed fields only. */
export const roadblockUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    validate: z.boolean().optional(),
    eventId: ref.optional(),
    participantId: ref.optional(),
    participantGroupProId: ref.optional(),
    zoneId: ref.optional(),
  })
  .strict();
export type RoadblockUpdate = z.input<typeof roadblockUpdateBody>;

/** The fields a screen edits. */
export type RoadblockFields = FieldsOf<typeof roadblockCreateBody>;

/** DELETE /roadblock/bulk-delete. */
export const roadblockBulkDeleteBody = z.object({ ids: idList, projectId: projectRef.optional() }).strict();

/** GET /roadblock/{projectId}/zones?versionId=: the version (the project's current one by default). */
export const roadblockZonesQuery = z.object({ versionId: projectRef.optional() }).strict();

/** GET /roadblock: filter triples; 10,000 rows by name by default. */
export const roadblockListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    validate: "boolean",
    eventId: "number",
    eventName: "string",
    participantId: "number",
    participantGroupProId: "number",
    zoneId: "number",
    createdById: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "validate", "eventName", "createdAt", "updatedAt"],
  defaultSort: [
    { field: "name", order: "ASC" },
    { field: "id", order: "ASC" },
  ],
  defaultLimit: LIST_LIMIT,
  maxLimit: LIST_LIMIT,
});

/** The JSON of a roadblock. */
export interface Roadblock extends VersionOwned {
  id: number;
  name: string;
  /** Validated (lifted); an open roadblock is `false`. */
  validate: boolean;
  /** Who raised it; null when that user was deleted. */
  createdBy: { id: number; firstname: string | null; lastname: string | null } | null;
  eventId: number | null;
  event: (Ref & { type: string; startDate: string | null; endDate: string | null }) | null;
  participantId: number | null;
  participant: Ref | null;
  participantGroupProId: number | null;
  participantGroupPro: (Ref & { color: string }) | null;
  zoneId: number | null;
  zone: (Ref & { fullName: string | null }) | null;
  createdAt: string;
  updatedAt: string;
}

/** One row of GET /roadblock/{projectId}/zones. */
export interface RoadblockZone {
  id: number;
  name: string;
  fullName: string | null;
  total: number;
  open: number;
}

/** Error keys a roadblock call answers with (besides the generic ones). */
export const ROADBLOCK_ERRORS = [
  "roadblock_reference_invalid",
  "speciality_participant_or_group_dont_match",
  "errors.not_found",
  "errors.no_project",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.version_frozen",
  "errors.project_archived",
  "errors.forbidden",
  "errors.validation",
] as const satisfies readonly ErrorCode[];
export type RoadblockErrorCode = (typeof ROADBLOCK_ERRORS)[number];

/**
 * Roadblock writes send `reference:update` with `data.resource` "roadblock": the lists, the task modal's tab, the
 * dashboard and the planning (its markers) of other viewers refetch.
 */
export const ROADBLOCK_REALTIME = { event: "reference:update", resource: "roadblock" } as const satisfies {
  event: RealtimeEventName;
  resource: string;
};
