import type Router from "@koa/router";
import { parseListQuery, PERMISSIONS } from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import { emitReference } from "../../commands/lotWrite.js";
import { createParticipant, deleteParticipants, participantInput, updateParticipant } from "../../commands/participantWrite.js";
import { listScope, readableRow, writableRow, writableRows, writeScope } from "../../commands/referenceScope.js";
import type { Db } from "../../db/knex.js";
import { buildXlsx, exportFileName, sendFile, XLSX_MIME, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { applyFilter, runList } from "../../lib/listQuery.js";
import { participantSelect, presentParticipants, type ParticipantDbRow, type ParticipantOut } from "./participant.presenter.js";
import { participantBulkDeleteBody, participantColumns, participantCreateBody, participantListResource, participantParams, participantUpdateBody } from "./participant.schema.js";

/**
 * Participants (spec 001 section 7 "Participants and lots"): companies and contacts of the version. Reads are
 * open to the project's external collaborators; writes, histogram and export are manager level.
 */

async function listRows(db: Db, user: AuthUser, rawQuery: unknown, maxLimit?: number) {
  const resource = maxLimit ? { ...participantListResource, defaultLimit: maxLimit, maxLimit } : participantListResource;
  const query = parseListQuery(rawQuery, resource);
  const scope = await listScope(db, user, query);
  const base = participantSelect(db).where("pa.version_id", scope.versionId);
  // The lot filter goes through the join table (a participant may work in several lots).
  for (const f of query.filters.filter((x) => x.field === "participantGroupProId")) {
    const sub = db("participant_group_pro_participants as j").select("j.participant_id");
    applyFilter(sub, f, "j.participant_group_pro_id", "number");
    base.whereIn("pa.id", sub);
  }
  const { rows, total } = await runList<ParticipantDbRow>(db, base, query, resource, participantColumns, "pa.id");
  return { rows, total, scope };
}

async function one(db: Db, id: number): Promise<ParticipantOut> {
  const [out] = await presentParticipants(db, [(await participantSelect(db).where("pa.id", id).first()) as ParticipantDbRow]);
  return out;
}

const EXPORT_COLUMNS: XlsxColumn<ParticipantOut>[] = [
  { header: "Nom", width: 30, value: (p) => p.name },
  { header: "Entreprise", width: 30, value: (p) => p.companyName },
  { header: "Couleur", width: 10, value: (p) => p.color },
  { header: "Lots", width: 30, value: (p) => p.participantsGroupPro.map((l) => l.name).join(", ") || null },
  { header: "Spécialités", width: 30, value: (p) => p.specialities.map((s) => s.name).join(", ") || null },
  { header: "Zones", width: 30, value: (p) => p.zones.map((z) => z.name).join(", ") || null },
  { header: "Prénom du responsable", width: 20, value: (p) => p.projectManagerFirstName },
  { header: "Nom du responsable", width: 20, value: (p) => p.projectManagerLastName },
  { header: "E-mail du responsable", width: 30, value: (p) => p.projectManagerEmail },
  { header: "Téléphone du responsable", width: 18, value: (p) => p.projectManagerPhoneNumber },
  { header: "Étiquettes", width: 30, value: (p) => p.tags.map((t) => t.name).join(", ") || null },
  { header: "Nombre de tâches", kind: "number", width: 14, value: (p) => p.total },
];

export function participantRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /participant/export: the list's filter triples as an .xlsx file. */
  route(router, deps, {
    method: "get",
    path: "/participant/export",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows, scope } = await listRows(db, user, ctx.query, 100_000);
      const file = await buildXlsx("Participants", EXPORT_COLUMNS, await presentParticipants(db, rows));
      sendFile(ctx, file, exportFileName("Participants", scope.project.name, "xlsx"), XLSX_MIME);
      return undefined;
    },
  });

  /** GET /participant/histogram: tasks and milestones per participant, most used first. */
  route(router, deps, {
    method: "get",
    path: "/participant/histogram",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const { rows } = await listRows(db, user, ctx.query, 100_000);
      const data = rows.map((r) => ({ id: r.id, name: r.name, color: r.color, total: Number(r.total ?? 0) }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, "fr"));
      return { data, count: data.length, total: data.length };
    },
  });

  /** GET /participant: filter triples (projectId, versionId, name contL, participantGroupProId...), name ASC. */
  route(router, deps, {
    method: "get",
    path: "/participant",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listRows(db, user, ctx.query);
      const data = await presentParticipants(db, rows);
      return { data, count: data.length, total };
    },
  });

  /** DELETE /participant/bulk-delete {ids}: refused (400 ImplementationError) for participants tasks use. */
  route(router, deps, {
    method: "delete",
    path: "/participant/bulk-delete",
    roles: PERMISSIONS.manager,
    body: participantBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writableRows(db, user, "participants", body.ids);
      await deleteParticipants(db, body.ids);
      emitReference(emits, "participant", scope, user.id, body.ids);
      return { ids: body.ids };
    },
  });

  /** POST /participant {projectId, versionId?, name, companyName?, color?, participantsGroupPro?, project manager...}. */
  route(router, deps, {
    method: "post",
    path: "/participant",
    roles: PERMISSIONS.manager,
    body: participantCreateBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const id = await createParticipant(db, scope, participantInput(body));
      emitReference(emits, "participant", scope, user.id, [id]);
      return one(db, id);
    },
  });

  /** GET /participant/{id}. */
  route(router, deps, {
    method: "get",
    path: "/participant/:id",
    roles: PERMISSIONS.external,
    params: participantParams,
    handler: async ({ db, user, params }) => {
      await readableRow(db, user, "participants", params.id);
      return one(db, params.id);
    },
  });

  /** PATCH /participant/{id}: changed fields only. */
  route(router, deps, {
    method: "patch",
    path: "/participant/:id",
    roles: PERMISSIONS.manager,
    params: participantParams,
    body: participantUpdateBody,
    write: true,
    handler: async ({ db, user, params, body, emits }) => {
      const row = await writableRow(db, user, "participants", params.id);
      await updateParticipant(db, row, participantInput(body));
      emitReference(emits, "participant", { projectId: row.project_id, versionId: row.version_id }, user.id, [row.id]);
      return one(db, row.id);
    },
  });
}
