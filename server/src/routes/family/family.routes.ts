import type Router from "@koa/router";
import { AppError, familyListResource, parseListQuery, PERMISSIONS, type Family } from "@jalon/shared";
import { readScope } from "../../commands/referenceScope.js";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { familyColumns } from "./family.schema.js";

/**
 * Order-line families (spec 001 section 7 "GET /family"): a list shared by every project, read by the
 * macro-task form to choose the families tracked in each zone (trackedFamilies) and by order lines. The
 * projectId / versionId filters keep the families that project's / version's order lines use (the planning's
 * families filter offers those): the user must be able to read that project.
 */
export function familyRoutes(router: Router<AppState>, deps: AppDeps): void {
  route(router, deps, {
    method: "get",
    path: "/family",
    roles: PERMISSIONS.external,
    handler: async ({ db, ctx, user }) => {
      const query = parseListQuery(ctx.query, familyListResource);
      // Each project or version named must be readable; only $eq, so that no list of ids reaches another's.
      for (const f of query.filters) {
        if (f.field !== "projectId" && f.field !== "versionId") continue;
        if (f.op !== "eq" || typeof f.value !== "number")
          throw new AppError("errors.invalid_filter", {
            message: "Filtrez les familles par projet ou version avec $eq.",
          });
        if (f.field === "projectId") await readScope(db, user, f.value, undefined);
        else await readScope(db, user, undefined, f.value);
      }
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
