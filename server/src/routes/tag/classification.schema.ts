import { z } from "zod";
import { colour, defineListResource, id, idList, LIST_LIMIT, projectRef, requiredText, text } from "@jalon/shared";

/**
 * Request shapes of a classification (tags with their categories, phases with theirs): an item has a name, a
 * colour, a type and a category; a category has a name, a type, a parent category and a position (its order
 * in the list, changed by PATCH .../order).
 */
export const classificationParams = z.object({ id });

const type = text(40).transform((s) => (s === "" ? null : s)).nullable();

export const itemCreateBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  name: requiredText(),
  color: colour.nullable().optional(),
  type: type.optional(),
  categoryId: id.nullable().optional(),
}).strict();

export const itemUpdateBody = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: requiredText().optional(),
  color: colour.nullable().optional(),
  type: type.optional(),
  categoryId: id.nullable().optional(),
}).strict();

export const categoryCreateBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  name: requiredText(),
  type: type.optional(),
  parentCategoryId: id.nullable().optional(),
  position: z.number().int().min(0).max(1_000_000).optional(),
}).strict();

export const categoryUpdateBody = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  name: requiredText().optional(),
  type: type.optional(),
  parentCategoryId: id.nullable().optional(),
}).strict();

/** PATCH .../order: the categories in their new order (positions 0..n-1 in that order). */
export const categoryOrderBody = z.object({
  projectId: projectRef.optional(),
  versionId: projectRef.optional(),
  ids: idList,
}).strict();

export const bulkDeleteBody = z.object({ ids: idList }).passthrough();

export const itemListResource = defineListResource({
  fields: { id: "number", projectId: "number", versionId: "number", trackingId: "number", name: "string", color: "string", type: "string", categoryId: "number", categoryName: "string", categoryType: "string", createdAt: "datetime", updatedAt: "datetime" },
  sortable: ["id", "name", "color", "type", "categoryId", "categoryName", "createdAt", "updatedAt"],
  joins: ["category"],
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const itemColumns: Record<string, string> = {
  id: "i.id", projectId: "i.project_id", versionId: "i.version_id", trackingId: "i.tracking_id", name: "i.name", color: "i.color", type: "i.type",
  categoryId: "i.category_id", categoryName: "c.name", categoryType: "c.type", createdAt: "i.created_at", updatedAt: "i.updated_at",
};

export const categoryListResource = defineListResource({
  fields: { id: "number", projectId: "number", versionId: "number", trackingId: "number", name: "string", type: "string", position: "number", parentCategoryId: "number", createdAt: "datetime", updatedAt: "datetime" },
  sortable: ["id", "name", "type", "position", "parentCategoryId", "createdAt", "updatedAt"],
  joins: ["parentCategory", "items", "tags", "phases"],
  defaultSort: [{ field: "position", order: "ASC" }, { field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const categoryColumns: Record<string, string> = {
  id: "c.id", projectId: "c.project_id", versionId: "c.version_id", trackingId: "c.tracking_id", name: "c.name", type: "c.type", position: "c.position",
  parentCategoryId: "c.parent_category_id", createdAt: "c.created_at", updatedAt: "c.updated_at",
};
