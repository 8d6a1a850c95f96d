import { z } from "zod";
import { colour, defineListResource, id, idList, LIST_LIMIT, requiredText } from "@jalon/shared";

export const libraryLotParams = z.object({ id });

/** POST /participant-group {name, color?}: a lot of the global library. */
export const libraryLotCreateBody = z.object({ name: requiredText(), color: colour.optional() }).strict();
export const libraryLotUpdateBody = z.object({ name: requiredText(), color: colour }).partial().strict();
export const libraryLotBulkDeleteBody = z.object({ ids: idList }).strict();

/** GET /participant-group: paged, name filter, name ASC, 10,000 by default. */
export const libraryLotListResource = defineListResource({
  fields: { id: "number", name: "string", color: "string", createdAt: "datetime", updatedAt: "datetime" },
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const libraryLotColumns: Record<string, string> = {
  id: "g.id",
  name: "g.name",
  color: "g.color",
  createdAt: "g.created_at",
  updatedAt: "g.updated_at",
};
