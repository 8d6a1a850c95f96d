import type Router from "@koa/router";
import { AppError, PERMISSIONS, planningDataQuery, publicPlanningParams, publicPlanningQuery } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { namedAnswer, planningAnswer } from "../../planning/planningCache.js";
import { sendPlanningAnswer } from "./planningSend.js";

export function planningRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /planning/data: the version's graph in columns plus what the Gantt draws in the requested months. */
  route(router, deps, {
    method: "get",
    path: "/planning/data",
    roles: PERMISSIONS.external,
    query: planningDataQuery,
    handler: async ({ db, user, query, ctx }) => {
      // Per request, before the cache (in the same query as the versions' revisions): a stored answer never
      // decides who may read it.
      await sendPlanningAnswer(ctx, await planningAnswer(db, query, user));
    },
  });

  /** GET /planning/public/{token}: the same, read-only, for a public project's current version. */
  route(router, deps, {
    method: "get",
    path: "/planning/public/:token",
    roles: undefined,
    params: publicPlanningParams,
    query: publicPlanningQuery,
    handler: async ({ db, params, query, ctx }) => {
      const project = await db("projects")
        .where({ share_token: params.token, is_public: true })
        .first("id", "name", "current_version_id", "is_archived");
      if (!project || project.is_archived || !project.current_version_id)
        throw new AppError("errors.project_not_public");
      const q = { ...query, projectId: project.id, versionId: project.current_version_id };
      const answer = await planningAnswer(db, q, null);
      // The page names the project (PublicPlanningDataWire); the months asked by scrolling need no name.
      await sendPlanningAnswer(ctx, q.eventsOnly ? answer : namedAnswer(answer, String(project.name)));
    },
  });
}
