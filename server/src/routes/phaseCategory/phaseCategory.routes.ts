import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { categoryRoutes, PHASES } from "../tag/classificationRoutes.js";

/** Phase categories: GET/POST /phase-category, PATCH/DELETE /phase-category/{id}, PATCH /phase-category/order. */
export function phaseCategoryRoutes(router: Router<AppState>, deps: AppDeps): void {
  categoryRoutes(router, deps, PHASES);
}
