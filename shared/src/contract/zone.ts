/**
 * The zone contract (spec 001 sections 3 and 7): the entity the API answers, the request schemas the server
 * validates and the web's client sends, the list's filter fields, error keys and realtime names.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import { id, integer, projectRef, requiredText, text } from "../schemas.js";
import type { FieldsOf, Ref, TagRef } from "./common.js";

/** Unity of a zone; `ZONE_UNITIES[level]` is the default unity of a zone at that level (macro-zone, zone, micro-zone, nano-zone). */
export const ZONE_UNITIES = ["macro", "zone", "micro", "others"] as const;
export type ZoneUnity = (typeof ZONE_UNITIES)[number];
/** Levels 0 to 3: macro-zone, zone, micro-zone, nano-zone (spec 001 section 3). */
export const ZONE_MAX_LEVEL = 3;

/** The JSON of a zone. */
export interface Zone {
  id: number;
  name: string;
  fullName: string;
  parentId: number | null;
  parent: Ref | null;
  position: number;
  typology: string | null;
  unity: ZoneUnity;
  level: number;
  tags: TagRef[];
  /** Every descendant's id (children, their children...). */
  allChildIds: number[];
  /** Direct sub-zones, in position order. */
  children: Ref[];
  underZones: Ref[];
  projectId: number;
  versionId: number;
  trackingId: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export const zoneVersionParams = z.object({ versionId: id });

const nullableTypology = z.union([text(), z.null()]).transform((s) => (s === null || s === "" ? null : s));
const tagIds = z.array(id).max(1000);

/** POST /zone: a zone under `parentId` (a macro-zone without one), last among its siblings. */
export const zoneCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    parentId: z.union([id, z.null()]).optional(),
    typology: nullableTypology.optional(),
    unity: z.enum(ZONE_UNITIES).optional(),
    tagIds: tagIds.optional(),
    tags: tagIds.optional(),
  })
  .strict();

/** PATCH /zone/{id}: changed fields only. */
export const zoneUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    parentId: z.union([id, z.null()]).optional(),
    typology: nullableTypology.optional(),
    unity: z.enum(ZONE_UNITIES).optional(),
    position: integer.optional(),
    tagIds: tagIds.optional(),
    tags: tagIds.optional(),
  })
  .strict();

/** PUT /zone/bulk-update {zones}: the new order (and optionally parent) of zones of one version. */
export const zoneBulkUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    zones: z
      .array(
        z
          .object({ id, position: integer.pipe(z.number().int().min(0)), parentId: z.union([id, z.null()]).optional() })
          .strict(),
      )
      .min(1)
      .max(10_000),
  })
  .strict();

export const zoneTypologyQuery = z.looseObject({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  parentTypology: text().optional(),
});

/** The fields a screen edits (POST /zone and PATCH /zone/{id} without the scope). */
export type ZoneFields = FieldsOf<typeof zoneCreateBody>;
export type ZoneReorder = z.input<typeof zoneBulkUpdateBody>["zones"];

/** GET /zone: filter triples; 10,000 rows by position by default. */
export const zoneListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    fullName: "string",
    parentId: "number",
    position: "number",
    typology: "string",
    unity: "string",
    level: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  joins: ["parent", "tags", "children", "underZones"],
  defaultSort: [{ field: "position", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

/** Error keys a zone call answers with (besides the generic ones). */
export const ZONE_ERRORS = [
  "errors.not_found",
  "cant_change_unity_zone_with_events",
  "zone_used_by_events",
] as const satisfies readonly ErrorCode[];

/** Zone writes send reference:update with this resource name: viewers refetch their lists. */
export const ZONE_REALTIME = { event: "reference:update", resource: "zone" } as const;

/** GET /zone/{versionId}/typologies: the version's zone typologies in French order. */
export interface ZoneTypologies {
  data: string[];
}
