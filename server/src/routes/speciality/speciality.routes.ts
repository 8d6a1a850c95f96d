import type Router from "@koa/router";
import {
  AppError,
  PERMISSIONS,
  specialityCreateBody,
  specialityListResource,
  specialityParams,
  specialityUpdateBody,
  type Speciality,
  SPECIALITY_REALTIME,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { SPECIALITY_REFERENCED_MESSAGE } from "../../commands/lotWrite.js";
import { assertInVersion, referencedIds, replaceLinks } from "../../commands/referenceLinks.js";
import { writableRow, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import {
  bulkDeleteRoute,
  getOneRoute,
  listRoute,
  oneReference,
  patchRoute,
  type ReferenceResource,
  announceReference,
} from "../referenceRoutes.js";
import { presentSpecialities, specialitySelect, type SpecialityDbRow } from "./speciality.presenter.js";
import { specialityColumns } from "./speciality.schema.js";

/**
 * Specialities (spec 001 sections 3, 7): trades inside a lot (or on their own), with tags. Reads are open to
 * the project's external collaborators; writes are manager level. A speciality tasks use cannot be deleted.
 */

const specialities: ReferenceResource<SpecialityDbRow, Speciality> = {
  path: "/speciality",
  table: "specialities",
  alias: "s",
  listResource: specialityListResource,
  columns: specialityColumns,
  select: specialitySelect,
  present: presentSpecialities,
  announce: announceReference(SPECIALITY_REALTIME.resource),
};

async function remove(db: Db, ids: number[]): Promise<void> {
  const used = await referencedIds(db, "events", "speciality_id", ids);
  if (used.length > 0)
    throw new AppError("ImplementationError", {
      message: SPECIALITY_REFERENCED_MESSAGE,
      details: { ids: used.sort((a, b) => a - b) },
    });
  await db("specialities").whereIn("id", ids).delete();
}

async function save(
  db: Db,
  row: { id: number; version_id: number },
  body: { participantGroupProId?: number | null; tagIds?: number[]; tags?: number[] },
): Promise<void> {
  const tagIds = body.tagIds ?? body.tags;
  if (tagIds !== undefined) {
    await assertInVersion(db, "tags", tagIds, row.version_id, "tagIds");
    await replaceLinks(db, "speciality_tags", "speciality_id", row.id, "tag_id", tagIds, row.version_id);
  }
}

export function specialityRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /speciality: filter triples (projectId, versionId, participantGroupProId, name contL), name ASC. */
  listRoute(router, deps, specialities);
  /** DELETE /speciality/bulk-delete {ids}. */
  bulkDeleteRoute(router, deps, specialities, (db, _scope, ids) => remove(db, ids));

  /** POST /speciality. */
  route(router, deps, {
    method: "post",
    path: "/speciality",
    roles: PERMISSIONS.manager,
    body: specialityCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      if (body.participantGroupProId)
        await assertInVersion(
          db,
          "participant_group_pros",
          [body.participantGroupProId],
          scope.versionId,
          "participantGroupProId",
        );
      const [row] = await db("specialities")
        .insert({
          project_id: scope.projectId,
          version_id: scope.versionId,
          name: body.name,
          participant_group_pro_id: body.participantGroupProId ?? null,
        })
        .returning(["id", "version_id"]);
      await save(db, row, body);
      specialities.announce(emits, scope, user.id, [row.id]);
      return oneReference(db, specialities, row.id);
    },
  });

  getOneRoute(router, deps, specialities);
  /** PATCH /speciality/{id}: changed fields only. */
  patchRoute(router, deps, specialities, specialityUpdateBody, async (db, row, body) => {
    const update: Record<string, unknown> = { updated_at: db.fn.now() };
    if (body.name !== undefined) update.name = body.name;
    if (body.participantGroupProId !== undefined) {
      if (body.participantGroupProId !== null)
        await assertInVersion(
          db,
          "participant_group_pros",
          [body.participantGroupProId],
          row.version_id,
          "participantGroupProId",
        );
      update.participant_group_pro_id = body.participantGroupProId;
    }
    await db("specialities").where({ id: row.id }).update(update);
    await save(db, row, body);
  });

  /** DELETE /speciality/{id}. */
  route(router, deps, {
    method: "delete",
    path: "/speciality/:id",
    roles: PERMISSIONS.manager,
    params: specialityParams,
    write: true,
    handler: async ({ db, user, params, emits }) => {
      const row = await writableRow(db, user, "specialities", params.id);
      await remove(db, [row.id]);
      specialities.announce(emits, { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return { ids: [row.id] };
    },
  });
}
