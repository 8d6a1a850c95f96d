import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { itemRoutes, type ClassificationSpec } from "./classification.routes.js";

/** Tags and tag categories of a version (spec 001 section 7): GET/POST /tag, /tag/{id}, bulk-delete, export. */
export const TAGS: ClassificationSpec = {
  tables: { items: "tags", categories: "tag_categories" },
  resource: "tag",
  itemPath: "/tag",
  categoryPath: "/category",
  itemsJoin: "tags",
  exportSheet: "Étiquettes",
  exportPrefix: "Etiquettes",
};

export function tagRoutes(router: Router<AppState>, deps: AppDeps): void {
  itemRoutes(router, deps, TAGS);
}
