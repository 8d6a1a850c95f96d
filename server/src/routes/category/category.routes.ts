import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { categoryRoutes as classificationCategoryRoutes, TAGS } from "../tag/classificationRoutes.js";

/** Tag categories (spec 001 section 7): GET/POST /category, PATCH/DELETE /category/{id}, PATCH /category/order. */
export function categoryRoutes(router: Router<AppState>, deps: AppDeps): void {
  classificationCategoryRoutes(router, deps, TAGS);
}
