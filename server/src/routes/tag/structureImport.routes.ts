import type Router from "@koa/router";
import ExcelJS from "exceljs";
import { z } from "zod";
import { AppError, PERMISSIONS, projectRef, structureExportQuery, text } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { readableProject } from "../../access/projects.js";
import { writeScope } from "../../commands/referenceScope.js";
import {
  CLASS_COLUMNS,
  HOLIDAY_COLUMNS,
  HOLIDAY_TYPE_LABELS,
  importStructure,
  MACRO_COLUMNS,
  STRUCTURE_SHEETS,
} from "../../commands/structureImport.js";
import type { Db } from "../../db/knex.js";
import { exportFileName, sendFile, XLSX_MIME } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { xlsxFileField } from "../../imports/xlsxImport.js";
import { remember } from "../../planning/versionGraph.js";
import { frenchKeySql } from "../../lib/listQuery.js";

/**
 * The structure file of /dashboard/imports (commands/structureImport.ts): POST /structure/import reads it
 * (every sheet checked before anything is written), GET /structure/export writes the version's current
 * structure in the same sheets, so the existing data can be downloaded, edited and imported elsewhere.
 * Lives with the tags because tags and phases are most of the structure.
 */
const importBody = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  file: xlsxFileField,
  fileName: text(255).optional(),
});

async function structureWorkbook(db: Db, versionId: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Jalon";
  const sheet = (name: string, headers: string[], rows: unknown[][], dayColumns: number[] = []) => {
    const ws = wb.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    ws.columns = headers.map((header, i) => ({
      header,
      width: i === 0 ? 40 : 20,
      style: dayColumns.includes(i) ? { numFmt: "dd/mm/yyyy" } : {},
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(r);
  };
  const classRows = async (items: string, categories: string) =>
    (
      await db(`${items} as i`)
        .leftJoin(`${categories} as c`, "c.id", "i.category_id")
        .where("i.version_id", versionId)
        .orderByRaw(frenchKeySql("i.name"))
        .select("i.name", "i.color", "i.type", "c.name as category")
    ).map((r) => [r.name, r.color, r.type, r.category]);
  const classHeaders = CLASS_COLUMNS.map((c) => c.header);
  sheet(STRUCTURE_SHEETS.tags, classHeaders, await classRows("tags", "tag_categories"));
  sheet(STRUCTURE_SHEETS.phases, classHeaders, await classRows("phases", "phase_categories"));
  const macros = await db("macro_tasks as m")
    .leftJoin("participant_group_pros as g", "g.id", "m.participant_group_pro_id")
    .where("m.version_id", versionId)
    .orderByRaw(frenchKeySql("m.name"))
    .select("m.name", "g.name as lot", "m.tracked_unit");
  sheet(
    STRUCTURE_SHEETS.macroTasks,
    MACRO_COLUMNS.map((c) => c.header),
    macros.map((m) => [m.name, m.lot, m.tracked_unit]),
  );
  const holidays = await db("holidays")
    .where({ version_id: versionId })
    .orderBy("start_date")
    .orderBy("name")
    .select("name", "type", "start_date", "end_date");
  const day = (s: string) => new Date(`${s}T00:00:00Z`);
  sheet(
    STRUCTURE_SHEETS.holidays,
    HOLIDAY_COLUMNS.map((c) => c.header),
    holidays.map((h) => [
      h.name,
      HOLIDAY_TYPE_LABELS[h.type as "holiday" | "vacation"],
      day(h.start_date),
      day(h.end_date),
    ]),
    [2, 3],
  );
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

export function structureImportRoutes(router: Router<AppState>, deps: AppDeps): void {
  route(router, deps, {
    method: "post",
    path: "/structure/import",
    roles: PERMISSIONS.manager,
    body: importBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits, onCommit }) => {
      const scope = await writeScope(db, user, body.projectId, body.versionId);
      const out = await importStructure(db, user.id, scope, body.file);
      for (const p of out.emit) emits.add(p);
      if (out.graph) {
        const graph = out.graph;
        onCommit(() => remember(graph));
      }
      return { counts: out.counts, undoRemaining: out.undoRemaining };
    },
  });

  route(router, deps, {
    method: "get",
    path: "/structure/export",
    roles: PERMISSIONS.manager,
    query: structureExportQuery,
    handler: async ({ db, user, query, ctx }) => {
      const project = await readableProject(db, user, query.projectId);
      const versionId = query.versionId ?? project.current_version_id;
      if (!versionId) throw new AppError("errors.version_not_found");
      const version = await db("versions").where({ id: versionId }).first("project_id");
      if (!version || version.project_id !== project.id) throw new AppError("errors.version_not_in_project");
      sendFile(
        ctx,
        await structureWorkbook(db, versionId),
        exportFileName("Structure", project.name, "xlsx"),
        XLSX_MIME,
      );
      return undefined;
    },
  });
}
