import { z } from "zod";
import { defineListResource, id, LIST_LIMIT } from "@jalon/shared";
export { userCreateBody, userUpdateBody, userViewsBody } from "@jalon/shared";

export const userParams = z.object({ id });

export const userListResource = defineListResource({
  fields: { id: "number", email: "string", firstname: "string", lastname: "string", type: "string", createdAt: "datetime", updatedAt: "datetime", projectId: "number" },
  sortable: ["id", "email", "firstname", "lastname", "type", "createdAt", "updatedAt"],
  joins: ["projects"],
  defaultSort: [{ field: "lastname", order: "ASC" }],
  defaultLimit: LIST_LIMIT,
});

export const userColumns = {
  id: "users.id", email: "users.email", firstname: "users.firstname", lastname: "users.lastname", type: "users.type",
  createdAt: "users.created_at", updatedAt: "users.updated_at",
};
