import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { itemRoutes, TAGS } from "./classificationRoutes.js";

/** Tags of a version (spec 001 section 7): GET/POST /tag, /tag/{id}, bulk-delete, export. */
export function tagRoutes(router: Router<AppState>, deps: AppDeps): void {
  itemRoutes(router, deps, TAGS);
}
