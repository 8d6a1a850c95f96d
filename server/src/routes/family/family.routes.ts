import type Router from "@koa/router";
import { familyListResource, parseListQuery, PERMISSIONS, type Family } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { familyColumns } from "./family.schema.js";

/**
 * Order-line families (spec 001 section 7 "GET /family"): a list shared by every project, read by the
 * macro-task form to choose the families tracked in each zone (trackedFamilies) and by order lines.
 */
export function familyRoutes(router: Router<AppState>, deps: AppDeps): void {
  route(router, deps, {
    method: "get",
    path: "/family",
    roles: PERMISSIONS.external,
    handler: async ({ db, ctx }) => {
      const query = parseListQuery(ctx.query, familyListResource);
      const { rows, total } = await runList<Family>(
        db,
        db("families as f").select("f.id", "f.name"),
        query,
        familyListResource,
        familyColumns,
        "f.id",
      );
      return { data: rows, count: rows.length, total };
    },
  });
}
