import type Router from "@koa/router";
import { AppError, eventBulkDeleteBody, eventProgressQuery, parseListQuery, PERMISSIONS } from "@jalon/shared";
import { listVersionId } from "../../http/listVersion.js";
import type { AppDeps } from "../../context.js";
import { readableProject, writableProject } from "../../access/projects.js";
import { deleteEvents } from "../../commands/eventWrite.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { eventTheoreticalProgress, theoreticalProgressOf } from "../../planning/progress.js";
import { eventSelect, type EventDbRow } from "./event.presenter.js";
import { presentEventsWithJoins } from "./eventJoins.js";
import { eventColumns, eventListResource, eventParams } from "./event.schema.js";

export function eventRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * GET /event: filter triples (projectId and/or versionId required; versionId defaults to the current
   * version), join parentsEvents/childrenEvents/tags/sequence..., sort, limit (default 10), offset.
   */
  route(router, deps, {
    method: "get",
    path: "/event",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, eventListResource);
      const versionId = await listVersionId(db, user, query);
      const base = eventSelect(db).where("events.version_id", versionId);
      const { rows, total } = await runList<EventDbRow>(db, base, query, eventListResource, eventColumns, "events.id");
      const data = await presentEventsWithJoins(db, rows, query.join);
      // Today's theoretical progress from the version's (cached) schedule, as GET /event/{id} gives it.
      const progress = await theoreticalProgressOf(
        db,
        versionId,
        data.map((e) => e.id),
      );
      data.forEach((e, i) => (e.theoreticalProgress = progress[i]));
      return { data, count: data.length, total };
    },
  });

  /** DELETE /event/bulk-delete {ids, projectId, versionId?}: refuses counted tasks and tasks others depend on. */
  route(router, deps, {
    method: "delete",
    path: "/event/bulk-delete",
    roles: PERMISSIONS.manager,
    body: eventBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const first = await db("events").whereIn("id", body.ids).first("version_id", "project_id");
      if (!first) throw new AppError("errors.event_not_found", { details: { ids: body.ids } });
      if (first.project_id !== body.projectId) throw new AppError("errors.version_not_in_project");
      await writableProject(db, user, body.projectId);
      const out = await deleteEvents(db, user.id, body.projectId, body.versionId ?? first.version_id, body.ids);
      for (const p of out.emit) emits.add(p);
      return { ids: out.deleted, count: out.deleted.length, undoRemaining: out.undoRemaining };
    },
  });

  /** GET /event/{id}: with parentsEvents and childrenEvents, tags, quality controls and order-line tasks. */
  route(router, deps, {
    method: "get",
    path: "/event/:id",
    roles: PERMISSIONS.external,
    params: eventParams,
    query: eventProgressQuery,
    handler: async ({ db, user, params, query }) => {
      const row = (await eventSelect(db).where("events.id", params.id).first()) as EventDbRow | undefined;
      if (!row) throw new AppError("errors.event_not_found");
      await readableProject(db, user, row.project_id as number);
      const [event] = await presentEventsWithJoins(
        db,
        [row],
        [
          "parentsEvents",
          "childrenEvents",
          "tags",
          "sequence.instantiationConfig",
          "qualityControls",
          "orderLineTasks",
        ],
      );
      event.theoreticalProgress = await eventTheoreticalProgress(
        db,
        row as EventDbRow & { version_id: number },
        query.date,
      );
      return event;
    },
  });
}
