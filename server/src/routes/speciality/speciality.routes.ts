import type Router from "@koa/router";
import { AppError, parseListQuery, PERMISSIONS } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { emitReference, SPECIALITY_REFERENCED_MESSAGE } from "../../commands/lotWrite.js";
import { assertInVersion, referencedIds, replaceLinks } from "../../commands/referenceLinks.js";
import { listScope, readableRow, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { presentSpecialities, specialitySelect, type SpecialityDbRow, type SpecialityOut } from "./speciality.presenter.js";
import { specialityBulkDeleteBody, specialityColumns, specialityCreateBody, specialityListResource, specialityParams, specialityUpdateBody } from "./speciality.schema.js";

/**
 * Specialities (spec 001 sections 3, 7): trades inside a lot (or on their own), with tags. Reads are open to
 * the project's external collaborators; writes are manager level. A speciality tasks use cannot be deleted.
 */

async function one(db: Db, id: number): Promise<SpecialityOut> {
  const [out] = await presentSpecialities(db, [(await specialitySelect(db).where("s.id", id).first()) as SpecialityDbRow]);
  return out;
}

async function remove(db: Db, ids: number[]): Promise<void> {
  const used = await referencedIds(db, "events", "speciality_id", ids);
  if (used.length > 0) throw new AppError("ImplementationError", { message: SPECIALITY_REFERENCED_MESSAGE, details: { ids: used.sort((a, b) => a - b) } });
  await db("specialities").whereIn("id", ids).delete();
}

async function save(db: Db, row: { id: number; version_id: number }, body: { participantGroupProId?: number | null; tagIds?: number[]; tags?: number[] }): Promise<void> {
  const tagIds = body.tagIds ?? body.tags;
  if (tagIds !== undefined) {
    await assertInVersion(db, "tags", tagIds, row.version_id, "tagIds");
    await replaceLinks(db, "speciality_tags", "speciality_id", row.id, "tag_id", tagIds, row.version_id);
  }
}

export function specialityRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /speciality: filter triples (projectId, versionId, participantGroupProId, name contL), name ASC. */
  route(router, deps, {
    method: "get",
    path: "/speciality",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, specialityListResource);
      const scope = await listScope(db, user, query);
      const { rows, total } = await runList<SpecialityDbRow>(db, specialitySelect(db).where("s.version_id", scope.versionId), query, specialityListResource, specialityColumns, "s.id");
      const data = await presentSpecialities(db, rows);
      return { data, count: data.length, total };
    },
  });

  /** DELETE /speciality/bulk-delete {ids}. */
  route(router, deps, {
    method: "delete",
    path: "/speciality/bulk-delete",
    roles: PERMISSIONS.manager,
    body: specialityBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, "specialities", body.ids);
      await remove(db, body.ids);
      emitReference(emits, "speciality", scope, user.id, body.ids);
      return { ids: body.ids };
    },
  });

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
      if (body.participantGroupProId) await assertInVersion(db, "participant_group_pros", [body.participantGroupProId], scope.versionId, "participantGroupProId");
      const [row] = await db("specialities").insert({
        project_id: scope.projectId, version_id: scope.versionId, name: body.name, participant_group_pro_id: body.participantGroupProId ?? null,
      }).returning(["id", "version_id"]);
      await save(db, row, body);
      emitReference(emits, "speciality", scope, user.id, [row.id]);
      return one(db, row.id);
    },
  });

  /** GET /speciality/{id}. */
  route(router, deps, {
    method: "get",
    path: "/speciality/:id",
    roles: PERMISSIONS.external,
    params: specialityParams,
    handler: async ({ db, user, params }) => {
      await readableRow(db, user, "specialities", params.id);
      return one(db, params.id);
    },
  });

  /** PATCH /speciality/{id}: changed fields only. */
  route(router, deps, {
    method: "patch",
    path: "/speciality/:id",
    roles: PERMISSIONS.manager,
    params: specialityParams,
    body: specialityUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRow(db, user, "specialities", params.id);
      const update: Record<string, unknown> = { updated_at: db.fn.now() };
      if (body.name !== undefined) update.name = body.name;
      if (body.participantGroupProId !== undefined) {
        if (body.participantGroupProId !== null) await assertInVersion(db, "participant_group_pros", [body.participantGroupProId], row.version_id, "participantGroupProId");
        update.participant_group_pro_id = body.participantGroupProId;
      }
      await db("specialities").where({ id: row.id }).update(update);
      await save(db, row, body);
      emitReference(emits, "speciality", { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return one(db, row.id);
    },
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
      emitReference(emits, "speciality", { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return { ids: [row.id] };
    },
  });
}
