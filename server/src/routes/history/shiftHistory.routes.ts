import type Router from "@koa/router";
import {
  AppError,
  PERMISSIONS,
  shiftHistoryFileParams,
  shiftHistoryListResource,
  shiftHistoryParams,
  shiftHistoryUpdateBody,
  type ShiftHistory,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import { writableProject } from "../../access/projects.js";
import type { Knex } from "knex";
import type { Db } from "../../db/knex.js";
import type { XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { listExportRoute, listInVersion, type ListSource } from "../referenceRoutes.js";
import { lockWritableVersion } from "../../planning/writeLock.js";
import { presentShiftHistory, shiftHistorySelect, type ShiftHistoryDbRow } from "./shiftHistory.presenter.js";
import { shiftHistoryColumns } from "./shiftHistory.schema.js";

/**
 * Shift history (recalibration, spec 000 section 7): one row per recalibration of a version, with its files
 * addressed by their index in the `files` list. Reads are open to external collaborators of the project;
 * changes and the export to managers. A frozen version's history cannot change (the version write lock).
 */

const shiftHistories: ListSource = {
  listResource: shiftHistoryListResource,
  columns: shiftHistoryColumns,
  select: shiftHistorySelect,
  alias: "sh",
};

async function listRows(db: Db, user: AuthUser, rawQuery: unknown, maxLimit?: number) {
  const { rows, total, scope } = await listInVersion<ShiftHistoryDbRow>(db, user, shiftHistories, rawQuery, maxLimit);
  return { rows, total, project: scope.project };
}

/** The row a write addresses, locked for the transaction after the version's write lock. */
async function writableShift(
  db: Knex.Transaction,
  user: AuthUser,
  id: number,
): Promise<{ id: number; project_id: number; version_id: number; files: unknown }> {
  const row = await db("shift_histories").where({ id }).first("id", "project_id", "version_id");
  if (!row) throw new AppError("errors.shift_history_not_found");
  await writableProject(db, user, row.project_id);
  await lockWritableVersion(db, row.project_id, row.version_id);
  return db("shift_histories").where({ id }).forUpdate().first("id", "project_id", "version_id", "files");
}

async function present(db: Db, id: number): Promise<ShiftHistory> {
  const row = (await shiftHistorySelect(db).where("sh.id", id).first()) as ShiftHistoryDbRow;
  return presentShiftHistory(row);
}

const EXPORT_COLUMNS: XlsxColumn<ShiftHistory>[] = [
  { header: "Nom", width: 40, value: (s) => s.name },
  { header: "Tâche", width: 40, value: (s) => s.event?.name ?? null },
  { header: "Début de la tâche", kind: "day", value: (s) => s.event?.startDate ?? null },
  { header: "Fin de la tâche", kind: "day", value: (s) => s.event?.endDate ?? null },
  { header: "Nombre de fichiers", kind: "number", width: 12, value: (s) => s.files.length },
  { header: "Fichiers", width: 60, value: (s) => s.files.map((f) => f.name).join("\n") || null },
  { header: "Auteur", value: (s) => (s.user ? `${s.user.firstname} ${s.user.lastname}` : null) },
  { header: "Créé le", kind: "instant", value: (s) => s.createdAt },
  { header: "Modifié le", kind: "instant", value: (s) => s.updatedAt },
];

export function shiftHistoryRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /history/shift/export: the list's filter triples as an .xlsx file (every matching row). */
  listExportRoute(router, deps, {
    path: "/history/shift/export",
    source: shiftHistories,
    present: async (_db, rows: ShiftHistoryDbRow[]) => rows.map(presentShiftHistory),
    sheet: "Recalages",
    fileStem: "Recalages",
    columns: EXPORT_COLUMNS,
    maxLimit: 100_000,
  });

  /** GET /history/shift: filter triples (projectId, versionId...), limit 10,000 and name ASC by default. */
  route(router, deps, {
    method: "get",
    path: "/history/shift",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const { rows, total } = await listRows(db, user, ctx.query);
      const data = rows.map(presentShiftHistory);
      return { data, count: data.length, total };
    },
  });

  /** PATCH /history/shift/{id} {name?, eventId?, files?}. */
  route(router, deps, {
    method: "patch",
    path: "/history/shift/:id",
    roles: PERMISSIONS.manager,
    params: shiftHistoryParams,
    body: shiftHistoryUpdateBody,
    write: true,
    handler: async ({ db, user, params, body }) => {
      const row = await writableShift(db, user, params.id);
      const update: Record<string, unknown> = {};
      if (body.name !== undefined) update.name = body.name;
      if (body.eventId !== undefined) {
        if (body.eventId !== null) {
          const event = await db("events").where({ id: body.eventId, version_id: row.version_id }).first("id");
          if (!event) throw new AppError("errors.event_not_found", { details: { field: "eventId" } });
        }
        update.event_id = body.eventId;
      }
      if (body.files !== undefined) update.files = JSON.stringify(body.files);
      if (Object.keys(update).length > 0)
        await db("shift_histories")
          .where({ id: row.id })
          .update({ ...update, updated_at: db.fn.now() });
      return present(db, row.id);
    },
  });

  /** DELETE /history/shift/{id}/{fileIndex}: removes one entry of the files list; answers the row. */
  route(router, deps, {
    method: "delete",
    path: "/history/shift/:id/:fileIndex",
    roles: PERMISSIONS.manager,
    params: shiftHistoryFileParams,
    write: true,
    handler: async ({ db, user, params }) => {
      const row = await writableShift(db, user, params.id);
      const files = typeof row.files === "string" ? (JSON.parse(row.files) as unknown[]) : (row.files as unknown[]);
      if (!Array.isArray(files) || params.fileIndex >= files.length) {
        throw new AppError("errors.shift_history_file_not_found", {
          details: { fileIndex: params.fileIndex, files: Array.isArray(files) ? files.length : 0 },
        });
      }
      await db("shift_histories")
        .where({ id: row.id })
        .update({ files: db.raw("files - ?::int", [params.fileIndex]), updated_at: db.fn.now() });
      return present(db, row.id);
    },
  });
}
