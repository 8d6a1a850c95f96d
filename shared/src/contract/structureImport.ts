/**
 * The structure file of /dashboard/imports (server/src/routes/tag/structureImport.routes.ts). Its import body
 * stays on the server: the file field (`xlsxFileField`) accepts a multipart `File`, a type shared does not have.
 */
import { z } from "zod";
import { projectRef } from "../schemas.js";

/** GET /structure/export: the version's structure (the project's current version unless versionId is given). */
export const structureExportQuery = z.object({ projectId: projectRef, versionId: projectRef.optional() }).passthrough();

/** POST /structure/import (multipart): the rows the file wrote per sheet, and the undo count when holidays changed. */
export interface StructureImportAnswer {
  counts: { tags: number; phases: number; macroTasks: number; holidays: number };
  undoRemaining?: number;
}
