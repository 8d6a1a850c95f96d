import { defineListResource, LIST_LIMIT } from "@jalon/shared";

/** GET /family: the order-line families (spec 001 section 7), filter name contL; 10,000 by name. */
export const familyListResource = defineListResource({
  fields: { id: "number", name: "string" },
  defaultSort: [{ field: "name", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const familyColumns: Record<string, string> = { id: "f.id", name: "f.name" };
