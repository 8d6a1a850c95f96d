import type Router from "@koa/router";
import { AppError, PERMISSIONS, undoBody } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { readableProject, writableProject } from "../../access/projects.js";
import { undoApply } from "../../commands/undoApply.js";
import { undoHistory } from "./undoHistory.js";

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
        // What was undone, so the client says it ("Défait : Déplacement de 12 tâches").
        return { remaining: out.remaining, action: out.action, label: out.label };
      },
    });
  }
  // GET /undo/history?projectId&versionId: what the undo button lists (issue 20).
  route(router, deps, {
    method: "get",
    path: "/undo/history",
    roles: PERMISSIONS.manager,
    query: undoBody,
    handler: async ({ db, user, query }) => {
      await readableProject(db, user, query.projectId);
      const version = await db("versions").where({ id: query.versionId, project_id: query.projectId }).first("id");
      if (!version) throw new AppError("errors.version_not_found");
      const data = await undoHistory(db, query.versionId);
      return { data, count: data.length, total: data.length };
    },
  });
}
