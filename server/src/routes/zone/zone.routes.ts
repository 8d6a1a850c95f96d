import type Router from "@koa/router";
import {
  AppError,
  PERMISSIONS,
  zoneBulkUpdateBody,
  zoneCreateBody,
  zoneListResource,
  zoneTypologyQuery,
  zoneUpdateBody,
  zoneVersionParams,
  type Zone,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import { readableProject, readableVersion } from "../../access/projects.js";
import { writableRows, writeScope, type VersionScope } from "../../commands/referenceScope.js";
import { createZone, deleteZones, emitZones, reorderZones, updateZone } from "../../commands/zoneWrite.js";
import type { Db } from "../../db/knex.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { importZones, ZONE_LEVEL_LABELS, ZONE_UNITY_LABELS } from "../../imports/zoneImport.js";
import {
  bulkDeleteRoute,
  exportRoute,
  getOneRoute,
  listRoute,
  oneReference,
  patchRoute,
  type ReferenceResource,
} from "../referenceRoutes.js";
import { presentZones, zoneSelect, type ZoneDbRow } from "./zone.presenter.js";
import { zoneColumns, zoneImportBody } from "./zone.schema.js";

/**
 * Zones (spec 001 sections 3, 5, 7, 8): the location tree of a version. Reads are open to the project's
 * external collaborators (the planning shows zones); writes, import and export are manager level.
 */

const zones: ReferenceResource<ZoneDbRow, Zone> = {
  path: "/zone",
  table: "zones",
  alias: "z",
  listResource: zoneListResource,
  columns: zoneColumns,
  select: zoneSelect,
  present: presentZones,
  announce: emitZones,
};

/** The version of a plain `projectId` / `versionId` query (typology endpoints). */
async function queryScope(db: Db, user: AuthUser, q: { projectId?: number; versionId?: number }): Promise<number> {
  if (q.versionId !== undefined) return (await readableVersion(db, user, q.versionId)).version.id;
  if (q.projectId !== undefined) {
    const project = await readableProject(db, user, q.projectId);
    if (!project.current_version_id) throw new AppError("errors.version_not_found");
    return project.current_version_id;
  }
  throw new AppError("errors.no_project");
}

const EXPORT_COLUMNS: XlsxColumn<Zone>[] = [
  { header: "Nom", width: 30, value: (z) => z.name },
  { header: "Nom complet", width: 50, value: (z) => z.fullName },
  {
    header: "Zone parente",
    width: 40,
    value: (z) => (z.fullName.includes(" / ") ? z.fullName.slice(0, z.fullName.lastIndexOf(" / ")) : null),
  },
  { header: "Niveau", width: 14, value: (z) => ZONE_LEVEL_LABELS[z.level] ?? null },
  { header: "Unité", width: 10, value: (z) => ZONE_UNITY_LABELS[z.unity] ?? z.unity },
  { header: "Typologie", width: 20, value: (z) => z.typology },
  { header: "Position", kind: "number", width: 10, value: (z) => z.position },
  { header: "Étiquettes", width: 30, value: (z) => z.tags.map((t) => t.name).join(", ") || null },
];

/** The database collation sorts "Étage" after "Logement": sort as a French reader would. */
const frenchSorted = (values: string[]) =>
  [...values].sort((a, b) => a.localeCompare(b, "fr", { sensitivity: "base" }));

function tagIdsOf(body: { tagIds?: number[]; tags?: number[] }): number[] | undefined {
  return body.tagIds ?? body.tags;
}

export function zoneRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /zone/export: the list's filter triples as an .xlsx file, in position order. */
  exportRoute(router, deps, zones, "Zones", "Zones", EXPORT_COLUMNS);

  /** GET /zone/typologies/lowest: the typologies of the zones without sub-zones (where tasks are instantiated). */
  route(router, deps, {
    method: "get",
    path: "/zone/typologies/lowest",
    roles: PERMISSIONS.external,
    query: zoneTypologyQuery,
    handler: async ({ db, user, query }) => {
      const versionId = await queryScope(db, user, query);
      const data = await db("zones as z")
        .where("z.version_id", versionId)
        .whereNotNull("z.typology")
        .whereNotExists(db("zones as c").whereRaw("c.parent_id = z.id").select(db.raw("1")))
        .distinct("z.typology")
        .pluck("z.typology");
      return { data: frenchSorted(data) };
    },
  });

  /** GET /zone/{versionId}/typologies?parentTypology=: typologies of the version (under zones of that typology). */
  route(router, deps, {
    method: "get",
    path: "/zone/:versionId/typologies",
    roles: PERMISSIONS.external,
    params: zoneVersionParams,
    query: zoneTypologyQuery,
    handler: async ({ db, user, params, query }) => {
      await readableVersion(db, user, params.versionId);
      const q = db("zones as z").where("z.version_id", params.versionId).whereNotNull("z.typology");
      if (query.parentTypology) q.join("zones as p", "p.id", "z.parent_id").where("p.typology", query.parentTypology);
      return { data: frenchSorted(await q.distinct("z.typology").pluck("z.typology")) };
    },
  });

  /** GET /zone: filter triples (projectId, versionId, parentId, name contL...), 10,000 by position. */
  listRoute(router, deps, zones);

  /** POST /zone/import {projectId, versionId?, file}: every row or none (imports/zoneImport.ts). */
  route(router, deps, {
    method: "post",
    path: "/zone/import",
    roles: PERMISSIONS.manager,
    body: zoneImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const ids = await importZones(db, scope, body.file);
      emitZones(emits, scope, user.id, ids);
      const data = await presentZones(
        db,
        (await zoneSelect(db).whereIn("z.id", ids).orderBy("z.position")) as ZoneDbRow[],
      );
      return { data, count: data.length, total: data.length };
    },
  });

  /** PUT /zone/bulk-update {zones: [{id, position, parentId?}]}: the order set by drag ('zones.ordering_saved'). */
  route(router, deps, {
    method: "put",
    path: "/zone/bulk-update",
    roles: PERMISSIONS.manager,
    body: zoneBulkUpdateBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope: VersionScope = await writableRows(
        db,
        user,
        "zones",
        body.zones.map((z) => z.id),
      );
      // The zones name their version; a projectId that is not theirs addresses zones that do not exist there.
      if (body.projectId !== undefined && body.projectId !== scope.projectId) throw new AppError("errors.not_found");
      await reorderZones(db, scope.versionId, body.zones);
      emitZones(
        emits,
        scope,
        user.id,
        body.zones.map((z) => z.id),
      );
      const data = await presentZones(
        db,
        (await zoneSelect(db)
          .where("z.version_id", scope.versionId)
          .orderBy("z.position")
          .orderBy("z.id")) as ZoneDbRow[],
      );
      return { data, count: data.length, total: data.length };
    },
  });

  /** DELETE /zone/bulk-delete {ids}: with their sub-zones; refused while tasks use one (zone_used_by_events). */
  bulkDeleteRoute(router, deps, zones, (db, scope, ids) => deleteZones(db, scope.versionId, ids));

  /** POST /zone {projectId, versionId?, name, parentId?, typology?, unity?, tagIds?}. */
  route(router, deps, {
    method: "post",
    path: "/zone",
    roles: PERMISSIONS.manager,
    body: zoneCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const id = await createZone(db, scope, { ...body, tagIds: tagIdsOf(body) });
      emitZones(emits, scope, user.id, [id]);
      return oneReference(db, zones, id);
    },
  });

  getOneRoute(router, deps, zones);
  /** PATCH /zone/{id}: changed fields; the unity of a zone with tasks cannot change. */
  patchRoute(router, deps, zones, zoneUpdateBody, (db, row, body) =>
    updateZone(db, row, { ...body, tagIds: tagIdsOf(body) }),
  );
}
