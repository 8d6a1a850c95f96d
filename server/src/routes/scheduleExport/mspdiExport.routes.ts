import type Router from "@koa/router";
import { PERMISSIONS, versionParams } from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { readableVersion } from "../../access/projects.js";
import { exportFileName, sendFile } from "../../exports/xlsx.js";
import { writeMspdi } from "../../interchange/mspdiExport.js";
import { readMspdiSchedule } from "../../interchange/mspdiExportData.js";

export const MSPDI_MIME = "application/xml; charset=utf-8";

export function mspdiExportRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * GET /version/{id}/export/mspdi: the version's planning as MS Project XML. Managers only, as the version's
   * other exports (GET /event/export); reads only, no transaction.
   */
  route(router, deps, {
    method: "get",
    path: "/version/:id/export/mspdi",
    roles: PERMISSIONS.manager,
    params: versionParams,
    handler: async ({ db, user, params, ctx }) => {
      const { project } = await readableVersion(db, user, params.id);
      const schedule = await readMspdiSchedule(db, params.id, project.name);
      sendFile(ctx, writeMspdi(schedule).toString(), exportFileName("Planning", project.name, "xml"), MSPDI_MIME);
      return undefined;
    },
  });
}
