import type Router from "@koa/router";
import { z } from "zod";
import { AppError, PERMISSIONS, SCHEDULE_IMPORT_MAX_BYTES, scheduleImportFields } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { importSchedule } from "../../commands/scheduleImport.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { readScheduleFile } from "../../interchange/readSchedule.js";

/** POST /project/import-schedule: multipart {file, projectId?, versionId?} (contract: scheduleImport.ts). */
const scheduleImportBody = z.object({
  ...scheduleImportFields,
  file: z.instanceof(File, { message: "errors.missing_file" }),
});

export function scheduleImportRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * An MS Project (MSPDI) or Primavera P6 (XER) schedule into a new project named after it, or into an
   * existing version of a project the caller manages. The file is read and checked before the first write.
   */
  route(router, deps, {
    method: "post",
    path: "/project/import-schedule",
    roles: PERMISSIONS.manager,
    body: scheduleImportBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits }) => {
      if (body.file.size > SCHEDULE_IMPORT_MAX_BYTES) throw new AppError("errors.import_too_large");
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      return importSchedule(db, user, emits, { projectId: body.projectId, versionId: body.versionId }, () =>
        readScheduleFile(bytes, body.file.name || ""),
      );
    },
  });
}
