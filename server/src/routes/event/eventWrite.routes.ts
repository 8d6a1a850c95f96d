import type Router from "@koa/router";
import {
  AppError,
  eventBulkMoveBody,
  eventCreateBody,
  eventIdParams,
  eventUpdateBody,
  PERMISSIONS,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { writableProject } from "../../access/projects.js";
import { createEvent, updateEvent } from "../../commands/eventWrite.js";
import { moveEvents } from "../../commands/moveEvents.js";
import { overrideSnapshot, recordOverride } from "../../commands/instantiation.js";
import { remember } from "../../planning/versionGraph.js";
import type { EventInput } from "../../commands/eventFields.js";

/**
 * Planning writes on events: each is one transaction that runs the engine and persists only what changed,
 * then the realtime payloads go out after commit. Each declares the event it is going to send (emits.expect),
 * so that a refused write (conflict, frozen version, invalid date, cycle...) sends its error twin to the
 * project's room (route() does, for every route) while the request answers with the error. The version graph the write produced is cached only once
 * the transaction has committed (route() runs the handler inside the transaction, then its onCommit hooks).
 */
export function eventWriteRoutes(router: Router<AppState>, deps: AppDeps): void {
  route(router, deps, {
    method: "patch",
    path: "/event/bulk-update",
    roles: PERMISSIONS.manager,
    body: eventBulkMoveBody,
    write: true,
    handler: async ({ db, user, body, emits, onCommit }) => {
      await writableProject(db, user, body.projectId);
      const scope = { projectId: body.projectId, versionId: body.versionId, initiatorId: user.id };
      emits.expect("event:bulk_update", scope);
      // Progress is sent as the transaction goes (it says nothing of the data); the 100 % comes after commit.
      const progress = (percentage: number) =>
        emits.now({ event: "event:update_progress", ...scope, ids: [], percentage });
      const out = await moveEvents(db, user.id, body, progress);
      for (const p of out.emit) emits.add(p);
      onCommit(() => remember(out.graph));
      return {
        ids: out.ids,
        startDates: out.startDates,
        endDates: out.endDates,
        revisions: out.revisions,
        projectedEndDate: out.projectedEndDate,
        undoRemaining: out.undoRemaining,
      };
    },
  });

  route(router, deps, {
    method: "post",
    path: "/event",
    roles: PERMISSIONS.manager,
    body: eventCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits, onCommit }) => {
      await writableProject(db, user, body.projectId);
      const { projectId, versionId, ...input } = body;
      emits.expect("event:create", { projectId, versionId, initiatorId: user.id });
      const out = await createEvent(db, user.id, projectId, versionId, input as EventInput);
      for (const p of out.emit) emits.add(p);
      onCommit(() => remember(out.graph));
      return { id: out.id, ...datesOf(out), undoRemaining: out.undoRemaining };
    },
  });

  route(router, deps, {
    method: "patch",
    path: "/event/:id",
    roles: PERMISSIONS.manager,
    params: eventIdParams,
    body: eventUpdateBody,
    write: true,
    handler: async ({ db, user, body, params, emits, onCommit }) => {
      const row = await db("events").where({ id: params.id }).first("project_id", "version_id");
      if (!row) throw new AppError("errors.event_not_found");
      await writableProject(db, user, row.project_id);
      const { projectId: _p, versionId: _v, ...input } = body;
      emits.expect("event:update", {
        projectId: row.project_id as number,
        versionId: row.version_id as number,
        initiatorId: user.id,
      });
      // An instance's task: what the edit changes is kept as an override of that instance (issue 16).
      const snapshot = await overrideSnapshot(db, params.id);
      const out = await updateEvent(db, user.id, row.project_id, row.version_id, params.id, input as EventInput);
      if (snapshot) await recordOverride(db, snapshot, input);
      for (const p of out.emit) emits.add(p);
      onCommit(() => remember(out.graph));
      return { id: out.id, ...datesOf(out), undoRemaining: out.undoRemaining };
    },
  });
}

function datesOf(out: {
  ids: number[];
  startDates: string[];
  endDates: string[];
  revisions: number[];
  projectedEndDate: string | null;
}) {
  return {
    ids: out.ids,
    startDates: out.startDates,
    endDates: out.endDates,
    revisions: out.revisions,
    projectedEndDate: out.projectedEndDate,
  };
}
