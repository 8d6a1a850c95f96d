import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { itemRoutes, PHASES } from "../tag/classificationRoutes.js";

/** Phases, built like tags (migration 003_phases): /phase. */
export function phaseRoutes(router: Router<AppState>, deps: AppDeps): void {
  itemRoutes(router, deps, PHASES);
}
