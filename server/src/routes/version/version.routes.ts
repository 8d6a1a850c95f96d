import type Router from "@koa/router";
import {
  AppError,
  isManagerRole,
  parseListQuery,
  PERMISSIONS,
  versionCreateBody,
  versionListResource,
  versionParams,
  versionUpdateBody,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { readableVersion, writableProject } from "../../access/projects.js";
import { createVersion } from "../../commands/createVersion.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { pagedList } from "../../lib/listQuery.js";
import { presentVersion, type VersionDbRow } from "./version.presenter.js";
import { versionColumns } from "./version.schema.js";

export function versionRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /version (filter projectId, paged, sorted): versions of the projects the user may read. */
  route(router, deps, {
    method: "get",
    path: "/version",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, versionListResource);
      const base = db("versions").join("projects", "projects.id", "versions.project_id").select("versions.*");
      if (user.type !== "admin")
        base.whereIn("versions.project_id", db("project_users").select("project_id").where({ user_id: user.id }));
      if (!isManagerRole(user.type)) base.where("projects.is_archived", false);
      return pagedList(db, base, query, versionListResource, versionColumns, "versions.id", presentVersion);
    },
  });

  /** GET /version/{id}. */
  route(router, deps, {
    method: "get",
    path: "/version/:id",
    roles: PERMISSIONS.external,
    params: versionParams,
    handler: async ({ db, user, params }) =>
      presentVersion((await readableVersion(db, user, params.id)).version as unknown as VersionDbRow),
  });

  /** POST /version {name, projectId, isManualVersion?}: a copy of the current version that becomes current. */
  route(router, deps, {
    method: "post",
    path: "/version",
    roles: PERMISSIONS.manager,
    body: versionCreateBody,
    status: 201,
    handler: async ({ user, body, emits }) =>
      presentVersion(
        (await createVersion(deps, emits, user, {
          projectId: body.projectId,
          name: body.name,
          isManualVersion: body.isManualVersion,
        })) as unknown as VersionDbRow,
      ),
  });

  /**
   * PATCH /version/{id} {inConstruction?, name?, isReferentVersion?}. The referent star is a single one per
   * project and may be set on a frozen version; other changes are refused on a frozen version.
   */
  route(router, deps, {
    method: "patch",
    path: "/version/:id",
    roles: PERMISSIONS.manager,
    params: versionParams,
    body: versionUpdateBody,
    write: true,
    handler: async ({ db, user, params, body }) => {
      const version = (await db("versions").where({ id: params.id }).forUpdate().first()) as
        (VersionDbRow & { write_counter: number }) | undefined;
      if (!version) throw new AppError("errors.version_not_found");
      await writableProject(db, user, version.project_id);
      const patch: Record<string, unknown> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.inConstruction !== undefined) patch.in_construction = body.inConstruction;
      if (Object.keys(patch).length > 0 && version.is_archived) throw new AppError("errors.version_frozen");
      if (body.isReferentVersion !== undefined) {
        if (body.isReferentVersion)
          await db("versions")
            .where({ project_id: version.project_id })
            .whereNot({ id: version.id })
            .update({ is_referent_version: false });
        patch.is_referent_version = body.isReferentVersion;
      }
      if (Object.keys(patch).length === 0) return presentVersion(version);
      patch.updated_at = db.fn.now();
      const [row] = await db("versions").where({ id: version.id }).update(patch).returning("*");
      return presentVersion(row as VersionDbRow);
    },
  });
}
