import type Router from "@koa/router";
import {
  AppError,
  roadblockBulkDeleteBody,
  roadblockCreateBody,
  roadblockListResource,
  roadblockParams,
  roadblockProjectParams,
  roadblockUpdateBody,
  roadblockZonesQuery,
  type Roadblock,
  type RoadblockZone,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { createRoadblock, deleteRoadblocks, updateRoadblock } from "../../commands/roadblockWrite.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { getOneRoute, listRoute, oneReference, type ReferenceResource } from "../referenceRoutes.js";
import {
  ROADBLOCK_ROLES,
  roadblockCreateScope,
  roadblockReadScope,
  writableRoadblock,
  writableRoadblocks,
} from "./roadblock.policy.js";
import { presentRoadblocks, roadblockSelect, type RoadblockDbRow } from "./roadblock.presenter.js";
import { roadblockColumns } from "./roadblock.schema.js";

/**
 * Roadblocks (spec 001 sections 3, 4, 7; issue 18). The reads are the reference routes' (filter triples, 10,000
 * rows by name; one row); the writes go through commands/roadblockWrite.ts, which announces them
 * (reference:update, resource "roadblock") after commit.
 */
const roadblocks: ReferenceResource<RoadblockDbRow, Roadblock> = {
  path: "/roadblock",
  table: "roadblocks",
  alias: "rb",
  listResource: roadblockListResource,
  columns: roadblockColumns,
  select: roadblockSelect,
  present: presentRoadblocks,
  // The command announces its writes; the shared routes here only read.
  announce: () => undefined,
};

export function roadblockRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /roadblock: filter triples (projectId, versionId, validate, eventId, zoneId, name...), 10,000 by name. */
  listRoute(router, deps, roadblocks);

  /** POST /roadblock {projectId, versionId?, name, eventId?, ...}. */
  route(router, deps, {
    method: "post",
    path: "/roadblock",
    roles: ROADBLOCK_ROLES.write,
    body: roadblockCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await roadblockCreateScope(db, user, body.projectId, body.versionId);
      const { projectId: _p, versionId: _v, ...input } = body;
      const id = await createRoadblock(db, emits, user.id, scope, input);
      return oneReference(db, roadblocks, id);
    },
  });

  /** DELETE /roadblock/bulk-delete {ids}: the roadblocks of one version. */
  route(router, deps, {
    method: "delete",
    path: "/roadblock/bulk-delete",
    roles: ROADBLOCK_ROLES.write,
    body: roadblockBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRoadblocks(db, user, body.ids);
      if (body.projectId !== undefined && body.projectId !== scope.projectId)
        throw new AppError("errors.version_not_in_project");
      const ids = await deleteRoadblocks(db, emits, user.id, scope, body.ids);
      return { ids, count: ids.length };
    },
  });

  /** GET /roadblock/{projectId}/zones?versionId=: the zones of the version's roadblocks, with their counts. */
  route(router, deps, {
    method: "get",
    path: "/roadblock/:projectId/zones",
    roles: ROADBLOCK_ROLES.read,
    params: roadblockProjectParams,
    query: roadblockZonesQuery,
    handler: async ({ db, user, params, query }) => {
      const scope = await roadblockReadScope(db, user, params.projectId, query.versionId);
      const rows = (await db("roadblocks as rb")
        .join("zones as z", "z.id", "rb.zone_id")
        .where("rb.version_id", scope.versionId)
        .groupBy("z.id", "z.name", "z.full_name", "z.position")
        .orderBy([{ column: "z.position" }, { column: "z.id" }])
        .limit(roadblockListResource.maxLimit)
        .select(
          "z.id",
          "z.name",
          "z.full_name",
          db.raw("count(*) AS total"),
          db.raw("count(*) FILTER (WHERE NOT rb.validate) AS open"),
        )) as Record<string, unknown>[];
      const data: RoadblockZone[] = rows.map((r) => ({
        id: r.id as number,
        name: r.name as string,
        fullName: (r.full_name as string | null) ?? null,
        total: Number(r.total),
        open: Number(r.open),
      }));
      return { data, count: data.length, total: data.length };
    },
  });

  getOneRoute(router, deps, roadblocks);

  /** PATCH /roadblock/{id}: changed fields only (validating one is `{validate: true}`). */
  route(router, deps, {
    method: "patch",
    path: "/roadblock/:id",
    roles: ROADBLOCK_ROLES.write,
    params: roadblockParams,
    body: roadblockUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRoadblock(db, user, params.id);
      if (body.projectId !== undefined && body.projectId !== row.project_id)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== row.version_id)
        throw new AppError("errors.version_not_in_project");
      const { projectId: _p, versionId: _v, ...patch } = body;
      await updateRoadblock(db, emits, user.id, row, patch);
      return oneReference(db, roadblocks, row.id);
    },
  });
}
