import type Router from "@koa/router";
import { PERMISSIONS } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { writableProject } from "../../access/projects.js";
import { undoApply } from "../../commands/undoApply.js";
import { undoBody } from "./undo.schema.js";

/** POST /undo/apply {projectId, versionId} (and the PUT ?projectId&versionId reading): reverts the last step. */
export function undoRoutes(router: Router<AppState>, deps: AppDeps): void {
  for (const method of ["post", "put"] as const) {
    route(router, deps, {
      method,
      path: "/undo/apply",
      roles: PERMISSIONS.manager,
      ...(method === "post" ? { body: undoBody } : { query: undoBody }),
      write: true,
      handler: async ({ db, user, body, query, emits }) => {
        const { projectId, versionId } = (body ?? query)!;
        await writableProject(db, user, projectId);
        const out = await undoApply(db, user.id, projectId, versionId);
        for (const p of out.emit) emits.add(p);
        return { remaining: out.remaining };
      },
    });
  }
}
