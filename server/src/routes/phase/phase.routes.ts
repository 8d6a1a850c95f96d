import type Router from "@koa/router";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { itemRoutes, type ClassificationSpec } from "../tag/classification.routes.js";

/** Phases and phase categories, built like tags (migration 003_phases): /phase and /phase-category. */
export const PHASES: ClassificationSpec = {
  tables: { items: "phases", categories: "phase_categories" },
  resource: "phase",
  itemPath: "/phase",
  categoryPath: "/phase-category",
  itemsJoin: "phases",
  exportSheet: "Phases",
  exportPrefix: "Phases",
};

export function phaseRoutes(router: Router<AppState>, deps: AppDeps): void {
  itemRoutes(router, deps, PHASES);
}
