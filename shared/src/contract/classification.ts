/**
 * The classification contract (tags and phases, each with categories; spec 001 section 7): request schemas
 * and the lists' filter fields.
 */
import { z } from "zod";
import { LIST_LIMIT } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { defineListResource } from "../filters.js";
import type { Ref, VersionOwned } from "./common.js";
import { colour, id, idList, projectRef, requiredText, text } from "../schemas.js";

/**
 * Request shapes of a classification (tags with their categories, phases with theirs): an item has a name, a
 * colour, a type and a category; a category has a name, a type, a parent category and a position (its order
 * in the list, changed by PATCH .../order).
 */
export const classificationParams = z.object({ id });

const type = text(40)
  .transform((s) => (s === "" ? null : s))
  .nullable();

export const classificationItemCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    color: colour.nullable().optional(),
    type: type.optional(),
    categoryId: id.nullable().optional(),
  })
  .strict();

export const classificationItemUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    color: colour.nullable().optional(),
    type: type.optional(),
    categoryId: id.nullable().optional(),
  })
  .strict();

export const classificationCategoryCreateBody = z
  .object({
    projectId: projectRef,
    versionId: projectRef.optional(),
    name: requiredText(),
    type: type.optional(),
    parentCategoryId: id.nullable().optional(),
    position: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();

export const classificationCategoryUpdateBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    name: requiredText().optional(),
    type: type.optional(),
    parentCategoryId: id.nullable().optional(),
  })
  .strict();

/** PATCH .../order: the categories in their new order (positions 0..n-1 in that order). */
export const classificationCategoryOrderBody = z
  .object({
    projectId: projectRef.optional(),
    versionId: projectRef.optional(),
    ids: idList,
  })
  .strict();

export const classificationBulkDeleteBody = z.object({ ids: idList }).passthrough();

export const classificationItemListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    color: "string",
    type: "string",
    categoryId: "number",
    categoryName: "string",
    categoryType: "string",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "color", "type", "categoryId", "categoryName", "createdAt", "updatedAt"],
  joins: ["category"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const classificationCategoryListResource = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    trackingId: "number",
    name: "string",
    type: "string",
    position: "number",
    parentCategoryId: "number",
    createdAt: "datetime",
    updatedAt: "datetime",
  },
  sortable: ["id", "name", "type", "position", "parentCategoryId", "createdAt", "updatedAt"],
  joins: ["parentCategory", "items", "tags", "phases"],
  defaultSort: [
    { field: "position", order: "ASC" },
    { field: "name", order: "ASC" },
  ],
  defaultLimit: LIST_LIMIT,
});

/** The JSON of a tag or phase category. */
export interface ClassificationCategory extends VersionOwned {
  id: number;
  name: string;
  type: string | null;
  position: number;
  parentCategoryId: number | null;
  parentCategory: Ref | null;
  createdAt: string;
  updatedAt: string;
}

/** The JSON of a tag or phase, with its category and that category's parent. */
export interface ClassificationItem extends VersionOwned {
  id: number;
  name: string;
  color: string | null;
  type: string | null;
  categoryId: number | null;
  category: Omit<ClassificationCategory, "projectId" | "versionId" | "trackingId" | "createdAt" | "updatedAt"> | null;
  createdAt: string;
  updatedAt: string;
}

/** DELETE {item}/bulk-delete and DELETE {category}/{id}: how many rows went. */
export interface ClassificationDeleteAnswer {
  count: number;
}

/** PATCH {category}/order: the categories in their new order and the positions they got. */
export interface ClassificationOrderAnswer {
  ids: number[];
  positions: number[];
}

/** Error keys a tag, phase or category call answers with (besides the generic ones). */
export const CLASSIFICATION_ERRORS = [
  "errors.not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
] as const satisfies readonly ErrorCode[];

/** Tag and phase writes send reference:update with their resource name: viewers refetch their lists. */
export const CLASSIFICATION_REALTIME = { event: "reference:update", tag: "tag", phase: "phase" } as const;
