import { z } from "zod";
import { defineListResource, id, integer, LIST_LIMIT, projectRef, requiredText, text } from "@jalon/shared";
import { xlsxFileField } from "../../imports/xlsxImport.js";

export const ZONE_UNITIES = ["macro", "zone", "micro", "others"] as const;
/** Levels 0 to 3: macro-zone, zone, micro-zone, nano-zone (spec 001 section 3). */
export const ZONE_MAX_LEVEL = 3;

export const zoneVersionParams = z.object({ versionId: id });

const nullableTypology = z.union([text(), z.null()]).transform((s) => (s === null || s === "" ? null : s));
const tagIds = z.array(id).max(1000);

/** POST /zone: a zone under `parentId` (a macro-zone without one), last among its siblings. */
export const zoneCreateBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  name: requiredText(),
  parentId: z.union([id, z.null()]).optional(),
  typology: nullableTypology.optional(),
  unity: z.enum(ZONE_UNITIES).optional(),
  tagIds: tagIds.optional(),
  tags: tagIds.optional(),
}).strict();

/** PATCH /zone/{id}: changed fields only. */
export const zoneUpdateBody = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: requiredText().optional(),
  parentId: z.union([id, z.null()]).optional(),
  typology: nullableTypology.optional(),
  unity: z.enum(ZONE_UNITIES).optional(),
  position: integer.optional(),
  tagIds: tagIds.optional(),
  tags: tagIds.optional(),
}).strict();

/** PUT /zone/bulk-update {zones}: the new order (and optionally parent) of zones of one version. */
export const zoneBulkUpdateBody = z.object({
  projectId: projectRef.optional(),
  zones: z.array(z.object({ id, position: integer.pipe(z.number().int().min(0)), parentId: z.union([id, z.null()]).optional() }).strict()).min(1).max(10_000),
}).strict();


/** POST /zone/import: multipart or JSON {projectId, versionId?, file}. */
export const zoneImportBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  file: xlsxFileField,
  fileName: text(255).optional(),
});

export const zoneTypologyQuery = z.looseObject({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  parentTypology: text().optional(),
});

/** GET /zone: filter triples; 10,000 rows by position by default. */
export const zoneListResource = defineListResource({
  fields: {
    id: "number", projectId: "number", versionId: "number", trackingId: "number", name: "string", fullName: "string",
    parentId: "number", position: "number", typology: "string", unity: "string", level: "number", createdAt: "datetime", updatedAt: "datetime",
  },
  joins: ["parent", "tags", "children", "underZones"],
  defaultSort: [{ field: "position", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const zoneColumns: Record<string, string> = {
  id: "z.id", projectId: "z.project_id", versionId: "z.version_id", trackingId: "z.tracking_id", name: "z.name", fullName: "z.full_name",
  parentId: "z.parent_id", position: "z.position", typology: "z.typology", unity: "z.unity", level: "z.level",
  createdAt: "z.created_at", updatedAt: "z.updated_at",
};

